import { defineRoute } from '@/lib/http';
import { PipelineBodySchema, runResearchPipeline } from '@/lib/admin/pipeline';

export const dynamic = 'force-dynamic';

export const POST = defineRoute(
  {
    auth: 'internal',
    body: PipelineBodySchema,
    summary: 'Run queued research',
    description: 'Bearer API_KEY or CRON_SECRET. Drafts queued submissions (optional `limit`, default 10) and answers the counts.',
    tags: ['internal'],
  },
  async ({ db, body, signal }) => runResearchPipeline(db, { limit: body?.limit, signal }),
);
