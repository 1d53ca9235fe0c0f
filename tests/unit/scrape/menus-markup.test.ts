import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as cheerio from 'cheerio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMenu } from '@/lib/scrape';
import { salePrices, struckClasses } from '@/lib/scrape/extract/card-prices';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { extractAppState } from '@/lib/scrape/extract/app-state';
import { flightRows, jsonLiterals } from '@/lib/scrape/extract/embedded-json';
import { categoryLinks } from '@/lib/scrape/pagination';

// Issue 13, e-commerce markup as the public themes and platforms write it (WooCommerce's
// wc_format_sale_price, Shopify Dawn's price.liquid, CSS-in-JS builds, the WooCommerce Store API,
// Shopify's product JSON, Next.js flight data, category pages): one table row per pattern.
// Hand-written snippets; the generated held-out sites are only measured by the benchmark.

const BASE = 'http://shop.test/menu';
const card = (inner: string) => cheerio.load(`<div class="c">${inner}</div>`)('div.c')[0] as never;
const wooAmount = (v: string) => `<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>${v}</bdi></span>`;
const wooSale = (was: string, now: string) =>
  `<span class="price"><del aria-hidden="true">${wooAmount(was)}</del> <span class="screen-reader-text">Original price was: &#36;${was}.</span><ins aria-hidden="true">${wooAmount(now)}</ins><span class="screen-reader-text">Current price is: &#36;${now}.</span></span>`;
const dawnPrice = (now: string, was: string | null) =>
  `<div class="price${was ? ' price--on-sale' : ''}"><div class="price__container"><div class="price__regular"><span class="visually-hidden">Regular price</span><span class="price-item price-item--regular">$${now}</span></div><div class="price__sale"><span class="visually-hidden">Regular price</span><span><s class="price-item price-item--regular">${was ? `$${was}` : ''}</s></span><span class="visually-hidden">Sale price</span><span class="price-item price-item--sale price-item--last">$${now}</span></div></div></div>`;

describe('prices as themes write them', () => {
  it.each([
    ['WooCommerce sale: del/ins aria-hidden + screen-reader text', wooSale('45.00', '36.00'), '$36.00', '$45.00'],
    ['WooCommerce plain: currency symbol in its own span', `<span class="price">${wooAmount('20.00')}</span>`, '$20.00', null],
    ['cents in <sup>', '<span>$<span>18</span><sup>99</sup></span>', '$18.99', null],
    ['cents in <sup> with the point', '<span>$18<sup>.99</sup></span>', '$18.99', null],
    ['struck <sup> price and sale <sup> price', '<s>$<span>25</span><sup>00</sup></s> <b>$<span>20</span><sup>00</sup></b>', '$20.00', '$25.00'],
    ['a superscript that is no cents', '<span>$30.00</span> <sup>1</sup>', '$30.00', null],
    ['price per gram after the price', '<span class="price">$30.00</span> <small>$8.57/g</small>', '$30.00', null],
    ['price "/ per g" (Dawn unit price)', '<span class="price">$45.00</span> <small class="unit-price">$12.86 / per g</small>', '$45.00', null],
    ['a price per unit alone is the price', '<span>$10/g</span>', '$10', null],
    ['Dawn on sale: the current price also labelled "Regular price"', dawnPrice('32.00', '40.00'), '$32.00', '$40.00'],
    ['Dawn not on sale', dawnPrice('30.00', null), '$30.00', null],
    ['a flagged price equal to the price is no regular price', '<span class="price-regular">$30</span> <span class="price-sale">$30</span>', '$30', null],
    ['struck in the rendered page (data-scan-struck)', '<span data-scan-struck>$40.00</span> <span>$32.00</span>', '$32.00', '$40.00'],
  ])('%s', (_l, html, price, regular) => {
    expect(salePrices(card(html))).toEqual({ price, regularPrice: regular });
  });

  it('a class struck through by a <style> rule (CSS-in-JS) flags its price as regular', () => {
    const $ = cheerio.load(
      '<html><head><style>.a{color:red}.css-1x2y3z{text-decoration:line-through;color:#999}.b .sc-9z, .d{text-decoration-line: line-through}.e:hover{text-decoration:line-through}</style></head><body></body></html>',
    );
    const classes = struckClasses($);
    // A class inside another (`.b .sc-9z`) counts only inside it (struck-rules.ts, magento-storefront.test.ts).
    expect([...classes].sort()).toEqual(['b sc-9z', 'css-1x2y3z', 'd']);
    expect(salePrices(card('<span class="css-1x2y3z">$40.00</span><span class="css-q9">$32.00</span>'), classes)).toEqual({ price: '$32.00', regularPrice: '$40.00' });
  });
});

