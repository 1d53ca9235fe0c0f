import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { unwrapShadowTemplates } from '@/lib/scrape/extract';
import { nameWithPrice } from '@/lib/scrape/extract/card-names';
import { dealOnly, salePrices } from '@/lib/scrape/extract/card-prices';
import { textSizes } from '@/lib/scrape/extract/card-sizes';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';

// Issue 13, fifth round (branch menus5): flower price grids (a price per weight, in markup, in
// table columns or in plain text), multi-buy deals, names with a price in their words, repeated
// lines that are no name, declarative shadow DOM. Hand-written snippets, one table row per
// pattern; the generated held-out sites are only measured by the benchmark.

const BASE = 'http://shop.test/menu';
const read = (body: string) => extractHeuristic(cheerio.load(`<html><body><main>${body}</main></body></html>`), BASE).map((p) => [p.rawName, p.price, p.regularPrice ?? null]);

describe('sizes priced in plain text', () => {
  it.each([
    [
      '"$x (size)" pieces',
      '$12 (1g) · $35 (3.5g) · $65 (7g)',
      [
        ['1g', '$12', null],
        ['3.5g', '$35', null],
        ['7g', '$65', null],
      ],
    ],
    [
      '"size $x" pieces with a sale',
      '1g $12 | 3.5g Now $30 was $40 | 28g $220',
      [
        ['1g', '$12', null],
        ['3.5g', '$30', '$40'],
        ['28g', '$220', null],
      ],
    ],
    [
      '"Now $x was $y (size)"',
      'Now $6.48 was $8 (1g) · Now $22.69 was $28 (3.5g)',
      [
        ['1g', '$6.48', '$8'],
        ['3.5g', '$22.69', '$28'],
      ],
    ],
    [
      'ounce fractions',
      '1/8 oz $35 • 1/4 oz $60',
      [
        ['1/8 oz', '$35', null],
        ['1/4 oz', '$60', null],
      ],
    ],
  ])('%s', (_l, text, want) => {
    expect(textSizes(text).map((s) => [s.size, s.price, s.regularPrice])).toEqual(want);
  });

  it.each([
    ['one size only', 'Blue Dream 3.5g · $35'],
    ['the same size twice', '3.5g $35 | 3.5g $30'],
    ['sizes without prices', '1g · 3.5g · 7g'],
    ['a sentence with a size and a price', 'Buy 3.5g of anything over $40 and save · 1g $12'],
  ])('no options: %s', (_l, text) => {
    expect(textSizes(text)).toEqual([]);
  });
});

describe('flower price grids become one product per size, the size in the name', () => {
  it.each([
    [
      'card with a weight list (sale size struck) and a deal badge',
      `<div class="strain-grid">${['Lemonade', 'Nanitro', 'Margy Dog']
        .map(
          (n, i) =>
            `<div class="strain-card"><h3>${n}</h3><div class="brand">Ultra Health</div>${i === 1 ? '<div class="deal-badge">Mix &amp; match: 2 for $16</div>' : ''}<ul class="weights"><li><span>1g</span> <span>$9</span></li><li><span>3.5g</span> <s>$32</s> <span>$28</span></li></ul></div>`,
        )
        .join('')}</div>`,
      [
        ['Lemonade 1g', '$9', null],
        ['Lemonade 3.5g', '$28', '$32'],
        ['Nanitro 1g', '$9', null],
        ['Nanitro 3.5g', '$28', '$32'],
        ['Margy Dog 1g', '$9', null],
        ['Margy Dog 3.5g', '$28', '$32'],
      ],
    ],
    [
      'table with weight columns, "–" for a size not sold, <del> for the struck price',
      `<table><thead><tr><th>Strain</th><th>Type</th><th>1g</th><th>3.5g</th><th>7g</th></tr></thead><tbody>
        <tr><td><strong>Halitosis</strong><br>House</td><td>Flower</td><td>$9</td><td><del>$35</del> $30</td><td>–</td></tr>
        <tr><td><strong>Purple Fat Pie</strong><br>House</td><td>Flower</td><td>$10</td><td>$32</td><td>$60</td></tr></tbody></table>`,
      [
        ['Halitosis 1g', '$9', null],
        ['Halitosis 3.5g', '$30', '$35'],
        ['Purple Fat Pie 1g', '$10', null],
        ['Purple Fat Pie 3.5g', '$32', null],
        ['Purple Fat Pie 7g', '$60', null],
      ],
    ],
    [
      'list item with the sizes in plain text below a meta line',
      `<ul>${['Runaway Bride', 'Cactus OG']
        .map((n) => `<li class="strain"><a href="/s/${n}">${n}</a><p>House · Flower</p><p class="prices">$12 (1g) · Now $30 was $40 (3.5g)</p></li>`)
        .join('')}</ul>`,
      [
        ['Runaway Bride 1g', '$12', null],
        ['Runaway Bride 3.5g', '$30', '$40'],
        ['Cactus OG 1g', '$12', null],
        ['Cactus OG 3.5g', '$30', '$40'],
      ],
    ],
  ])('%s', (_l, html, want) => {
    expect(read(html)).toEqual(want);
  });
});

