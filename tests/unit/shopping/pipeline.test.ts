import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { runMenuScan } from '@/lib/shopping/pipeline';
import { queueUnmatched } from '@/lib/shopping/products';
import { SCAN_STAGES, ScanTaskOutput, type Product } from '@/lib/shopping/schemas';
import { MemoryMetadataPort } from '@/lib/tasks';
import { FIXTURE_SITES, startFixtureServer, type FixtureServer } from '@/tests/fixtures/dispensaries/server';
import { PRODUCTS } from '@/tests/fixtures/dispensaries/products';

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

const domainOf = () => new URL(fx.baseUrl).host; // 127.0.0.1:<port>
const scan = (key: keyof typeof FIXTURE_SITES, over: Record<string, unknown> = {}, m = new MemoryMetadataPort()) =>
  runMenuScan(
    { dispensaryName: `Fixture ${key}`, websiteDomain: domainOf(), menuUrls: [fx.menuUrl(key)], userId: 'u1', forceRefresh: true, ...over },
    { metadata: m, db, runId: `run_${key}` },
  ).then((out) => ({ out, m }));

const fixtureOf = (raw: string) => PRODUCTS.find((p) => p.name === raw);

describe.each(['static', 'jsonld', 'next', 'paged', 'sitemap'] as const)('fixture site %s, end to end without a browser', (key) => {
  const site = FIXTURE_SITES[key];
  it('finds every product with its category and price, and matches the strains', async () => {
    const { out } = await scan(key);
    expect(ScanTaskOutput.parse(out)).toBeTruthy();
    expect(out.success).toBe(true);
    expect(out.stats.productsCount).toBe(site.expected.count);
    const cats: Record<string, number> = {};
    for (const p of out.products) cats[p.category] = (cats[p.category] ?? 0) + 1;
    expect(cats).toEqual(site.expected.categories);
    expect(out.products.map((p) => Number((p.price ?? '').replace(/[^0-9.]/g, ''))).sort((a, b) => a - b)).toEqual(site.expected.prices);
    for (const p of out.products) {
      const f = fixtureOf(p.rawName);
      expect(f, `unknown product ${p.rawName}`).toBeDefined();
      expect(p.category).toBe(f!.category);
      if (f!.strain) {
        expect(p.matched, p.rawName).toBe(true);
        // the catalog may hold the parent strain of a phenotype (Gelato for Gelato #41)
        expect(f!.strain.startsWith(p.strainName!), `${p.rawName} → ${p.strainName}`).toBe(true);
        expect(p.strainSlug).toBeTruthy();
        expect(p.matchConfidence).toBe('high');
      } else {
        expect(p.matched, p.rawName).toBe(false);
      }
    }
    expect(out.stats.matchedCount).toBe(out.matchedProducts.length);
    expect(out.stats.unmatchedCount).toBe(out.unmatchedProducts.length);
    expect(out.discoveries.map((d) => d.rawName)).toEqual(out.unmatchedProducts.map((p) => p.rawName));
  });
});

