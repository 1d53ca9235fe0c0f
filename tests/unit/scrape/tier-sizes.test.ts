import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';

/** A menu of rows priced per weight tier: one product per size, `<name> <size>` (as for price grids). */
const read = (body: string) => extractHeuristic(cheerio.load(`<html><body><main>${body}</main></body></html>`), 'https://shop.example/menu');
const names = (body: string) => read(body).map((p) => `${p.rawName} ${p.price}${p.regularPrice ? ` (${p.regularPrice})` : ''}`);
const ROWS: [string, string, string, string, string][] = [
  ['Blue Dream', 'Kiva', '<s>$15.00</s> $12.00', '$38.40', '$69.60'],
  ['Sour Diesel', 'Seed Junky', '$14.00', '$44.80', '$81.20'],
  ['Gelato 41', 'Connected', '$16.00', '$51.20', '$92.80'],
];

describe('tier columns (seventeenth menu round)', () => {
  it('reads an ARIA grid of divs whose first row heads the tiers', () => {
    const rows = ROWS.map(
      ([n, b, t1, t2, t3]) =>
        `<div class="tg-row" role="row"><div role="cell">${n}</div><div role="cell">${b}</div><div role="cell">${t1}</div><div role="cell">${t2}</div><div role="cell">${t3}</div></div>`,
    ).join('');
    const got = names(`<div role="table"><div class="tg-row" role="row"><div>Product</div><div>Brand</div><div>1g</div><div>3.5g</div><div>7g</div></div>${rows}</div>`);
    expect(got).toEqual(expect.arrayContaining(['Blue Dream 1g $12.00 ($15.00)', 'Blue Dream 3.5g $38.40', 'Blue Dream 7g $69.60', 'Gelato 41 7g $92.80']));
    expect(got).toHaveLength(9);
  });

  it('reads a table whose header row is a table of its own just above it', () => {
    const rows = ROWS.map(
      ([n, b, t1, t2, t3]) =>
        `<tr class="row"><td class="title">${n}</td><td class="vendor">${b}</td><td class="p">${t1}</td><td class="p">${t2}</td><td class="p">${t3}</td></tr>`,
    ).join('');
    const got = names(`<table class="head"><tr><th>Product</th><th>Vendor</th><th>1g</th><th>3.5g</th><th>7g</th></tr></table><table class="body"><tbody>${rows}</tbody></table>`);
    expect(got).toEqual(expect.arrayContaining(['Sour Diesel 1g $14.00', 'Sour Diesel 3.5g $44.80', 'Blue Dream 1g $12.00 ($15.00)']));
    expect(got).toHaveLength(9);
  });

  it('reads a definition list of tier / price pairs per product', () => {
    const cards = ROWS.map(
      ([n, b, t1, t2, t3]) => `<div class="strain"><h4>${n}</h4><p>${b} — Flower</p><dl><dt>1g</dt><dd>${t1}</dd><dt>3.5g</dt><dd>${t2}</dd><dt>7g</dt><dd>${t3}</dd></dl></div>`,
    ).join('');
    const got = names(`<section class="strains">${cards}</section>`);
    expect(got).toEqual(expect.arrayContaining(['Blue Dream 1g $12.00 ($15.00)', 'Blue Dream 3.5g $38.40', 'Gelato 41 3.5g $51.20']));
    expect(got).toHaveLength(9);
  });

  it('names a row by its link, not with the brand and category captions beside it in the name cell', () => {
    const rows = ROWS.map(
      ([n, b, t1, t2, t3]) =>
        `<tr class="woocommerce-variation"><td class="product-name"><a href="/p/${n}">${n}</a> <span class="brand">${b}</span> <span class="cat">Flower</span></td><td class="variation-price">${t1}</td><td class="variation-price">${t2}</td><td class="variation-price">${t3}</td></tr>`,
    ).join('');
    const got = read(`<table class="variations shop_table"><thead><tr><th>Product</th><th>1g</th><th>3.5g</th><th>7g</th></tr></thead><tbody>${rows}</tbody></table>`);
    expect(got.map((p) => p.rawName)).toEqual(expect.arrayContaining(['Blue Dream 1g', 'Sour Diesel 7g']));
    expect(got.find((p) => p.rawName === 'Sour Diesel 1g')?.brand).toBe('Seed Junky');
  });
});
