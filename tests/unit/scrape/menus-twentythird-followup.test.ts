import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { priceLine } from '@/lib/scrape/extract/price-lines';

// Rules made after the twenty-third round's first fixes (menus-twentythird.test.ts), not blind.

const read = (html: string) => extractHeuristic(cheerio.load(`<html><body>${html}</body></html>`), 'https://shop.example/menu');
/** Reads shelves (a tier heading, the products under it) each built by `shelf`. */
const readShelves = (shelf: (title: string, names: string[]) => string, tiers: Array<[string, string[]]>) => read(tiers.map(([t, ns]) => shelf(t, ns)).join(''));

describe('dot-leader price lines', () => {
  it('reads a line as name, brand, price and regular price', () => {
    expect(priceLine('Blue Dream (Acme) ........ $25.00 (was $30.00)')).toEqual({ name: 'Blue Dream', brand: 'Acme', price: '$25.00', regular: '$30.00' });
    expect(priceLine('Sour Diesel …… $20')).toEqual({ name: 'Sour Diesel', brand: null, price: '$20', regular: null });
    expect(priceLine('Blue Dream (Acme) $25.00')).toBeNull();
  });
  it('makes each `<br>` line of a paragraph a product, a two-line section too', () => {
    const ps = read(
      `<div class="entry-content"><h3>FLOWER</h3><p>Blue Dream (Acme) ........ $25.00 (was $30.00)<br>Sour Diesel (Bcme) ........ $20.00<br>Gelato Cake (Acme) ........ $22.50<br></p><h3>EDIBLES</h3><p>Wedding Pie (Acme) ........ $10.00<br>Zkittlez Gummies (Wyld) ........ $18.00 (was $20.00)<br></p></div>`,
    );
    expect(ps.map((p) => [p.rawName, p.brand, p.priceValue, p.regularPrice])).toEqual([
      ['Blue Dream', 'Acme', 25, '$30.00'],
      ['Sour Diesel', 'Bcme', 20, null],
      ['Gelato Cake', 'Acme', 22.5, null],
      ['Wedding Pie', 'Acme', 10, null],
      ['Zkittlez Gummies', 'Wyld', 18, '$20.00'],
    ]);
  });
});

describe('price-list widget items', () => {
  const sec = (items: string) => `<h2>Flower</h2><ul class="price-list">${items}</ul>`;
  it('an item whose description adds only "Was $x" is one product with that regular price', () => {
    const item = (n: string, p: number, was?: number) =>
      `<li class="price-list-item"><div class="price-list-text"><div class="price-list-header"><span class="price-list-title">${n}</span><span class="price-list-price">$${p}.00</span></div><p class="price-list-description">Acme · THC 20%${was ? ` · Was $${was}.00` : ''}</p></div></li>`;
    const ps = read(sec([item('Blue Dream', 20), item('Sour Diesel', 21, 30), item('Gelato Cake', 22), item('Wedding Pie', 23, 33)].join('')));
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Blue Dream', 20, null],
      ['Sour Diesel', 21, '$30.00'],
      ['Gelato Cake', 22, null],
      ['Wedding Pie', 23, '$33.00'],
    ]);
  });
  it('"price-discounted" is the old price beside "price-discount"', () => {
    const item = (n: string, p: number, was?: number) =>
      `<li class="menu-item"><p class="menu-item-title">${n}</p><div class="item-price-wrapper">${
        was ? `<div class="item-price item-price-discounted">$${was}.00</div><div class="item-price-discount">$${p}.00</div>` : `<div class="item-price">$${p}.00</div>`
      }</div><p>Acme</p></li>`;
    const ps = read(sec([item('Blue Dream', 20), item('Sour Diesel', 21, 30), item('Gelato Cake', 22), item('Wedding Pie', 23, 33)].join('')));
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Blue Dream', 20, null],
      ['Sour Diesel', 21, '$30.00'],
      ['Gelato Cake', 22, null],
      ['Wedding Pie', 23, '$33.00'],
    ]);
  });
});

describe('a shelf of one product', () => {
  it('is that product, in the shape of the other shelves items, not the spans inside it', () => {
    const card = (n: string) =>
      `<div class="c-card"><a class="c-meta" href="/p"><span class="c-brand">Acme</span><span class="c-name">${n}</span></a><button type="button">Add</button></div>`;
    const shelf = (t: string, ns: string[]) => `<section class="c-shelf"><h2>${t}</h2><div class="c-grid">${ns.map(card).join('')}</div></section>`;
    const ps = readShelves(shelf, [
      ['Flower · Tier 1 · $40.00 each', ['Blue Dream', 'Sour Diesel', 'Gelato Cake']],
      ['Flower · Tier 2 · $35.00 each (reg. $40.00)', ['Wedding Pie']],
      ['Flower · Tier 3 · $30.00 each', ['Zkittlez', 'Tangie']],
    ]);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Blue Dream', 40, null],
      ['Sour Diesel', 40, null],
      ['Gelato Cake', 40, null],
      ['Wedding Pie', 35, '$40.00'],
      ['Zkittlez', 30, null],
      ['Tangie', 30, null],
    ]);
  });
});

describe('a one-product shelf in its own section', () => {
  it('the card with a heading does not widen to the section with the shelf title', () => {
    const card = (n: string) =>
      `<li class="grid__item"><div class="card-wrapper"><div class="card__information"><h3 class="card__heading"><a href="/products/x">${n}</a></h3><div class="caption">Acme</div></div></div></li>`;
    const shelf = (t: string, ns: string[]) =>
      `<div class="featured-collection section"><div class="title-wrapper"><h2 class="title">${t}</h2></div><ul class="grid product-grid">${ns.map(card).join('')}</ul></div>`;
    const ps = readShelves(shelf, [
      ['Flower · Tier 1 · $40.00 each', ['Blue Dream']],
      ['Flower · Tier 2 · $35.00 each', ['Wedding Pie']],
      ['Flower · Tier 3 · $30.00 each', ['Zkittlez', 'Tangie']],
    ]);
    expect(ps.map((p) => [p.rawName, p.priceValue])).toEqual([
      ['Blue Dream', 40],
      ['Wedding Pie', 35],
      ['Zkittlez', 30],
      ['Tangie', 30],
    ]);
  });
});
