import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { runMenuScan } from '@/lib/shopping/pipeline';
import { MemoryMetadataPort } from '@/lib/tasks';
import { FIXTURE_SITES, startFixtureServer, type FixtureServer } from '@/tests/fixtures/dispensaries/server';
import { GET as ONE } from '@/app/api/v1/dispensaries/[domain]/route';
import { call } from '@/tests/helpers/route';

// The pipeline's hook: a completed scan of a fixture menu (with a user's context on the request)
// leaves a dispensary row with the menu's facts and nothing of the user.
let db: Db;
let fx: FixtureServer;
beforeAll(async () => {
  process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
  db = await ready();
  fx = await startFixtureServer();
});
afterAll(async () => {
  await fx?.close();
  delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
});

describe('a completed fixture scan', () => {
  it('writes the dispensary row (counts, categories, medians, scans) and no user data', async () => {
    const domain = new URL(fx.baseUrl).host;
    const input = {
      dispensaryName: 'Fixture JSON-LD',
      websiteDomain: domain,
      menuUrls: [fx.menuUrl('jsonld')],
      userId: 'user-private-91c2',
      forceRefresh: true,
      userContext: { favorites: [{ name: 'Private Favourite', slug: 'private-favourite' }], preferences: { preferredTypes: ['indica'], budgetRange: { min: 1, max: 77.77 } } },
    };
    const out = await runMenuScan(input, { metadata: new MemoryMetadataPort(), db, runId: 'run_hook' });
    expect(out.success).toBe(true);
    const r = await call(ONE, { path: `/api/v1/dispensaries/${domain}`, params: { domain } });
    expect(r.status, r.text).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ domain, name: 'Fixture JSON-LD', platform: 'custom', productsCount: FIXTURE_SITES.jsonld.expected.count });
    expect(d.categories.sort()).toEqual(Object.keys(FIXTURE_SITES.jsonld.expected.categories).sort());
    expect(d.matchedRate).toBeCloseTo(out.stats.matchedCount / out.stats.productsCount, 3);
    expect(d.scans).toEqual([{ scannedAt: out.scannedAt, productsCount: out.stats.productsCount, matchedCount: out.stats.matchedCount }]);
    expect(d.topStrains.length).toBeGreaterThan(0);
    const flower = out.products
      .filter((p) => p.category === 'Flower' && typeof p.pricePerGram === 'number')
      .map((p) => p.pricePerGram as number)
      .sort((x, y) => x - y);
    expect(flower.length).toBeGreaterThan(0);
    const mid = flower.length % 2 ? flower[flower.length >> 1] : (flower[flower.length / 2 - 1] + flower[flower.length / 2]) / 2;
    expect(d.medianPricePerGram.Flower).toBeCloseTo(mid, 2);
    for (const t of d.topStrains) expect(out.matchedProducts.some((p) => p.strainSlug === t.slug)).toBe(true);
    const dump = JSON.stringify([(await db.query(`SELECT * FROM dispensaries`)).rows, (await db.query(`SELECT * FROM dispensary_scans`)).rows]);
    for (const m of ['user-private-91c2', 'Private Favourite', 'private-favourite', '77.77']) expect(dump).not.toContain(m);

    // a cache hit is not a new scan
    await runMenuScan({ ...input, forceRefresh: false }, { metadata: new MemoryMetadataPort(), db, runId: 'run_hook2' });
    const again = await call(ONE, { path: `/api/v1/dispensaries/${domain}`, params: { domain } });
    expect(again.body.data.scans).toHaveLength(1);
  });
});
