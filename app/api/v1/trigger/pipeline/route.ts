import { defineRoute } from '@/lib/http';
import { ready } from '@/lib/bootstrap';
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
  async ({ body, signal }) => runResearchPipeline(await ready(), { limit: body?.limit, signal }),
);
