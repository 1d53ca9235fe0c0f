import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractFromHtml } from '@/lib/scrape/extract';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { noscriptSources } from '@/lib/scrape/extract/inert-markup';
import { frameUrls } from '@/lib/scrape/pagination';

// General rules from the eighteenth menu round (docs/scraping.md): each test fails without its rule.

const URL_ = 'https://shop.example/menu';
const page = (body: string) => `<!doctype html><html><head><title>Menu</title></head><body><main>${body}</main></body></html>`;
const read = (body: string) => extractHeuristic(cheerio.load(page(body)), URL_);
const card = (name: string, price: string, extra = '') =>
  `<li class="menu-item"><a class="item-title" href="/p/${encodeURIComponent(name)}">${name}</a><p class="meta">Everest · Flower</p><div class="pricing">${price}</div>${extra}</li>`;
const list = (cards: string[]) => `<ul class="menu-list">${cards.join('')}</ul>`;
const THREE = [
  card('Blue Dream 3.5g', '<span class="price">$35.00</span>'),
  card('Gelato Smalls 3.5g', '<span class="price">$40.00</span>'),
  card('Sour Tangie Cart', '<span class="price">$28.50</span>'),
];
const byName = (ps: Array<{ rawName: string; priceValue: number | null; regularPrice?: string | null }>) =>
  Object.fromEntries(ps.map((p) => [p.rawName, [p.priceValue, p.regularPrice ?? null]]));

describe('a menu only in the <noscript> fallback', () => {
  it('is read when the page as scripts render it has no product', async () => {
    const r = await extractFromHtml(page(`<div id="root"><p>Loading menu…</p></div><noscript>${list(THREE)}</noscript>`), URL_);
    expect(byName(r.products)).toEqual({ 'Blue Dream 3.5g': [35, null], 'Gelato Smalls 3.5g': [40, null], 'Sour Tangie Cart': [28.5, null] });
  });

  it('is left alone when it holds no priced markup (a tracking pixel, an "enable JavaScript" note)', async () => {
    const r = await extractFromHtml(page(`<noscript><img src="https://px.example/t.gif"><p>Please enable JavaScript.</p></noscript>`), URL_);
    expect(r.products).toHaveLength(0);
  });

  it('points to the menu page it frames or links on the same origin, not to another origin', () => {
    const html = page(
      `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X"></iframe></noscript><noscript><iframe src="/menu/basic"></iframe></noscript><noscript><a href="/menu/plain">View the basic menu</a> <a href="/about">About us</a></noscript>`,
    );
    expect(noscriptSources(cheerio.load(html), URL_)).toEqual(['https://shop.example/menu/basic', 'https://shop.example/menu/plain']);
    expect(frameUrls(html, URL_)).toEqual(expect.arrayContaining(['https://shop.example/menu/basic', 'https://shop.example/menu/plain']));
  });
});

describe('cards kept in inert <template>s', () => {
  it('are read in place (cards, table rows, a card whose price is in its quick-view template)', async () => {
    const a = await extractFromHtml(page(`<ul class="menu-list"></ul><template data-cat="1">${THREE.join('')}</template>`), URL_);
    expect(a.products.map((p) => p.rawName).sort()).toEqual(['Blue Dream 3.5g', 'Gelato Smalls 3.5g', 'Sour Tangie Cart']);
    const row = (n: string, p: string) => `<tr><td class="c-name">${n}</td><td>Everest</td><td>Flower</td><td>${p}</td></tr>`;
    const b = await extractFromHtml(
      page(
        `<table class="menu"><thead><tr><th>Product</th><th>Brand</th><th>Type</th><th>Price</th></tr></thead><tbody></tbody></table><template data-page="1">${row('Blue Dream 3.5g', '$35.00')}${row('Gelato Smalls 3.5g', '$40.00')}${row('Sour Tangie Cart', '$28.50')}</template>`,
      ),
      URL_,
    );
    expect(b.products).toHaveLength(3);
    const qv = (n: string, p: string) =>
      `<li class="product"><h2 class="title">${n}</h2><button type="button">Quick view</button><template class="quick-view"><span class="brand">Everest</span> <span class="price"><span class="amount"><span class="sym">$</span>${p}</span></span></template></li>`;
    const c = await extractFromHtml(
      page(`<ul class="products">${qv('Blue Dream 3.5g', '35.00')}${qv('Gelato Smalls 3.5g', '40.00')}${qv('Sour Tangie Cart', '28.50')}</ul>`),
      URL_,
    );
    expect(byName(c.products)).toEqual({ 'Blue Dream 3.5g': [35, null], 'Gelato Smalls 3.5g': [40, null], 'Sour Tangie Cart': [28.5, null] });
  });

  it('a placeholder card template ({{name}}, $0.00) is no product', async () => {
    const r = await extractFromHtml(page(`${list(THREE)}<template id="tpl">${card('{{ product.title }}', '<span class="price">$0.00</span>')}</template>`), URL_);
    expect(r.products).toHaveLength(3);
  });
});

