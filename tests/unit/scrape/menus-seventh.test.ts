import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { dealOnly } from '@/lib/scrape/extract/card-prices';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { extractAppState } from '@/lib/scrape/extract/app-state';
import { extractJsonLd } from '@/lib/scrape/extract/json-ld';
import { pickCategoryTabs, pickSections, type SectionHeader } from '@/lib/scrape/pager';
import { control } from '@/tests/helpers/pager-control';

// Seventh round (branch menus7): general rules found after the blind run — sold-out items are no
// products, a member / medical price is not the price paid, a unit price on a sale is the price,
// collapsed category sections are opened.

const read = (html: string) => extractHeuristic(cheerio.load(`<html><body>${html}</body></html>`), 'https://shop.example/menu').map((p) => [p.rawName, p.price, p.regularPrice]);

const strains = ['Blue Dream', 'Sour Diesel', 'Wedding Cake', 'Gelato 41'];

describe('sold-out items are not products', () => {
  it.each([
    [
      'a "Sold out" badge and disabled button',
      (n: string, out: boolean) =>
        `<div class="product-card"><h3 class="product-name">${n}</h3><div class="price">$30.00</div>${out ? '<span class="badge">Sold out</span><button disabled>Sold out</button>' : '<button>Add to cart</button>'}</div>`,
    ],
    [
      'an "Out of stock" line',
      (n: string, out: boolean) => `<li class="menu-item"><a href="/p/${n}">${n}</a><span class="price">$30.00</span>${out ? '<p class="stock">Out of stock</p>' : ''}</li>`,
    ],
    ['"(sold out)" after the name', (n: string, out: boolean) => `<article class="tile"><div><b>${n}</b>${out ? ' <em>(sold out)</em>' : ''}</div><p>$30.00</p></article>`],
    [
      'WooCommerce outofstock class',
      (n: string, out: boolean) =>
        `<li class="product type-product ${out ? 'outofstock' : 'instock'}"><h2 class="woocommerce-loop-product__title">${n}</h2><span class="price">$30.00</span></li>`,
    ],
    [
      'a BEM modifier (price--sold-out)',
      (n: string, out: boolean) =>
        `<li class="grid__item"><h3 class="card__heading"><a href="/products/x">${n}</a></h3><div class="price${out ? ' price--sold-out' : ''}"><span class="price-item">$30.00</span></div></li>`,
    ],
    [
      'aria-disabled / data-available="false" on the card',
      (n: string, out: boolean) =>
        `<div data-testid="product-card" class="c1"${out ? ' aria-disabled="true" data-available="false"' : ''}><span data-testid="product-name">${n}</span><span>$30.00</span></div>`,
    ],
  ])('%s', (_label, card) => {
    const got = read(`<div class="menu">${strains.map((n, i) => card(n, i === 1)).join('')}</div>`);
    expect(got.map(([n]) => n)).toEqual(['Blue Dream', 'Wedding Cake', 'Gelato 41']);
    expect(got.every(([, price]) => price === '$30.00')).toBe(true);
  });

  it('a sold-out badge slot every card holds (shown by CSS only on a sold-out card) does not drop the card', () => {
    const card = (n: string) =>
      `<li class="grid__item"><h3 class="card__heading"><a href="/products/x">${n}</a></h3><div class="price"><span class="price-item">$30.00</span><span class="badge price__badge-sold-out">Sold out</span></div></li>`;
    expect(read(`<ul>${strains.map(card).join('')}</ul>`)).toHaveLength(4);
  });

  it('JSON-LD: a Product whose offers are all OutOfStock is left out, one in stock kept', () => {
    const ld = (name: string, availability: string) => ({ '@type': 'Product', name, offers: { '@type': 'Offer', price: '30.00', priceCurrency: 'USD', availability } });
    const html = `<script type="application/ld+json">${JSON.stringify([
      ld('Blue Dream', 'https://schema.org/InStock'),
      ld('Sour Diesel', 'https://schema.org/OutOfStock'),
      ld('Wedding Cake', 'http://schema.org/SoldOut'),
    ])}</script>`;
    expect(extractJsonLd(cheerio.load(html), 'https://shop.example/menu').map((p) => p.rawName)).toEqual(['Blue Dream']);
  });
});

