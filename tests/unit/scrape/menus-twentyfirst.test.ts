import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractFromHtml } from '@/lib/scrape/extract';
import { canonicalMoney } from '@/lib/scrape/extract/locale-money';
import { englishStorefrontText } from '@/lib/scrape/extract/storefront-words';
import { extractAppState } from '@/lib/scrape/extract/app-state';
import { LOAD_MORE_CONTROL, NEXT_CONTROL } from '@/lib/scrape/pagination';
import { describeControls, pickPagerControl } from '@/lib/scrape/pager';
import { MORE } from '@/lib/scrape/browser-gates';

// General rules from the twenty-first menu round (docs/menus.md): each test fails without its rule.

const URL_ = 'https://shop.example/menu';
const page = (body: string, head = '') => `<!doctype html><html><head><title>Menu</title>${head}</head><body><main>${body}</main></body></html>`;
const read = async (body: string, head = '') => (await extractFromHtml(page(body, head), URL_)).products;
const byName = (ps: Array<{ rawName: string; priceValue: number | null; regularPrice?: string | null }>) =>
  Object.fromEntries(ps.map((p) => [p.rawName, [p.priceValue, p.regularPrice ?? null]]));
const NAMES = ['Blue Dream 3.5g', 'Gelato Smalls 3.5g', 'Sour Tangie Cart', 'Mint Gummies 100mg'];
const BRANDS = ['Acme', 'Kiva', 'Wyld', 'Ghost'];

describe('amounts with ISO currency codes (locale-money.ts)', () => {
  it('reads `USD 25.00`, `25.00 USD` and `CAD 25.00` as amounts', () => {
    expect(canonicalMoney('USD 25.00')).toBe('$25.00');
    expect(canonicalMoney('30.00 USD')).toBe('$30.00');
    expect(canonicalMoney('Now CAD 12.50')).toBe('Now $12.50');
    // A dollar amount with its code after stays one amount.
    expect(canonicalMoney('$25.00 USD')).toBe('$25.00 USD');
  });
  it('a card list with `30.00 USD` struck and `25.00 USD` current reads both', async () => {
    const cards = NAMES.map(
      (n, i) =>
        `<li class="item"><a class="title" href="/p/${i}">${n}</a><p class="brand">${BRANDS[i]}</p><span class="price price--regular">${30 + i}.00 USD</span><span class="price price--sale">${25 + i}.00 USD</span></li>`,
    ).join('');
    const got = byName(await read(`<style>.price--regular{text-decoration:line-through}</style><ul class="menu">${cards}</ul>`));
    expect(got['Blue Dream 3.5g']).toEqual([25, '$30.00']);
  });
});

describe('a price column naming its currency (currency-columns.ts)', () => {
  it('reads bare amounts under "Price (USD)", struck and current in one cell', async () => {
    const rows = NAMES.map(
      (n, i) => `<tr><td class="c-name">${n}</td><td>${BRANDS[i]}</td><td>${i % 2 ? `<del>${30 + i}.00</del> <ins>${20 + i}.00</ins>` : `${20 + i}.00`}</td></tr>`,
    ).join('');
    const got = byName(await read(`<table class="menu"><thead><tr><th>Product</th><th>Brand</th><th>Price (USD)</th></tr></thead><tbody>${rows}</tbody></table>`));
    expect(got['Blue Dream 3.5g']).toEqual([20, null]);
    expect(got['Gelato Smalls 3.5g']).toEqual([21, '$31.00']);
  });
});

