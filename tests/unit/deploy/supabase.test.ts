import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parse } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMigrations } from '@/lib/db/migrate';
import { BUCKETS } from '@/lib/storage/path';

const SUPABASE = path.resolve(import.meta.dirname, '../../../supabase');
type Toml = Record<string, unknown> & {
  project_id: string;
  db: { major_version: number; migrations: { enabled: boolean }; seed: { enabled: boolean; sql_paths: string[] } };
  storage: { enabled: boolean; buckets: Record<string, { public: boolean; allowed_mime_types: string[] }> };
};
const config = parse(fs.readFileSync(path.join(SUPABASE, 'config.toml'), 'utf8')) as unknown as Toml;

describe('supabase/config.toml (Supabase CLI project)', () => {
  it('parses as TOML, enables migrations from the directory beside it, and seeds nothing in SQL (the service seeds from supabase/seed)', () => {
    expect(config.project_id).toMatch(/^[a-z0-9-]+$/);
    expect(config.db.major_version).toBeGreaterThanOrEqual(15);
    expect(config.db.migrations.enabled).toBe(true);
    // The CLI's migrations directory is fixed: supabase/migrations beside config.toml, files named
    // <timestamp>_<name>.sql, which is exactly what the service applies.
    const files = fs.readdirSync(path.join(SUPABASE, 'migrations')).filter((f) => f.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expect(f).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/);
    expect(new Set(files.map((f) => f.slice(0, 14))).size).toBe(files.length);
    expect(loadMigrations().map((m) => `${m.version}_${m.name}.sql`)).toEqual(files.sort());
    expect(config.db.seed.enabled).toBe(false);
    expect(fs.readdirSync(path.join(SUPABASE, 'seed')).some((f) => f.endsWith('.json'))).toBe(true);
  });

  it('declares exactly the storage buckets the service writes, public, with the image types it stores', () => {
    expect(config.storage.enabled).toBe(true);
    expect(Object.keys(config.storage.buckets).sort()).toEqual([...BUCKETS].sort());
    for (const b of Object.values(config.storage.buckets)) {
      expect(b.public).toBe(true);
      expect(b.allowed_mime_types).toEqual(expect.arrayContaining(['image/png']));
    }
    expect(config.storage.buckets.images.allowed_mime_types).toContain('image/webp');
  });
});

describe('migrations can be applied by the Supabase CLI and by the service, in either order', () => {
  const dbs: PGlite[] = [];
  afterAll(async () => {
    for (const d of dbs) await d.close();
  });

  it('every migration file runs a second time on the schema it built without an error (db push, then the service start, or the reverse)', async () => {
    const db = new PGlite({ extensions: { pg_trgm } });
    dbs.push(db);
    const migrations = loadMigrations();
    for (const m of migrations) await db.exec(m.sql);
    const tables = async () =>
      (await db.query<{ n: string }>(`SELECT table_name AS n FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)).rows.map((r) => r.n);
    const before = await tables();
    expect(before).toEqual(expect.arrayContaining(['strains']));
    for (const m of migrations) {
      await expect(
        db.exec(m.sql).then(() => 'ok'),
        `${m.version}_${m.name} is not re-runnable`,
      ).resolves.toBe('ok');
    }
    expect(await tables()).toEqual(before);
  }, 120_000);
});
