import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractFromHtml } from '@/lib/scrape/extract';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { relayoutTables } from '@/lib/scrape/extract/layout-tables';
import { englishStorefrontText } from '@/lib/scrape/extract/storefront-words';
import { LOAD_MORE_CONTROL, NEXT_CONTROL, paginationLinks } from '@/lib/scrape/pagination';
import { SHOW_MENU } from '@/lib/scrape/browser-gates';
import { describeControls, pickCategoryTabs, pickPagerControl } from '@/lib/scrape/pager';

// General rules from the nineteenth menu round (docs/menus.md): each test fails without its rule.

const URL_ = 'https://shop.example/menu';
const page = (body: string) => `<!doctype html><html><head><title>Menu</title></head><body><main>${body}</main></body></html>`;
const read = async (body: string) => (await extractFromHtml(page(body), URL_)).products;
const byName = (ps: Array<{ rawName: string; priceValue: number | null; regularPrice?: string | null }>) =>
  Object.fromEntries(ps.map((p) => [p.rawName, [p.priceValue, p.regularPrice ?? null]]));
const NAMES = ['Blue Dream 3.5g', 'Gelato Smalls 3.5g', 'Sour Tangie Cart', 'Mint Gummies 100mg'];

describe('storefront words in Spanish', () => {
  it('"Antes $x · Ahora $y" is the regular and the sale price', async () => {
    const tiles = NAMES.map(
      (n, i) => `<article class="tile"><div><b>${n}</b></div><div>de Acme</div><p>${i % 2 ? `Antes $${40 + i}.00 · Ahora $${30 + i}.00` : `$${20 + i}.00`}</p></article>`,
    );
    expect(byName(await read(`<section class="tiles">${tiles.join('')}</section>`))).toEqual({
      'Blue Dream 3.5g': [20, null],
      'Gelato Smalls 3.5g': [31, '$41.00'],
      'Sour Tangie Cart': [22, null],
      'Mint Gummies 100mg': [33, '$43.00'],
    });
  });

  it('WooCommerce es_ES screen-reader prices and Dawn es labels are no products', async () => {
    const amt = (v: number) => `<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>${v.toFixed(2)}</bdi></span>`;
    const woo = NAMES.map(
      (n, i) =>
        `<li class="product type-product"><a href="/producto/${i}/" class="woocommerce-LoopProduct-link"><span class="onsale">¡Oferta!</span><h2 class="woocommerce-loop-product__title">${n}</h2><span class="price"><del aria-hidden="true">${amt(40 + i)}</del> <span class="screen-reader-text">El precio original era: &#36;${40 + i}.00.</span><ins aria-hidden="true">${amt(30 + i)}</ins><span class="screen-reader-text">El precio actual es: &#36;${30 + i}.00.</span></span></a><a href="?add-to-cart=${i}" class="button">Añadir al carrito</a></li>`,
    );
    const w = byName(await read(`<ul class="products">${woo.join('')}</ul>`));
    expect(Object.keys(w)).toEqual(NAMES);
    expect(w['Sour Tangie Cart']).toEqual([32, '$42.00']);
    const dawn = NAMES.map(
      (n, i) =>
        `<li class="grid__item"><div class="card__information"><h3 class="card__heading"><a href="/products/${i}">${n}</a></h3><div class="card-information"><span class="visually-hidden">Proveedor:</span><div class="caption-with-letter-spacing">Acme</div><div class="price"><div class="price__regular"><span class="visually-hidden">Precio habitual</span><span class="price-item price-item--regular">$${30 + i}.00</span></div></div></div></div></li>`,
    );
    expect(byName(await read(`<ul id="product-grid" class="grid">${dawn.join('')}</ul>`))).toEqual(Object.fromEntries(NAMES.map((n, i) => [n, [30 + i, null]])));
  });

  it('rewrites whole marks and labelled phrases only, never a name', () => {
    expect(englishStorefrontText(' Agotado ')).toBe(' Sold out ');
    expect(englishStorefrontText('Precio de oferta')).toBe('Sale price');
    expect(englishStorefrontText('Mango Agotado Gummies')).toBe('Mango Agotado Gummies');
    expect(englishStorefrontText('Antes del amanecer')).toBe('Antes del amanecer');
  });

  it('"Siguiente ›" to ?pagina=2 is the next page; "Cargar más productos" loads more', () => {
    const html = page(`<nav class="paginacion"><span>1</span> <a href="/menu?pagina=2">2</a> <a href="/menu?pagina=2" class="siguiente">Siguiente ›</a></nav>`);
    expect(paginationLinks(cheerio.load(html), URL_).next).toEqual(['https://shop.example/menu?pagina=2']);
    expect(NEXT_CONTROL.test('Página siguiente')).toBe(true);
    expect(LOAD_MORE_CONTROL.test('Cargar más productos')).toBe(true);
    expect(LOAD_MORE_CONTROL.test('Ver más')).toBe(true);
  });
});

describe('a script pager in Spanish', () => {
  it('"Página N" buttons and a "Página siguiente" arrow lead to the next page', () => {
    const btn = (n: number, cur = false) => `<li><button type="button" aria-label="Página ${n}"${cur ? ' aria-current="page"' : ''}>${n}</button></li>`;
    const svg = '<svg aria-hidden="true"><path d="M1 1"></path></svg>';
    const numbers = cheerio.load(page(`<nav class="paginacion"><ul>${btn(1, true)}${btn(2)}${btn(3)}</ul></nav>`));
    const step = pickPagerControl(describeControls(numbers));
    expect(step && { page: step.page, current: step.current }).toEqual({ page: 2, current: 1 });
    const arrow = cheerio.load(
      page(`<div class="carousel"><button type="button" aria-label="Página anterior">${svg}</button><button type="button" aria-label="Página siguiente">${svg}</button></div>`),
    );
    expect(pickPagerControl(describeControls(arrow))?.kind).toBe('next');
  });
});