describe('cards as themes write them', () => {
  it('WooCommerce loop: li.product with per-item classes, title in h2, brand block beside the link', () => {
    const items = [
      ['101', 'Blue Dream 3.5g', 'Acme', wooSale('45.00', '36.00'), 'first sale'],
      ['102', 'Gelato Gummies 100mg', 'Sweet Co', `<span class="price">${wooAmount('20.00')}</span>`, ''],
      ['103', 'Sour Diesel Cart 1g', 'Vapeco', `<span class="price">${wooAmount('35.00')}</span>`, 'last'],
    ];
    const html = `<ul class="products columns-3">${items
      .map(
        ([id, name, brand, price, extra]) =>
          `<li class="product type-product post-${id} status-publish ${extra} instock product_cat-x"><a href="/product/${id}/" class="woocommerce-LoopProduct-link woocommerce-loop-product__link"><img src="/i.jpg" alt="">${extra.includes('sale') ? '<span class="onsale">Sale!</span>' : ''}<h2 class="woocommerce-loop-product__title">${name}</h2>${price}</a><div class="pwb-brands-in-loop"><span><a href="/brand/x/">${brand}</a></span></div><a href="?add-to-cart=${id}" class="button add_to_cart_button" aria-label="Add to cart: &ldquo;${name}&rdquo;">Add to cart</a></li>`,
      )
      .join('')}</ul>`;
    const ps = extractHeuristic(cheerio.load(`<body>${html.replace(/product_cat-x/g, 'product_cat-edibles')}</body>`), BASE);
    // The category from WooCommerce's post class (product_cat-<slug>).
    expect(ps.map((p) => p.category)).toEqual(['Edible', 'Edible', 'Edible']);
    expect(ps.map((p) => [p.rawName, p.brand, p.priceValue, p.regularPrice])).toEqual([
      ['Blue Dream 3.5g', 'Acme', 36, '$45.00'],
      ['Gelato Gummies 100mg', 'Sweet Co', 20, null],
      ['Sour Diesel Cart 1g', 'Vapeco', 35, null],
    ]);
  });

  it('a repeated block without a name (vendor line + price) is not the card: the block that names the product is', () => {
    const one = (name: string, vendor: string, now: string, was: string | null) =>
      `<li class="grid__item"><div class="card"><div class="card__content"><div class="card__information"><h3 class="card__heading"><a href="/products/x" class="full-unstyled-link">${name}</a></h3><div class="card-information"><div class="caption-with-letter-spacing light">${vendor}</div>${dawnPrice(now, was)}</div></div></div></div></li>`;
    const html = `<ul class="product-grid">${one('Purple Punch 3.5g', 'Acme', '32.00', '40.00')}${one('Mango Gummies', 'Sweet Co', '18.00', null)}</ul>`;
    const ps = extractHeuristic(cheerio.load(`<body>${html}</body>`), BASE);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Purple Punch 3.5g', 32, '$40.00'],
      ['Mango Gummies', 18, null],
    ]);
  });

  it('generated class names: strike-through from the page <style>, name by data-testid, cents apart', () => {
    const one = (name: string, now: number, was: number | null) =>
      `<div data-testid="product-card" class="sc-a1 css-k2"><span class="css-b3">Acme</span><span data-testid="product-name" class="css-n4">${name}</span><div class="css-p5">${
        was ? `<span class="css-s6"><span aria-hidden="true">$<span>${was}</span><sup>00</sup></span></span>` : ''
      }<span class="css-w7"><span aria-hidden="true">$<span>${now}</span><sup>00</sup></span></span></div><button class="css-c8">Add</button></div>`;
    const html = `<html><head><style>.css-s6{text-decoration:line-through}</style></head><body><div class="css-g9">${one('Blue Dream 3.5g', 32, 40)}${one('Gelato 1g', 12, null)}${one('OG Kush 7g', 55, null)}</div></body></html>`;
    const ps = extractHeuristic(cheerio.load(html), BASE);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Blue Dream 3.5g', 32, '$40.00'],
      ['Gelato 1g', 12, null],
      ['OG Kush 7g', 55, null],
    ]);
  });

  it('cards whose name is plain text stay one product each inside small repeated category sections', () => {
    const section = (cat: string, names: string[]) =>
      `<section class="cat"><h2>${cat}</h2><div class="cards">${names.map((n, i) => `<div class="card"><div>${n}</div><div class="price">$${20 + i}.00</div></div>`).join('')}</div></section>`;
    const html = `<body>${section('Flower', ['Blue Dream 3.5g', 'OG Kush 3.5g'])}${section('Edibles', ['Mango Gummies', 'Cocoa Bar'])}</body>`;
    const ps = extractHeuristic(cheerio.load(html), BASE);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.category])).toEqual([
      ['Blue Dream 3.5g', 20, 'Flower'],
      ['OG Kush 3.5g', 21, 'Flower'],
      ['Mango Gummies', 20, 'Edible'],
      ['Cocoa Bar', 21, 'Edible'],
    ]);
  });

  it.each([
    [
      'data-price (and data-compare-price) only',
      (n: string, i: number) => `<div class="product-card" data-price="${20 + i}.00"${i === 0 ? ' data-compare-price="30.00"' : ''}><h3>${n}</h3><button>Add</button></div>`,
      [
        ['Blue Dream 3.5g', 20, '$30.00'],
        ['Mango Gummies', 21, null],
      ],
    ],
    [
      'microdata <meta itemprop="price" content>',
      (n: string, i: number) =>
        `<div class="product-card" itemscope itemtype="https://schema.org/Product"><h3 itemprop="name">${n}</h3><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="${20 + i}.50"><meta itemprop="priceCurrency" content="USD"></div></div>`,
      [
        ['Blue Dream 3.5g', 20.5, null],
        ['Mango Gummies', 21.5, null],
      ],
    ],
    [
      'a visible price wins over the attribute, cents-like integers are not read',
      (n: string, i: number) => `<div class="product-card" data-price="${i === 0 ? '3200' : '99.00'}"><h3>${n}</h3><span class="amount">$${20 + i}.00</span></div>`,
      [
        ['Blue Dream 3.5g', 20, null],
        ['Mango Gummies', 21, null],
      ],
    ],
  ])('prices only in attributes: %s', (_l, one, want) => {
    const html = `<body><div class="grid">${['Blue Dream 3.5g', 'Mango Gummies'].map((n, i) => one(n, i)).join('')}</div></body>`;
    const ps = extractHeuristic(cheerio.load(html), BASE);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual(want);
  });

  it('a card with data-price="3200" (cents) and no visible price is not given a price', () => {
    const html = `<body><div class="grid">${['Blue Dream 3.5g', 'Mango Gummies'].map((n) => `<div class="product-card" data-price="3200"><h3>${n}</h3></div>`).join('')}</div></body>`;
    expect(extractHeuristic(cheerio.load(html), BASE)).toEqual([]);
  });

  it('the card title repeated above the card (an image overlay) is no section heading and still the name', () => {
    const one = (name: string, price: string) =>
      `<li class="grid__item"><div class="card"><div class="card__inner"><div class="card__content"><h3 class="card__heading"><a href="/p">${name}</a></h3></div></div><div class="card__content"><div class="card__information"><h3 class="card__heading h5"><a href="/p">${name}</a></h3><div class="card-information"><div class="caption">Acme</div><span class="visually-hidden">Regular price</span><span class="price-item">${price}</span></div></div></div></div></li>`;
    const ps = extractHeuristic(cheerio.load(`<body><ul class="grid">${one('Blue Dream Cart 1g', '$30.00')}${one('Mango Gummies', '$18.00')}</ul></body>`), BASE);
    expect(ps.map((p) => [p.rawName, p.priceValue])).toEqual([
      ['Blue Dream Cart 1g', 30],
      ['Mango Gummies', 18],
    ]);
  });

  it('a brand written like the name: the name is still the title, never the link text around name and price', () => {
    const one = (name: string, brand: string) =>
      `<li class="product"><a href="/p" class="product-link"><h2 class="title">${name}</h2><span class="price">$20.00</span></a><div class="brands"><a href="/b">${brand}</a></div></li>`;
    const ps = extractHeuristic(cheerio.load(`<body><ul class="products">${one('Hazelnut Bar', 'Hazelnut Bar')}${one('Mango Gummies', 'Acme')}</ul></body>`), BASE);
    expect(ps.map((p) => p.rawName)).toEqual(['Hazelnut Bar', 'Mango Gummies']);
  });

  it('a price the rendered page hides (data-scan-hidden) is not read; aria-hidden without a price still goes', () => {
    const one = (name: string) =>
      `<div class="product-card"><h3>${name} <span aria-hidden="true">★★★★</span></h3><span data-scan-hidden>$99.00</span><span class="price">$30.00</span></div>`;
    const ps = extractHeuristic(cheerio.load(`<body><div class="grid">${one('Strain A')}${one('Strain B')}</div></body>`), BASE);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Strain A', 30, null],
      ['Strain B', 30, null],
    ]);
  });
});

