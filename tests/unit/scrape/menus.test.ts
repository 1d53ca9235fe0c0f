import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as cheerio from 'cheerio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMenu } from '@/lib/scrape';
import { extractFromHtml, pageSignals } from '@/lib/scrape/extract';
import { salePrices } from '@/lib/scrape/extract/card-prices';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { extractAppState } from '@/lib/scrape/extract/app-state';
import { extractJsonLd } from '@/lib/scrape/extract/json-ld';
import { frameUrls, pageNumber, paginationLinks, pathFamily } from '@/lib/scrape/pagination';
import { detectPlatform, platformDomain } from '@/lib/scrape/platforms';
import { domainFor } from '@/lib/shopping/domain';
import { resolveDomain } from '@/lib/shopping/scan-token';
import { menuDataPresent } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';

// Issue 13: pagination, frames, sale/regular prices, platforms — one table row per pattern.

const BASE = 'http://shop.test/menu';

describe('pagination links (same origin, same path family)', () => {
  it.each([
    ['rel=next in the head', '<link rel="next" href="/menu?page=2">', ['http://shop.test/menu?page=2'], []],
    ['rel=next on an anchor', '<a rel="next" href="/menu?page=2">2</a>', ['http://shop.test/menu?page=2'], []],
    ['"Next" control', '<a href="/menu?page=2">Next</a>', ['http://shop.test/menu?page=2'], []],
    ['› control', '<a href="/menu/page/2">›</a>', ['http://shop.test/menu/page/2'], []],
    ['» control', '<a href="/menu?page=2">»</a>', ['http://shop.test/menu?page=2'], []],
    ['aria-label next', '<a href="/menu?page=2" aria-label="Next page">→</a>', ['http://shop.test/menu?page=2'], []],
    ['"Load more" link', '<a href="/menu?page=2">Load more</a>', ['http://shop.test/menu?page=2'], []],
    ['numbered ?page=N', '<a href="/menu?page=3">3</a><a href="/menu?page=2">2</a>', [], ['http://shop.test/menu?page=2', 'http://shop.test/menu?page=3']],
    ['numbered /page/N', '<a href="/menu/page/2">2</a>', [], ['http://shop.test/menu/page/2']],
    ['other origin refused', '<a rel="next" href="http://169.254.169.254/menu?page=2">Next</a><a href="https://other.test/menu?page=2">2</a>', [], []],
    ['other path family refused', '<a href="/blog?page=2">Next</a><a href="/menu/flower?page=2">2</a>', [], []],
    ['a sort link is not a page', '<a href="/menu?sort=price">Price</a>', [], []],
    ['previous is not next', '<a href="/menu?page=1" aria-label="Previous page">‹</a>', [], ['http://shop.test/menu?page=1']],
  ])('%s', (_label, html, next, numbered) => {
    const links = paginationLinks(`<html><head>${html.startsWith('<link') ? html : ''}</head><body>${html.startsWith('<link') ? '' : html}</body></html>`, BASE);
    expect(links.next).toEqual(next);
    expect(links.numbered).toEqual(numbered);
  });

  it.each([
    ['http://shop.test/menu?page=3', 'http://shop.test/menu', 3],
    ['http://shop.test/menu/page/4/', 'http://shop.test/menu', 4],
    ['http://shop.test/menu?cat=flower&p=2', 'http://shop.test/menu?cat=flower', 2],
    ['http://shop.test/menu', 'http://shop.test/menu', 1],
  ])('%s → family %s, page %i', (url, family, n) => {
    expect(pathFamily(url)).toBe(family);
    expect(pageNumber(url)).toBe(n);
  });
});

describe('frames', () => {
  it.each([
    ['same-origin frame', '<iframe src="/embed/menu"></iframe>', ['http://shop.test/embed/menu']],
    ['cross-origin frame', '<iframe src="https://menus.example/embed/x"></iframe>', ['https://menus.example/embed/x']],
    ['frame element in a frameset', '<html><frameset><frame src="/f"></frameset></html>', ['http://shop.test/f']],
    ['javascript: and about: skipped', '<iframe src="javascript:void(0)"></iframe><iframe src="about:blank"></iframe>', []],
  ])('%s', (_l, html, urls) => {
    expect(frameUrls(html.startsWith('<html') ? html : `<html><body>${html}</body></html>`, BASE)).toEqual(urls);
  });
});

const card = (inner: string) => cheerio.load(`<div class="c">${inner}</div>`)('div.c')[0] as never;

