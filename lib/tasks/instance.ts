import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Queryable } from '@/lib/db';
import { config } from '@/lib/config';
import { activeRunsToCheck, endActiveRuns } from '@/lib/tasks/store';
import { isProcessAlive } from '@/lib/process-alive';

/**
 * This process as an owner of runs. The id is new on every boot, so a restarted process that
 * got its old pid back (pid 1 in a container) still recognises the old rows as orphaned.
 */
export interface Instance {
  id: string;
  pid: number;
  host: string;
}

const g = globalThis as unknown as { __ciTaskInstance?: Instance };

export function currentInstance(): Instance {
  if (!g.__ciTaskInstance) g.__ciTaskInstance = { id: randomUUID(), pid: process.pid, host: os.hostname() };
  return g.__ciTaskInstance;
}

export const heartbeatMs = () => config().tasks.heartbeatMs;
/** A run whose owner has not beaten for this long belongs to a dead or wedged instance. */
export const staleAfterMs = () => config().tasks.staleMs ?? Math.max(60_000, heartbeatMs() * 6);

/**
 * Fail every active run whose owner is gone: on this host a pid that no longer exists (or is this
 * very process under a newer instance id), on any host a heartbeat older than the stale limit, or
 * a run far past its deadline. Trigger.dev mirror rows only hold the de-duplication claim: they
 * are released after their deadline (the run's real state lives in Trigger.dev). Idempotent.
 */
export async function recoverOrphanedRuns(db: Queryable, self: Instance = currentInstance()): Promise<{ failed: number; timedOut: number; released: number }> {
  const rows = await activeRunsToCheck(db, staleAfterMs(), self.id);
  const dead: string[] = [];
  const late: string[] = [];
  const released: string[] = [];
  for (const r of rows) {
    if (r.runner === 'trigger') {
      if (r.past_deadline) released.push(r.id);
      continue;
    }
    if (r.instance_id === self.id) {
      // Our own run past its deadline (+ grace): the timer should have ended it already.
      if (r.past_deadline) late.push(r.id);
      continue;
    }
    const sameHost = r.owner_host === self.host;
    const ownerGone = sameHost && r.owner_pid !== null && (r.owner_pid === self.pid || !isProcessAlive(r.owner_pid));
    if (ownerGone || r.heartbeat_stale) dead.push(r.id);
    else if (r.past_deadline) late.push(r.id);
  }
  const finish = (ids: string[], status: 'FAILED' | 'TIMED_OUT' | 'COMPLETED', error: { code: string; message: string } | null, extraMeta: object | null) =>
    ids.length ? endActiveRuns(db, ids, status, error, extraMeta) : Promise.resolve(0);
  return {
    failed: await finish(dead, 'FAILED', { code: 'RUNNER_LOST', message: 'The process running this task stopped before it finished' }, null),
    timedOut: await finish(late, 'TIMED_OUT', { code: 'TASK_TIMEOUT', message: 'The run did not finish within its time limit' }, null),
    released: await finish(released, 'COMPLETED', null, { mirrorReleased: true }),
  };
}