describe('stages and progress', () => {
  it('walks the stages in order with monotonic progress inside each range and the metadata fields', async () => {
    const { out, m } = await scan('jsonld', { useInteract: false });
    const stages = m.history.map((h) => h.currentStage as string);
    const order = stages.filter((s, i) => s !== stages[i - 1]);
    expect(order).toEqual([...SCAN_STAGES]);
    const prog = m.history.map((h) => h.progress as number | undefined).filter((p): p is number => p !== undefined);
    expect(prog).toEqual([...prog].sort((a, b) => a - b));
    expect(prog[0]).toBe(0);
    expect(prog.at(-1)).toBe(100);
    const ranges: Record<string, [number, number]> = {
      'cache-check': [0, 5],
      scrape: [5, 40],
      match: [40, 60],
      'queue-unmatched': [60, 60],
      personalize: [60, 85],
      'cache-save': [85, 95],
      complete: [100, 100],
    };
    // every stored snapshot shows a progress inside its stage's range (stage and progress are set together)
    for (const h of m.history) {
      const [lo, hi] = ranges[h.currentStage as string];
      expect(h.progress, JSON.stringify(h)).toBeGreaterThanOrEqual(lo);
      expect(h.progress, JSON.stringify(h)).toBeLessThanOrEqual(hi);
    }
    expect(m.data).toMatchObject({
      currentStage: 'complete',
      progress: 100,
      status: 'success',
      dispensaryName: 'Fixture jsonld',
      domain: domainOf(),
      runId: 'run_jsonld',
      extractionMethod: out.extractionMethod,
      cacheHit: false,
      useInteract: false,
    });
  });

  it('a second scan within 4 hours is a cache hit: cache-check then complete, cached output', async () => {
    await scan('next', { categories: ['Flower'] });
    const { out, m } = await scan('next', { categories: ['flower'], forceRefresh: false });
    expect(out.cached).toBe(true);
    expect(out.products.every((p) => p.category === 'Flower')).toBe(true);
    const stages = [...new Set(m.history.map((h) => h.currentStage))];
    expect(stages).toEqual(['cache-check', 'complete']);
    expect(m.data).toMatchObject({ cacheHit: true, status: 'cached', progress: 100 });
    const row = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM scan_cache WHERE website_domain = $1`, [domainOf()]);
    expect(row.rows[0].n).toBeGreaterThanOrEqual(2); // one entry per categories hash
  });

  it('a refused menu throws MENU_NOT_ACCESSIBLE', async () => {
    await expect(scan('redirect-private')).rejects.toMatchObject({ code: 'MENU_NOT_ACCESSIBLE' });
  });
});

describe('queue-unmatched', () => {
  const product = (rawName: string, category: Product['category']): Product => ({
    rawName,
    displayName: rawName,
    category,
    price: '$30.00',
    matched: false,
    matchConfidence: null,
    strainId: null,
    strainSlug: null,
    strainName: null,
    highFamily: null,
    tags: [],
    brand: null,
  });
  it('queues unmatched flower-like products once, reports every unmatched product as a discovery', async () => {
    const unmatched = [
      product('Zkyrrhian Moonfrost 3.5g', 'Flower'),
      product('Zkyrrhian Moonfrost - 7g', 'Flower'),
      product('Quorvex Dawn Preroll 1g', 'Pre-Roll'),
      product('Mango Gummies 100mg', 'Edible'),
      product('RAW Papers', 'Other'),
    ];
    const d = await queueUnmatched(db, unmatched, { domain: 'q.example', dispensaryName: 'Q', runId: 'run_q' });
    expect(d.map((x) => [x.rawName, x.queued])).toEqual([
      ['Zkyrrhian Moonfrost 3.5g', true],
      ['Zkyrrhian Moonfrost - 7g', true],
      ['Quorvex Dawn Preroll 1g', true],
      ['Mango Gummies 100mg', false],
      ['RAW Papers', false],
    ]);
    const rows = await db.query<{ strain_name: string; source: string }>(`SELECT strain_name, source FROM research_submissions WHERE source = 'menu-scan' ORDER BY strain_name`);
    expect(rows.rows.map((r) => r.strain_name)).toEqual(['Quorvex Dawn', 'Zkyrrhian Moonfrost']);
    // a second scan of the same menu does not queue them again
    await queueUnmatched(db, unmatched, { domain: 'q.example', dispensaryName: 'Q', runId: 'run_q2' });
    const again = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM research_submissions WHERE source = 'menu-scan'`);
    expect(again.rows[0].n).toBe(2);
  });
});

describe('the maker lexicon', () => {
  it('a scan records its products’ brand field spellings and nothing else', async () => {
    await db.query('DELETE FROM menu_brands');
    const { out } = await scan('jsonld');
    const { menuBrandSpellings } = await import('@/lib/strains/match-maker');
    const want = menuBrandSpellings(out.products.map((p) => p.brand));
    expect(want.length).toBeGreaterThan(0);
    const rows = await db.query<{ spelling: string; last_menu: string }>('SELECT spelling, last_menu FROM menu_brands ORDER BY spelling');
    expect(rows.rows.map((r) => r.spelling)).toEqual([...want].sort());
    for (const r of rows.rows) expect(r.last_menu).not.toContain(domainOf());
  });
});