describe('amounts a card names as not paid', () => {
  it.each([
    ['the price with tax', (v: number) => `<p class="otd">$${(v * 1.2).toFixed(2)} out the door (incl. tax)</p>`],
    ['rewards', (v: number) => `<p class="rewards">Earn $${(v * 0.05).toFixed(2)} in rewards</p>`],
    ['pay-later instalments', (v: number) => `<p class="bnpl">or 4 interest-free payments of <strong>$${(v / 4).toFixed(2)}</strong> with Afterpay</p>`],
    ['savings', (v: number) => `<div class="badge">You save $${(v / 5).toFixed(2)} (20%)</div>`],
    ['a spending threshold in the same badge class as the savings', (v: number) => `<div class="badge">Spend $${(v * 3).toFixed(0)}, get a free pre-roll</div>`],
  ])('%s: neither a product nor its price', (_, noise) => {
    const got = read(
      list([
        card('Blue Dream 3.5g', '<span class="price">$35.00</span>', noise(35)),
        card('Gelato Smalls 3.5g', '<span class="price">$40.00</span>', noise(40)),
        card('Sour Tangie Cart', '<span class="price">$28.50</span>', noise(28.5)),
        card('Wedding Cake 1g', '<s>$15.00</s> <span class="price">$12.00</span>', noise(12)),
      ]),
    );
    expect(byName(got)).toEqual({
      'Blue Dream 3.5g': [35, null],
      'Gelato Smalls 3.5g': [40, null],
      'Sour Tangie Cart': [28.5, null],
      'Wedding Cake 1g': [12, '$15.00'],
    });
  });

  it('a price followed by a "Back to menu" link stays the price (cash back is "$2 back", not "Back to")', () => {
    const got = read(
      list([
        card('Blue Dream 3.5g', '<span class="price">$35.00</span> <a href="/menu">Back to menu</a>'),
        card('Gelato Smalls 3.5g', '<span class="price">$40.00</span> <a href="/">Back home</a>'),
        card('Sour Tangie Cart', '<span class="price">$28.50</span>', '<p>Get $1.50 cash back</p>'),
      ]),
    );
    expect(byName(got)).toEqual({ 'Blue Dream 3.5g': [35, null], 'Gelato Smalls 3.5g': [40, null], 'Sour Tangie Cart': [28.5, null] });
  });

  it('a tax-inclusive price ("$45.00 incl. tax") stays the price', () => {
    const got = read(
      list([
        card('Blue Dream 3.5g', '<span class="price">$45.00 incl. tax</span>'),
        card('Gelato Smalls 3.5g', '<span class="price">$40.00 incl. tax</span>'),
        card('Sour Tangie Cart', '<span class="price">$28.50 incl. tax</span>'),
      ]),
    );
    expect(got.map((p) => p.priceValue).sort()).toEqual([28.5, 40, 45]);
  });
});

describe('a regular price named only by its title or aria-label', () => {
  it('is the regular price, the other amount the price paid', () => {
    const price = (was: string, now: string) => `<span class="price-item" title="Regular price">${was}</span> <span class="price-item" title="Sale price">${now}</span>`;
    const got = read(
      list([
        card('Blue Dream 3.5g', price('$50.00', '$40.00')),
        card('Gelato Smalls 3.5g', price('$45.00', '$36.00')),
        card('Sour Tangie Cart', '<span class="price-item" title="Regular price">$28.50</span>'),
      ]),
    );
    expect(byName(got)).toEqual({ 'Blue Dream 3.5g': [40, '$50.00'], 'Gelato Smalls 3.5g': [36, '$45.00'], 'Sour Tangie Cart': [28.5, null] });
  });
});

describe('a title link with an amount and one word ("$60 Bong", Shopify Dawn cards)', () => {
  const dawn = (name: string, vendor: string, price: string) =>
    `<li class="grid__item"><div class="card-wrapper"><div class="card__content"><div class="card__information"><h3 class="card__heading h5"><a href="/products/${encodeURIComponent(name)}" class="full-unstyled-link">${name}</a></h3><div class="card-information"><div class="caption-with-letter-spacing light">${vendor}</div><div class="price">${price}</div></div></div></div></div></li>`;
  it('names its card: the vendor line and price below it are no product of their own', () => {
    const got = read(
      `<ul id="product-grid" class="grid">${[
        dawn('$60 Bong', 'Glassworks', '<span class="price-item" title="Regular price">$60.00</span>'),
        dawn('3.5G MACHALATO $20', 'House', '<span class="price-item" title="Regular price">$20.00</span> <span class="price-item" title="Sale price">$15.00</span>'),
        dawn('Blue Dream 3.5g', 'Everest', '<span class="price-item" title="Regular price">$35.00</span>'),
        dawn('Gelato Smalls 3.5g', 'Everest', '<span class="price-item" title="Regular price">$40.00</span>'),
      ].join('')}</ul>`,
    );
    expect(byName(got)).toEqual({
      '$60 Bong': [60, null],
      '3.5G MACHALATO $20': [15, '$20.00'],
      'Blue Dream 3.5g': [35, null],
      'Gelato Smalls 3.5g': [40, null],
    });
  });
});
