import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractAppState, weightKeyed } from '@/lib/scrape/extract/app-state';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { needsBrowser, pageSignals } from '@/lib/scrape/extract';
import { nuxtFunctionPayload } from '@/lib/scrape/extract/js-literal';

// Eighth round (branch menus8): general rules found after the blind run — sizes only as variants
// in app state (Dutchie-like rec prices, weight-keyed fields, size objects, Nuxt 2 function
// payloads, WooCommerce variations forms), prices drawn by CSS from attributes.

const doc = (body: string) => cheerio.load(`<html><body>${body}</body></html>`);
/** Name, price paid and regular price as numbers (app state writes `$12`, cards `$12.00`). */
const money = (v: string | null | undefined) => (v ? Number(v.replace(/[^0-9.]/g, '')) : null);
const rows = (ps: Array<{ rawName: string; price: string | null; regularPrice?: string | null }>) => ps.map((p) => [p.rawName, money(p.price), money(p.regularPrice)]);
const state = (v: unknown) => doc(`<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(v)}</script>`);

describe('sizes only as variants in app state: one product per size, the size in the name', () => {
  it.each([
    [
      'Dutchie-like variants (option, priceRec, specialPriceRec; priceMed is not the price paid)',
      {
        name: 'Blue Dream',
        brand: { name: 'Acme' },
        category: 'FLOWER',
        variants: [
          { option: '1g', priceRec: 12, specialPriceRec: null, priceMed: 10, specialPriceMed: null },
          { option: '3.5g', priceRec: 40, specialPriceRec: 32, priceMed: 36, specialPriceMed: 30 },
        ],
      },
      [
        ['Blue Dream 1g', 12, null],
        ['Blue Dream 3.5g', 32, 40],
      ],
    ],
    [
      'weight-keyed fields (price_gram, price_eighth_ounce, discounted_price_eighth_ounce)',
      { name: 'Sour Diesel', brand: 'Acme', kind: 'flower', price_gram: '12.00', price_eighth_ounce: '40.00', discounted_price_eighth_ounce: '30.00', price_ounce: null },
      [
        ['Sour Diesel 1g', 12, null],
        ['Sour Diesel 3.5g', 30, 40],
      ],
    ],
    [
      'size objects under "weights", no potency given',
      {
        name: 'Fossil Fuel',
        brand: 'Natures Solution',
        category: 'Flower',
        thc: null,
        weights: [
          { label: '1g', price: 8, discountPrice: 6.08 },
          { label: '3.5g', price: 27.13 },
        ],
      },
      [
        ['Fossil Fuel 1g', 6.08, 8],
        ['Fossil Fuel 3.5g', 27.13, null],
      ],
    ],
  ])('%s', (_label, rec, want) => {
    expect(rows(extractAppState(state({ props: { pageProps: { products: [rec] } } }), 'https://shop.example/menu'))).toEqual(want);
  });

  it('weightKeyed keeps a discount only when it is lower, lightest first', () => {
    expect(weightKeyed({ price_ounce: 200, price_gram: 12, sale_price_gram: 15, special_price_ounce: 180 })).toEqual([
      { label: '1g', price: '$12', regularPrice: null },
      { label: '28g', price: '$180', regularPrice: '$200' },
    ]);
  });
});

describe('Nuxt 2 function payloads are read, never evaluated', () => {
  it('the returned literal with the parameters replaced by the arguments', () => {
    const src = `window.__NUXT__=(function(a,b,c){return {layout:"default",data:[{menu:{items:[{name:"Blue Dream",brand:c,category:a,thc:b,price:40},{name:'Sour Diesel',brand:c,category:a,thc:b,price:35.5}]}}],error:b,serverRendered:true}}("Flower",null,"Acme"));`;
    const v = nuxtFunctionPayload(src, src.indexOf('('));
    expect(v).toEqual({
      layout: 'default',
      data: [
        {
          menu: {
            items: [
              { name: 'Blue Dream', brand: 'Acme', category: 'Flower', thc: null, price: 40 },
              { name: 'Sour Diesel', brand: 'Acme', category: 'Flower', thc: null, price: 35.5 },
            ],
          },
        },
      ],
      error: null,
      serverRendered: true,
    });
    expect(rows(extractAppState(doc(`<div id="__nuxt"></div><script>${src}</script>`), 'https://shop.example/'))).toEqual([
      ['Blue Dream', 40, null],
      ['Sour Diesel', 35.5, null],
    ]);
  });

  it.each([
    ['a call inside', '(function(a){return {x:alert(a)}}(1))'],
    ['statements before the return', '(function(a){a.b=1;return {x:a}}({}))'],
    ['a constructor', '(function(a){return {d:new Date(0)}}(1))'],
  ])('%s: nothing', (_l, src) => expect(nuxtFunctionPayload(src, 0)).toBeNull());
});

