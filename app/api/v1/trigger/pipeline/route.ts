import { researchPipelineJob } from '@/lib/admin/service';
import { PipelineBodySchema, PipelineResultSchema, singleFlightSchema } from '@/lib/admin/schemas';
import { defineRoute, route } from '@/lib/http';

export const dynamic = 'force-dynamic';

const response = singleFlightSchema(PipelineResultSchema);

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'internal',
      body: PipelineBodySchema,
      response,
      tags: ['internal'],
      summary: 'Run queued research',
      description:
        'Bearer API_KEY or CRON_SECRET. Drafts queued submissions (optional `limit`, default 10) and answers the counts. Single-flight: a call while it runs answers `alreadyRunning: true` with its start time.',
    },
    async ({ db, body, signal }) => researchPipelineJob(db, { limit: body?.limit, signal }),
  ),
  // Scheduled calls (vercel.json crons) can only GET: the same job with the default limit.
  GET: defineRoute(
    {
      auth: 'internal',
      response,
      tags: ['internal'],
      summary: 'Run queued research (scheduled call)',
      description: 'Bearer CRON_SECRET or API_KEY; what POST does with the default limit, for schedulers that only send GET (Vercel cron).',
    },
    async ({ db, signal }) => researchPipelineJob(db, { signal }),
  ),
});
