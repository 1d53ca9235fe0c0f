import type { IncomingMessage } from 'node:http';
import * as cheerio from 'cheerio';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { extractWithModel, pageTextForModel } from '@/lib/scrape/extract/ai';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { extractFromHtml, needsBrowser, pageSignals } from '@/lib/scrape/extract';
import { extractAppState } from '@/lib/scrape/extract/app-state';
import { balancedJson, jsStringLiteral } from '@/lib/scrape/extract/embedded-json';
import { extractJsonLd } from '@/lib/scrape/extract/json-ld';
import { FIXTURE_SITES, type FixtureSiteKey } from '@/tests/fixtures/dispensaries/server';
import type { Route } from '@/tests/fixtures/dispensaries/site-types';
import type { ScrapedProduct } from '@/lib/scrape/types';

const ctx = { base: 'http://shop.test', second: 'http://widget.test' };

function fixtureHtml(key: FixtureSiteKey, path?: string): string {
  const site = FIXTURE_SITES[key];
  const routes: Record<string, Route> = { ...site.routes, ...site.secondRoutes };
  const p = path ?? site.menuPath;
  const reply = routes[p](ctx, {} as IncomingMessage, new URL(p, ctx.base));
  if (reply === 'hang' || !reply.body) throw new Error(`no body for ${p}`);
  return reply.body;
}

function assertMatchesExpectation(products: ScrapedProduct[], key: FixtureSiteKey) {
  const exp = FIXTURE_SITES[key].expected;
  expect(products).toHaveLength(exp.count);
  expect(products.map((p) => p.priceValue).sort((a, b) => a! - b!)).toEqual(exp.prices);
  for (const p of products) expect([p.rawName, p.category]).toEqual([p.rawName, exp.byName[p.rawName]]);
}

describe('JSON-LD extraction', () => {
  it('reads ItemList/Product/Offer and Menu/MenuSection/MenuItem, ignoring broken blocks', () => {
    const $ = cheerio.load(fixtureHtml('jsonld'));
    const products = extractJsonLd($, 'http://shop.test/jsonld/');
    assertMatchesExpectation(products, 'jsonld');
    const gelato = products.find((p) => p.rawName.startsWith('GELATO'))!;
    expect(gelato).toMatchObject({ brand: 'Cookies', thcPct: 27.2, weightGrams: 3.5, price: '$55.00', url: 'http://shop.test/jsonld/p/f4' });
    // MenuItems take their category from the MenuSection name.
    expect(products.find((p) => p.rawName.includes('Rolling Papers'))!.category).toBe('Other');
  });
  it('handles @type arrays and AggregateOffer lowPrice', () => {
    const html = `<script type="application/ld+json">[{"@context":"https://schema.org","@type":["Product","Thing"],"name":"Blue Dream 3.5g","offers":{"@type":"AggregateOffer","lowPrice":30,"highPrice":45,"priceCurrency":"USD"}}]</script>`;
    expect(extractJsonLd(cheerio.load(html), 'http://x.test/')).toMatchObject([{ rawName: 'Blue Dream 3.5g', priceValue: 30, category: 'Flower' }]);
  });
});

