import { hostname } from 'node:os';
import type { Db } from '@/lib/db/types';

export type SingleFlight<T> = { alreadyRunning: false; result: T } | { alreadyRunning: true; startedAt: string };

const HOLDER = `${hostname()}:${process.pid}`;
// Per database handle (one per process in the service; tests open several to act as instances).
const g = globalThis as unknown as { __ciJobsRunning?: WeakMap<Db, Map<string, string>> };
const byDb = (g.__ciJobsRunning ??= new WeakMap<Db, Map<string, string>>());

/**
 * Run `fn` as the only instance of job `name` across every process sharing the database: a
 * PostgreSQL advisory lock held by a dedicated connection for the job's duration (released by the
 * server if that connection dies), plus an in-process guard (advisory locks are re-entrant within
 * one session, and PGlite has only one). A call that finds the job running answers at once with
 * the running job's start time instead of queueing behind it or racing it into a deadlock.
 */
export async function singleFlight<T>(db: Db, name: string, fn: () => Promise<T>): Promise<SingleFlight<T>> {
  let running = byDb.get(db);
  if (!running) byDb.set(db, (running = new Map()));
  const local = running.get(name);
  if (local) return { alreadyRunning: true, startedAt: local };
  const startedAt = new Date().toISOString();
  running.set(name, startedAt);
  try {
    const lock = await db.tryAdvisoryLock(`job:${name}`);
    if (!lock) {
      const r = await db.query<{ started_at: Date }>('SELECT started_at FROM job_locks WHERE name = $1', [name]);
      return { alreadyRunning: true, startedAt: (r.rows[0]?.started_at ?? new Date()).toISOString() };
    }
    try {
      await db.query(
        `INSERT INTO job_locks (name, started_at, holder) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET started_at = EXCLUDED.started_at, holder = EXCLUDED.holder`,
        [name, startedAt, HOLDER],
      );
      return { alreadyRunning: false, result: await fn() };
    } finally {
      await lock.release();
    }
  } finally {
    running.delete(name);
  }
}
