import { getDb, migrate } from '@/lib/db';
import type { Db } from '@/lib/db';
import { logger } from '@/lib/log';

/**
 * Start-up steps after migrations, in order: seeds for an empty database and recovery of work a
 * dead process left behind. Each feature adds its step here; each must be idempotent.
 */
type StartupStep = { name: string; run: (db: Db) => Promise<unknown> };
const steps: StartupStep[] = [
  // The strain catalog ships its own seed so a fresh database is useful out of the box.
  { name: 'strain-catalog-seed', run: async (db) => (await import('@/lib/strains/seed')).seedCatalog(db) },
  // The research papers ship as a seed too (supabase/seed/papers.json, bibliographic facts).
  { name: 'papers-seed', run: async (db) => (await import('@/lib/research/papers/service')).seedPapers(db) },
  // Runs left QUEUED/EXECUTING by a process that died end FAILED instead of hanging.
  { name: 'task-runs-recovery', run: async (db) => (await import('@/lib/tasks/instance')).recoverOrphanedRuns(db) },
];

const g = globalThis as unknown as { __ciReady?: Promise<Db>; __ciReadyDb?: { for: Promise<Db>; db: Db } };

async function boot(): Promise<Db> {
  const db = await getDb();
  const { applied, level } = await migrate(db);
  if (applied.length) logger().info({ applied, level }, 'migrations applied');
  for (const step of steps) {
    const t = Date.now();
    const result = await step.run(db);
    logger().info({ step: step.name, ms: Date.now() - t, result }, 'startup step done');
  }
  return db;
}

/** The database, migrated and seeded. Memoised per process; a failure is retried on next call. */
export function ready(): Promise<Db> {
  if (!g.__ciReady) {
    const p: Promise<Db> = boot().then(
      (db) => {
        g.__ciReadyDb = { for: p, db };
        return db;
      },
      (e) => {
        g.__ciReady = undefined;
        throw e;
      },
    );
    g.__ciReady = p;
  }
  return g.__ciReady;
}

/**
 * The database `ready()` has already given, without a promise (the route builder asks on every
 * request); undefined until it has, or when `ready()` was reset since (tests).
 */
export function readyNow(): Db | undefined {
  const r = g.__ciReadyDb;
  return r && r.for === g.__ciReady ? r.db : undefined;
}
