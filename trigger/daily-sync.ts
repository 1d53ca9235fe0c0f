/**
 * Trigger.dev schedule for the daily maintenance (an alternative to the Vercel cron entry in
 * vercel.json; use one of them). It runs the same single-flight job GET /api/v1/cron/daily-sync runs,
 * then drafts queued research like POST /api/v1/trigger/pipeline.
 */
import { logger, schedules } from '@trigger.dev/sdk';
import { ready } from '@/lib/bootstrap';
import { dailySyncJob, researchPipelineJob } from '@/lib/admin/service';

export const dailySyncSchedule = schedules.task({
  id: 'daily-sync',
  cron: { pattern: '15 4 * * *', timezone: 'UTC' },
  maxDuration: 600,
  run: async (_payload, { signal }) => {
    const db = await ready();
    const sync = await dailySyncJob(db);
    const research = await researchPipelineJob(db, { limit: 50, budgetMs: 8 * 60_000, signal });
    logger.info('daily sync finished', { sync, research });
    return { sync, research };
  },
});
