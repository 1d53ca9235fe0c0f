import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openScanContext } from '@/lib/scrape/browser';
import { renderMenuPage } from '@/lib/scrape/browser-page';
import { extractFromHtml, pageSignals, restNeedsBrowser } from '@/lib/scrape/extract';
import { decodeJsonText, encodedStates } from '@/lib/scrape/extract/encoded-state';
import { inflatedJsonText } from '@/lib/scrape/extract/packed-json';
import { extractSheetTables } from '@/lib/scrape/extract/sheet-table';
import { categoryLinks, frameUrls, loadPage, paginationLinks } from '@/lib/scrape/pagination';
import { categoryFormUrls } from '@/lib/scrape/category-forms';
import { switchedInPlace, weightToggle, withChosenWeight } from '@/lib/scrape/weight-toggle';

// Fifteenth round (docs/menus.md): lazily loaded menu frames, compressed app state, menus
// published as spreadsheets, one weight chosen for the whole menu by a toggle.

const URL_ = 'https://shop.example/menu';
const money = (s: string | null | undefined) => (s ? Number(s.replace(/[^\d.]/g, '')) : null);
const read = async (html: string, url = URL_) => (await extractFromHtml(html, url)).products.map((p) => [p.rawName, p.priceValue, money(p.regularPrice)]);
const page = (body: string) => `<!doctype html><html><head><title>Menu</title></head><body><main>${body}</main></body></html>`;

const STATE = {
  menu: {
    products: [
      { name: 'Blue Dream 3.5g', brand: 'House', category: 'Flower', price: 30, regularPrice: 40 },
      { name: 'Sour Diesel 1g', brand: 'House', category: 'Flower', price: 12.5, regularPrice: null },
      { name: 'Wedding Cake Gummies 100mg', brand: 'Wana', category: 'Edibles', price: 18, regularPrice: null },
    ],
  },
  pad: 'x'.repeat(300),
};
const raw = Buffer.from(JSON.stringify(STATE));
const gz = zlib.gzipSync(raw).toString('base64');
const zl = zlib.deflateSync(raw).toString('base64');
const rawDeflateUrl = zlib.deflateRawSync(raw).toString('base64url');
const WANT = [
  ['Blue Dream 3.5g', 30, 40],
  ['Sour Diesel 1g', 12.5, null],
  ['Wedding Cake Gummies 100mg', 18, null],
];

describe('compressed app state', () => {
  it('base64 of gzip, zlib and raw deflate JSON inflate; other bytes and text do not', () => {
    for (const b64 of [gz, zl, rawDeflateUrl]) expect(decodeJsonText(b64)).toEqual(STATE);
    expect(inflatedJsonText(Buffer.from('not compressed at all, just text'))).toBeNull();
    expect(inflatedJsonText(zlib.gzipSync(Buffer.from('plain words, not JSON')))).toBeNull();
    // A short blob is a card's own data, never inflated.
    expect(decodeJsonText(zlib.gzipSync(Buffer.from('{"a":1}')).toString('base64'))).toBeNull();
  });

  it.each([
    ['a string assigned in a script', `<div id="app"></div><script>window.__PRELOADED_STATE__ = "${zl}";</script>`],
    ['a property of an inline object', `<script>var wcMenuData = {"ajax_url":"/x","products_gz":"${gz}"};</script>`],
    ['a JSON envelope', `<script type="application/json" id="d">{"codec":"deflate-raw","data":"${rawDeflateUrl}"}</script>`],
    ['a script that is the blob', `<script type="application/octet-stream" id="s">${gz}</script>`],
    ['a data attribute', `<div id="app" data-page="${gz}"></div>`],
    [
      'chunks pushed to one array',
      `<script>self.__p=[]</script>${[0, 1, 2].map((i) => `<script>self.__p.push(${JSON.stringify(gz.slice((i * gz.length) / 3, ((i + 1) * gz.length) / 3))})</script>`).join('')}`,
    ],
  ])('%s: every product', async (_, body) => {
    expect(await read(page(body))).toEqual(WANT);
  });

  it('an ordinary string property is not state', () => {
    expect(encodedStates(cheerio.load(page(`<script>var cfg = {"title":"${'a'.repeat(300)}"};</script>`)))).toEqual([]);
  });
});