describe('a member / medical price is not the price paid', () => {
  it.each([
    [
      '"$30.00 · Med $27.00" in the price box',
      (n: string, sale: boolean) =>
        `<div class="product-card"><h3 class="product-name">${n}</h3><div class="price">${sale ? '<s>$40.00</s> <span>$30.00</span>' : '$30.00'} · <span class="med-price">Med $17.00</span></div></div>`,
    ],
    [
      '"Member $27.00" before the price',
      (n: string, sale: boolean) =>
        `<li class="menu-item"><a href="/p">${n}</a><div class="pricing"><span class="member-price">Member $17.00</span> ${sale ? '<span class="price price--regular">$40.00</span>' : ''}<span class="price">$30.00</span></div></li>`,
    ],
    [
      'a "Medical:" line before "Recreational:"',
      (n: string, sale: boolean) =>
        `<article class="tile"><div><b>${n}</b></div><p>Medical: $17.00</p><p>Recreational: ${sale ? '<span style="text-decoration: line-through">$40.00</span> Now ' : ''}$30.00</p></article>`,
    ],
    [
      'a "Loyalty price" caption',
      (n: string, sale: boolean) =>
        `<li class="grid__item"><h3 class="card__heading"><a href="/products/x">${n}</a></h3><span class="caption-large light">Loyalty price $17.00</span><div class="price">${sale ? '<s>$40.00</s> ' : ''}<span class="price-item">$30.00</span></div></li>`,
    ],
    [
      'an "MMJ" badge',
      (n: string, sale: boolean) =>
        `<div class="c9"><span class="n1">${n}</span><span class="b2">MMJ $17.00</span><div class="p3">${sale ? '<del>$40.00</del>' : ''}<span>$30.00</span></div></div>`,
    ],
  ])('%s', (_label, card) => {
    const got = read(`<div class="menu">${strains.map((n, i) => card(n, i % 2 === 1)).join('')}</div>`);
    expect(got).toEqual(strains.map((n, i) => [n, '$30.00', i % 2 === 1 ? '$40.00' : null]));
  });

  it('text whose only prices are member prices or deals is no price; a text with a price paid too is', () => {
    expect(dealOnly('Med $27.00')).toBe(true);
    expect(dealOnly('Medical: $27')).toBe(true);
    expect(dealOnly('Members: $18.00')).toBe(true);
    expect(dealOnly('2 for $40')).toBe(true);
    expect(dealOnly('$30.00 · Med $27.00')).toBe(false);
    expect(dealOnly('$30.00')).toBe(false);
    expect(dealOnly('Medium roast $12')).toBe(false);
  });
});

describe('a unit price that is the only price paid', () => {
  it('"$30.00 / 3.5g" or "$12.00/each" beside a struck regular price is the price; a per-gram figure beside a price is not', () => {
    const card = (n: string, i: number) =>
      [
        `<li class="menu-item"><a href="/p">${n}</a><span class="price price--regular">$40.00</span><span class="price">$30.00 / 3.5g</span></li>`,
        `<li class="menu-item"><a href="/p">${n}</a><span style="text-decoration: line-through">$15.00</span> Now $12.00/each</li>`,
        `<li class="menu-item"><a href="/p">${n}</a><span>$25.00/each</span></li>`,
        `<li class="menu-item"><a href="/p">${n}</a><s>$40.00</s> <span class="price">$30.00</span> <span>$8.57/g</span></li>`,
      ][i];
    expect(read(`<ul>${strains.map(card).join('')}</ul>`)).toEqual([
      ['Blue Dream', '$30.00', '$40.00'],
      ['Sour Diesel', '$12.00', '$15.00'],
      ['Wedding Cake', '$25.00', null],
      ['Gelato 41', '$30.00', '$40.00'],
    ]);
  });
});

describe('collapsed category sections', () => {
  const h = (text: string, shape = 'button||accordion-button collapsed', href: string | null = null): SectionHeader => ({ text, shape, href });

  it('the headers of the shape holding two or more category names are all opened, "Other" too', () => {
    expect(pickSections([h('Menu', 'button||nav-toggle'), h('Flower (14)'), h('Edibles'), h('Other'), h('Vape Pens'), h('Edibles')])).toEqual([1, 2, 3, 4]);
  });

  it('<summary> headers and "Shop Flower" toggles count; a lone category header, links and FAQ toggles do not', () => {
    expect(pickSections([h('Shop Flower', 'summary||'), h('Shop Edibles', 'summary||')])).toEqual([0, 1]);
    expect(pickSections([h('Flower'), h('Shipping and returns'), h('Ingredients')])).toEqual([]);
    expect(pickSections([h('Flower', 'a||', '/menu/flower'), h('Edibles', 'a||', '/menu/edibles')])).toEqual([]);
    expect(pickSections([h('What is THC?', 'summary||'), h('How do I order?', 'summary||')])).toEqual([]);
  });

  it('section toggles (aria-expanded) are not category tabs', () => {
    const c = (text: string, expanded: string | null) => control(text, 0, { expanded });
    expect(pickCategoryTabs([c('Flower', 'false'), c('Edibles', 'false'), c('Vapes', 'true')])).toEqual([]);
    expect(pickCategoryTabs([c('Flower', null), c('Edibles', null)])).toEqual([0, 1]);
  });
});

describe('sold-out records in app state', () => {
  const page = (state: unknown) => `<html><body><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(state)}</script></body></html>`;
  const names = (state: unknown) => extractAppState(cheerio.load(page(state)), 'https://shop.example/menu').map((p) => p.rawName);

  it('explicit sold-out flags leave a record out; records without them, or flagged in stock, stay', () => {
    const products = [
      { id: 1, name: 'Blue Dream', price: 30, is_in_stock: true },
      { id: 2, name: 'Sour Diesel', price: 30, is_in_stock: false },
      { id: 3, name: 'Wedding Cake', price: 30, available: false },
      { id: 4, name: 'Gelato 41', price: 30, soldOut: true },
      { id: 5, name: 'Zkittlez', price: 30, stockStatus: 'outofstock' },
      { id: 6, name: 'Runtz', price: 30 },
    ];
    expect(names({ props: { pageProps: { products } } }).sort()).toEqual(['Blue Dream', 'Runtz']);
  });

  it('a size sold out on its own is left out, the other sizes kept', () => {
    const products = [
      {
        id: 1,
        name: 'Blue Dream',
        price: 12,
        variants: [
          { size: '1g', price: 12, available: true },
          { size: '3.5g', price: 30, available: false },
          { size: '7g', price: 55, available: true },
        ],
      },
    ];
    expect(names({ props: { pageProps: { products } } }).sort()).toEqual(['Blue Dream 1g', 'Blue Dream 7g']);
  });
});