describe('the price only on the add-to-cart control (control-prices.ts, card-find.ts, card-names.ts, heuristic.ts)', () => {
  it('reads a submit input whose value is "Buy – $25.00", the struck "was" cell the regular price', async () => {
    const rows = NAMES.map(
      (n, i) =>
        `<tr class="row"><td class="c-name">${n}</td><td>${BRANDS[i]}</td><td class="was">${i % 2 ? `<del>$${30 + i}.00</del>` : ''}</td><td><form method="post" action="/cart/add"><input type="hidden" name="id" value="${i}"><input type="submit" value="Buy – $${20 + i}.00"></form></td></tr>`,
    ).join('');
    const got = byName(await read(`<table class="menu"><tbody>${rows}</tbody></table>`));
    expect(got['Gelato Smalls 3.5g']).toEqual([21, '$31.00']);
    expect(Object.keys(got)).toHaveLength(4);
  });
  it('a "Buy now for $x" link is no name; a button\'s aria-label gives the regular price', async () => {
    const tiles = NAMES.map(
      (n, i) => `<article class="tile"><div><b>${n}</b></div><div>by ${BRANDS[i]}</div><p><a class="buy" href="/cart/add?id=${i}">Buy now for $${20 + i}.00</a></p></article>`,
    ).join('');
    expect(Object.keys(byName(await read(`<section class="tiles">${tiles}</section>`))).sort()).toEqual([...NAMES].sort());
    const items = NAMES.map(
      (n, i) =>
        `<li class="menu-item"><a class="item-title" href="/p/${i}">${n}</a><p class="meta">${BRANDS[i]}</p><button type="button" class="btn-add" aria-label="Add ${n} to cart for $${20 + i}.00, regularly $${30 + i}.00"><span aria-hidden="true">+ $${20 + i}.00</span></button></li>`,
    ).join('');
    expect(byName(await read(`<ul class="menu-list">${items}</ul>`))['Blue Dream 3.5g']).toEqual([20, '$30.00']);
  });
  it("reads WooCommerce's add-to-cart link and Dawn's quick-add button when no other price shows", async () => {
    const woo = NAMES.map(
      (n, i) =>
        `<li class="product type-product instock"><a href="/product/${i}/" class="woocommerce-LoopProduct-link"><h2 class="woocommerce-loop-product__title">${n}</h2></a><a href="?add-to-cart=${i}" class="button product_type_simple add_to_cart_button ajax_add_to_cart">Add to cart – ${i % 2 ? `<del>$${30 + i}.00</del> <ins>$${20 + i}.00</ins>` : `$${20 + i}.00`}</a></li>`,
    ).join('');
    const got = byName(await read(`<ul class="products columns-4">${woo}</ul>`));
    expect(got['Gelato Smalls 3.5g']).toEqual([21, '$31.00']);
    const dawn = NAMES.map(
      (n, i) =>
        `<li class="grid__item"><div class="card__content"><h3 class="card__heading"><a href="/products/${i}">${n}</a></h3><div class="quick-add"><product-form><form method="post" action="/cart/add" class="form"><button type="submit" name="add" class="quick-add__submit button"><span>Add to cart</span><span class="quick-add__price"> · $${20 + i}.00</span></button></form></product-form></div></div></li>`,
    ).join('');
    expect(Object.keys(byName(await read(`<ul id="product-grid" class="grid">${dawn}</ul>`))).sort()).toEqual([...NAMES].sort());
  });
});

describe("other stores' menus beside the one shown (hidden-repeats.ts, state-alternatives.ts)", () => {
  const list = (up: number) =>
    `<ul class="menu-list">${NAMES.map((n, i) => `<li class="menu-item"><a class="item-title" href="/p/${i}">${n}</a><p class="meta">${BRANDS[i]}</p><span class="price">$${20 + i + up}.00</span></li>`).join('')}</ul>`;
  it.each([
    ['closed <details>', (k: number, body: string) => `<details${k ? '' : ' open'}><summary>Store ${k}</summary>${body}</details>`, ''],
    ['Bootstrap tab panes', (k: number, body: string) => `<div class="tab-pane fade${k ? '' : ' show active'}">${body}</div>`, ''],
    ['display:none', (k: number, body: string) => `<section style="display:${k ? 'none' : 'block'}">${body}</section>`, ''],
    [
      'a class the CSS hides',
      (k: number, body: string) => `<div class="location-panel${k ? ' is-hidden' : ''}">${body}</div>`,
      '<style>.is-hidden{display:none!important}</style>',
    ],
  ])('reads only the shown menu when hidden %s repeat its products', async (_, wrap, head) => {
    const ps = await read([0, 1, 2].map((k) => wrap(k, list(k * 3))).join(''), head);
    expect(ps).toHaveLength(4);
    expect(byName(ps)['Blue Dream 3.5g']).toEqual([20, null]);
  });
  it('keeps hidden sections of other products (collapsed categories)', async () => {
    const other = `<ul class="menu-list">${['Lemon Haze 1g', 'OG Kush Cart', 'Sleep Tincture', 'Peach Rings 100mg'].map((n, i) => `<li class="menu-item"><a class="item-title" href="/q/${i}">${n}</a><p class="meta">${BRANDS[i]}</p><span class="price">$${10 + i}.00</span></li>`).join('')}</ul>`;
    expect(await read(`<details open><summary>Flower</summary>${list(0)}</details><details><summary>Edibles</summary>${other}</details>`)).toHaveLength(8);
  });
  it("reads the selected store's menu of app state holding every store's", () => {
    const menu = (up: number) => NAMES.map((n, i) => ({ id: String(i), name: n, brand: BRANDS[i], price: 20 + i + up }));
    const state = {
      props: {
        pageProps: {
          selectedStoreId: 'west',
          stores: [
            { id: 'down', menu: menu(0) },
            { id: 'west', menu: menu(5) },
            { id: 'north', menu: menu(9) },
          ],
        },
      },
    };
    const $ = cheerio.load(`<html><body><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(state)}</script></body></html>`);
    const ps = extractAppState($, URL_);
    expect(ps).toHaveLength(4);
    expect(byName(ps)['Blue Dream 3.5g']).toEqual([25, null]);
  });
});