describe('size options on one card', () => {
  const grid = (cards: string[]) => `<body><div class="grid">${cards.join('')}</div></body>`;
  it.each([
    [
      'option buttons "1/8 oz $35" "1/4 oz $60": one product per size',
      [
        '<div class="product"><h3>Blue Dream</h3><button>1/8 oz $35</button><button>1/4 oz $60</button></div>',
        '<div class="product"><h3>OG Kush</h3><button>1/8 oz $40</button><button>1/4 oz $70</button></div>',
      ],
      [
        ['Blue Dream 1/8 oz', 35, null],
        ['Blue Dream 1/4 oz', 60, null],
        ['OG Kush 1/8 oz', 40, null],
        ['OG Kush 1/4 oz', 70, null],
      ],
    ],
    [
      'chips with a struck price per size',
      [
        '<div class="product"><h3>Gelato</h3><ul><li><span>3.5g</span> <s>$40</s> <b>$32</b></li><li><span>7g</span> <b>$60</b></li></ul></div>',
        '<div class="product"><h3>Zkittlez</h3><ul><li><span>3.5g</span> <b>$35</b></li><li><span>7g</span> <b>$65</b></li></ul></div>',
      ],
      [
        ['Gelato 3.5g', 32, '$40'],
        ['Gelato 7g', 60, null],
        ['Zkittlez 3.5g', 35, null],
        ['Zkittlez 7g', 65, null],
      ],
    ],
    [
      'one size with its price stays one product',
      ['<div class="product"><h3>Gelato 3.5g</h3><button>3.5g $32</button></div>', '<div class="product"><h3>Zkittlez 3.5g</h3><button>3.5g $35</button></div>'],
      [
        ['Gelato 3.5g', 32, null],
        ['Zkittlez 3.5g', 35, null],
      ],
    ],
    [
      'a "Sale!" badge is no name',
      [
        '<div class="product"><span>Sale!</span><p>Gelato 3.5g</p><span class="price">$30</span></div>',
        '<div class="product"><span>On Sale</span><p>Zkittlez 3.5g</p><span class="price">$35</span></div>',
      ],
      [
        ['Gelato 3.5g', 30, null],
        ['Zkittlez 3.5g', 35, null],
      ],
    ],
  ])('%s', (_l, cards, want) => {
    const ps = extractHeuristic(cheerio.load(grid(cards)), BASE);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual(want);
  });
});

