import { describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { extractFromHtml, pageSignals } from '@/lib/scrape/extract';
import { productsOfStates } from '@/lib/scrape/extract/app-state';
import { liftCommerceFields } from '@/lib/scrape/extract/commerce-fields';
import { encodedStates } from '@/lib/scrape/extract/encoded-state';
import { describeControls, pickPagerControl } from '@/lib/scrape/pager';
import type { Obj } from '@/lib/scrape/extract/json';

// Rules found on the tenth markup style (bigcommerce, held out): a BigCommerce Stencil page hands
// its context to the theme bundle as JSON text in a string argument, and a Stencil card model's
// `price` is keyed by tax display with money objects.

const m = (v: number) => ({ currency: 'USD', formatted: `$${v.toFixed(2)}`, value: v });
/** A Stencil card model (what a theme injects from `category.products`). */
const card = (name: string, price: Obj): Obj => ({
  id: 7,
  name,
  url: `/${name}/`,
  brand: { name: 'Kure' },
  category: ['Edibles', 'Shop All'],
  price,
  has_options: false,
});

describe('a JSON text handed to a function as a string argument (encoded-state.ts)', () => {
  const context = { themeSettings: { price_ranges: true }, categoryProducts: [card('Blue Dream Gummies', { without_tax: m(25), tax_label: 'Tax' })] };
  const page = (call: string) => `<html><body><main><h1>Shop All</h1><p>Loading…</p></main><script>${call}</script></body></html>`;

  it('the second argument of stencilBootstrap("category", "{…}") is read as the page state', () => {
    const states = encodedStates(cheerio.load(page(`window.stencilBootstrap("category", ${JSON.stringify(JSON.stringify(context))}).load();`)));
    expect(states).toContainEqual(context);
  });

  it('a first argument, single quotes and an array item are read too; a short or non-JSON string is not', () => {
    const text = JSON.stringify(context);
    expect(encodedStates(cheerio.load(page(`boot(${JSON.stringify(text)});`)))).toContainEqual(context);
    expect(encodedStates(cheerio.load(page(`boot('x', '${text.replace(/'/g, "\\'")}');`)))).toContainEqual(context);
    expect(encodedStates(cheerio.load(page(`var parts = ["a", ${JSON.stringify(text)}];`)))).toContainEqual(context);
    expect(encodedStates(cheerio.load(page(`track("page_view", "category", ${JSON.stringify('not json '.repeat(40))});`)))).toEqual([]);
  });

  it('an atob("…") argument is decoded once, not again as a plain string argument', () => {
    const b64 = Buffer.from(JSON.stringify(context)).toString('base64');
    expect(encodedStates(cheerio.load(page(`window.boot(JSON.parse(atob("${b64}")));`)))).toEqual([context]);
  });
});

describe('a Stencil card model: price keyed by tax display (commerce-fields.ts)', () => {
  it('without_tax is the price paid, non_sale_price_without_tax the regular price of a sale', () => {
    const out = productsOfStates(
      [
        {
          categoryProducts: [
            card('Blue Dream Gummies', { without_tax: m(25), non_sale_price_without_tax: m(35), sale_price_without_tax: m(25), tax_label: 'Tax' }),
            card('Sour Diesel Chews', { without_tax: m(18), tax_label: 'Tax' }),
          ],
        },
      ],
      'http://shop.test/',
    );
    expect(out.map((p) => [p.rawName, p.brand, p.category, p.price, p.regularPrice])).toEqual([
      ['Blue Dream Gummies', 'Kure', 'Edible', '$25', '$35'],
      ['Sour Diesel Chews', 'Kure', 'Edible', '$18', null],
    ]);
  });

  it('a ranged product is priced at its low end; with_tax when only that is shown', () => {
    const ranged = liftCommerceFields(card('Wedding Cake', { without_tax: m(40), price_range: { min: { without_tax: m(25) }, max: { without_tax: m(80) } } }));
    expect([ranged.price, ranged.regularPrice]).toEqual([25, null]);
    const taxed = liftCommerceFields(card('GMO Cookies', { with_tax: m(30), non_sale_price_with_tax: m(36) }));
    expect([taxed.price, taxed.regularPrice]).toEqual([30, 36]);
  });

  it('a price object without tax keys is left as it is', () => {
    const plain = { name: 'X', price: { amount: 10 } };
    expect(liftCommerceFields(plain)).toBe(plain);
  });
});

describe('a Stencil category page with no cards but its context (extract)', () => {
  it('every product of categoryProducts is read, at the price paid', async () => {
    const products = ['Blue Dream Gummies', 'Sour Diesel Chews', 'Wedding Cake Pre-Roll', 'GMO Cookies Cart'].map((n, i) => card(n, { without_tax: m(20 + i), tax_label: 'Tax' }));
    const html = `<html><body><main class="page"><h1>Shop All</h1></main><script>window.stencilBootstrap=window.stencilBootstrap||function(){return{load:function(){}}};</script><script>window.stencilBootstrap("category", ${JSON.stringify(JSON.stringify({ categoryProductsPerPage: 24, categoryProducts: products }))}).load();</script></body></html>`;
    const r = await extractFromHtml(html, 'http://shop.test/shop-all/');
    expect(r.products.map((p) => [p.rawName, p.price])).toEqual(products.map((p, i) => [p.name, `$${20 + i}`]));
  });
});

describe('a quick view on every card, a range on a few (pageSignals popovers)', () => {
  /** A Cornerstone-like card: a "Quick view" button, the price or a range. */
  const tile = (name: string, price: string) =>
    `<li class="product"><article class="card"><figure class="card-figure"><a href="/${name}/" class="card-figure__link"><img alt="${name}"></a><figcaption><button type="button" class="quickview">Quick view</button></figcaption></figure><div class="card-body"><h3 class="card-title"><a href="/${name}/">${name}</a></h3><div class="card-text"><span class="price">${price}</span></div></div></article></li>`;
  const page = (cards: string[]) => `<html><body><ul class="productGrid">${cards.join('')}</ul></body></html>`;
  const fixedPrices = Array.from({ length: 10 }, (_, i) => tile(`Gummies ${i}`, `$${20 + i}.00`));

  it('two ranged cards among ten fixed-price ones: no popovers to open (the ranges are lead-in prices)', () => {
    const html = page([tile('Blue Dream', '$25.00 - $80.00'), ...fixedPrices, tile('Wedding Cake', '$30.00 - $96.00')]);
    expect(pageSignals(html).popovers).toBe(false);
  });

  it('ranged cards each with its quick view, as many as the fixed-price ones or more: popovers', () => {
    const ranged = Array.from({ length: 10 }, (_, i) => tile(`Strain ${i}`, `$${12 + i}.00 - $${60 + i}.00`));
    expect(pageSignals(page([...ranged, ...fixedPrices.slice(0, 4)])).popovers).toBe(true);
  });
});

describe('a category only in a card data attribute (card-category.ts)', () => {
  /** Cornerstone's analytics data tag: the value padded by the template, the product's categories comma-separated. */
  const tagged = (name: string, cat: string, price: string) =>
    `<li class="product"><article class="card" data-entity-id="7" data-name="${name}" data-product-category="\n            ${cat},\n            Shop All\n        " data-product-brand="Kure"><div class="card-body"><p class="card-text">Kure</p><h3 class="card-title"><a href="/${name}/">${name}</a></h3><div class="card-text"><span class="price">${price}</span></div></div></article></li>`;

  it('data-product-category gives the card its category (the first of the list, whitespace gone); an id-like value does not', async () => {
    const rows: Array<[string, string, string]> = [
      ['Blue Dream Gummies', 'Edibles', '$25.00'],
      ['Sour Diesel Cart', 'Vape Pens', '$30.00'],
      ['Wedding Cake', 'Flower', '$40.00'],
      ['Jack Herer Tincture', '23', '$45.00'],
    ];
    const html = `<html><body><ul class="productGrid">${rows.map(([n, c, p]) => tagged(n, c, p)).join('')}</ul></body></html>`;
    const r = await extractFromHtml(html, 'http://shop.test/shop-all/');
    expect(r.products.map((p) => [p.rawName, p.category])).toEqual([
      ['Blue Dream Gummies', 'Edible'],
      ['Sour Diesel Cart', 'Vape'],
      ['Wedding Cake', 'Flower'],
      ['Jack Herer Tincture', 'Tincture'],
    ]);
  });
});

describe('a pager whose list items carry the pagination class (pager.ts)', () => {
  /** Cornerstone's paginator with its links taken over by faceted search: no href, each in an `li.pagination-item`. */
  const pager = (cur: number, pages: number) =>
    `<nav class="pagination" aria-label="pagination"><ul class="pagination-list">${Array.from({ length: pages }, (_, i) => i + 1)
      .map(
        (n) =>
          `<li class="pagination-item ${n === cur ? 'pagination-item--current' : ''}"><a class="pagination-link" role="button" tabindex="0" data-faceted-search-facet${n === cur ? ' aria-current="page"' : ''} aria-label="Page ${n} of ${pages}">${n}</a></li>`,
      )
      .join(
        '',
      )}<li class="pagination-item pagination-item--next"><a class="pagination-link" role="button" tabindex="0" data-faceted-search-facet aria-label="Next">Next</a></li></ul></nav>`;

  it('the numbers are one pager: the page after the current one is the step, and over HTTP it is a script pager', () => {
    const $ = cheerio.load(`<html><body>${pager(1, 5)}</body></html>`);
    const controls = describeControls($);
    const step = pickPagerControl(controls);
    expect(step).toMatchObject({ page: 2, current: 1, kind: 'number' });
    expect(controls[step!.index].aria).toBe('Page 2 of 5');
    expect(pageSignals(`<html><body><ul class="productGrid"><li>Blue Dream $25.00</li></ul>${pager(1, 5)}</body></html>`).scriptPager).toBe(true);
  });
});

describe('an opener in a "From $X" card whose brand line ends right before the price (pageSignals popovers)', () => {
  it('the card text is read as shown, block by block: "From $6.50" after the brand is a range', () => {
    const card = (name: string, lo: string) =>
      `<li class="grid__item"><div class="card-wrapper"><div class="card__information"><h3>${name}</h3><div class="caption">Ultra Health Brand</div><div class="price"><span class="price-item">From ${lo}</span></div></div><modal-opener><button type="button" aria-haspopup="dialog">Choose options</button></modal-opener></div></li>`;
    const html = `<html><body><ul id="product-grid">${['Larry OG', 'Lemonade', 'Margy Dog'].map((n, i) => card(n, `$${6 + i}.50`)).join('')}</ul></body></html>`;
    expect(pageSignals(html).popovers).toBe(true);
  });
});