describe('a menu in German (storefront-words.ts, pagination.ts, sold-out.ts)', () => {
  it('reads the German price labels and marks as the English ones', () => {
    expect(englishStorefrontText('UVP $30.00')).toBe('Was $30.00');
    expect(englishStorefrontText('(statt $30.00)')).toBe('(Was $30.00)');
    expect(englishStorefrontText('Normaler Preis')).toBe('Regular price');
    expect(englishStorefrontText('Sonderpreis')).toBe('Sale price');
    expect(englishStorefrontText('Ursprünglicher Preis war: $30.00.')).toBe('Original price was: $30.00.');
    expect(englishStorefrontText('Grundpreis: $7.14 / 1 g')).toBe('Unit price: $7.14 / 1 g');
    expect(englishStorefrontText('Ausverkauft')).toBe('Sold out');
    expect(englishStorefrontText(' pro ')).toBe(' per ');
    // A name holding such a word keeps it.
    expect(englishStorefrontText('Statt Kush 3.5g')).toBe('Statt Kush 3.5g');
  });
  it('knows "Weiter »", "Nächste Seite" and "Mehr laden"', () => {
    expect(NEXT_CONTROL.test('Weiter »')).toBe(true);
    expect(NEXT_CONTROL.test('Nächste Seite')).toBe(true);
    expect(LOAD_MORE_CONTROL.test('Mehr laden')).toBe(true);
    // In the browser: the button pressed to grow the list, and a script pager's arrow.
    expect(new RegExp(MORE, 'i').test('Mehr laden')).toBe(true);
    const svg = '<svg aria-hidden="true" viewBox="0 0 10 6"><path d="M9 1L5 5 1 1"></path></svg>';
    const arrow = cheerio.load(
      page(`<div class="pager"><button type="button" aria-label="Vorherige Seite">${svg}</button><button type="button" aria-label="Nächste Seite">${svg}</button></div>`),
    );
    expect(pickPagerControl(describeControls(arrow))?.kind).toBe('next');
  });
  it('a "UVP" amount before the sale amount is the regular price, not a product', async () => {
    const cards = NAMES.map(
      (n, i) =>
        `<div class="product-card"><h3 class="product-name">${n}</h3><div class="brand">${BRANDS[i]}</div><div class="price"><span class="price-uvp">UVP ${30 + i},00&nbsp;€</span> <span class="price-now">${20 + i},00&nbsp;€</span></div><div class="base-price">Grundpreis: ${(20 + i) / 5},00&nbsp;€ / 1 g</div></div>`,
    ).join('');
    const ps = await read(`<div class="product-grid">${cards}</div>`);
    expect(byName(ps)).toEqual({
      'Blue Dream 3.5g': [20, '$30.00'],
      'Gelato Smalls 3.5g': [21, '$31.00'],
      'Sour Tangie Cart': [22, '$32.00'],
      'Mint Gummies 100mg': [23, '$33.00'],
    });
  });
  it('a WooCommerce card of a sold-out item (`outofstock`) with a unit-price line beside its link is no product', async () => {
    const items = NAMES.map(
      (n, i) =>
        `<li class="product type-product ${i === 1 ? 'outofstock' : 'instock'}"><a href="/p/${i}/" class="woocommerce-LoopProduct-link">${i === 1 ? '<span class="out-of-stock-badge">Ausverkauft</span>' : ''}<h2 class="woocommerce-loop-product__title">${n}</h2><span class="price"><del aria-hidden="true">${30 + i},00&nbsp;€</del> <span class="screen-reader-text">Ursprünglicher Preis war: ${30 + i},00&nbsp;€.</span><ins aria-hidden="true">${20 + i},00&nbsp;€</ins></span></a><p class="wc-gzd-additional-info price price-unit">${5 + i},00&nbsp;€ / <span class="unit">1 g</span></p><p class="wc-gzd-additional-info tax-info">inkl. 19 % MwSt.</p><div class="pwb-brands-in-loop"><a href="/marke/${i}/">${BRANDS[i]}</a></div><a href="/p/${i}/" class="button product_type_simple">${i === 1 ? 'Weiterlesen' : 'In den Warenkorb'}</a></li>`,
    ).join('');
    const names = Object.keys(byName(await read(`<ul class="products">${items}</ul>`)));
    expect(names).not.toContain('Gelato Smalls 3.5g');
    expect(names).toHaveLength(3);
  });
});