describe('embedded app state', () => {
  it('walks __NEXT_DATA__ for product-like records (cents, potency objects, variants)', () => {
    const products = extractAppState(cheerio.load(fixtureHtml('next')), 'http://shop.test/next/');
    assertMatchesExpectation(products, 'next');
    expect(products.find((p) => p.rawName.startsWith('OG Kush'))).toMatchObject({ brand: 'Verano', priceValue: 160, thcPct: 22.3, strainType: 'hybrid' });
  });
  it('reads window.__INITIAL_STATE__, __NUXT__ JSON.parse strings, and skips non-JSON state', () => {
    const state = { shop: { name: 'X' }, products: [{ productName: 'Sour Diesel 1g Cart', brandName: 'Select', price: '45.00', category: 'Vapes' }] };
    const nuxt = JSON.stringify({ data: [{ items: [{ title: 'Gelato Badder 1g', price: 40, brand: 'PHD', thc: '71%' }] }] });
    const html = `<script>window.__INITIAL_STATE__ = ${JSON.stringify(state)};</script>
<script>window.__NUXT__=JSON.parse('${nuxt.replace(/'/g, "\\'")}')</script>
<script>window.__PRELOADED_STATE__ = (function(a){return {a:a}})(1);</script>`;
    const products = extractAppState(cheerio.load(html), 'http://x.test/');
    expect(products.map((p) => [p.rawName, p.category, p.priceValue])).toEqual([
      ['Sour Diesel 1g Cart', 'Vape', 45],
      ['Gelato Badder 1g', 'Concentrate', 40],
    ]);
  });
  it('does not take navigation or store objects for products', () => {
    const html = `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { nav: [{ name: 'Deals', href: '/deals' }], store: { name: 'Shop', phone: '505' } } })}</script>`;
    expect(extractAppState(cheerio.load(html), 'http://x.test/')).toEqual([]);
  });
  it('balancedJson and jsStringLiteral respect strings and escapes', () => {
    const src = `x = {"a": "} not the end", "b": [1, {"c": "]"}]}; rest`;
    expect(JSON.parse(balancedJson(src, src.indexOf('{'))!)).toEqual({ a: '} not the end', b: [1, { c: ']' }] });
    const decoded = jsStringLiteral(String.raw`'{"q":"it\'s \\"x\\""}'`, 0);
    expect(decoded).toBe(String.raw`{"q":"it's \"x\""}`);
    expect(JSON.parse(decoded!)).toEqual({ q: 'it\'s "x"' });
    expect(balancedJson('{"open": true', 0)).toBeNull();
  });
});

