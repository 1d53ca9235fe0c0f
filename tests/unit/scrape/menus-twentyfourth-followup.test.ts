import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { rewriteLabelledRecords } from '@/lib/scrape/extract/labelled-records';
import { strikeLabelledRegular } from '@/lib/scrape/extract/labelled-values';
import { resolveSizeSurcharges } from '@/lib/scrape/extract/size-surcharges';
import { resolveSurchargeText } from '@/lib/scrape/extract/surcharge-text';

// Rules made after the twenty-fourth round was fixed in part (tests/fixtures/menus-sites/twentyfourth.ts, not blind).

const URL = 'https://shop.test/menu';
const page = (body: string) => `<html><body><h1>Menu</h1>${body}</body></html>`;
const read = (html: string, ...passes: Array<($: cheerio.CheerioAPI) => void>) => {
  const $ = cheerio.load(html);
  for (const p of passes) p($);
  return extractHeuristic($, URL).map((p) => [p.rawName, p.priceValue, p.regularPrice ? Number(p.regularPrice.replace(/[^\d.]/g, '')) : null]);
};

const RECORDS = [
  ['Milk Chocolate Bar', 'Kiva', 'Edible', 20, 18],
  ['Honey Cap', 'Wyld', 'Flower', 30, null],
  ['HIBEGONE', 'HIBEGONE', 'Vape', 40, null],
  ['Blue Dream', 'Stiiizy', 'Vape', 45, 35],
] as const;
const WANT = [
  ['Milk Chocolate Bar', 18, 20],
  ['Honey Cap', 30, null],
  ['HIBEGONE', 40, null],
  ['Blue Dream', 35, 45],
];

describe('a key / value record without card markup', () => {
  it('reads "Name:" lines between <br>s as the name, the labelled special as the price paid', () => {
    const html = page(
      RECORDS.map(([n, b, t, p, s]) => `<p class="record">Name: ${n}<br>Brand: ${b}<br>Type: ${t}<br>Price: $${p}.00${s ? `<br>Special: $${s}.00` : ''}</p><hr>`).join('\n'),
    );
    expect(read(html, rewriteLabelledRecords, strikeLabelledRegular)).toEqual(WANT);
  });

  it('reads bullets "<strong>Name:</strong> …" as a record', () => {
    const html = page(
      `<ul>${RECORDS.map(
        ([n, b, t, p, s]) =>
          `<li><ul class="facts"><li><strong>Name:</strong> ${n}</li><li><strong>Brand:</strong> ${b}</li><li><strong>Type:</strong> ${t}</li>${
            s ? `<li><strong>Regular price:</strong> $${p}.00</li><li><strong>Our price:</strong> $${s}.00</li>` : `<li><strong>Our price:</strong> $${p}.00</li>`
          }</ul></li>`,
      ).join('')}</ul>`,
    );
    expect(read(html, rewriteLabelledRecords, strikeLabelledRegular)).toEqual(WANT);
  });

  it('keeps a product named as its brand in a <dl> or label / value rows, not the label "Product"', () => {
    const dl = page(
      RECORDS.map(
        ([n, b, t, p, s]) =>
          `<dl><dt>Product</dt><dd>${n}</dd><dt>Brand</dt><dd>${b}</dd><dt>Type</dt><dd>${t}</dd><dt>Price</dt><dd>$${p}.00</dd>${s ? `<dt>Sale price</dt><dd>$${s}.00</dd>` : ''}</dl>`,
      ).join(''),
    );
    expect(read(dl, rewriteLabelledRecords, strikeLabelledRegular)).toEqual(WANT);
    const rows = page(
      RECORDS.map(
        ([n, b, , p, s]) =>
          `<ul class="meta">${[['Title', n], ['Vendor', b], ['Price', `$${s ?? p}.00`], ...(s ? [['Compare at', `$${p}.00`]] : [])].map(([k, v]) => `<li><span>${k}</span> <span>${v}</span></li>`).join('')}</ul>`,
      ).join(''),
    );
    expect(read(rows, rewriteLabelledRecords, strikeLabelledRegular).map((r) => r[0])).toEqual(WANT.map((w) => w[0]));
  });

  it('leaves a list of labelled facts with no name or no price alone', () => {
    const $ = cheerio.load(page('<ul><li><strong>Hours:</strong> 9–5</li><li><strong>Phone:</strong> 555</li><li><strong>Price:</strong> $5.00</li></ul>'));
    const before = $.html();
    rewriteLabelledRecords($);
    expect($.html()).toBe(before);
  });
});