describe('app state as platforms embed it', () => {
  const html = (scripts: string) => cheerio.load(`<html><body><div id="app"></div>${scripts}</body></html>`);
  it.each([
    [
      'WooCommerce Store API preloaded into wp.apiFetch (minor units)',
      `<script>wp.apiFetch.use( wp.apiFetch.createPreloadingMiddleware( ${JSON.stringify({
        '/wc/store/v1/products?per_page=100': {
          body: [
            {
              id: 1,
              name: 'Blue Dream 3.5g',
              prices: { price: '3200', regular_price: '4000', sale_price: '3200', currency_minor_unit: 2 },
              brands: [{ name: 'Acme' }],
              categories: [{ name: 'Flower' }],
            },
            {
              id: 2,
              name: 'Mango Gummies',
              prices: { price: '1850', regular_price: '1850', sale_price: '1850', currency_minor_unit: 2 },
              brands: [],
              categories: [{ name: 'Edibles' }],
            },
          ],
        },
      })} ) );</script>`,
      [
        ['Blue Dream 3.5g', 'Acme', 32, '$40.00'],
        ['Mango Gummies', null, 18.5, null],
      ],
    ],
    [
      'Shopify product JSON (cents, compare_at_price)',
      `<script type="application/json" data-products>${JSON.stringify([
        {
          id: 1,
          title: 'Blue Dream 3.5g',
          handle: 'blue-dream',
          vendor: 'Acme',
          type: 'Flower',
          price: 3200,
          compare_at_price: 4000,
          variants: [{ id: 11, title: 'Default Title', price: 3200, compare_at_price: 4000 }],
        },
        {
          id: 2,
          title: 'Mango Gummies',
          handle: 'mango',
          vendor: 'Sweet Co',
          type: 'Edibles',
          price: 1850,
          compare_at_price: null,
          variants: [{ id: 21, title: 'Default Title', price: 1850, compare_at_price: null }],
        },
      ])}</script>`,
      [
        ['Blue Dream 3.5g', 'Acme', 32, '$40'],
        ['Mango Gummies', 'Sweet Co', 18.5, null],
      ],
    ],
    [
      'Next.js flight payload cut across pushes',
      (() => {
        const row = `5:["$","$L6",null,{"products":${JSON.stringify([
          { id: 'a', name: 'Blue Dream 3.5g', brand: { name: 'Acme' }, category: 'Flower', price: { amount: '32.00' }, compareAtPrice: { amount: '40.00' } },
          { id: 'b', name: 'Mango Gummies', brand: { name: 'Sweet Co' }, category: 'Edibles', price: { amount: '18.50' }, compareAtPrice: null },
        ])}}]\n`;
        const cut = [row.slice(0, 70), row.slice(70, 200), row.slice(200)];
        return `<script>(self.__next_f=self.__next_f||[]).push([0])</script>${cut.map((c) => `<script>self.__next_f.push([1,${JSON.stringify(c)}])</script>`).join('')}`;
      })(),
      [
        ['Blue Dream 3.5g', 'Acme', 32, '$40.00'],
        ['Mango Gummies', 'Sweet Co', 18.5, null],
      ],
    ],
  ])('%s', (_l, scripts, want) => {
    const ps = extractAppState(html(scripts), BASE);
    expect(ps.map((p) => [p.rawName, p.brand, p.priceValue, p.regularPrice])).toEqual(want);
  });

  it('JSON literals in an unnamed script: outermost only, bounded, non-JSON skipped', () => {
    const src = `init({"a":{"b":[1,2,3],"name":"a name long enough"}}, {notjson: 1}); var meta = [{"id": 1, "title": "something long enough"}];`;
    expect(jsonLiterals(src).map((l) => JSON.parse(l) as unknown)).toEqual([{ a: { b: [1, 2, 3], name: 'a name long enough' } }, [{ id: 1, title: 'something long enough' }]]);
  });

  it('flight rows: JSON rows only, text rows and short rows skipped', () => {
    expect(flightRows('0:["x",["a","b","c","d","e","f","g"]]\n1:I["chunk"]\n2:T12,hello world\n3:{"k":"a long enough value here"}\n')).toEqual([
      '["x",["a","b","c","d","e","f","g"]]',
      '{"k":"a long enough value here"}',
    ]);
  });
});

