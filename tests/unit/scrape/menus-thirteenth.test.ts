import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { browserAvailable, openScanContext } from '@/lib/scrape/browser';
import { renderMenuPage } from '@/lib/scrape/browser-page';
import { cameBack, CHALLENGE_STATUS } from '@/lib/scrape/browser-challenge';
import { astroRevive, decodeJsonText, encodedStates } from '@/lib/scrape/extract/encoded-state';
import { extractFromHtml } from '@/lib/scrape/extract';
import { menuPageLinks } from '@/lib/scrape/pagination';
import { pickCategoryTabs, type PagerControl } from '@/lib/scrape/pager';

// Thirteenth round (docs/menus.md): encoded app state, Astro island props, iframe srcdoc, bot-check
// interstitials, hash-routed category views.

const recs = [
  { name: 'Blue Dream 3.5g', brand: 'House', price: 35, regularPrice: 40 },
  { name: 'Sour Diesel 1g', brand: 'House', price: 12.5, regularPrice: null },
  { name: 'Wedding Cake Gummies 100mg', brand: 'Wana', price: 20, regularPrice: null },
];
const state = { menu: { products: recs } };
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
const ent = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const money = (s: string | null | undefined) => (s ? Number(s.replace(/[^\d.]/g, '')) : null);
const names = async (html: string) => (await extractFromHtml(html, 'https://shop.example/menu')).products.map((p) => [p.rawName, p.priceValue, money(p.regularPrice)]);
const WANT = [
  ['Blue Dream 3.5g', 35, 40],
  ['Sour Diesel 1g', 12.5, null],
  ['Wedding Cake Gummies 100mg', 20, null],
];

describe('encoded app state', () => {
  it('decodes JSON text, base64 (and base64url) of JSON, URI-encoded JSON; anything else is null', () => {
    expect(decodeJsonText(JSON.stringify(state))).toEqual(state);
    expect(decodeJsonText(b64(state))).toEqual(state);
    expect(decodeJsonText(Buffer.from(JSON.stringify(state)).toString('base64url'))).toEqual(state);
    expect(decodeJsonText(encodeURIComponent(JSON.stringify(state)))).toEqual(state);
    expect(decodeJsonText('aGVsbG8gd29ybGQsIG5vdCBqc29uIGF0IGFsbA==')).toBeNull();
    expect(decodeJsonText('"just a string"')).toBeNull();
    expect(decodeJsonText('{not json')).toBeNull();
  });

  it("takes Astro's type tags off island props", () => {
    expect(astroRevive([1, [[0, { name: [0, 'A'], sizes: [1, [[0, '1g']]] }]]])).toEqual([{ name: 'A', sizes: ['1g'] }]);
    expect(astroRevive([3, '2024-01-01T00:00:00.000Z'])).toBe('2024-01-01T00:00:00.000Z');
    expect(astroRevive([0, 'x', 'y'])).toEqual([0, 'x', 'y']);
  });

  it.each([
    ['base64 in a data attribute', `<div id="app" data-state="${b64(state)}"></div>`],
    ['base64 in a meta tag', `<meta name="menu-state" content="${b64(state)}"><div id="root"></div>`],
    ['entity-encoded JSON in an attribute (Inertia)', `<div id="app" data-page="${ent(JSON.stringify({ component: 'Menu', props: { products: { data: recs } } }))}"></div>`],
    ['Livewire wire:initial-data', `<div wire:id="x" wire:initial-data="${ent(JSON.stringify({ serverMemo: { data: { products: recs } } }))}"></div>`],
    ['JSON.parse(decodeURIComponent("…"))', `<script>window.__INITIAL_STATE__ = JSON.parse(decodeURIComponent("${encodeURIComponent(JSON.stringify(state))}"));</script>`],
    ['JSON.parse(atob("…"))', `<script>var s = JSON.parse(atob("${b64(state)}"));</script>`],
    ['a JSON text assigned as a string', `<script>window.__PRELOADED_STATE__ = ${JSON.stringify(JSON.stringify(state))};</script>`],
    [
      'Astro island props',
      `<astro-island uid="Z1" component-url="/_astro/Menu.js" props="${ent(JSON.stringify({ products: [1, recs.map((r) => [0, Object.fromEntries(Object.entries(r).map(([k, v]) => [k, [0, v]]))])] }))}" client="visible"></astro-island>`,
    ],
  ])('%s: the products with their prices', async (_, body) => {
    expect(await names(`<html><body><h1>Menu</h1>${body}</body></html>`)).toEqual(WANT);
  });

  it('is read only when the page gave nothing else: rendered cards win over a large data attribute', async () => {
    const card = (n: string, p: string) => `<div class="card"><h3 class="name">${n}</h3><span class="price">${p}</span></div>`;
    const html = `<div data-extra="${b64({
      items: [
        { name: 'Hidden Product One', price: 99 },
        { name: 'Hidden Product Two', price: 98 },
        { name: 'Hidden Three', price: 97 },
      ],
    })}"></div><div class="grid">${card('Blue Dream 3.5g', '$35.00')}${card('Sour Diesel 1g', '$12.50')}${card('Wedding Cake 7g', '$60.00')}</div>`;
    expect((await names(html)).map((x) => x[0])).toEqual(['Blue Dream 3.5g', 'Sour Diesel 1g', 'Wedding Cake 7g']);
  });

  it('leaves short attributes and src/style/srcdoc alone', () => {
    const $ = cheerio.load(`<div data-x='{"a":1}'></div><img src="data:application/json;base64,${b64(state)}"><iframe srcdoc="${ent(JSON.stringify(state))}"></iframe>`);
    expect(encodedStates($)).toEqual([]);
  });
});

