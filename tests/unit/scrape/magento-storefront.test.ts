import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { extractFromHtml, pageSignals } from '@/lib/scrape/extract';
import { productsOfStates } from '@/lib/scrape/extract/app-state';
import { embeddedStates } from '@/lib/scrape/extract/embedded-json';
import { cardPrices, struckClasses } from '@/lib/scrape/extract/card-prices';
import { describeControls, pickPagerControl } from '@/lib/scrape/pager';
import { guardedFetch } from '@/lib/scrape/guarded-fetch';
import { staleSocket } from '@/lib/scrape/stale-socket';

// Rules found on the eleventh markup style (magento, held out): Magento 2's Luma theme strikes
// `.old-price .price` (every amount is a `span.price`), its pager writes "Page 2" with the word
// visually hidden and the current page as "You're currently reading page 1", and its product
// provider's records sit in a `text/x-magento-init` script with the prices in `price_info`.

const CSS = '<style>.price-box .price{font-weight:600}.old-price .price{text-decoration:line-through}</style>';
const wrapper = (type: string, v: number) => `<span data-price-amount="${v}" data-price-type="${type}" class="price-wrapper "><span class="price">$${v.toFixed(2)}</span></span>`;
const card = (name: string, paid: number, old: number | null) =>
  `<li class="item product product-item"><div class="product-item-info"><strong class="product name product-item-name"><a class="product-item-link" href="/${name.replace(/\W+/g, '-')}.html">${name}</a></strong><div class="price-box price-final_price" data-role="priceBox">${
    old === null
      ? `<span class="price-container">${wrapper('finalPrice', paid)}</span>`
      : `<span class="special-price"><span class="price-container"><span class="price-label">Special Price</span>${wrapper('finalPrice', paid)}</span></span><span class="old-price"><span class="price-container"><span class="price-label">Regular Price</span>${wrapper('oldPrice', old)}</span></span>`
  }</div><button type="submit" class="action tocart primary"><span>Add to Cart</span></button></div></li>`;

describe('a struck rule on a class inside another class (struck-rules.ts)', () => {
  it('`.old-price .price` strikes only the amount inside .old-price, not every span.price', () => {
    const $ = cheerio.load(`<html><head>${CSS}</head><body><ol>${card('Blue Dream 3.5g', 25, 35)}</ol></body></html>`);
    expect(cardPrices($('li')[0], struckClasses($)).map((h) => [h.text, h.regular])).toEqual([
      ['$25.00', false],
      ['$35.00', true],
    ]);
  });

  it('a Luma list reads the special price as paid and the old price as regular', async () => {
    const cards = [card('Blue Dream 3.5g', 25, 35), card('Sour Diesel 3.5g', 30, null), card('Kiwi Gummies 100mg', 12, 16), card('Live Resin Cart 1g', 45, null)];
    const r = await extractFromHtml(
      `<html><head>${CSS}</head><body><ol class="products list items product-items">${cards.join('')}</ol></body></html>`,
      'http://shop.test/shop-all.html',
    );
    expect(r.products.map((p) => [p.rawName, p.price, p.regularPrice])).toEqual([
      ['Blue Dream 3.5g', '$25.00', '$35.00'],
      ['Sour Diesel 3.5g', '$30.00', null],
      ['Kiwi Gummies 100mg', '$12.00', '$16.00'],
      ['Live Resin Cart 1g', '$45.00', null],
    ]);
  });

  it('a class with a tag inside it, or alone, still counts wherever it is; a Google Sheets chain counts inside its chain', () => {
    const $ = cheerio.load('<style>.was span{text-decoration:line-through}.ritz .waffle .s7{text-decoration:line-through}</style>');
    expect([...struckClasses($)].sort()).toEqual(['ritz waffle s7', 'was']);
  });
});

