import type { Queryable } from '../db';
import { getRunRow } from './store';
import type { RunRecord } from './types';

const FINAL = new Set(['COMPLETED', 'FAILED', 'TIMED_OUT']);
export const isFinal = (status: string) => FINAL.has(status);

/**
 * Follow a run through the database (so any instance can serve the stream): the current state
 * first, then each change of its metadata or status, ending with the final state. A cheap
 * version probe runs every `pollMs`; the full row is read only when it moved.
 */
export async function* watchRun(db: Queryable, runId: string, opts: { signal: AbortSignal; pollMs: number; maxMs: number }): AsyncGenerator<RunRecord> {
  let current = await getRunRow(db, runId);
  if (!current) return;
  yield current;
  const until = Date.now() + opts.maxMs;
  while (!isFinal(current.status) && !opts.signal.aborted && Date.now() < until) {
    await sleep(opts.pollMs, opts.signal);
    if (opts.signal.aborted) return;
    const probe = await db.query<{ metadata_version: number; status: string }>('SELECT metadata_version, status FROM task_runs WHERE id = $1', [runId]);
    const p = probe.rows[0];
    if (!p) return;
    if (p.metadata_version === current.metadataVersion && p.status === current.status) continue;
    const next = await getRunRow(db, runId);
    if (!next) return;
    current = next;
    yield current;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