describe('iframe srcdoc', () => {
  it("reads the framed document's cards in place of the frame", async () => {
    const doc = `<!doctype html><html><head><style>.was{text-decoration:line-through}</style></head><body><ul class="menu">${recs
      .map((r) => `<li class="item"><b>${r.name}</b> ${r.regularPrice ? `<s>$${r.regularPrice.toFixed(2)}</s> ` : ''}<span>$${r.price.toFixed(2)}</span></li>`)
      .join('')}</ul></body></html>`;
    expect(await names(`<h1>Menu</h1><iframe title="Menu" srcdoc="${ent(doc)}"></iframe>`)).toEqual(WANT);
  });
});

describe('page links after a bot check', () => {
  it("follows the asked URL's family when the check sent the tab to the page with a token of its own", () => {
    const html = '<nav><a href="/menu?page=2">2</a> <a href="/menu?page=3">3</a> <a href="/menu?page=2">Next</a></nav>';
    expect(menuPageLinks(html, 'https://shop.example/menu?i=1', 'https://shop.example/menu')).toEqual(['https://shop.example/menu?page=2', 'https://shop.example/menu?page=3']);
    expect(menuPageLinks(html, 'https://shop.example/menu', 'https://shop.example/menu')).toEqual(['https://shop.example/menu?page=2', 'https://shop.example/menu?page=3']);
    expect(menuPageLinks(html, 'https://shop.example/other?i=1', 'https://shop.example/other')).toEqual([]);
  });

  it('the statuses a check answers with', () => expect([...CHALLENGE_STATUS].sort()).toEqual([403, 429, 503]));
});

describe('hash-routed category views', () => {
  const control = (text: string, href: string | null, group = 0): PagerControl =>
    ({ tag: href === null ? 'button' : 'a', role: '', text, aria: '', cls: '', current: false, disabled: false, href, group, expanded: null }) as PagerControl;
  it.each([['#/flower'], ['#!/category/flower'], ['#/menu?category=flower'], ['#flower'], [null]])('category controls whose route is %s are pressed as tabs', (href) => {
    const ctl = ['Flower', 'Edibles', 'Vape Pens'].map((t) => control(t, href === null ? null : href.replace('flower', t.toLowerCase())));
    expect(pickCategoryTabs(ctl)).toEqual([0, 1, 2]);
  });
});

