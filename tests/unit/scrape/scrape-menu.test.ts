import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMenu } from '@/lib/scrape';
import type { ScrapedProduct, ScrapeProgress } from '@/lib/scrape/types';
import { FIXTURE_SITES, startFixtureServer, type FixtureServer, type FixtureSiteKey } from '@/tests/fixtures/dispensaries/server';

// HTTP-only paths of the cascade end to end on the loopback fixture sites (the browser sites
// run in tests/integration/scrape with real Chromium).
let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
  delete process.env.SCRAPE_FETCH_TIMEOUT_MS;
});
const allow = () => {
  process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
};

function summary(products: ScrapedProduct[]) {
  const categories: Record<string, number> = {};
  for (const p of products) categories[p.category] = (categories[p.category] ?? 0) + 1;
  return { count: products.length, categories, prices: products.map((p) => p.priceValue).sort((a, b) => a! - b!) };
}

describe('scrapeMenu over plain HTTP', () => {
  it.each([
    ['static', 'heuristic', ['/static/']],
    ['jsonld', 'json-ld', ['/jsonld/']],
    ['next', 'app-state', ['/next/']],
    ['paged', 'wildcard:heuristic', ['/paged/menu/', '/paged/menu/flower', '/paged/menu/edibles', '/paged/menu/vapes', '/paged/menu/flower?page=2']],
    ['sitemap', 'sitemap:heuristic', ['/sitemap-site/', '/sitemap-site/shop/full-menu']],
  ] as const)('%s → every product with its category and price (%s)', async (key: FixtureSiteKey, method, pages) => {
    allow();
    const r = await scrapeMenu({ menuUrls: [server.menuUrl(key)], model: null });
    const exp = FIXTURE_SITES[key].expected;
    expect(summary(r.products)).toEqual({ count: exp.count, categories: exp.categories, prices: exp.prices });
    for (const p of r.products) expect([p.rawName, p.category]).toEqual([p.rawName, exp.byName[p.rawName]]);
    expect(r.extractionMethod).toBe(method);
    expect(r.usedBrowser).toBe(false);
    expect(r.screenshot).toBeNull();
    expect(r.pagesVisited.map((u) => new URL(u).pathname + new URL(u).search)).toEqual(pages);
  });

  it('the wildcard crawl stays inside the pattern and the origin', async () => {
    allow();
    await scrapeMenu({ menuUrls: [server.menuUrl('paged')], model: null });
    expect(server.requests.main.filter((p) => p.startsWith('/paged/'))).not.toContain('/paged/about');
    expect(server.requests.main).not.toContain('/paged/blog/new-drops');
    expect(server.requests.second).not.toContain('/paged/menu/elsewhere');
  });

  it('merges several menu URLs and filters by category', async () => {
    allow();
    const both = await scrapeMenu({ menuUrls: [server.menuUrl('static'), server.menuUrl('jsonld')], model: null });
    expect(both.products).toHaveLength(19);
    expect(both.extractionMethod).toBe('heuristic,json-ld');
    const edibles = await scrapeMenu({ menuUrls: [server.menuUrl('static'), server.menuUrl('jsonld')], categories: ['edibles', 'Pre Rolls'], model: null });
    expect(summary(edibles.products).categories).toEqual({ Edible: 3, 'Pre-Roll': 2 });
  });

  it('reports monotonic progress ending at 1', async () => {
    allow();
    const seen: ScrapeProgress[] = [];
    await scrapeMenu({ menuUrls: [server.menuUrl('sitemap')], model: null, onProgress: (p) => seen.push(p) });
    const fractions = seen.map((p) => p.fraction);
    expect(fractions.length).toBeGreaterThan(2);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ step: 'done', fraction: 1 });
    expect(seen.map((p) => p.step)).toContain('sitemap');
  });

  it('uses the configured model for the AI step when the page has no structured data', async () => {
    allow();
    const model = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [
          {
            type: 'text',
            text: JSON.stringify({
              products: [
                { name: 'Blue Dream 3.5g', brand: 'OMC', category: 'Flower', price: '$35.00', weight: '3.5g', thcPct: 24.1, cbdPct: null, strainType: 'hybrid', url: null },
              ],
            }),
          },
        ],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
        warnings: [],
      }),
    });
    const r = await scrapeMenu({ menuUrls: [server.menuUrl('static')], model });
    expect(r.extractionMethod).toBe('ai');
    expect(r.products.map((p) => p.rawName)).toEqual(['Blue Dream 3.5g']);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('a reachable page without products is an empty result, not an error', async () => {
    allow();
    const r = await scrapeMenu({ menuUrls: [`${server.baseUrl}/paged/about`], model: null });
    expect(r).toMatchObject({ products: [], extractionMethod: 'none', usedBrowser: false });
    expect(r.pagesVisited).toEqual([`${server.baseUrl}/paged/about`]);
  });

  it('one refused URL does not hide the products of another', async () => {
    allow();
    const r = await scrapeMenu({ menuUrls: [server.menuUrl('redirect-private'), server.menuUrl('jsonld')], model: null });
    expect(r.products).toHaveLength(FIXTURE_SITES.jsonld.expected.count);
  });
});

describe('scrapeMenu failures', () => {
  it.each([
    ['redirect to the metadata address, flag on', () => server.menuUrl('redirect-private'), true, 'MENU_NOT_ACCESSIBLE', 'address-refused'],
    ['loopback menu without the flag', () => server.menuUrl('static'), false, 'MENU_NOT_ACCESSIBLE', 'address-refused'],
    ['file: URL', () => 'file:///etc/passwd', true, 'MENU_NOT_ACCESSIBLE', 'scheme-refused'],
    ['gopher: URL', () => 'gopher://127.0.0.1:70/', true, 'MENU_NOT_ACCESSIBLE', 'scheme-refused'],
    ['404 page', () => `${server.baseUrl}/nope`, true, 'MENU_NOT_ACCESSIBLE', 'http-404'],
  ])('%s → %s', async (_label, url, flag, code, reason) => {
    if (flag) allow();
    await expect(scrapeMenu({ menuUrls: [url()], model: null })).rejects.toMatchObject({ code, reason });
  });

  it('no menu URLs', async () => {
    await expect(scrapeMenu({ menuUrls: [' '], model: null })).rejects.toMatchObject({ code: 'MENU_NOT_ACCESSIBLE', reason: 'no-menu-urls' });
  });

  it('a page that never answers ends as SCAN_TIMEOUT (fetch time cap)', async () => {
    allow();
    process.env.SCRAPE_FETCH_TIMEOUT_MS = '400';
    const t0 = Date.now();
    await expect(scrapeMenu({ menuUrls: [server.menuUrl('slow')], model: null })).rejects.toMatchObject({ code: 'SCAN_TIMEOUT', reason: 'fetch-timeout' });
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it("the runner's signal stops a scan with SCAN_TIMEOUT", async () => {
    allow();
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const t0 = Date.now();
    await expect(scrapeMenu({ menuUrls: [server.menuUrl('slow')], signal: ac.signal, model: null })).rejects.toMatchObject({ code: 'SCAN_TIMEOUT' });
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});