describe('heuristic card reader', () => {
  it('reads the static grid with category headings, ignoring cart total and promo banner', () => {
    const products = extractHeuristic(cheerio.load(fixtureHtml('static')), 'http://shop.test/static/');
    assertMatchesExpectation(products, 'static');
    expect(products.find((p) => p.rawName === 'OMC - Blue Dream 3.5g')).toEqual({
      rawName: 'OMC - Blue Dream 3.5g',
      brand: 'OMC',
      category: 'Flower',
      price: '$35.00',
      priceValue: 35,
      regularPrice: null,
      weightGrams: 3.5,
      thcPct: 24.1,
      cbdPct: null,
      strainType: 'hybrid',
      url: 'http://shop.test/static/product/f1',
    });
    expect(products.some((p) => /free delivery|cart \(/i.test(p.rawName))).toBe(false);
  });
  it('reads table rows and unclassed list items', () => {
    const html = `<table><tr><th>Item</th><th>Price</th></tr>
<tr><td>Blue Dream 3.5g</td><td>Hybrid</td><td>$35</td></tr><tr><td>Jack Herer 1g Preroll</td><td>Sativa</td><td>$8</td></tr></table>
<ul><li>Cactus Jellies 100mg — $17</li><li>GNOMAD Beanie — $30</li></ul>`;
    const products = extractHeuristic(cheerio.load(html), 'http://x.test/');
    expect(products.map((p) => [p.rawName, p.category, p.priceValue])).toEqual([
      ['Blue Dream 3.5g', 'Flower', 35],
      ['Jack Herer 1g Preroll', 'Pre-Roll', 8],
      ['Cactus Jellies 100mg — $17', 'Edible', 17],
      ['GNOMAD Beanie — $30', 'Other', 30],
    ]);
  });
  it("takes the card's own text as the name when the price sits in a child", () => {
    const html = '<ul><li>Blue Dream 3.5g <span class="price">$35</span></li><li>OG Kush 3.5g <span class="price">$40</span></li></ul>';
    expect(extractHeuristic(cheerio.load(html), 'http://x.test/').map((p) => [p.rawName, p.priceValue])).toEqual([
      ['Blue Dream 3.5g', 35],
      ['OG Kush 3.5g', 40],
    ]);
  });
  it('finds nothing on a page without prices', () => {
    expect(extractHeuristic(cheerio.load(fixtureHtml('sitemap')), 'http://x.test/')).toEqual([]);
  });
});

describe('extractFromHtml cascade', () => {
  it.each([
    ['static', 'heuristic'],
    ['jsonld', 'json-ld'],
    ['next', 'app-state'],
  ] as const)('%s page → %s', async (key, method) => {
    const r = await extractFromHtml(fixtureHtml(key), `http://shop.test${FIXTURE_SITES[key].menuPath}`);
    expect(r.method).toBe(method);
    expect(r.products).toHaveLength(FIXTURE_SITES[key].expected.count);
  });
  it('prefers the grid when JSON-LD only describes a featured product', async () => {
    const ld = `<script type="application/ld+json">{"@type":"Product","name":"Featured Gummies 100mg","offers":{"price":"20"}}</script>`;
    const r = await extractFromHtml(fixtureHtml('static').replace('</head>', `${ld}</head>`), 'http://shop.test/static/');
    expect(r.method).toBe('heuristic');
    expect(r.products).toHaveLength(12);
  });
  it('uses the model when one is given and falls back to the heuristic reader when it fails', async () => {
    const answer = {
      products: [{ name: 'Blue Dream 3.5g', brand: 'OMC', category: 'Flower', price: '$35.00', weight: '3.5g', thcPct: 24.1, cbdPct: null, strainType: 'hybrid', url: null }],
    };
    const prompts: string[] = [];
    const model = new MockLanguageModelV3({
      doGenerate: async (opts) => {
        prompts.push(JSON.stringify(opts.prompt));
        return {
          content: [{ type: 'text', text: JSON.stringify(answer) }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } },
          warnings: [],
        };
      },
    });
    const html = fixtureHtml('static');
    const r = await extractFromHtml(html, 'http://shop.test/static/', { model });
    expect(r).toMatchObject({ method: 'ai', products: [{ rawName: 'Blue Dream 3.5g', brand: 'OMC', priceValue: 35, weightGrams: 3.5, category: 'Flower' }] });
    expect(prompts[0]).toContain('OMC - Blue Dream 3.5g');
    expect(prompts[0]).toContain('http://shop.test/static/product/f1');
    const failing = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error('model down');
      },
    });
    const fallback = await extractFromHtml(html, 'http://shop.test/static/', { model: failing });
    expect(fallback.method).toBe('heuristic');
    expect(fallback.products).toHaveLength(12);
  });
  it('caps the text sent to the model', async () => {
    const big = `<body>${'<p>Blue Dream $35</p>'.repeat(5000)}</body>`;
    const text = pageTextForModel(cheerio.load(big), 'http://x.test/', 1000);
    expect(text.length).toBeLessThan(1100);
    expect(text.endsWith('[truncated]')).toBe(true);
    const empty = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error('must not be called');
      },
    });
    await expect(extractWithModel(cheerio.load('<body></body>'), 'http://x.test/', empty)).resolves.toEqual([]);
  });
});

describe('page signals (when the browser is needed)', () => {
  it.each([
    ['static', false, { scriptRendered: false, ageGate: false, storePicker: false, iframes: 0 }],
    ['spa', true, { scriptRendered: true }],
    ['age-gate', true, { ageGate: true }],
    ['store-picker', true, { storePicker: true }],
    ['iframe', true, { iframes: 1 }],
    ['sitemap', false, { scriptRendered: false, ageGate: false }],
  ] as const)('%s → needs browser %s', (key, expected, signals) => {
    const s = pageSignals(fixtureHtml(key));
    expect(s).toMatchObject(signals);
    expect(needsBrowser(s)).toBe(expected);
  });
});
