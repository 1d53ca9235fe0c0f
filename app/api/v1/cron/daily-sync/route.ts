import { dailySyncJob } from '@/lib/admin/service';
import { DailySyncResultSchema, singleFlightSchema } from '@/lib/admin/schemas';
import { defineRoute, route } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'cron',
      response: singleFlightSchema(DailySyncResultSchema),
      summary: 'Daily maintenance',
      description:
        "Bearer CRON_SECRET. Purges expired scan-cache rows and stale runs, re-queues dead research runs, recomputes popularity; answers the counts. Single-flight: a call while it runs answers `alreadyRunning: true` with the running sync's start time.",
      tags: ['internal'],
    },
    async ({ db }) => dailySyncJob(db),
  ),
});
