import type { Queryable } from '@/lib/db';
import type { EventStream } from '@/lib/events';
import { toRunView } from '@/lib/tasks';
import { recoverOrphanedRuns } from '@/lib/tasks/instance';
import { getRunRow, runEventsAfter } from '@/lib/tasks/store';
import type { RunRecord } from '@/lib/tasks/types';

const FINAL = new Set(['COMPLETED', 'FAILED', 'TIMED_OUT']);
export const isFinal = (status: string) => FINAL.has(status);
const SWEEP_MS = 15_000;

/**
 * Follow a run through the database (so any instance can serve the stream): the current state
 * first, then every change from the run's event log in order (none is lost between two polls),
 * ending with the final state read from the run row (output and error included).
 */
export async function* watchRun(db: Queryable, runId: string, opts: { signal: AbortSignal; pollMs: number; maxMs: number }): AsyncGenerator<RunRecord> {
  let current = await getRunRow(db, runId);
  if (!current) return;
  yield current;
  let version = current.metadataVersion;
  const until = Date.now() + opts.maxMs;
  const replay = async function* (): AsyncGenerator<RunRecord> {
    for (const e of await runEventsAfter(db, runId, version)) {
      if (isFinal(e.status)) return; // the final state comes from the row (output, error)
      version = e.version;
      current = { ...current!, status: e.status, metadata: e.metadata, metadataVersion: e.version, updatedAt: e.createdAt };
      yield current;
    }
  };
  let nextSweep = Date.now() + SWEEP_MS;
  while (!isFinal(current.status) && !opts.signal.aborted && Date.now() < until) {
    await sleep(opts.pollMs, opts.signal);
    if (opts.signal.aborted) return;
    // A watcher never waits forever on a run whose owner died while no other instance was busy.
    if (Date.now() > nextSweep) {
      nextSweep = Date.now() + SWEEP_MS;
      await recoverOrphanedRuns(db);
    }
    yield* replay();
    const row = await getRunRow(db, runId);
    if (!row) return;
    // Only a final row is read from the table (a recovery sweep finishes runs without an event);
    // changes that landed after the replay above are replayed first, so none is skipped.
    if (isFinal(row.status)) {
      yield* replay();
      current = row;
      yield current;
    }
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

/**
 * A run's progress as an event stream (the run stream routes of shopping and deep research):
 * `update` events with the run's view, each under its metadata version as the event id.
 */
export function runUpdates(db: Queryable, runId: string, opts: { pollMs: number; maxMs: number }): EventStream {
  return {
    produce: async (w) => {
      for await (const run of watchRun(db, runId, { signal: w.signal, ...opts })) {
        w.send('update', toRunView(run), String(run.metadataVersion));
      }
    },
  };
}
