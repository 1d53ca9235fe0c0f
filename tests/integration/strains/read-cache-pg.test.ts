/**
 * The catalog read cache on PostgreSQL across instances: two pools on the same schema (two
 * service instances); a write through one is seen by the other's cached search and slug reads
 * within CATALOG_VERSION_CHECK_MS, and not served from a stale cache after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { resetConfig } from '@/lib/config';
import type { Db } from '@/lib/db';
import { openPg } from '@/lib/db/pg';
import { searchStrainsCached } from '@/lib/strains/service';
import { upsertStrain } from '@/lib/strains/repo';
import { getStrainBySlugCached } from '@/lib/strains/service';

const pgUrl = process.env.DATABASE_URL;

describe.runIf(pgUrl)('catalog read cache across instances (PostgreSQL)', () => {
  let db: Db;
  let other: Db;
  beforeAll(async () => {
    process.env.CATALOG_VERSION_CHECK_MS = '200';
    resetConfig();
    db = await ready();
    other = await openPg(pgUrl as string, { schema: process.env.DATABASE_SCHEMA, max: 2 });
  });
  afterAll(async () => {
    await other.close();
    delete process.env.CATALOG_VERSION_CHECK_MS;
    resetConfig();
  });

  it("a strain written through one instance reaches the other instance's cached reads within the interval", async () => {
    const name = `Wombat Cache ${Date.now()}`;
    const slug = name.toLowerCase().replace(/ /g, '-');
    expect(await getStrainBySlugCached(other, slug)).toBeNull();
    expect((await searchStrainsCached(other, name, 5)).items.map((s) => s.name)).not.toContain(name);
    await upsertStrain(db, { name, type: 'hybrid' }, 'test');
    await new Promise((r) => setTimeout(r, 250));
    expect((await getStrainBySlugCached(other, slug))?.name).toBe(name);
    expect((await searchStrainsCached(other, name, 5)).items[0]?.name).toBe(name);
    // and a change of the row (not only a new one) is seen too
    await db.query(`UPDATE strains SET type = 'indica' WHERE slug = $1`, [slug]);
    await new Promise((r) => setTimeout(r, 250));
    expect((await getStrainBySlugCached(other, slug))?.type).toBe('indica');
  });
});
