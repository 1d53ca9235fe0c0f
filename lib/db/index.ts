import 'server-only';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db/types';

export type { Db, Queryable, QueryResult, Tx } from '@/lib/db/types';
export { migrate, migrationLevel, loadMigrations } from '@/lib/db/migrate';
export { singleFlight, type SingleFlight } from '@/lib/db/single-flight';

const g = globalThis as unknown as { __ciDb?: Promise<Db> };

/** PGLITE_DIR (default .data/pglite; `memory://` for an in-memory database). */
export function pgliteDir(): string {
  return config().database.pgliteDir;
}

async function open(): Promise<Db> {
  const url = config().database.url;
  if (url) {
    const { openPg } = await import('@/lib/db/pg');
    return openPg(url, { schema: config().database.schema, max: config().database.poolMax });
  }
  const { openPglite } = await import('@/lib/db/pglite');
  return openPglite(pgliteDir());
}

/** The process's one database handle (one PGlite instance per process, or one pg pool). */
export function getDb(): Promise<Db> {
  if (!g.__ciDb) {
    g.__ciDb = open().catch((e) => {
      g.__ciDb = undefined;
      throw e;
    });
  }
  return g.__ciDb;
}

/** Close and forget the handle (tests, scripts). */
export async function closeDb(): Promise<void> {
  const p = g.__ciDb;
  g.__ciDb = undefined;
  if (p) await (await p).close();
}