describe('menu frames loaded later', () => {
  it.each([
    ['lazysizes data-src', '<iframe data-src="https://menu.example/embed/a" class="lazyload"></iframe>'],
    ['WP Rocket data-lazy-src over about:blank', '<iframe src="about:blank" data-lazy-src="https://menu.example/embed/a" class="rocket-lazyload"></iframe>'],
    ['a consent-blocked src', '<iframe data-cookieblock-src="https://menu.example/embed/a" data-cookieconsent="marketing"></iframe>'],
    ['a click-to-load facade', '<div class="facade" data-embed="https://menu.example/embed/a"><button>View menu</button></div>'],
    ['an embed JSON config', '<div id="root"></div><script type="application/json" id="cfg">{"menuUrl":"https://menu.example/embed/a","theme":{}}</script>'],
  ])('%s', (_, body) => {
    expect(frameUrls(page(body), URL_)).toEqual(['https://menu.example/embed/a']);
  });

  it('src first, relative lazy addresses resolved, non-http and image data-src left out', () => {
    const html = page(
      '<iframe src="/a"></iframe><iframe data-src="/b"></iframe><iframe data-src="javascript:void(0)"></iframe><img data-src="/pic.jpg"><div data-embed="not a url"></div>',
    );
    expect(frameUrls(html, URL_)).toEqual(['https://shop.example/a', 'https://shop.example/b']);
  });
});

