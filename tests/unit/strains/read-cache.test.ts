/**
 * The in-process cache of catalog reads (search, strain by slug): answers from memory under one
 * catalog version, forgets on any catalog write — by this handle or by another handle to the
 * same database (another instance), within CATALOG_VERSION_CHECK_MS — and keeps queries apart.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { resetConfig } from '@/lib/config';
import type { Db, Queryable } from '@/lib/db';
import { cachedCatalogRead, cachedCatalogStamp, catalogKeep, catalogReadCacheSize, catalogReadCacheStats, clearCatalogReadCache } from '@/lib/strains/read-cache';
import { upsertStrain } from '@/lib/strains/repo';
import { getSerializedStrainBySlug, getStrainBySlugCached, searchStrainsCached } from '@/lib/strains/service';

let db: Db;
const saved = process.env.CATALOG_VERSION_CHECK_MS;
const savedBytes = process.env.CATALOG_CACHE_BYTES;

beforeAll(async () => {
  db = await ready();
  await upsertStrain(db, { name: 'Cachetest Alpha', type: 'hybrid' }, 'test');
  await upsertStrain(db, { name: 'Cachetest Beta', type: 'indica' }, 'test');
}, 240_000);

afterEach(() => {
  vi.useRealTimers();
  if (saved === undefined) delete process.env.CATALOG_VERSION_CHECK_MS;
  else process.env.CATALOG_VERSION_CHECK_MS = saved;
  if (savedBytes === undefined) delete process.env.CATALOG_CACHE_BYTES;
  else process.env.CATALOG_CACHE_BYTES = savedBytes;
  resetConfig();
  clearCatalogReadCache(db);
});

/** A second handle on the same database, as another instance holds: its own cache state. */
function otherHandle(): Queryable {
  return { query: (text, params) => db.query(text, params), exec: (text) => db.exec(text) } as Queryable;
}

const names = (p: { items: { name: string }[] }) => p.items.map((s) => s.name);

