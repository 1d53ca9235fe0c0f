import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openScanContext } from '@/lib/scrape/browser';
import { renderMenuPage } from '@/lib/scrape/browser-page';
import { categoryListbox, pickListboxOptions, type ListboxOption } from '@/lib/scrape/browser-listbox';
import { extractFromHtml, pageSignals } from '@/lib/scrape/extract';
import { expandFlat, flatKind, qwikResolved, unflatten, withFlat } from '@/lib/scrape/extract/flat-state';
import { categoryFormUrls } from '@/lib/scrape/category-forms';
import { textHead } from '@/lib/scrape/extract/size-rows';
import type { Json } from '@/lib/scrape/extract/json';

// Fourteenth round (docs/menus.md): index-flattened app state, infinite scroll in an inner box,
// categories chosen in form controls, one strain over several size / price rows.

const URL_ = 'https://shop.example/menu';
const money = (s: string | null | undefined) => (s ? Number(s.replace(/[^\d.]/g, '')) : null);
const read = async (html: string) => (await extractFromHtml(html, URL_)).products.map((p) => [p.rawName, p.priceValue, money(p.regularPrice)]);
const page = (body: string) => `<!doctype html><html><head><title>Menu</title></head><body><main>${body}</main></body></html>`;

// devalue of { data: ShallowReactive({ menu: { products: [ {name, brand, price, regularPrice} ×3 ] } }) }
const NUXT: Json = [
  ['ShallowReactive', 1],
  { data: 2, serverRendered: 20 },
  ['ShallowReactive', 3],
  { menu: 4 },
  { products: 5 },
  [6, 11, 15],
  { name: 7, brand: 8, price: 9, regularPrice: 10 },
  'Blue Dream 3.5g',
  'House',
  35,
  40,
  { name: 12, brand: 8, price: 13, regularPrice: 14 },
  'Sour Diesel 1g',
  12.5,
  null,
  { name: 16, brand: 17, price: 18, regularPrice: 14 },
  'Wedding Cake Gummies 100mg',
  'Wana',
  20,
  'unused',
  true,
];
const WANT = [
  ['Blue Dream 3.5g', 35, 40],
  ['Sour Diesel 1g', 12.5, null],
  ['Wedding Cake Gummies 100mg', 20, null],
];
const RECS = [
  { name: 'Blue Dream 3.5g', brand: 'House', price: 35, regularPrice: 40 },
  { name: 'Sour Diesel 1g', brand: 'House', price: 12.5, regularPrice: null },
  { name: 'Wedding Cake Gummies 100mg', brand: 'Wana', price: 20, regularPrice: null },
];

describe('index-flattened app state', () => {
  it('devalue (Nuxt 3 wrappers unwrapped), turbo-stream and Qwik objs rebuild to the records', () => {
    expect(flatKind(NUXT as Json[])).toBe('devalue');
    expect((unflatten(NUXT as Json[], 'devalue') as { data: { menu: { products: unknown } } }).data.menu.products).toEqual(RECS);
    const turbo: Json = [{ _1: 2 }, 'loaderData', { _3: 4 }, 'routes/menu', { _5: 6 }, 'products', [7], { _8: 9, _10: 11 }, 'name', 'Blue Dream 3.5g', 'price', 35];
    expect(flatKind(turbo as Json[])).toBe('turbo');
    expect(unflatten(turbo as Json[], 'turbo')).toEqual({ loaderData: { 'routes/menu': { products: [{ name: 'Blue Dream 3.5g', price: 35 }] } } });
    expect(qwikResolved([{ menu: '1' }, ['2'], { name: '3', price: '4' }, 'Blue Dream 3.5g', 35])).toEqual([{ menu: [{ name: 'Blue Dream 3.5g', price: 35 }] }]);
  });

  it('plain JSON is not taken for a flattened payload (numbers only, or no text, or values that are not indices)', () => {
    expect(
      flatKind([
        { qty: 1, n: 2 },
        { qty: 2, n: 1 },
        { qty: 0, n: 2 },
      ]),
    ).toBeNull();
    expect(flatKind([{ name: 'Blue Dream', price: 35 }, { name: 'OG', price: 30 }, 'x'])).toBeNull();
    expect(flatKind([1, 2, 3, 'a'])).toBeNull();
    expect(withFlat({ products: RECS } as unknown as Json)).toEqual([{ products: RECS }]);
  });

  it('a SvelteKit fetched response: the flattened node data inside the JSON string body', () => {
    const body = JSON.stringify({ type: 'data', nodes: [null, { type: 'data', data: NUXT, uses: {} }] });
    const found = expandFlat({ status: 200, body } as Json);
    expect(found).toHaveLength(1);
    expect((found[0] as { data: { menu: { products: unknown } } }).data.menu.products).toEqual(RECS);
  });

  it('pages: Nuxt 3 __NUXT_DATA__, Remix enqueue chunks, Qwik qwik/json give every product', async () => {
    expect(await read(page(`<div id="__nuxt"></div><script type="application/json" id="__NUXT_DATA__" data-ssr="true">${JSON.stringify(NUXT)}</script>`))).toEqual(WANT);
    const stream = JSON.stringify([
      { _1: 2 },
      'loaderData',
      { _3: 4 },
      'routes/menu',
      { _5: 6 },
      'products',
      [7, 12],
      { _8: 9, _10: 11 },
      'name',
      'Blue Dream 3.5g',
      'price',
      35,
      { _8: 13, _10: 14 },
      'Sour Diesel 1g',
      12.5,
    ]);
    const cut = Math.floor(stream.length / 2);
    const remix = [stream.slice(0, cut), stream.slice(cut)].map((c) => `<script>window.__remixContext.streamController.enqueue(${JSON.stringify(c)});</script>`).join('');
    expect(await read(page(`<div id="root"></div>${remix}`))).toEqual([
      ['Blue Dream 3.5g', 35, null],
      ['Sour Diesel 1g', 12.5, null],
    ]);
    const objs = [{ store: '1' }, { menu: '2' }, ['3', '6'], { name: '4', price: '5' }, 'Blue Dream 3.5g', 35, { name: '7', price: '8' }, 'Sour Diesel 1g', 12.5];
    expect(await read(page(`<div q:container="paused"><script type="qwik/json">${JSON.stringify({ refs: {}, ctx: {}, objs, subs: [] })}</script></div>`))).toEqual([
      ['Blue Dream 3.5g', 35, null],
      ['Sour Diesel 1g', 12.5, null],
    ]);
  });
});

