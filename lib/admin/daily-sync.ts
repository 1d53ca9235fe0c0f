import type { Db, Queryable } from '@/lib/db';
import { logger } from '@/lib/log';
import { dailyStoryForSync } from '@/lib/stories/service';
import { config } from '@/lib/config';
import { purgeExpiredScans } from '@/lib/shopping/repo';
import { pruneFinishedRuns } from '@/lib/tasks';
import { recoverOrphanedRuns } from '@/lib/tasks/instance';
import { requeueStale } from '@/lib/research/repo';
import { STALE_RESEARCH_MS } from '@/lib/research/task';
import { purgeExpiredTriggerTokens } from '@/lib/tasks/tokens';
import { purgeAttempts } from '@/lib/vision/repo';
import { generateSocialDrafts } from '@/lib/social/generate';
import { recomputePopularity } from '@/lib/admin/popularity';
import { refreshDiscoverLists } from '@/lib/discover/service';
import type { DailySyncResult } from '@/lib/admin/schemas';

/** Finished runs are kept this many days (RUN_RETENTION_DAYS) for the dashboard, then purged. */
export const runRetentionDays = () => config().tasks.runRetentionDays;

/** Receipt attemptIds are remembered this many days (RECEIPT_ATTEMPT_RETENTION_DAYS) for idempotent retries. */
export const receiptAttemptRetentionDays = () => config().vision.attemptRetentionDays;

/**
 * GET /cron/daily-sync: purge expired scan-cache rows and spent trigger tokens, end runs whose
 * owner died or whose deadline passed and purge old finished ones, put research runs that died
 * mid-way back in the queue, and recompute popularity. Every step is idempotent.
 */
export async function dailySync(db: Queryable): Promise<DailySyncResult> {
  const t = Date.now();
  // The owners' own functions: scan cache (shopping), trigger tokens and runs (task runner), research queue.
  const cachePurged = await purgeExpiredScans(db);
  const tokensPurged = await purgeExpiredTriggerTokens(db);
  const attemptsPurged = await purgeAttempts(db, receiptAttemptRetentionDays());
  const recovered = await recoverOrphanedRuns(db);
  const runsPurged = await pruneFinishedRuns(db, runRetentionDays() * 24 * 3600 * 1000);
  const requeued = await requeueStale(db, STALE_RESEARCH_MS);
  const popularity = await recomputePopularity(db);
  // Today's story (DECISIONS §11), after popularity (the pick weighs it); the first reader of the
  // day generates it when this did not run. A failure here never fails the sync.
  let stories: { date: string; generated: boolean } | null = null;
  if ('transaction' in db) {
    stories = await dailyStoryForSync(db as Db).catch((e: unknown) => {
      logger().warn({ err: e instanceof Error ? e.message : String(e) }, 'daily sync: the daily story was not generated');
      return null;
    });
  }

  const discover = await refreshDiscoverLists(db);
  // Social drafts for the day's new content (one per platform and source, never twice).
  const social = await generateSocialDrafts(db);
  return {
    scanCache: { purged: cachePurged },
    triggerTokens: { purged: tokensPurged },
    receiptAttempts: { purged: attemptsPurged },
    runs: { ...recovered, purged: runsPurged },
    research: { requeued },
    popularity,
    stories,
    discover,
    social: { created: social.created, skipped: social.skipped },
    durationMs: Date.now() - t,
  };
}
