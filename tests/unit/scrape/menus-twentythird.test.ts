import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { DEAL_HEADLINE } from '@/lib/scrape/extract/deal-tiles';
import { shelfPrice } from '@/lib/scrape/extract/shelf-prices';
import { paginationLinks } from '@/lib/scrape/pagination';

// Rules made after the twenty-third round's blind run (tests/fixtures/menus-sites/twentythird.ts).

const names = ['Blue Dream', 'Sour Diesel', 'Gelato Cake', 'Wedding Pie', 'Zkittlez', 'Jack Herer', 'Durban Poison'];
const card = (n: string, price: string) =>
  `<div class="product-card"><span class="category">Flower</span><h3 class="product-name">${n}</h3><div class="brand">Acme</div><div class="price">${price}</div></div>`;
const read = (html: string) => extractHeuristic(cheerio.load(`<html><body>${html}</body></html>`), 'https://shop.example/menu');

describe('deal tiles among product cards', () => {
  it.each([
    ['Any 2 Edibles for $36', true],
    ['BOGO 50% off WYLD', true],
    ['Mix & Match: 3 for $45', true],
    ['Bundle: Acme starter pack', true],
    ['20% off all Vape Pens', true],
    ['Buy 2 get 1 free on carts', true],
    ['Mix n Match Pre-Roll / 5 pack / 1.2g', false],
    ['Blue Dream Live Resin Cart 1g', false],
  ])('%s is a deal headline: %s', (t, want) => {
    expect(DEAL_HEADLINE.test(t)).toBe(want);
  });
  it('a tile in the cards own markup is no product, and a product with a short deal badge stays', () => {
    const cards = names.map((n, i) => card(n, `$${20 + i}.00`));
    cards.splice(
      3,
      0,
      `<div class="product-card promo-card"><span class="category">Deal</span><h3 class="product-name">Any 2 Edibles for $36</h3><div class="brand">Mix and match any two</div><div class="price">$36.00</div><a href="/deals/x">Shop deal</a></div>`,
    );
    cards.push(
      `<div class="product-card"><span class="badge">2 for $40</span><h3 class="product-name">Tangie</h3><div class="brand">Acme</div><div class="price">$22.00</div></div>`,
    );
    // A short name before its own deal line is a product's headline ("Mix & match: 2 for $40" below the name).
    cards.push(`<div class="product-card"><h3 class="product-name">Black Widow</h3><p>Mix &amp; match: 2 for $40</p><div class="price">$24.00</div></div>`);
    const ps = read(`<div class="product-grid">${cards.join('')}</div>`);
    expect(ps.map((p) => p.rawName)).toEqual([...names, 'Tangie', 'Black Widow']);
    expect(ps.map((p) => p.priceValue)).toEqual([20, 21, 22, 23, 24, 25, 26, 22, 24]);
  });
});

describe('shelf prices on section headings', () => {
  it('reads a heading price and its regular price', () => {
    expect(shelfPrice('Flower · Tier 2 · $35.00 each')).toEqual({ price: '$35.00', regular: null });
    expect(shelfPrice('Flower · Tier 3 · $25.00 each (reg. $30.00)')).toEqual({ price: '$25.00', regular: '$30.00' });
    expect(shelfPrice('Flower · All $25.00 (was $30.00):')).toEqual({ price: '$25.00', regular: '$30.00' });
    expect(shelfPrice('Flower')).toBeNull();
  });
  it('gives each priceless product under a shelf heading the shelf price', () => {
    const item = (n: string) => `<div class="product-card"><h3 class="product-name">${n}</h3><div class="brand">Acme</div><button>Add to cart</button></div>`;
    const html = `<section><h2>Flower · Tier 1 · $45.00 each</h2><div class="product-grid">${names
      .slice(0, 3)
      .map(item)
      .join('')}</div></section><section><h2>Flower · Tier 2 · $25.00 each (reg. $30.00)</h2><div class="product-grid">${names.slice(3).map(item).join('')}</div></section>`;
    const ps = read(html);
    expect(ps.map((p) => [p.rawName, p.priceValue])).toEqual(names.map((n, i) => [n, i < 3 ? 45 : 25]));
    expect(ps[4].regularPrice).toBe('$30.00');
  });
  it('reads a paragraph of `<br>` lines under "All $25:"', () => {
    const ps = read(
      `<p><strong>Flower · All $25.00:</strong><br>Blue Dream — Acme (22%)<br>Sour Diesel — Acme<br>Wedding Pie — Bcme<br></p><p><strong>Flower · All $30.00:</strong><br>Zkittlez — Acme<br>Tangie — Acme<br></p>`,
    );
    expect(ps.map((p) => [p.rawName, p.priceValue])).toEqual([
      ['Blue Dream', 25],
      ['Sour Diesel', 25],
      ['Wedding Pie', 25],
      ['Zkittlez', 30],
      ['Tangie', 30],
    ]);
  });
});

describe('an A–Z bar', () => {
  it('makes every letter a page of the menu, the bar under the menu path', () => {
    const bar = `<nav class="az-index"><span aria-current="page">A</span> ${'bcdefghijk'
      .split('')
      .map((l) => `<a href="/menu?letter=${l}">${l.toUpperCase()}</a>`)
      .join(' ')} <a href="/menu?letter=%23">#</a></nav>`;
    const links = paginationLinks(`<html><body>${bar}<a href="/about?x=a">A</a></body></html>`, 'https://shop.example/menu');
    expect(links.numbered).toHaveLength(11);
    expect(links.numbered[0]).toBe('https://shop.example/menu?letter=b');
    const path = `<ul>${'abcdefghij'
      .split('')
      .map((l) => `<li><a href="/menu/letter/${l}">${l}</a></li>`)
      .join('')}</ul>`;
    expect(paginationLinks(`<html><body>${path}</body></html>`, 'https://shop.example/menu').numbered).toContain('https://shop.example/menu/letter/j');
    // Fewer than eight letters is no A–Z bar (a size or a grade picker).
    expect(paginationLinks(`<html><body><nav><a href="/menu?g=a">A</a><a href="/menu?g=b">B</a></nav></body></html>`, 'https://shop.example/menu').numbered).toEqual([]);
  });
});