describe('category links', () => {
  it.each([
    ['/menu/flower', '<a href="/menu/flower">Flower</a>', ['http://shop.test/menu/flower']],
    ['?category= with a count', '<a href="/menu?category=edibles">Edibles (12)</a>', ['http://shop.test/menu?category=edibles']],
    [
      'WooCommerce category tile',
      '<a aria-label="Visit product category Vape Pens" href="/product-category/vape-pens/"><img alt=""><h2 class="woocommerce-loop-category__title">Vape Pens <mark class="count">(3)</mark></h2></a>',
      ['http://shop.test/product-category/vape-pens/'],
    ],
    ['Shopify collection with an arrow', '<a href="/collections/pre-rolls" class="full-unstyled-link">Pre-Rolls<span>→</span></a>', ['http://shop.test/collections/pre-rolls']],
    ['another origin', '<a href="https://other.test/menu/flower">Flower</a>', []],
    ['cart, deals and home are no categories', '<a href="/cart">Cart</a><a href="/deals">Deals</a><a href="/">Home</a>', []],
    ['a product link is no category', '<a href="/p/1">Blue Dream Flower 3.5g</a>', []],
    ["the menu's own pages are pagination, not categories", '<a href="/menu?page=2">Flower</a>', []],
    // "View all" links of a rail or section lead to its category.
    [
      '"View all" under a category heading',
      '<section class="rail"><div class="rail-head"><h2>Pre-Rolls</h2><a href="/shop/c/42">View all</a></div></section>',
      ['http://shop.test/shop/c/42'],
    ],
    ['"See all" to a category path', '<div><h3>Staff picks</h3><a href="/menu/vape-pens">See all ›</a></div>', ['http://shop.test/menu/vape-pens']],
    ['"Shop all Edibles"', '<a href="/s/17">Shop all Edibles</a>', ['http://shop.test/s/17']],
    ['"View all" of a featured rail is no category', '<div><h2>Featured</h2><a href="/featured">View all</a></div>', []],
    ['"View all deals" is no category', '<div><h2>Flower</h2><a href="/deals">View all deals</a></div>', []],
  ])('%s', (_l, html, want) => {
    expect(categoryLinks(`<html><body>${html}</body></html>`, BASE)).toEqual(want);
  });

  it('site navigation counts only on a page with products; a category directory in the content always', () => {
    const html = '<html><body><header><nav><a href="/menu/flower">Flower</a></nav></header><main><a href="/menu/edibles">Edibles</a></main></body></html>';
    expect(categoryLinks(html, BASE, true)).toEqual(['http://shop.test/menu/flower', 'http://shop.test/menu/edibles']);
    expect(categoryLinks(html, BASE, false)).toEqual(['http://shop.test/menu/edibles']);
  });
});