describe('sale and regular prices on HTML cards', () => {
  it.each([
    ['plain price', '<h3>Blue Dream</h3><span class="price">$35.00</span>', '$35.00', null],
    ['<s> struck price first', '<h3>Blue Dream</h3><s>$40.00</s> <b>$32.00</b>', '$32.00', '$40.00'],
    ['<del>/<ins>', '<h3>Blue Dream</h3><del>$40</del><ins>$32</ins>', '$32', '$40'],
    ['<strike>', '<h3>Blue Dream</h3><strike>$40</strike> $32', '$32', '$40'],
    ['line-through style', '<h3>Blue Dream</h3><span style="text-decoration: line-through">$40.00</span> Now $32.00', '$32.00', '$40.00'],
    ['class price--regular before the sale', '<span class="price price--regular">$40</span><span class="price price--sale">$32</span>', '$32', '$40'],
    ['class old-price after the sale', '<span class="price">$32</span><span class="old-price">$40</span>', '$32', '$40'],
    ['"Was … Now …" text', '<p>Was $40.00 Now $32.00</p>', '$32.00', '$40.00'],
    ['"Reg." label', '<p>$32.00 <small>Reg. $40.00</small></p>', '$32.00', '$40.00'],
    ['"Save $8" is no price', '<p>$32.00 Save $8.00</p>', '$32.00', null],
    ['"$5 off" is no price', '<p>$5 off today! $30.00</p>', '$30.00', null],
    ['regular only', '<s>$40</s>', '$40', null],
  ])('%s', (_l, html, price, regular) => {
    expect(salePrices(card(html))).toEqual({ price, regularPrice: regular });
  });

  it('a whole grid: each card has its sale price as price and the struck one as regularPrice', () => {
    const html = `<div class="grid">${[1, 2, 3]
      .map((i) => `<div class="product-card"><h3 class="product-name">Strain ${i}</h3><div class="price"><s>$${40 + i}.00</s> $${30 + i}.00</div></div>`)
      .join('')}</div>`;
    const ps = extractHeuristic(cheerio.load(html), BASE);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Strain 1', 31, '$41.00'],
      ['Strain 2', 32, '$42.00'],
      ['Strain 3', 33, '$43.00'],
    ]);
  });
});

describe('page furniture is never a product', () => {
  const grid = `<div class="grid">${[1, 2, 3].map((i) => `<div class="product-card"><h3>Strain ${i}</h3><span class="price">$${30 + i}</span></div>`).join('')}</div>`;
  it.each([
    ['filter price bands', '<aside class="filters"><ul><li><label>Under $25</label></li><li><label>$25 - $50</label></li><li><label>$50 and up</label></li></ul></aside>'],
    ['filter bands outside an aside', '<ul class="facet-list"><li>Under $25</li><li>$25 - $50</li><li>$50 and up</li></ul>'],
    ['sort select', '<div>Sort by <select><option>Price: $ low to high</option></select></div>'],
    ['cart total', '<div class="mini-cart">Cart (0) · Subtotal $0.00</div><div class="cart-summary">Total $12.00</div>'],
    ['promotion banner', '<div class="promo-banner">Free delivery on orders over $100!</div>'],
    ['pagination', '<div class="pagination"><a href="?page=2">2</a></div>'],
  ])('%s', (_l, furniture) => {
    const ps = extractHeuristic(cheerio.load(`<body>${furniture}${grid}</body>`), BASE);
    expect(ps.map((p) => p.rawName)).toEqual(['Strain 1', 'Strain 2', 'Strain 3']);
  });
});