/** Luma's pager: the words "Page" visually hidden, the current page a strong, next/previous titled. */
const pager = (cur: number, pages: number, href: (n: number) => string) =>
  `<div class="pages"><strong class="label pages-label" id="paging-label">Page</strong><ul class="items pages-items" aria-labelledby="paging-label">${Array.from(
    { length: pages },
    (_, i) => i + 1,
  )
    .map((n) =>
      n === cur
        ? `<li class="item current"><strong class="page"><span class="label">You're currently reading page</span><span>${n}</span></strong></li>`
        : `<li class="item"><a ${href(n)} class="page"><span class="label">Page</span><span>${n}</span></a></li>`,
    )
    .join(
      '',
    )}${cur < pages ? `<li class="item pages-item-next"><a class="action next" ${href(cur + 1)} title="Next"><span class="label">Page</span><span>Next</span></a></li>` : ''}</ul></div>`;

describe('a pager whose numbers read "Page N" and whose current page is written as text (pager.ts)', () => {
  const page = (p: string) => `<html><body><ol class="products list">${card('Blue Dream 3.5g', 25, 35)}</ol>${p}</body></html>`;

  it('links going nowhere (href="#") with "Page N" and "You\'re currently reading page 1": a script pager over HTTP, page 2 next', () => {
    const html = page(pager(1, 5, (n) => `href="#" data-page="${n}"`));
    expect(pageSignals(html).scriptPager).toBe(true);
    const controls = describeControls(cheerio.load(html));
    const step = pickPagerControl(controls)!;
    expect(step).toMatchObject({ kind: 'number', page: 2, current: 1 });
    expect(controls[step.index].text).toMatch(/^Page\s?2$/);
  });

  it("the same pager of real links (?p=N) is the HTTP crawl's, not a script pager", () => {
    expect(pageSignals(page(pager(2, 5, (n) => `href="/shop-all.html?p=${n}"`))).scriptPager).toBe(false);
  });
});

describe('a data script of a declared non-JS type, and ProductRender prices (embedded-json.ts, price-info.ts)', () => {
  const render = (id: number, name: string, final: number, regular: number, type = 'simple') => ({
    id,
    name,
    type,
    url: `https://shop.test/${id}.html`,
    is_salable: '1',
    price_info: {
      final_price: final,
      max_price: type === 'simple' ? final : final * 3,
      max_regular_price: regular,
      minimal_regular_price: regular,
      special_price: final < regular ? final : null,
      minimal_price: final,
      regular_price: regular,
      formatted_prices: { final_price: `<span class="price">$${final.toFixed(2)}</span>` },
      extension_attributes: { tax_adjustments: { final_price: final, regular_price: regular } },
    },
  });
  const init = {
    '*': {
      'Magento_Catalog/js/product/view/provider': {
        data: {
          items: { '11': render(11, 'Blue Dream 3.5g', 25, 35), '12': render(12, 'Sour Diesel 1g', 12, 12), '13': render(13, 'Donny Burger', 45, 45, 'configurable') },
          store: '1',
          currencyCode: 'USD',
        },
      },
    },
  };
  const html = `<html><body><div class="products wrapper"></div><script type="text/x-magento-init">${JSON.stringify(init).replace(/\//g, '\\/')}</script></body></html>`;

  it('a text/x-magento-init script is read as page state; a text/x-template one is not', () => {
    expect(embeddedStates(cheerio.load(html))).toContainEqual(init);
    expect(embeddedStates(cheerio.load('<script type="text/x-template">{"a": 1}</script>'))).toEqual([]);
  });

  it('price_info.final_price is the price paid, regular_price the regular one when higher', () => {
    const out = productsOfStates([init], 'https://shop.test/');
    expect(out.map((p) => [p.rawName, p.price, p.regularPrice])).toEqual([
      ['Blue Dream 3.5g', '$25', '$35'],
      ['Sour Diesel 1g', '$12', null],
      ['Donny Burger', '$45', null],
    ]);
  });

  it('the page is read from its state', async () => {
    const r = await extractFromHtml(html, 'https://shop.test/shop-all.html');
    expect(r.method).toBe('app-state');
    expect(r.products).toHaveLength(3);
  });
});

describe('a kept-alive connection the server closed under a GET (stale-socket.ts)', () => {
  it('the GET is asked once more on a fresh connection', async () => {
    let n = 0;
    const server = http.createServer((req, res) => {
      // The first request's connection is dropped before any answer, as an idle keep-alive socket closed by the server.
      if (n++ === 0) return void req.socket.destroy();
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<h1>page 3</h1>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const prev = process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    try {
      const r = await guardedFetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/shop-all.html?p=3`);
      expect(r.status).toBe(200);
      expect(r.body).toContain('page 3');
      expect(n).toBe(2);
    } finally {
      if (prev === undefined) delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
      else process.env.SCAN_ALLOW_PRIVATE_NETWORKS = prev;
      await new Promise((r) => server.close(r));
    }
  });

  it('only a closed connection counts, not a refused one or a timeout', () => {
    expect(staleSocket(new Error('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) }))).toBe(true);
    expect(staleSocket({ cause: { cause: { code: 'ECONNRESET' } } })).toBe(true);
    expect(staleSocket({ cause: { code: 'ECONNREFUSED' } })).toBe(false);
    expect(staleSocket(new Error('Scan timed out: no complete answer within 20000 ms'))).toBe(false);
  });
});