describe('size surcharges in running text', () => {
  const sizes = (html: string) => read(html, resolveSizeSurcharges, resolveSurchargeText);
  it('reads a "Sizes" cell "3.5g +$20 · 7g +$45" after a base price "(1g)" as one product a size', () => {
    const html = page(
      `<table><thead><tr><th>Product</th><th>Brand</th><th>Price</th><th>Sizes</th></tr></thead><tbody>${[
        ['Cactus OG', '$30.00', '3.5g +$20 · 7g +$45'],
        ['Lemonade', '<del>$35.00</del> $30.00', '3.5g +$20'],
        ['Halitosis', '$25.00', '3.5g +$18'],
      ]
        .map(([n, p, s]) => `<tr><td>${n}</td><td>Wyld</td><td>${p} <small>(1g)</small></td><td class="sizes">${s}</td></tr>`)
        .join('')}</tbody></table>`,
    );
    expect(sizes(html)).toEqual([
      ['Cactus OG 1g', 30, null],
      ['Cactus OG 3.5g', 50, null],
      ['Cactus OG 7g', 75, null],
      ['Lemonade 1g', 30, 35],
      ['Lemonade 3.5g', 50, 55],
      ['Halitosis 1g', 25, null],
      ['Halitosis 3.5g', 43, null],
    ]);
  });

  it('reads "$30.00 for 1g. Larger sizes: 3.5g add $20.00, 7g add $45.00." in a tile', () => {
    const tile = (n: string, p: string, more: string) => `<article><div><b>${n}</b></div><div>by Kiva</div><p>${p} for 1g. Larger sizes: ${more}.</p></article>`;
    const html = page(
      `<section>${tile('Cactus OG', '$30.00', '3.5g add $20.00, 7g add $45.00')}${tile('Lemonade', '$30.00', '3.5g add $20.00')}${tile('Nanitro', '$22.00', '3.5g add $15.00')}</section>`,
    );
    expect(sizes(html).map((r) => `${r[0]} ${r[1]}`)).toEqual([
      'Cactus OG 1g 30',
      'Cactus OG 3.5g 50',
      'Cactus OG 7g 75',
      'Lemonade 1g 30',
      'Lemonade 3.5g 50',
      'Nanitro 1g 22',
      'Nanitro 3.5g 37',
    ]);
  });
});

describe('a card whose size surcharges are options', () => {
  const strains = ['Cactus OG', 'Lemonade', 'Nanitro', 'Halitosis'];
  const want = strains.flatMap((n) => [`${n} 1g 30`, `${n} 3.5g 50`, `${n} 7g 75`]);
  const sizes = (html: string) => read(html, resolveSizeSurcharges).map((r) => `${r[0]} ${r[1]}`);

  it('reads a WooCommerce add-on select outside the product link as the card’s sizes, not its caption as the name', () => {
    const card = (n: string, i: number) =>
      `<li class="product"><a href="/product/p${i}/" class="woocommerce-loop-product__link"><h2 class="woocommerce-loop-product__title">${n}</h2><span class="price">$30.00</span></a><div class="brand">Kiva</div><div class="wc-pao-addon-container"><label class="wc-pao-addon-name">Weight</label><p><select><option value="">1g</option><option value="3-5g">3.5g (+$20.00)</option><option value="7g">7g (+$45.00)</option></select></p></div><a href="?add-to-cart=${i}" class="button">Add to cart</a></li>`;
    expect(sizes(page(`<ul class="products">${strains.map(card).join('')}</ul>`))).toEqual(want);
  });

  it('reads option pills beside the price block as the card’s sizes', () => {
    const card = (n: string, i: number) =>
      `<li class="grid__item"><div class="card"><h3 class="card__heading"><a href="/products/p${i}">${n}</a></h3><div class="card-information"><span class="visually-hidden">Vendor:</span><div class="caption">Kiva</div><div class="price"><span class="price-item">$30.00</span></div></div><fieldset><legend>Size</legend><input type="radio" id="p${i}-0" value="1g" checked><label for="p${i}-0">1g</label><input type="radio" id="p${i}-1" value="3.5g"><label for="p${i}-1">3.5g <span>(+$20.00)</span></label><input type="radio" id="p${i}-2" value="7g"><label for="p${i}-2">7g <span>(+$45.00)</span></label></fieldset></div></li>`;
    expect(sizes(page(`<ul class="grid">${strains.map(card).join('')}</ul>`))).toEqual(want);
  });
});

describe('a table of category sections', () => {
  it('reads rows whose names start with a size, under full-width category rows in several <tbody>s, as products', () => {
    const row = (n: string, b: string, p: string) => `<tr class="row"><td class="c-name">${n}</td><td>${b}</td><td>Flower</td><td></td><td>${p}</td></tr>`;
    const section = (label: string, rows: string[]) => `<tbody><tr class="section-head"><th colspan="5">${label}</th></tr>${rows.join('')}</tbody>`;
    const html = page(
      `<table><thead><tr><th>Product</th><th>Brand</th><th>Type</th><th>Potency</th><th>Price</th></tr></thead>${section('Flower', [
        row('1g ChemDozer Value', 'House', '$6.00'),
        row('3.5g Cap Junky Value', 'House', '$20.00'),
      ])}${section('Pre-Rolls', [row('1g Headband Preroll', 'House', '$7.00'), row('1g Blue Venom Preroll', 'House', '<del>$8.00</del> <ins>$6.50</ins>')])}</table>`,
    );
    expect(read(html)).toEqual([
      ['1g ChemDozer Value', 6, null],
      ['3.5g Cap Junky Value', 20, null],
      ['1g Headband Preroll', 7, null],
      ['1g Blue Venom Preroll', 6.5, 8],
    ]);
  });
});
