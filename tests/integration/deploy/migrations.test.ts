import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPg } from '@/lib/db/pg';
import { loadMigrations, migrate } from '@/lib/db/migrate';
import type { Db } from '@/lib/db';
import { seedCatalog } from '@/lib/strains/seed';

/**
 * Supabase and the service apply the same supabase/migrations on real PostgreSQL: the CLI's
 * `db push` executes each file in its own transaction (its record lives in
 * supabase_migrations.schema_migrations, which the service does not read), and the service's
 * start applies them all again under its own record. Both orders must leave one working schema.
 */
const url = process.env.DATABASE_URL;
const base = process.env.DATABASE_SCHEMA ?? 'it_deploy';

async function pushLikeTheCli(schema: string): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    for (const m of loadMigrations()) {
      await c.query('BEGIN');
      await c.query(`SET LOCAL search_path TO ${schema}, public`);
      await c.query(m.sql);
      await c.query('COMMIT');
    }
  } finally {
    await c.end();
  }
}

async function tables(db: Db): Promise<string[]> {
  const r = await db.query<{ n: string }>(`SELECT table_name AS n FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`);
  return r.rows.map((x) => x.n);
}

describe.runIf(Boolean(url))('migrations on PostgreSQL: supabase db push and the service start, either order', () => {
  const opened: Db[] = [];
  const schemas: string[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close();
    const c = new Client({ connectionString: url });
    await c.connect();
    for (const s of schemas) await c.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await c.end();
  });

  it('db push first, then the service start re-applies every file and the seed step fills the catalog', async () => {
    const schema = `${base}_push_first`;
    schemas.push(schema);
    await pushLikeTheCli(schema);
    const db = await openPg(url!, { schema });
    opened.push(db);
    const before = await tables(db);
    const r = await migrate(db);
    expect(r.applied).toHaveLength(loadMigrations().length);
    expect(r.level).toBe(loadMigrations().at(-1)!.version);
    expect((await tables(db)).filter((t) => t !== 'schema_migrations')).toEqual(before);
    // The service's seed step (what its first start does after a db push) fills the catalog.
    const seeded = await seedCatalog(db);
    expect(seeded.seeded).toBe(true);
    expect(seeded.inserted).toBeGreaterThan(100);
  }, 120_000);

  it('the service first, then db push runs every file again without an error', async () => {
    const schema = `${base}_service_first`;
    schemas.push(schema);
    const db = await openPg(url!, { schema });
    opened.push(db);
    await migrate(db);
    const before = await tables(db);
    await expect(pushLikeTheCli(schema)).resolves.toBeUndefined();
    expect(await tables(db)).toEqual(before);
  }, 120_000);
});