describe('sale and regular prices in JSON-LD and app state', () => {
  const ld = (offers: unknown) =>
    cheerio.load(
      `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Blue Dream', category: 'Flower', offers })}</script>`,
    );
  it.each([
    ['offer price only', { '@type': 'Offer', price: '35.00', priceCurrency: 'USD' }, 35, null],
    [
      'StrikethroughPrice spec',
      { '@type': 'Offer', price: '28.00', priceSpecification: [{ '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: '35.00' }] },
      28,
      '$35.00',
    ],
    ['ListPrice spec', { '@type': 'Offer', price: 28, priceSpecification: { '@type': 'UnitPriceSpecification', priceType: 'ListPrice', price: 35 } }, 28, '$35'],
  ])('JSON-LD: %s', (_l, offers, price, regular) => {
    const [p] = extractJsonLd(ld(offers), BASE);
    expect([p.priceValue, p.regularPrice]).toEqual([price, regular]);
  });

  const state = (rec: Record<string, unknown>) =>
    cheerio.load(
      `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { products: [{ name: 'Blue Dream', category: 'Flower', brand: 'X', ...rec }] } })}</script>`,
    );
  it.each([
    ['price + regularPrice', { price: 28, regularPrice: 35 }, 28, '$35'],
    ['price + compareAtPrice', { price: 28, compareAtPrice: 35 }, 28, '$35'],
    ['salePrice + price (regular)', { salePrice: 28, price: 35 }, 28, '$35'],
    ['Prices + specialPrices (Dutchie-like)', { Prices: [35], specialPrices: [28] }, 28, '$35'],
    ['empty specialPrices', { Prices: [35], specialPrices: [] }, 35, null],
    ['pricing { current, was }', { pricing: { current: 28, was: 35 } }, 28, '$35'],
    ['price { sale, regular }', { price: { sale: 28, regular: 35 } }, 28, '$35'],
    ['discounted_price + price', { discounted_price: '28.00', price: '35.00' }, 28, '$35.00'],
    ['no discount: equal regular', { price: 35, regularPrice: 35 }, 35, null],
  ])('app state: %s', (_l, rec, price, regular) => {
    const [p] = extractAppState(state(rec), BASE);
    expect([p.priceValue, p.regularPrice]).toEqual([price, regular]);
  });

  it.each([
    [
      'parallel Options / Prices / specialPrices (Dutchie-like)',
      { Options: ['1g', '3.5g'], Prices: [15, 40], specialPrices: [null, 32] },
      [
        ['Blue Dream 1g', 15, null, 1],
        ['Blue Dream 3.5g', 32, '$40', 3.5],
      ],
    ],
    [
      'variants array of { size, price }',
      {
        variants: [
          { size: '3.5g', price: 35 },
          { size: '7g', price: 60, compareAtPrice: 70 },
        ],
      },
      [
        ['Blue Dream 3.5g', 35, null, 3.5],
        ['Blue Dream 7g', 60, '$70', 7],
      ],
    ],
    ['one size stays one product', { variants: [{ size: '3.5g', price: 35 }] }, [['Blue Dream', 35, null, 3.5]]],
  ])('sizes: %s', (_l, rec, want) => {
    const ps = extractAppState(state({ price: undefined, ...rec }), BASE);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice, p.weightGrams])).toEqual(want);
  });

  it.each([
    [
      'offers named by size, one discounted',
      [
        { '@type': 'Offer', name: '1g', price: '15.00' },
        { '@type': 'Offer', name: '3.5g', price: '32.00', priceSpecification: { '@type': 'UnitPriceSpecification', priceType: 'StrikethroughPrice', price: '40.00' } },
      ],
      [
        ['Blue Dream 1g', 15, null, 1],
        ['Blue Dream 3.5g', 32, '$40.00', 3.5],
      ],
    ],
    [
      'size in eligibleQuantity',
      [
        { '@type': 'Offer', price: 35, eligibleQuantity: { value: '3.5', unitText: 'g' } },
        { '@type': 'Offer', price: 60, eligibleQuantity: { value: '7', unitText: 'g' } },
      ],
      [
        ['Blue Dream 3.5g', 35, null, 3.5],
        ['Blue Dream 7g', 60, null, 7],
      ],
    ],
    [
      'several sellers of one size stay one product',
      [
        { '@type': 'Offer', name: 'Store A', price: 35 },
        { '@type': 'Offer', name: 'Store B', price: 36 },
      ],
      [['Blue Dream', 35, null, null]],
    ],
  ])('JSON-LD sizes: %s', (_l, offers, want) => {
    const ps = extractJsonLd(ld(offers), BASE);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice, p.weightGrams])).toEqual(want);
  });

  it('window.__APOLLO_STATE__ records', async () => {
    const html = `<script>window.__APOLLO_STATE__ = ${JSON.stringify({ 'Product:1': { __typename: 'Product', Name: 'Blue Dream', brandName: 'X', type: 'Flower', Prices: [35], specialPrices: [28] } })};</script>`;
    const r = await extractFromHtml(html, BASE, { model: null });
    expect(r.method).toBe('app-state');
    expect(r.products.map((p) => [p.rawName, p.category, p.priceValue, p.regularPrice])).toEqual([['Blue Dream', 'Flower', 28, '$35']]);
  });
});