describe('category tabs', () => {
  it('are not the category captions and prices of product cards', () => {
    const cards = ['Flower', 'Edibles', 'Flower', 'Vapes', 'Edibles', 'Flower', 'Edibles']
      .map((c, i) => `<li class="grid__item"><h3><a href="/products/${i}">Strain ${i}</a></h3><span class="caption">${c}</span><span class="price-item">$${20 + i}.00</span></li>`)
      .join('');
    expect(pickCategoryTabs(describeControls(cheerio.load(page(`<ul id="product-grid">${cards}</ul>`))))).toEqual([]);
    const tabs = cheerio.load(page(`<ul class="tabs">${['Flower', 'Edibles', 'Vapes'].map((c) => `<li><button type="button">${c}</button></li>`).join('')}</ul>`));
    expect(pickCategoryTabs(describeControls(tabs))).toHaveLength(3);
  });
});

describe('a menu opened from a landing page', () => {
  it('"Order online" / "Shop now" / "Ver menú" open it; other links do not', () => {
    const re = new RegExp(SHOW_MENU, 'i');
    for (const t of ['View menu', 'Shop the menu', 'Order online', 'Shop now', 'Start your order', 'Ver menú']) expect(re.test(t), t).toBe(true);
    for (const t of ['Shop', 'Order history', 'Shop now and save 20% on edibles', 'Menu']) expect(re.test(t), t).toBe(false);
  });

  it('an <aside> drawer holding the menu is read; a sidebar of price bands is not', () => {
    const cards = Array.from(
      { length: 9 },
      (_, i) =>
        `<li class="menu-item"><a class="item-title" href="/p/${i}">Strain ${String.fromCharCode(65 + i)} 3.5g</a><div class="pricing"><span class="price">$${20 + i}.00</span></div></li>`,
    );
    const html = page(
      `<aside class="filters"><h4>Price</h4><ul><li>Under $25</li><li>$25 - $50</li><li>$50 and up</li></ul></aside><aside class="offcanvas open"><div class="offcanvas-body"><ul class="menu-list">${cards.join('')}</ul></div></aside>`,
    );
    const ps = extractHeuristic(cheerio.load(html), URL_);
    expect(ps).toHaveLength(9);
    expect(ps[0].priceValue).toBe(20);
  });
});

describe('menus in old layout tables', () => {
  const rowsOf = (html: string) => {
    const $ = cheerio.load(page(html));
    relayoutTables($);
    return $('tr')
      .toArray()
      .map((tr) =>
        $(tr)
          .children()
          .toArray()
          .map((c) => $(c).text().trim()),
      );
  };

  it('a transposed table (a product per column) becomes a row per product', async () => {
    const t = `<table class="menu-block"><tr><th></th><th>Blue Dream 3.5g</th><th>Sour Tangie Cart</th><th>Mint Gummies 100mg</th></tr><tr><th>Brand</th><td>Acme</td><td>Zeta</td><td>Orbit</td></tr><tr><th>Price</th><td><s>$40.00</s> $30.00</td><td>$25.00</td><td>$12.00</td></tr></table>`;
    expect(rowsOf(t)).toEqual([
      ['Blue Dream 3.5g', 'Acme', '$40.00 $30.00'],
      ['Sour Tangie Cart', 'Zeta', '$25.00'],
      ['Mint Gummies 100mg', 'Orbit', '$12.00'],
    ]);
    expect(byName(await read(t))).toEqual({ 'Blue Dream 3.5g': [30, '$40.00'], 'Sour Tangie Cart': [25, null], 'Mint Gummies 100mg': [12, null] });
  });

  it('a row of <br>-split name and price cells becomes a row per line', async () => {
    const t = `<table><tr><td>Blue Dream 3.5g <i>(Acme)</i><br>Sour Tangie Cart <i>(Zeta)</i><br>Mint Gummies 100mg <i>(Orbit)</i></td><td><strike>$40.00</strike> $30.00<br>$25.00<br>$12.00</td></tr></table>`;
    expect(rowsOf(t)).toHaveLength(3);
    expect(byName(await read(t))).toEqual({ 'Blue Dream 3.5g': [30, '$40.00'], 'Sour Tangie Cart': [25, null], 'Mint Gummies 100mg': [12, null] });
  });

  it('a tier grid (every row priced) and a plain menu table stay as they are', () => {
    const grid = `<table><tr><th>Strain</th><th>1g</th><th>3.5g</th></tr><tr><td>Blue Dream</td><td>$10</td><td>$30</td></tr><tr><td>Gelato</td><td>$12</td><td>$35</td></tr></table>`;
    expect(rowsOf(grid)).toEqual([
      ['Strain', '1g', '3.5g'],
      ['Blue Dream', '$10', '$30'],
      ['Gelato', '$12', '$35'],
    ]);
    const one = `<table><tr><th>Product</th><th>Price</th><th>With tax</th></tr><tr><td>Blue Dream</td><td>$30.00</td><td>$36.34</td></tr></table>`;
    expect(rowsOf(one)).toEqual([
      ['Product', 'Price', 'With tax'],
      ['Blue Dream', '$30.00', '$36.34'],
    ]);
  });
});