describe('infinite scroll over a server-rendered first batch', () => {
  it('a script that fetches on a scroll event (window or a box) or an intersection observer is a signal; fetching alone is not', () => {
    const cards = '<div class="card"><h3>Blue Dream</h3><span>$35.00</span></div>';
    const on = (js: string) => pageSignals(page(`${cards}<script>${js}</script>`)).scrollLoads;
    expect(on("box.addEventListener('scroll', function(){ fetch('/api/cards?offset=20'); });")).toBe(true);
    expect(on("window.onscroll = function(){ fetch('/api/more'); };")).toBe(true);
    expect(on("new IntersectionObserver(function(){ $.getJSON('/api/more'); }).observe(s);")).toBe(true);
    expect(on("fetch('/api/cart').then(function(){});")).toBe(false);
    expect(on("window.addEventListener('scroll', function(){ header.classList.add('small'); });")).toBe(false);
  });
});

describe('categories chosen in a form control', () => {
  const cats = (opts: (c: string) => string) => ['Flower', 'Edibles', 'Vape Pens', 'Concentrates'].map((c) => opts(c)).join('');
  const slug = (c: string) => c.toLowerCase().replace(/\s+/g, '-');
  it.each([
    [
      'a GET form with a select',
      `<form method="get" action="/menu"><select name="category">${cats((c) => `<option value="${slug(c)}">${c}</option>`)}</select><button>Show</button></form>`,
      (s: string) => `https://shop.example/menu?category=${s}`,
    ],
    [
      'a GET form keeps its hidden fields',
      `<form action="/shop"><input type="hidden" name="store" value="7"><select name="cat" onchange="this.form.submit()">${cats((c) => `<option value="${slug(c)}">${c}</option>`)}</select></form>`,
      (s: string) => `https://shop.example/shop?store=7&cat=${s}`,
    ],
    [
      'options that are URLs',
      `<select onchange="window.location = this.value">${cats((c) => `<option value="/collections/${slug(c)}">${c}</option>`)}</select>`,
      (s: string) => `https://shop.example/collections/${s}`,
    ],
    [
      'an onchange that builds the URL',
      `<select id="c" onchange="location.href = '/menu/' + this.value">${cats((c) => `<option value="${slug(c)}">${c}</option>`)}</select>`,
      (s: string) => `https://shop.example/menu/${s}`,
    ],
    [
      "WooCommerce's dropdown, its handler in a script",
      `<select name="product_cat" id="product_cat"><option value="">Select a category</option>${cats((c) => `<option value="${slug(c)}">${c}</option>`)}</select><script>var d = document.getElementById('product_cat'); d.onchange = function(){ location.href = '/?product_cat=' + d.value; };</script>`,
      (s: string) => `https://shop.example/?product_cat=${s}`,
    ],
    [
      'radio buttons in a GET form',
      `<form method="get" action="/menu">${cats((c) => `<label><input type="radio" name="type" value="${slug(c)}"> ${c}</label>`)}</form>`,
      (s: string) => `https://shop.example/menu?type=${s}`,
    ],
  ])('%s', (_, html, want) => {
    expect(categoryFormUrls(page(html), URL_)).toEqual(['flower', 'edibles', 'vape-pens', 'concentrates'].map(want));
  });

  it('a sort order, a POST form and another origin give nothing', () => {
    expect(
      categoryFormUrls(page('<form><select name="orderby"><option value="price">Price: low to high</option><option value="date">Newest</option></select></form>'), URL_),
    ).toEqual([]);
    expect(categoryFormUrls(page(`<form method="post"><select name="c">${cats((c) => `<option>${c}</option>`)}</select></form>`), URL_)).toEqual([]);
    expect(
      categoryFormUrls(page(`<select onchange="location = this.value">${cats((c) => `<option value="https://other.example/${slug(c)}">${c}</option>`)}</select>`), URL_),
    ).toEqual([]);
  });
});

