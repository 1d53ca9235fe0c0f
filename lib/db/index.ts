import { env, envInt } from '../config/env';
import type { Db } from './types';

export type { Db, Queryable, QueryResult } from './types';
export { migrate, migrationLevel, loadMigrations } from './migrate';

const g = globalThis as unknown as { __ciDb?: Promise<Db> };

/** PGLITE_DIR (default .data/pglite; `memory://` for an in-memory database). */
export function pgliteDir(): string {
  return env('PGLITE_DIR') ?? '.data/pglite';
}

async function open(): Promise<Db> {
  const url = env('DATABASE_URL');
  if (url) {
    const { openPg } = await import('./pg');
    return openPg(url, { schema: env('DATABASE_SCHEMA'), max: envInt('DB_POOL_MAX', 10) });
  }
  const { openPglite } = await import('./pglite');
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