// A small shop whose every page is a bot check until its cookie is set, a landing view of
// hash-routed categories, and a menu in a blob: frame, read by the browser step.
const card = (n: string, p: string) => `<div class="card"><h3 class="name">${n}</h3><span class="price">${p}</span></div>`;
const CARDS: Record<string, string[]> = {
  p1: [card('Blue Dream 3.5g', '$35.00'), card('Sour Diesel 1g', '$12.50'), card('Wedding Cake 7g', '$60.00')],
  p2: [card('Gelato 3.5g', '$30.00'), card('Zkittlez 1g', '$11.00'), card('Runtz 7g', '$55.00')],
  flower: [card('Blue Dream 3.5g', '$35.00'), card('Sour Diesel 1g', '$12.50')],
  edibles: [card('Camino Gummies 100mg', '$20.00'), card('Wana Sours 100mg', '$18.00')],
};
const grid = (xs: string[]) => `<div class="grid">${xs.join('')}</div>`;
function shop(req: http.IncomingMessage, res: http.ServerResponse): void {
  const u = new URL(req.url ?? '/', 'http://x');
  const send = (status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html><head><title>Shop</title></head><body>${body}</body></html>`);
  };
  if (u.pathname === '/menu') {
    if (!/(?:^|;\s*)clearance=ok/.test(req.headers.cookie ?? ''))
      return send(
        503,
        `<h1>Just a moment...</h1><script>setTimeout(function(){ document.cookie = 'clearance=ok; path=/'; location.href = '/menu' + (location.search || '?t=1'); }, 700);</script>`,
      );
    const n = Number(u.searchParams.get('page') ?? 1);
    return send(200, `<h1>Menu</h1>${grid(CARDS[`p${n}`] ?? [])}${n === 1 ? '<nav><a href="/menu?page=2">2</a> <a href="/menu?page=2">Next</a></nav>' : ''}`);
  }
  if (u.pathname === '/api/cat') {
    res.end(JSON.stringify({ html: grid(CARDS[u.searchParams.get('c') ?? ''] ?? []) }));
    return;
  }
  if (u.pathname === '/hash')
    return send(
      200,
      `<nav><a href="#/flower">Flower</a> <a href="#/edibles">Edibles</a></nav><div id="view"><p>Choose a category</p></div><script>function r(){ var m = /^#\\/(\\w+)$/.exec(location.hash); if (!m) return; fetch('/api/cat?c=' + m[1]).then(function(x){ return x.json(); }).then(function(j){ document.getElementById('view').innerHTML = j.html; }); } addEventListener('hashchange', r); r();</script>`,
    );
  if (u.pathname === '/blob')
    return send(
      200,
      `<div id="m"></div><script>var f = document.createElement('iframe'); f.src = URL.createObjectURL(new Blob([${JSON.stringify(grid(CARDS.p1))}], { type: 'text/html' })); document.getElementById('m').appendChild(f);</script>`,
    );
  send(404, 'not found');
}

describe.runIf(browserAvailable())('the browser step on a bot check, hash routes and a blob: frame', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer(shop);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
  const read = async (path: string) => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const scan = await openScanContext();
    try {
      const r = await renderMenuPage(scan, `${base}${path}`, { useInteract: false, screenshot: false, maxRounds: 10, extract: (html, url) => extractFromHtml(html, url) });
      return r.products.map((p) => p.rawName).sort();
    } finally {
      await scan.close();
      delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
    }
  };

  it('a 503 check whose script sets the cookie and leaves: the menu behind it and its second page', async () => {
    expect(await read('/menu')).toEqual([...CARDS.p1, ...CARDS.p2].map((c) => /<h3 class="name">([^<]+)/.exec(c)![1]).sort());
  }, 40_000);

  it('a landing view of hash-routed categories: every category pressed', async () => {
    expect(await read('/hash')).toEqual(['Blue Dream 3.5g', 'Camino Gummies 100mg', 'Sour Diesel 1g', 'Wana Sours 100mg']);
  }, 40_000);

  it('a menu in a blob: frame is read', async () => {
    expect(await read('/blob')).toEqual(['Blue Dream 3.5g', 'Sour Diesel 1g', 'Wedding Cake 7g']);
  }, 40_000);
});

describe('a page that came back to itself', () => {
  const watch = (starts: number) => ({ statuses: [], starts });
  it.each([
    [2, 'https://s.example/menu', 'https://s.example/menu', true],
    [2, 'https://s.example/menu', 'https://s.example/menu?i=1', true],
    [3, 'https://s.example/menu/', 'https://s.example/menu', true],
    [1, 'https://s.example/menu', 'https://s.example/menu', false],
    [2, 'https://s.example/menu', 'https://s.example/stores/abq/menu', false],
    [2, 'https://s.example/menu', 'https://other.example/menu', false],
  ])('%i navigations, %s → %s: %s', (starts, asked, now, want) => expect(cameBack(watch(starts), asked, now)).toBe(want));
});