describe('one strain over several size / price rows', () => {
  const WANT_SIZES = [
    ['Blue Dream 1g', 10, null],
    ['Blue Dream 3.5g', 30, 35],
    ['Sour Diesel 1g', 12, null],
    ['Sour Diesel 7g', 60, null],
  ];
  const rowsOf = (f: (name: string, sizes: Array<[string, string]>) => string) =>
    [
      f('Blue Dream', [
        ['1g', '$10.00'],
        ['3.5g', '<del>$35.00</del> <ins>$30.00</ins>'],
      ]),
      f('Sour Diesel', [
        ['1g', '$12.00'],
        ['7g', '$60.00'],
      ]),
    ].join('');
  it.each([
    [
      'rowspan name cells',
      `<table><thead><tr><th>Strain</th><th>Size</th><th>Price</th></tr></thead><tbody>${rowsOf((n, s) =>
        s.map(([z, p], i) => `<tr>${i === 0 ? `<td rowspan="${s.length}">${n}</td>` : ''}<td>${z}</td><td>${p}</td></tr>`).join(''),
      )}</tbody></table>`,
    ],
    [
      'a title row, then size rows',
      `<table><tbody>${rowsOf((n, s) => `<tr><td colspan="2"><span>${n}</span></td></tr>${s.map(([z, p]) => `<tr><td>${z}</td><td>${p}</td></tr>`).join('')}`)}</tbody></table>`,
    ],
    ['a definition list', `<dl>${rowsOf((n, s) => `<dt>${n}</dt>${s.map(([z, p]) => `<dd>${z} ${p}</dd>`).join('')}`)}</dl>`],
    [
      'a CSS grid, the name spanning rows',
      `<div style="display:grid">${rowsOf((n, s) => `<div style="grid-row: span ${s.length}">${n}</div>${s.map(([z, p]) => `<div>${z}</div><div>${p}</div>`).join('')}`)}</div>`,
    ],
  ])('%s: one product per size, named with it, at the sale price', async (_, html) => {
    expect(await read(page(html))).toEqual(WANT_SIZES);
  });

  it('a preformatted text menu: indented size lines with leader dots, "reg." the struck price', async () => {
    const pre = `<pre>Blue Dream (House) Sativa · THC 21%\n    1g    ....... $10.00\n    3.5g  ....... $30.00 (reg. $35.00)\nSour Diesel (Everest) Sativa\n    1g    ....... $12.00\n    7g    ....... $60.00\n</pre>`;
    expect(await read(page(pre))).toEqual(WANT_SIZES);
  });

  it("a text menu's strain line: the last parenthesised group followed by details is the brand", () => {
    expect(textHead('Durban Poison (Sativa) (House) Flower · THC 20%')).toBe('<div><b>Durban Poison (Sativa)</b></div><div>House</div><div>Flower · THC 20%</div>');
    expect(textHead('Durban Poison (Sativa)')).toBe('<div><b>Durban Poison (Sativa)</b></div>');
  });

  it('a definition list of product details is left alone', async () => {
    const html = `<div class="card"><h3>Blue Dream 3.5g</h3><dl><dt>THC</dt><dd>21%</dd><dt>Type</dt><dd>Sativa</dd></dl><span>$35.00</span></div><div class="card"><h3>OG Kush 3.5g</h3><dl><dt>THC</dt><dd>19%</dd><dt>Type</dt><dd>Indica</dd></dl><span>$30.00</span></div>`;
    expect(await read(page(html))).toEqual([
      ['Blue Dream 3.5g', 35, null],
      ['OG Kush 3.5g', 30, null],
    ]);
  });
});

