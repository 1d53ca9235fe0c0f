import { backfillJob } from '@/lib/admin/service';
import { BackfillBodySchema, BackfillResultSchema, singleFlightSchema } from '@/lib/admin/schemas';
import { defineRoute, route } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'api-key',
      body: BackfillBodySchema,
      response: singleFlightSchema(BackfillResultSchema),
      summary: 'Recompute derived strain columns',
      description:
        'Bearer API_KEY. `job`: high-family | slugs | popularity | search. Answers how many rows were scanned and updated; a rerun updates 0. Single-flight with the daily sync: a call while either runs answers `alreadyRunning: true` with its start time.',
      tags: ['internal'],
    },
    async ({ db, body }) => backfillJob(db, body.job),
  ),
});