describe('menu-hosting platforms', () => {
  it.each([
    ['dutchie host', '', 'https://dutchie.com/dispensary/green-leaf/products/flower', 'dutchie'],
    ['jane host', '', 'https://www.iheartjane.com/stores/123/green-leaf/menu', 'jane'],
    ['weedmaps host', '', 'https://weedmaps.com/dispensaries/green-leaf/menu', 'weedmaps'],
    ['leafly host', '', 'https://www.leafly.com/dispensary-info/green-leaf/menu', 'leafly'],
    ['dutchie embed script', '<script src="https://dutchie.com/api/v2/embedded-menu/abc.js"></script>', 'https://greenleaf.com/menu', 'dutchie'],
    ['dutchie embed frame', '<iframe src="https://dutchie.com/embedded-menu/green-leaf"></iframe>', 'https://greenleaf.com/menu', 'dutchie'],
    ['jane frame', '<iframe src="https://www.iheartjane.com/embed/stores/123/menu"></iframe>', 'https://greenleaf.com/menu', 'jane'],
    ['jane api in markup', '<script>fetch("https://api.iheartjane.com/v1/stores/1")</script>', 'https://greenleaf.com/menu', 'jane'],
    ['weedmaps embed', '<iframe src="https://weedmaps.com/embed/dispensaries/green-leaf"></iframe>', 'https://greenleaf.com/menu', 'weedmaps'],
    ['leafly embed class', '<div class="leafly-menu"></div>', 'https://greenleaf.com/menu', 'leafly'],
    ['dutchie app state', '<script>window.__APOLLO_STATE__={"x":{"__typename":"FilteredProducts"}}</script>', 'https://greenleaf.com/menu', 'dutchie'],
    ['treez', '<iframe src="https://greenleaf.treez.io/onlinemenu"></iframe>', 'https://greenleaf.com/menu', 'treez'],
    ['none', '<div class="product-card">Blue Dream $35</div>', 'https://greenleaf.com/menu', null],
  ])('%s', (_l, html, url, platform) => {
    expect(detectPlatform(`<html><body>${html}</body></html>`, url)).toBe(platform);
  });

  it.each([
    ['https://dutchie.com/dispensary/green-leaf/products/flower', 'dutchie.com/dispensary/green-leaf'],
    ['https://dutchie.com/embedded-menu/green-leaf', 'dutchie.com/embedded-menu/green-leaf'],
    ['https://www.iheartjane.com/stores/123/green-leaf/menu', 'iheartjane.com/stores/123/green-leaf'],
    ['https://weedmaps.com/dispensaries/green-leaf/menu', 'weedmaps.com/dispensaries/green-leaf'],
    ['https://www.leafly.com/dispensary-info/green-leaf/menu', 'leafly.com/dispensary-info/green-leaf'],
    ['https://greenleaf.com/menu', 'greenleaf.com'],
  ])('domain of %s is %s', (url, domain) => {
    expect(domainFor(url)).toBe(domain);
    if (domain.includes('/')) expect(platformDomain(url)).toBe(domain);
  });

  it('a websiteDomain is accepted on a platform and stays a 400 elsewhere', () => {
    expect(resolveDomain({ menuUrls: ['https://dutchie.com/dispensary/green-leaf'], websiteDomain: 'greenleaf.com' })).toBe('dutchie.com/dispensary/green-leaf');
    expect(() => resolveDomain({ menuUrls: ['https://greenleaf.com/menu'], websiteDomain: 'other.com' })).toThrow(/does not match/);
  });
});

describe('page signals', () => {
  it.each([
    ['a "Load more" button', '<div class="grid"></div><button>Load more</button>', true],
    ['a "Show more products" button', '<button type="button">Show more products</button>', true],
    ['a "Load more" link is pagination, not a button', '<a href="?page=2">Load more</a>', false],
  ])('%s', (_l, html, loadMore) => {
    expect(pageSignals(`<html><body>${html}</body></html>`).loadMore).toBe(loadMore);
  });
});