const sheet = (rows: string[][], head = '') =>
  page(
    `<table class="waffle">${head}<tbody>${rows.map((r) => `<tr>${r.length === 1 ? `<td colspan="6">${r[0]}</td>` : r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`,
  );

describe('a menu published as a spreadsheet', () => {
  const rows = [
    ['GREEN LEAF MENU (updated Nov 28)'],
    ['', '', '', '', '', ''],
    ['Product', 'Brand', 'Type', 'THC %', 'Price', 'Sale'],
    ['FLOWER'],
    ['Blue Dream 3.5g', 'House', 'Flower', '22.5', '40', '30'],
    ['Sour Diesel 1g', 'House', 'Flower', '', '12.5', ''],
    ['EDIBLES'],
    ['Wedding Cake Gummies 100mg', 'Wana', 'Edibles', '', '18', ''],
  ];
  it('header found below title rows, section rows skipped, the sale column the price paid', async () => {
    expect(await read(sheet(rows))).toEqual(WANT);
    const $ = cheerio.load(sheet(rows));
    const p = extractSheetTables($, URL_);
    expect(p.map((x) => x.category)).toEqual(['Flower', 'Flower', 'Edible']);
    expect(p[0].thcPct).toBe(22.5);
    expect(p[0].brand).toBe('House');
  });

  it('row numbers and column letters (Google headers) and a "Now" column', async () => {
    const withNumbers = page(
      `<table class="waffle"><thead><tr><th></th><th>A</th><th>B</th><th>C</th></tr></thead><tbody><tr><th>1</th><td>Item</td><td>Price</td><td>Now</td></tr><tr><th>2</th><td>Blue Dream 3.5g</td><td>$40</td><td>$30</td></tr><tr><th>3</th><td>Sour Diesel 1g</td><td>$12.50</td><td></td></tr><tr><th>4</th><td>Wedding Cake Gummies 100mg</td><td>$18</td><td></td></tr></tbody></table>`,
    );
    expect(await read(withNumbers)).toEqual(WANT);
  });

  it('a card table with currency prices and no sale column stays with the card reader', () => {
    const cards = sheet([
      ['Product', 'Brand', 'Price'],
      ['Blue Dream 3.5g', 'House', '$40.00'],
      ['Sour Diesel 1g', 'House', '$12.50'],
      ['OG Kush 1g', 'House', '$10.00'],
    ]);
    expect(extractSheetTables(cheerio.load(cards), URL_)).toEqual([]);
  });
});

const toggled = (choices: string, cards = ['Blue Dream', 'Sour Diesel', 'OG Kush']) =>
  page(
    `${choices}<div class="product-grid">${cards.map((c, i) => `<div class="product-card"><h3 class="product-name">${c}</h3><div class="price">$${30 + i}.00</div></div>`).join('')}</div>`,
  );

describe('one weight chosen for the whole menu', () => {
  it.each([
    [
      'radio buttons',
      '<div role="radiogroup"><button role="radio" aria-checked="false">1g</button><button role="radio" aria-checked="true">3.5g</button><button role="radio" aria-checked="false">7g</button></div>',
      true,
    ],
    ['a select', '<label>Price for <select id="w"><option>1g</option><option selected>3.5g</option><option>1/4 oz</option></select></label>', true],
    ['links around the current one', '<p>Prices for <a href="?weight=1g">1g</a> | <strong>3.5g</strong> | <a href="?weight=7g">7g</a></p>', false],
    ['a layered-nav filter', '<ul><li class="item"><a href="?filter_weight=1g">1g</a></li><li class="item chosen"><a href="?filter_weight=3-5g">3.5g</a></li></ul>', false],
  ])('%s: the chosen weight joins every name', async (_, choices, inPlace) => {
    const html = toggled(choices);
    const t = weightToggle(cheerio.load(html));
    expect(t?.chosen).toBe('3.5g');
    expect(switchedInPlace(cheerio.load(html), t)).toBe(inPlace);
    expect((await read(html)).map((p) => p[0])).toEqual(['Blue Dream 3.5g', 'Sour Diesel 3.5g', 'OG Kush 3.5g']);
    expect(restNeedsBrowser(pageSignals(html), false)).toBe(inPlace);
  });

  it('size buttons on every card are no toggle; names with a weight or a dose keep theirs', () => {
    const perCard = page(
      [1, 2].map((i) => `<div class="card"><h3>Strain ${i}</h3><div class="sizes"><button aria-pressed="true">1g</button><button>3.5g</button></div></div>`).join(''),
    );
    expect(weightToggle(cheerio.load(perCard))).toBeNull();
    const base = { brand: null, price: '$1', priceValue: 1, weightGrams: null, thcPct: null, cbdPct: null, strainType: null, url: null } as const;
    const out = withChosenWeight(
      [
        { ...base, rawName: 'Blue Dream 1g', category: 'Flower' },
        { ...base, rawName: 'Gummies 100mg', category: 'Edible' },
        { ...base, rawName: 'OG Kush', category: 'Flower' },
      ],
      '3.5g',
    );
    expect(out.map((p) => p.rawName)).toEqual(['Blue Dream 1g', 'Gummies 100mg', 'OG Kush 3.5g']);
    // A bare strain name the reader could not place is flower once it has its weight.
    expect(
      withChosenWeight(
        [
          { ...base, rawName: 'Nanitro', category: 'Other' },
          { ...base, rawName: 'A', category: 'Other' },
          { ...base, rawName: 'B', category: 'Other' },
        ],
        '3.5g',
      )[0].category,
    ).toBe('Flower');
  });

  it('a GET form of weight radios and weight links give a URL per weight (same origin)', () => {
    const form = toggled(
      '<form method="get" action="/menu"><fieldset><legend>Weight</legend><label><input type="radio" name="weight" value="1g"> 1g</label><label><input type="radio" name="weight" value="3.5g" checked> 3.5g</label><label><input type="radio" name="weight" value="7g"> 7g</label></fieldset></form>',
    );
    expect(categoryFormUrls(form, URL_)).toEqual(['https://shop.example/menu?weight=1g', 'https://shop.example/menu?weight=3.5g', 'https://shop.example/menu?weight=7g']);
    const links = toggled('<p>Prices for <a href="?weight=1g">1g</a> | <strong>3.5g</strong> | <a href="https://other.example/?weight=7g">7g</a></p>');
    expect(categoryFormUrls(links, URL_)).toEqual(['https://shop.example/menu?weight=1g']);
  });
});

describe('one parse of a crawled page for its link readers', () => {
  it('pagination, category, form and frame links read from the loaded document are those read from the HTML', () => {
    const html = page(
      `<nav><a href="/menu/flower">Flower</a> <a href="/menu/edibles">Edibles</a></nav><a href="/menu?page=2">2</a> <a href="/menu?page=3" rel="next">Next</a><iframe data-src="https://menu.example/embed"></iframe><form method="get" action="/menu"><select name="category"><option value="flower">Flower</option><option value="vapes">Vapes</option></select></form><div class="product-grid"><div class="product-card"><h3>Blue Dream</h3><div class="price">$30.00</div></div></div>`,
    );
    const doc = loadPage(html);
    expect(paginationLinks(doc, URL_)).toEqual(paginationLinks(html, URL_));
    expect(categoryLinks(doc, URL_)).toEqual(categoryLinks(html, URL_));
    expect(categoryFormUrls(doc, URL_)).toEqual(categoryFormUrls(html, URL_));
    expect(frameUrls(doc, URL_)).toEqual(frameUrls(html, URL_));
    expect(paginationLinks(doc, URL_).next).toEqual(['https://shop.example/menu?page=3']);
    expect(categoryLinks(doc, URL_).length).toBe(2);
    expect(categoryFormUrls(doc, URL_).length).toBe(2);
    expect(frameUrls(doc, URL_)).toEqual(['https://menu.example/embed']);
  });
});

describe.runIf(browserAvailable())('the browser step on a weight toggle switched in place', () => {
  let server: http.Server;
  let base = '';
  const cards = (w: string) =>
    `<div class="product-grid">${['Blue Dream', 'Sour Diesel', 'OG Kush'].map((c, i) => `<div class="product-card"><h3 class="product-name">${c}</h3><div class="price">$${w === '1g' ? 10 + i : 30 + i}.00</div></div>`).join('')}</div>`;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      res.writeHead(200, { 'content-type': u.pathname === '/api' ? 'application/json' : 'text/html' });
      if (u.pathname === '/api') return res.end(JSON.stringify({ html: cards(u.searchParams.get('w') ?? '3.5g') }));
      res.end(
        page(
          `<label>Price for <select id="w"><option>1g</option><option selected>3.5g</option></select></label><div id="m">${cards('3.5g')}</div><script>document.getElementById('w').addEventListener('change', function(e){ fetch('/api?w=' + encodeURIComponent(e.target.value)).then(function(r){ return r.json(); }).then(function(j){ document.getElementById('m').innerHTML = j.html; }); });</script>`,
        ),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('every other weight chosen and read under its own weight', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const scan = await openScanContext();
    try {
      const r = await renderMenuPage(scan, `${base}/menu`, { useInteract: false, screenshot: false, maxRounds: 3, extract: (html, url) => extractFromHtml(html, url) });
      expect(r.products.map((p) => [p.rawName, p.priceValue]).sort()).toEqual(
        [
          ['Blue Dream 3.5g', 30],
          ['Sour Diesel 3.5g', 31],
          ['OG Kush 3.5g', 32],
          ['Blue Dream 1g', 10],
          ['Sour Diesel 1g', 11],
          ['OG Kush 1g', 12],
        ].sort(),
      );
      expect(r.interactions).toContain('weight@/menu');
    } finally {
      await scan.close();
      delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
    }
  }, 60_000);
});