describe('catalog read cache', () => {
  it('answers a repeated search from memory: same result, no second database read', async () => {
    const a = await searchStrainsCached(db, 'Cachetest Alpha', 10);
    const before = catalogReadCacheStats();
    const b = await searchStrainsCached(db, '  cachetest   ALPHA ', 10);
    const after = catalogReadCacheStats();
    expect(after.hits - before.hits).toBe(1);
    expect(after.misses - before.misses).toBe(0);
    expect(b).toBe(a);
    expect(names(a)[0]).toBe('Cachetest Alpha');
  });

  it('does not leak between queries, limits or slugs', async () => {
    const alpha = await searchStrainsCached(db, 'cachetest alpha', 10);
    const beta = await searchStrainsCached(db, 'cachetest beta', 10);
    expect(names(alpha)[0]).toBe('Cachetest Alpha');
    expect(names(beta)[0]).toBe('Cachetest Beta');
    const one = await searchStrainsCached(db, 'cachetest', 1);
    const two = await searchStrainsCached(db, 'cachetest', 2);
    expect(one.items).toHaveLength(1);
    expect(two.items).toHaveLength(2);
    expect((await getStrainBySlugCached(db, 'cachetest-alpha'))?.name).toBe('Cachetest Alpha');
    expect((await getStrainBySlugCached(db, 'cachetest-beta'))?.name).toBe('Cachetest Beta');
    expect(await getStrainBySlugCached(db, 'cachetest-none')).toBeNull();
  });

  it('forgets everything after a catalog write by the same handle', async () => {
    process.env.CATALOG_VERSION_CHECK_MS = '0';
    resetConfig();
    expect(names(await searchStrainsCached(db, 'cachetest gamma', 10))).not.toContain('Cachetest Gamma');
    expect(await getStrainBySlugCached(db, 'cachetest-gamma')).toBeNull();
    await upsertStrain(db, { name: 'Cachetest Gamma', type: 'sativa' }, 'test');
    expect(names(await searchStrainsCached(db, 'cachetest gamma', 10))[0]).toBe('Cachetest Gamma');
    expect((await getStrainBySlugCached(db, 'cachetest-gamma'))?.type).toBe('sativa');
  });

  it('sees a write by another handle (another instance) within the check interval, not before', async () => {
    process.env.CATALOG_VERSION_CHECK_MS = '1000';
    resetConfig();
    // The cache's clock only (Date), so the interval does not depend on how loaded the machine is.
    vi.useFakeTimers({ toFake: ['Date'] });
    const other = otherHandle();
    expect(await getStrainBySlugCached(db, 'cachetest-delta')).toBeNull();
    expect(names(await searchStrainsCached(db, 'cachetest delta', 10))).not.toContain('Cachetest Delta');
    await upsertStrain(other, { name: 'Cachetest Delta', type: 'indica' }, 'test');
    // Inside the interval the cached answers stand (the bound a deployment accepts)...
    expect(await getStrainBySlugCached(db, 'cachetest-delta')).toBeNull();
    vi.setSystemTime(Date.now() + 999);
    expect(await getStrainBySlugCached(db, 'cachetest-delta')).toBeNull();
    vi.setSystemTime(Date.now() + 2);
    // ...after it, one version read drops them.
    expect((await getStrainBySlugCached(db, 'cachetest-delta'))?.name).toBe('Cachetest Delta');
    expect(names(await searchStrainsCached(db, 'cachetest delta', 10))[0]).toBe('Cachetest Delta');
  });

  it('catalogKeep (the front cache replay rule): none before a check, true while the checked version stands, false after an interval or a write seen', async () => {
    process.env.CATALOG_VERSION_CHECK_MS = '1000';
    resetConfig();
    vi.useFakeTimers({ toFake: ['Date'] });
    clearCatalogReadCache(db);
    expect(catalogKeep(db)).toBeUndefined();
    await getStrainBySlugCached(db, 'cachetest-alpha');
    const keep = catalogKeep(db);
    expect(keep?.()).toBe(true);
    vi.setSystemTime(Date.now() + 500);
    expect(keep?.()).toBe(true);
    // Past the interval the version is not known to stand: no replay until a read checks it again.
    vi.setSystemTime(Date.now() + 600);
    expect(keep?.()).toBe(false);
    expect(catalogKeep(db)).toBeUndefined();
    await getStrainBySlugCached(db, 'cachetest-alpha');
    const again = catalogKeep(db);
    expect(again?.()).toBe(true);
    // Another instance writes; once a read has checked, the old answer's rule says no.
    await upsertStrain(otherHandle(), { name: 'Cachetest Keep', type: 'hybrid' }, 'test');
    vi.setSystemTime(Date.now() + 1001);
    await getStrainBySlugCached(db, 'cachetest-keep');
    expect(again?.()).toBe(false);
    expect(catalogKeep(db)?.()).toBe(true);
  });

  it('asks for the version at most once per interval however many reads', async () => {
    process.env.CATALOG_VERSION_CHECK_MS = '60000';
    resetConfig();
    const before = catalogReadCacheStats().versionChecks;
    await Promise.all(Array.from({ length: 20 }, (_, i) => getStrainBySlugCached(db, i % 2 ? 'cachetest-alpha' : 'cachetest-beta')));
    expect(catalogReadCacheStats().versionChecks - before).toBe(1);
  });

  it('never caches what a transaction that wrote the catalog read', async () => {
    process.env.CATALOG_VERSION_CHECK_MS = '0';
    resetConfig();
    await expect(
      db.transaction(async (q) => {
        await upsertStrain(q, { name: 'Cachetest Rolled', type: 'hybrid' }, 'test');
        expect((await getStrainBySlugCached(q, 'cachetest-rolled'))?.name).toBe('Cachetest Rolled');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await getStrainBySlugCached(db, 'cachetest-rolled')).toBeNull();
  });

  it('keeps the slug answer serialised once: the same text and tag on a hit, new ones after a write to that strain', async () => {
    process.env.CATALOG_VERSION_CHECK_MS = '0';
    resetConfig();
    await upsertStrain(db, { name: 'Cachetest Epsilon', type: 'hybrid', thc: 20 }, 'test');
    const a = await getSerializedStrainBySlug(db, 'cachetest-epsilon');
    expect(a).not.toBeNull();
    expect(a!.json).toBe(JSON.stringify(a!.strain));
    expect(a!.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    const hits = catalogReadCacheStats().hits;
    const b = await getSerializedStrainBySlug(db, 'cachetest-epsilon');
    expect(b).toBe(a); // the stored entry itself: nothing serialised or hashed again
    expect(catalogReadCacheStats().hits - hits).toBe(1);

    // Any catalog write bumps the version; the next read drops the entry and serialises the new record.
    await upsertStrain(db, { name: 'Cachetest Epsilon', type: 'hybrid', thc: 24 }, 'test');
    const c = await getSerializedStrainBySlug(db, 'cachetest-epsilon');
    expect(c).not.toBe(a);
    expect(c!.strain.thc).toBe(24);
    expect(JSON.parse(c!.json).thc).toBe(24);
    expect(c!.etag).not.toBe(a!.etag);
    // A write to another strain also drops it (the version is the whole catalog's), and the record
    // is unchanged, so the tag made again is the same.
    await upsertStrain(db, { name: 'Cachetest Zeta', type: 'sativa' }, 'test');
    const d = await getSerializedStrainBySlug(db, 'cachetest-epsilon');
    expect(d).not.toBe(c);
    expect(d!.etag).toBe(c!.etag);
  });

  it('bounds each kind by estimated bytes as well as by count, oldest out first', async () => {
    process.env.CATALOG_VERSION_CHECK_MS = '60000';
    process.env.CATALOG_CACHE_BYTES = '2048';
    resetConfig();
    const value = (i: number) => ({ i, pad: 'x'.repeat(300) }); // ~620 bytes estimated each
    for (let i = 0; i < 10; i++) await cachedCatalogRead(db, 'bytes-test', `k${i}`, async () => value(i));
    const size = catalogReadCacheSize(db)['bytes-test'];
    expect(size.bytes).toBeLessThanOrEqual(2048);
    expect(size.entries).toBe(3);
    // The newest are kept, the oldest were dropped.
    let loads = 0;
    await cachedCatalogRead(db, 'bytes-test', 'k9', async () => (loads++, value(9)));
    expect(loads).toBe(0);
    await cachedCatalogRead(db, 'bytes-test', 'k0', async () => (loads++, value(0)));
    expect(loads).toBe(1);
    // A value larger than the whole bound is answered but not kept.
    const big = { pad: 'y'.repeat(5000) };
    expect(await cachedCatalogRead(db, 'bytes-test', 'big', async () => big)).toBe(big);
    expect(await cachedCatalogRead(db, 'bytes-test', 'big', async () => ({ pad: 'z' }))).toEqual({ pad: 'z' });
  });
});

describe('cachedCatalogStamp (the tag of conditional GETs answered from this cache)', () => {
  it('asks no query within the interval, names the version the cached answers belong to, and moves with them', async () => {
    process.env.CATALOG_VERSION_CHECK_MS = '60000';
    resetConfig();
    const a = await cachedCatalogStamp(db);
    const checks = catalogReadCacheStats().versionChecks;
    expect(await cachedCatalogStamp(db)).toEqual(a);
    expect(catalogReadCacheStats().versionChecks).toBe(checks);
    await upsertStrain(db, { name: 'Cachetest Stamp', type: 'sativa' }, 'test');
    // still within the interval: the cached answers and their tag stay on the old version together
    expect(await cachedCatalogStamp(db)).toEqual(a);
    process.env.CATALOG_VERSION_CHECK_MS = '0';
    resetConfig();
    const b = await cachedCatalogStamp(db);
    expect(b.version).not.toBe(a.version);
    expect(catalogReadCacheStats().versionChecks).toBeGreaterThan(checks);
  });
});