describe('a custom select (listbox) that chooses the category', () => {
  const opt = (text: string, box = 0, more: Partial<ListboxOption> = {}): ListboxOption => ({ text, box, selected: false, disabled: false, reachable: true, ...more });
  it('presses the options of the listbox with the most category names, not the chosen one, once per text', () => {
    const options = [
      opt('Price: low to high', 0),
      opt('Newest', 0),
      opt('Flower', 1, { selected: true }),
      opt('Edibles', 1),
      opt('Vape Pens', 1),
      opt('Edibles', 1),
      opt('Topicals', 1, { reachable: false }),
    ];
    expect(pickListboxOptions(options)).toEqual([3, 4]);
    expect(pickListboxOptions([opt('Flower'), opt('Newest'), opt('Oldest')])).toEqual([]);
  });
  it('over HTTP: a listbox of categories is a signal, a listbox of sort orders is not', () => {
    const box = (xs: string[]) =>
      cheerio.load(page(`<button role="combobox" aria-controls="l">x</button><ul role="listbox" id="l" hidden>${xs.map((x) => `<li role="option">${x}</li>`).join('')}</ul>`));
    expect(categoryListbox(box(['Flower', 'Edibles', 'Vapes']))).toBe(true);
    expect(categoryListbox(box(['Price: low to high', 'Newest']))).toBe(false);
  });
});

const card = (name: string, price: string) => `<div class="card"><h3 class="name">${name}</h3><span class="price">${price}</span><button>Add to cart</button></div>`;
const CATS: Record<string, string[]> = {
  flower: [card('Blue Dream 3.5g', '$35.00'), card('Sour Diesel 1g', '$12.00')],
  edibles: [card('Camino Gummies 100mg', '$20.00'), card('Wana Sours 100mg', '$18.00')],
  vapes: [card('Select Elite Cart 1g', '$45.00'), card('Stiiizy Pod 0.5g', '$30.00')],
};
const grid = (xs: string[]) => `<div class="grid">${xs.join('')}</div>`;
function shop(req: http.IncomingMessage, res: http.ServerResponse): void {
  const u = new URL(req.url ?? '/', 'http://x');
  const html = (body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html><head><title>Shop</title></head><body>${body}</body></html>`);
  };
  if (u.pathname === '/api/cat') {
    res.end(JSON.stringify({ html: grid(CATS[u.searchParams.get('c') ?? ''] ?? []) }));
    return;
  }
  if (u.pathname === '/api/more') {
    const n = Number(u.searchParams.get('n'));
    const more = Array.from({ length: 6 }, (_, i) => card(`Strain ${n * 6 + i + 1} 3.5g`, `$${30 + i}.00`));
    res.end(JSON.stringify({ html: more.join(''), done: n >= 3 }));
    return;
  }
  if (u.pathname === '/combo')
    return html(
      `<button type="button" role="combobox" aria-controls="cats" aria-expanded="false" id="cb">Flower</button><ul role="listbox" id="cats" hidden><li role="option" aria-selected="true" data-v="flower">Flower</li><li role="option" data-v="edibles">Edibles</li><li role="option" data-v="vapes">Vapes</li></ul><div id="view">${grid(
        CATS.flower,
      )}</div><script>var b = document.getElementById('cb'), l = document.getElementById('cats'); b.onclick = function(){ l.hidden = !l.hidden; }; l.querySelectorAll('[role=option]').forEach(function(o){ o.onclick = function(){ l.hidden = true; fetch('/api/cat?c=' + o.dataset.v).then(function(r){ return r.json(); }).then(function(j){ document.getElementById('view').innerHTML = j.html; }); }; });</script>`,
    );
  if (u.pathname === '/box')
    return html(
      `<div id="box" style="height:300px;overflow:auto"><div id="list" class="grid">${Array.from({ length: 6 }, (_, i) => card(`Strain ${i + 1} 3.5g`, `$${30 + i}.00`)).join('')}</div><div style="height:400px"></div></div><script>var box = document.getElementById('box'), n = 1, busy = false, done = false; box.addEventListener('scroll', function(){ if (busy || done || box.scrollTop + box.clientHeight < box.scrollHeight - 100) return; busy = true; fetch('/api/more?n=' + n).then(function(r){ return r.json(); }).then(function(j){ document.getElementById('list').insertAdjacentHTML('beforeend', j.html); n++; busy = false; done = j.done; }); });</script>`,
    );
  res.writeHead(404);
  res.end('not found');
}

describe.runIf(browserAvailable())('the browser step on a category listbox and an inner scroll box', () => {
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
  const render = async (path: string) => {
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

  it('every option of a closed category listbox pressed (the combobox opened first)', async () => {
    expect(await render('/combo')).toEqual(
      Object.values(CATS)
        .flat()
        .map((c) => /<h3 class="name">([^<]+)/.exec(c)![1])
        .sort(),
    );
  }, 40_000);

  it('a box that loads more on its own scroll event is scrolled to its end', async () => {
    // the six shown, then three batches of six (the last says done)
    expect(await render('/box')).toEqual(Array.from({ length: 24 }, (_, i) => `Strain ${i + 1} 3.5g`).sort());
  }, 40_000);
});
