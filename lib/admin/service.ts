import { singleFlight, type Db } from '@/lib/db';
import { runBackfill } from '@/lib/admin/backfill';
import { dailySync } from '@/lib/admin/daily-sync';
import { runResearchPipeline } from '@/lib/admin/pipeline';
import { startTask } from '@/lib/tasks';
import type { BackfillJob, TriggerBody } from '@/lib/admin/schemas';

/**
 * The internal jobs as the routes and schedules start them: single-flight across every instance
 * (lib/db/single-flight). The daily sync and the backfills share one lock because both rewrite
 * the catalog's derived columns (run together they deadlocked); the research pipeline has its own.
 */
async function flat<T extends object>(run: Promise<{ alreadyRunning: false; result: T } | { alreadyRunning: true; startedAt: string }>) {
  const r = await run;
  return r.alreadyRunning ? r : { ...r.result, alreadyRunning: false as const };
}

export const dailySyncJob = (db: Db) => flat(singleFlight(db, 'catalog-maintenance', () => dailySync(db)));

export const backfillJob = (db: Db, job: BackfillJob) => flat(singleFlight(db, 'catalog-maintenance', () => runBackfill(db, job)));

export const researchPipelineJob = (db: Db, opts: { limit?: number; budgetMs?: number; signal?: AbortSignal }) =>
  flat(singleFlight(db, 'research-pipeline', () => runResearchPipeline(db, opts)));

/** POST /admin/trigger: start any registered task (400 for an unknown id or a payload its schema refuses). */
export async function triggerTask(body: TriggerBody): Promise<{ runId: string; task: string; deduplicated: boolean }> {
  const r = await startTask(body.task, body.payload ?? {}, { idempotencyKey: body.idempotencyKey, tags: ['admin'] });
  return { runId: r.runId, task: body.task, deduplicated: r.deduplicated };
}