describe('names', () => {
  it('a line many cards repeat (the brand) and a potency line are no name when the card has no marked-up name', () => {
    const cards = ['Lemonade', 'Nanitro', 'Margy Dog', 'Halitosis']
      .map((n) => `<div class="x1"><span class="a9">${n}</span><span class="b7">Ultra Health Brand</span><div class="c3">Flower THC 20.5%</div><span class="d2">$30</span></div>`)
      .join('');
    expect(read(`<div class="g">${cards}</div>`).map((r) => r[0])).toEqual(['Lemonade', 'Nanitro', 'Margy Dog', 'Halitosis']);
  });

  it.each([
    ['words around a price in a heading', '$10 Shake 1/8th', 'h3', true],
    ['a bold name with a price in it', 'Airo Pro - .5g $40 each', 'b', true],
    ['a price label is no name', 'Now $30', 'b', false],
    ['a link is not judged (it may wrap the card)', '$10 Shake 1/8th', 'a', false],
  ])('nameWithPrice: %s', (_l, text, tag, want) => {
    const el = cheerio.load(`<${tag}>${text}</${tag}>`)(tag)[0] as never;
    expect(nameWithPrice(text, el)).toBe(want);
  });

  it('a name with a price in its words keeps the card, and the card price is read outside the name', () => {
    const cards = ['$15 Pre packed 1/8ths', 'Blue Dream', 'Airo Pro - .5g $40 each']
      .map((n) => `<article class="tile"><div><b>${n}</b></div><div>by House</div><p><span style="text-decoration: line-through">$20.00</span> Now $13.30</p></article>`)
      .join('');
    expect(read(`<section>${cards}</section>`)).toEqual([
      ['$15 Pre packed 1/8ths', '$13.30', '$20.00'],
      ['Blue Dream', '$13.30', '$20.00'],
      ['Airo Pro - .5g $40 each', '$13.30', '$20.00'],
    ]);
  });
});

describe('multi-buy deals are no price', () => {
  it.each([
    ['2 for $40', true],
    ['Mix & match: 3/$50', true],
    ['2 for $40 · $25 each', false],
    ['$25', false],
  ])('dealOnly(%s)', (text, want) => {
    expect(dealOnly(text)).toBe(want);
  });

  it('a card price beside a deal line', () => {
    const el = cheerio.load('<div class="c"><span>Any 2 for $40</span> <span class="price">$25</span></div>')('div.c')[0] as never;
    expect(salePrices(el)).toEqual({ price: '$25', regularPrice: null });
  });
});

describe('declarative shadow DOM', () => {
  it('the shadow template of a custom element is read in place; other templates stay inert', () => {
    const $ = cheerio.load(
      '<body><menu-embed><template shadowrootmode="open"><div class="g">' +
        ['A Kush', 'B Haze'].map((n) => `<div class="card"><h3>${n}</h3><span class="price">$30</span></div>`).join('') +
        '</div></template></menu-embed><template id="row"><div class="card"><h3>Template Row</h3><span class="price">$1</span></div></template></body>',
    );
    unwrapShadowTemplates($);
    expect(extractHeuristic($, BASE).map((p) => p.rawName)).toEqual(['A Kush', 'B Haze']);
  });
});

describe('strain codes as names (one letter and a number)', () => {
  // `I-95`, `G13`, `AK-47`: real strain names with fewer than two letters or no word; a card's
  // marked-up name that is such a code is the name. Sizes and prices alone are still no name.
  const card = (name: string) => `<div class="product-card"><h3 class="product-name">${name}</h3><span class="brand">Acme Farms</span><span class="price">$35.00</span></div>`;
  it.each([
    ['I-95', 'I-95'],
    ['G13', 'G13'],
    ['AK-47', 'AK-47'],
    ['Blue Dream', 'Blue Dream'],
  ])('%s', (name, expected) => {
    const products = read([card(name), card('Filler Kush'), card('Sour Diesel')].join(''));
    expect(products.map((p) => p[0])).toContain(expected);
  });
});

it('a size alone in the name element is no strain code', () => {
  const card = (name: string) => `<div class="product-card"><h3 class="product-name">${name}</h3><span class="brand">Acme Farms</span><span class="price">$35.00</span></div>`;
  const names = read([card('3.5g'), card('Filler Kush'), card('Sour Diesel')].join('')).map((p) => p[0]);
  expect(names).not.toContain('3.5g');
  expect(names).toContain('Filler Kush');
});
