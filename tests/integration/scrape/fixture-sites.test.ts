import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, scrapeMenu } from '@/lib/scrape';
import { browserStats } from '@/lib/scrape/browser';
import type { ScrapedProduct } from '@/lib/scrape/types';
import { chromiumRequired, hasChromium, needsChromium, noChromium } from '@/tests/helpers/chromium';
import { FIXTURE_SITES, startFixtureServer, type FixtureServer, type FixtureSiteKey } from '@/tests/fixtures/dispensaries/server';

// Every fixture dispensary scraped end to end through scrapeMenu, the script/gate/picker/iframe
// sites with real Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
let server: FixtureServer;
beforeAll(async () => {
  process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
  server = await startFixtureServer();
});
afterAll(async () => {
  await closeBrowser();
  await server.close();
  delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
});
afterEach(() => {
  process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function summary(products: ScrapedProduct[]) {
  const categories: Record<string, number> = {};
  for (const p of products) categories[p.category] = (categories[p.category] ?? 0) + 1;
  return { count: products.length, categories, prices: products.map((p) => p.priceValue).sort((a, b) => a! - b!) };
}

const SITES: Array<[FixtureSiteKey, RegExp]> = [
  ['static', /^heuristic$/],
  ['jsonld', /^json-ld$/],
  ['next', /^app-state$/],
  ['spa', /^browser:/],
  ['age-gate', /^browser:/],
  ['store-picker', /^browser:/],
  ['iframe', /^browser:/],
  ['paged', /^wildcard:/],
  ['sitemap', /^sitemap:/],
];

const HTTP_SITES = SITES.filter(([key]) => !FIXTURE_SITES[key].browser);
const BROWSER_SITES = SITES.filter(([key]) => FIXTURE_SITES[key].browser);

describe('fixture dispensaries end to end', () => {
  it.runIf(chromiumRequired)('Chromium is installed (REQUIRE_CHROMIUM=1)', () => {
    expect(hasChromium).toBe(true);
  });

  const scrapesSite = async (key: FixtureSiteKey, method: RegExp) => {
    const site = FIXTURE_SITES[key];
    const r = await scrapeMenu({ menuUrls: [server.menuUrl(key)], model: null });
    expect(summary(r.products)).toEqual({ count: site.expected.count, categories: site.expected.categories, prices: site.expected.prices });
    for (const p of r.products) expect([p.rawName, p.category]).toEqual([p.rawName, site.expected.byName[p.rawName]]);
    expect(r.extractionMethod).toMatch(method);
    expect(r.usedBrowser).toBe(site.browser);
    if (site.browser) {
      expect(r.screenshot?.contentType).toBe('image/png');
      expect(r.screenshot!.data.subarray(0, 8).equals(PNG)).toBe(true);
      expect(r.screenshot!.data.length).toBeGreaterThan(2000);
    } else expect(r.screenshot).toBeNull();
    // The scan's browser context is always closed.
    expect((await browserStats()).contexts).toBe(0);
  };
  it.each(HTTP_SITES)('%s', scrapesSite);
  it.skipIf(noChromium).each(BROWSER_SITES)(`%s${needsChromium}`, scrapesSite);

  it.skipIf(noChromium)(`reads the cross-origin iframe through the second origin${needsChromium}`, async () => {
    const r = await scrapeMenu({ menuUrls: [server.menuUrl('iframe')], model: null });
    expect(r.pagesVisited).toContain(`${server.secondOrigin}/embed/menu?retailer=loe`);
    expect(server.requests.second).toContain('/embed/api/products?retailer=loe');
  });

  it.skipIf(noChromium)(`the age gate is passed by clicking (the menu API saw the cookie the click set)${needsChromium}`, async () => {
    const before = server.requests.main.filter((p) => p === '/age-gate/api/menu').length;
    const r = await scrapeMenu({ menuUrls: [server.menuUrl('age-gate')], model: null });
    expect(r.products).toHaveLength(FIXTURE_SITES['age-gate'].expected.count);
    expect(server.requests.main.filter((p) => p === '/age-gate/api/menu').length).toBe(before + 1);
  });

  it.skipIf(noChromium)(`useInteract drives the browser even when HTTP found products${needsChromium}`, async () => {
    const r = await scrapeMenu({ menuUrls: [server.menuUrl('static')], useInteract: true, model: null });
    expect(r.usedBrowser).toBe(true);
    expect(r.products).toHaveLength(FIXTURE_SITES.static.expected.count);
    expect(r.screenshot).not.toBeNull();
  });

  it.skipIf(noChromium)(`screenshot: true renders an HTTP-read menu once for the picture${needsChromium}`, async () => {
    const r = await scrapeMenu({ menuUrls: [server.menuUrl('jsonld')], screenshot: true, model: null });
    expect(r.extractionMethod).toBe('json-ld');
    expect(r.usedBrowser).toBe(true);
    expect(r.screenshot!.data.subarray(0, 8).equals(PNG)).toBe(true);
  });

  it.skipIf(noChromium)(`screenshot: false never takes one${needsChromium}`, async () => {
    const r = await scrapeMenu({ menuUrls: [server.menuUrl('spa')], screenshot: false, model: null });
    expect(r.usedBrowser).toBe(true);
    expect(r.screenshot).toBeNull();
  });

  it('the page that never answers times out (runner signal)', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 1000);
    await expect(scrapeMenu({ menuUrls: [server.menuUrl('slow')], signal: ac.signal, model: null })).rejects.toMatchObject({ code: 'SCAN_TIMEOUT' });
  });

  it.skipIf(noChromium)(`an abort during a browser scan closes the context${needsChromium}`, async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 400);
    await expect(scrapeMenu({ menuUrls: [server.menuUrl('spa')], useInteract: true, signal: ac.signal, model: null })).rejects.toMatchObject({ code: 'SCAN_TIMEOUT' });
    await new Promise((r) => setTimeout(r, 200));
    expect((await browserStats()).contexts).toBe(0);
  });

  const refusesRedirect = async (useInteract: boolean) => {
    await expect(scrapeMenu({ menuUrls: [server.menuUrl('redirect-private')], useInteract, model: null })).rejects.toMatchObject({
      code: 'MENU_NOT_ACCESSIBLE',
      reason: 'address-refused',
    });
  };
  it('the redirect to the metadata address is refused (useInteract false)', () => refusesRedirect(false));
  it.skipIf(noChromium)(`the redirect to the metadata address is refused (useInteract true)${needsChromium}`, () => refusesRedirect(true));
});