describe('WooCommerce variable products in the shop loop', () => {
  const variations = JSON.stringify([
    { attributes: { attribute_pa_weight: '1g' }, display_price: 11, display_regular_price: 11, variation_is_active: true },
    { attributes: { attribute_pa_weight: '3-5g' }, display_price: 30, display_regular_price: 40, variation_is_active: true },
  ]).replace(/"/g, '&quot;');
  const card = (n: string) =>
    `<li class="product type-product product-type-variable"><a href="/product/x/" class="woocommerce-LoopProduct-link"><h2 class="woocommerce-loop-product__title">${n}</h2><span class="price"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>11.00</bdi></span> <span aria-hidden="true">&ndash;</span><span class="screen-reader-text">Price range: &#36;11.00 through &#36;30.00</span> <span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>30.00</bdi></span></span></a><form class="variations_form cart" data-product_variations="${variations}"><select name="attribute_pa_weight"><option value="">Choose an option</option><option value="1g">1g</option><option value="3-5g">3.5g</option></select></form><a href="/product/x/" class="button">Select options</a></li>`;

  it('the price range is no price: each weight of the variations form is a product at its price', () => {
    const got = rows(extractHeuristic(doc(`<ul class="products">${['Blue Dream', 'Sour Diesel', 'Wedding Cake'].map(card).join('')}</ul>`), 'https://shop.example/'));
    expect(got).toEqual([
      ['Blue Dream 1g', 11, null],
      ['Blue Dream 3.5g', 30, 40],
      ['Sour Diesel 1g', 11, null],
      ['Sour Diesel 3.5g', 30, 40],
      ['Wedding Cake 1g', 11, null],
      ['Wedding Cake 3.5g', 30, 40],
    ]);
  });
});

describe('prices drawn by CSS send the page to the browser', () => {
  it.each([
    ['"$" attr(data-price)', '.amt::before{content:"$" attr(data-price)}', true],
    ['attr() in ::after', '.p::after { content: attr(data-amount) }', true],
    ['an icon glyph only', '.i::before{content:"\\e900"}', false],
  ])('%s', (_l, css, want) => {
    const html = `<html><head><style>${css}</style></head><body><div class="card"><h3>Blue Dream</h3><span class="amt" data-price="30.00"></span></div></body></html>`;
    const s = pageSignals(html);
    expect(s.generatedText).toBe(want);
    expect(needsBrowser(s)).toBe(want);
  });
});

describe('a product named only by its strain type keeps that name when it is in the name slot', () => {
  const read = (cards: string[], wrap = (x: string) => `<div class="grid">${x}</div>`) =>
    rows(extractHeuristic(doc(wrap(cards.join(''))), 'https://shop.example/menu')).map((r) => r[0]);
  const others = ['Blue Dream', 'Sour Diesel', 'Wedding Cake'];
  it.each([
    ['a name class', (n: string) => `<div class="product-card"><h3 class="product-name">${n}</h3><div class="brand">Caviar Gold</div><div class="price">$28.00</div></div>`],
    [
      'a title class (WooCommerce)',
      (n: string) => `<li class="product"><h2 class="woocommerce-loop-product__title">${n}</h2><span class="price">$28.00</span><div class="brand">Caviar Gold</div></li>`,
    ],
    [
      'a heading that is only the product link (Dawn)',
      (n: string) =>
        `<li class="grid__item"><h3 class="card__heading"><a href="/products/${n}">${n}</a></h3><div class="caption">Caviar Gold</div><span class="price-item">$28.00</span></li>`,
    ],
    [
      'a name element inside the product link, beside the brand',
      (n: string) =>
        `<div data-testid="product-card"><a href="/product/${n}"><span class="vendor">Caviar Gold</span><span data-testid="product-name">${n}</span></a><div data-testid="product-price">$28.00</div></div>`,
    ],
  ])('%s', (_l, card) => {
    expect(read([...others, 'Indica'].map(card))).toEqual([...others, 'Indica']);
  });

  it.each([
    [
      'a type badge beside the name',
      (n: string) => `<div class="product-card"><span class="strain-type">Hybrid</span><h3 class="product-name">${n}</h3><div class="price">$28.00</div></div>`,
    ],
    ['a type heading above an unmarked name', (n: string) => `<div class="tile"><h5>Hybrid</h5><span>${n}</span><p>$28.00</p></div>`],
  ])('%s: the type word is no name', (_l, card) => {
    expect(read([...others, 'Gelato 41'].map(card))).toEqual([...others, 'Gelato 41']);
  });
});

describe('a sold-out mark drawn by CSS only', () => {
  const card = (n: string, out: boolean) =>
    `<div class="tile${out ? ' tile--oos' : ''}"><h3 class="tile-name">${n}</h3><span class="tile-flag"></span><p class="tile-price">$30.00</p></div>`;
  const names = ['Blue Dream', 'Sour Diesel', 'Wedding Cake', 'Gelato 41'];
  const page = (css: string) => doc(`<style>${css}</style><div class="grid">${names.map((n, i) => card(n, i === 2)).join('')}</div>`);
  it.each([
    ['"Sold out" after the flag of a sold-out tile', '.tile--oos .tile-flag::after { content: "Sold out"; color: red }'],
    ['"Out of stock" before the sold-out tile itself', ".x, .tile.tile--oos:before{content:'Out of stock'}"],
  ])('%s: not a product', (_l, css) => {
    expect(rows(extractHeuristic(page(css), 'https://shop.example/')).map((r) => r[0])).toEqual(['Blue Dream', 'Sour Diesel', 'Gelato 41']);
  });
  it('a rule drawing other text marks nothing', () => {
    expect(rows(extractHeuristic(page('.tile--oos .tile-flag::after { content: "Staff pick" }'), 'https://shop.example/')).map((r) => r[0])).toEqual(names);
  });
});