// The generated sites over plain HTTP (the browser techniques run in tests/integration/shopping).
describe.runIf(menuDataPresent())('generated sites over plain HTTP', () => {
  let sites: MenuSitesServer;
  beforeAll(async () => {
    sites = await startMenuSites({ keys: ['paginated-grid', 'paginated-text', 'iframe-table', 'app-state-list'] });
  });
  afterAll(async () => {
    await sites.close();
  });
  afterEach(() => {
    delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
    delete process.env.SCRAPE_MAX_PAGES;
  });

  it.each(['paginated-grid', 'paginated-text', 'iframe-table', 'app-state-list'])('%s: every product at the price paid', async (key) => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const site = sites.site(key);
    const progress: number[] = [];
    const r = await scrapeMenu({ menuUrls: [site.url], model: null, screenshot: false, onProgress: (p) => progress.push(p.pagesVisited ?? 0) });
    const truth = new Map(site.spec.products.map((p) => [p.name.toLowerCase(), p]));
    expect(r.products.length).toBe(site.spec.products.length);
    for (const p of r.products) {
      const t = truth.get(p.rawName.toLowerCase());
      expect(t, p.rawName).toBeDefined();
      expect(p.priceValue).toBeCloseTo(t!.price, 2);
      expect(p.regularPrice ? Number(p.regularPrice.replace(/[^0-9.]/g, '')) : null).toBe(t!.regularPrice);
    }
    // Pages reported as they are read.
    expect(Math.max(...progress)).toBe(r.pagesVisited.length);
    if (key.startsWith('paginated')) expect(r.pagesVisited.length).toBeGreaterThanOrEqual(16);
    // Server-rendered menus, framed ones included, never need the browser.
    expect(r.usedBrowser).toBe(false);
    expect(r.platform).toBe(site.spec.platform);
  });

  it('SCRAPE_MAX_PAGES bounds the pages read', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    process.env.SCRAPE_MAX_PAGES = '3';
    const r = await scrapeMenu({ menuUrls: [sites.site('paginated-grid').url], model: null, screenshot: false });
    expect(r.pagesVisited.length).toBe(3);
    expect(r.products.length).toBe(72);
  });
});

describe('the address rule on every page and frame', () => {
  let evil: http.Server;
  let evilHits = 0;
  let evilPort = 0;
  beforeAll(async () => {
    evil = http.createServer((_req, res) => {
      evilHits++;
      res.end('<div class="product-card"><h3>Evil</h3><span class="price">$1</span></div>');
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', () => r()));
    evilPort = (evil.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((r) => evil.close(() => r()));
  });
  afterEach(() => {
    delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
  });

  it('a page link that redirects to a refused address is skipped; the other pages are still read', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const cards = (n: number) =>
      `<div class="grid">${[1, 2].map((i) => `<div class="product-card"><h3>Page ${n} strain ${i}</h3><span class="price">$${10 * n + i}</span></div>`).join('')}</div>`;
    const nav = '<nav class="pagination"><a href="/menu?page=2">2</a> <a href="/menu?page=3">3</a> <a href="/menu?page=2">Next</a></nav>';
    const main = http.createServer((req, res) => {
      const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
      if (n === 2) {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      }
      res.setHeader('content-type', 'text/html');
      res.end(`<html><body>${cards(n)}${nav}</body></html>`);
    });
    await new Promise<void>((r) => main.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (main.address() as AddressInfo).port;
      const r = await scrapeMenu({ menuUrls: [`http://127.0.0.1:${port}/menu`], model: null, screenshot: false });
      expect(r.products.map((p) => p.rawName).sort()).toEqual(['Page 1 strain 1', 'Page 1 strain 2', 'Page 3 strain 1', 'Page 3 strain 2']);
      expect(r.pagesVisited.some((u) => u.includes('169.254'))).toBe(false);
    } finally {
      await new Promise<void>((r) => main.close(() => r()));
    }
  });

  it('a frame at a refused address is skipped and never contacted; the rest of the menu is read', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const main = http.createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(
        `<html><body><iframe src="http://evil.test:${evilPort}/frame"></iframe><iframe src="http://169.254.169.254/latest/meta-data/"></iframe>` +
          `<div class="grid">${[1, 2, 3].map((i) => `<div class="product-card"><h3>Strain ${i}</h3><span class="price">$${30 + i}</span></div>`).join('')}</div></body></html>`,
      );
    });
    await new Promise<void>((r) => main.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (main.address() as AddressInfo).port;
      // evil.test answers a public-looking mix with a link-local address: refused before connecting.
      const resolver = async (h: string) =>
        h === 'evil.test'
          ? [
              { address: '127.0.0.1', family: 4 },
              { address: '169.254.169.254', family: 4 },
            ]
          : [{ address: '127.0.0.1', family: 4 }];
      const r = await scrapeMenu({ menuUrls: [`http://127.0.0.1:${port}/`], model: null, screenshot: false, resolver });
      expect(r.products.map((p) => p.rawName)).toEqual(['Strain 1', 'Strain 2', 'Strain 3']);
      expect(evilHits).toBe(0);
      expect(r.pagesVisited.some((u) => u.includes('169.254') || u.includes('evil.test'))).toBe(false);
    } finally {
      await new Promise<void>((r) => main.close(() => r()));
    }
  });
});