describe('a menu split into category pages is read whole', () => {
  let server: http.Server;
  let url = '';
  const cats: Record<string, string[]> = { flower: ['Blue Dream 3.5g', 'OG Kush 3.5g', 'Gelato 1g'], edibles: ['Mango Gummies', 'Cocoa Bar 100mg'] };
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const cardsOf = (names: string[]) =>
        `<div class="grid">${names.map((n, i) => `<div class="product-card"><h3>${n}</h3><span class="price">$${20 + i}.00</span></div>`).join('')}</div>`;
      const nav = '<nav><a href="/">Home</a></nav><div class="cats"><a href="/menu/flower">Flower</a> <a href="/menu/edibles">Edibles</a> <a href="/cart">Cart</a></div>';
      res.writeHead(200, { 'content-type': 'text/html' });
      if (u.pathname === '/menu') return res.end(`<html><body>${nav}<p>Choose a category.</p></body></html>`);
      const m = /^\/menu\/(\w+)$/.exec(u.pathname);
      const names = m ? cats[m[1]] : undefined;
      if (!names) return res.end('<html><body>Not found</body></html>');
      // Two products a page: page 2 of flower through ?page=2.
      const page = Number(u.searchParams.get('page') ?? 1);
      const slice = names.slice((page - 1) * 2, page * 2);
      const pager = names.length > page * 2 ? `<a href="/menu/${m![1]}?page=${page + 1}">Next</a>` : '';
      res.end(`<html><body>${nav}${cardsOf(slice)}${pager}</body></html>`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/menu`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });
  afterEach(() => {
    delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
  });

  it('every category and its pages, nothing else', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const r = await scrapeMenu({ menuUrls: [url], model: null, screenshot: false });
    expect(r.products.map((p) => p.rawName).sort()).toEqual([...cats.flower, ...cats.edibles].sort());
    expect(r.pagesVisited.some((p) => p.endsWith('/cart'))).toBe(false);
    expect(r.pagesVisited.some((p) => p.endsWith('/menu/flower?page=2'))).toBe(true);
  });
});
