import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '@/lib/db/types';

// turbopackIgnore: the directory is read at run time; it must not be traced into the bundle.
export const MIGRATIONS_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), 'supabase', 'migrations');

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** Supabase CLI layout: `<timestamp>_<name>.sql`, applied in version order. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(f)!;
      return { version, name, sql: fs.readFileSync(path.join(dir, f), 'utf8') };
    });
}

/**
 * Apply pending migrations, each recorded in `schema_migrations`. On PostgreSQL an advisory lock
 * makes concurrent starters wait for one another instead of applying twice.
 */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<{ applied: string[]; level: string | null }> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    if (db.kind === 'pg') await tx.query('SELECT pg_advisory_xact_lock(7342001)');
    const done = new Set((await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
  });
  return { applied, level: await migrationLevel(db) };
}

export async function migrationLevel(db: Db): Promise<string | null> {
  const r = await db.query<{ version: string }>('SELECT max(version) AS version FROM schema_migrations');
  return r.rows[0]?.version ?? null;
}
