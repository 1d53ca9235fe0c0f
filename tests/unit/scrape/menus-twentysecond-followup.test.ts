import { describe, expect, it } from 'vitest';
import { extractFromHtml } from '@/lib/scrape/extract';

// General rules after the twenty-second menu round (not blind, docs/menus.md): each test fails without its rule.

const URL_ = 'https://shop.example/order';
const page = (body: string) => `<!doctype html><html><head><title>Order</title></head><body><main>${body}</main></body></html>`;
const read = async (body: string) => (await extractFromHtml(page(body), URL_)).products;
const NAMES = ['Blue Dream 3.5g', 'Gelato Smalls 3.5g', 'Sour Tangie Live Resin Cart', 'Mint Chocolate Gummies 100mg', 'Wedding Cake Pre-Roll 1g'];
const BRANDS = ['Acme', 'Kiva', 'Wyld', 'Ghost', 'Acme'];

describe('a form field whose description gives only the regular price (card-prices.ts, heuristic.ts)', () => {
  // Gravity Forms single-product fields: the price paid in the field, "regularly $30.00" in its description.
  const field = (n: string, i: number) =>
    `<div class="gfield gfield--type-product"><label class="gfield_label">${n}</label><div class="ginput_container"><span class="ginput_product_price_label">Price:</span> <span class="ginput_product_price">$${20 + i}.00</span> <span class="ginput_quantity_label">Quantity:</span> <input type="number" class="ginput_quantity"></div><div class="gfield_description">${BRANDS[i]} · Flower${
      i % 2 === 0 ? ` · On special, regularly $${30 + i}.00` : ''
    }</div></div>`;
  it('keeps the field as the product, its name the label, "regularly" the struck price', async () => {
    const got = await read(`<form class="gform"><div class="gform_fields">${NAMES.map(field).join('')}</div></form>`);
    expect(got.map((p) => p.rawName)).toEqual(NAMES);
    expect(got.map((p) => [p.priceValue, p.regularPrice ?? null])).toEqual([
      [20, '$30.00'],
      [21, null],
      [22, '$32.00'],
      [23, null],
      [24, '$34.00'],
    ]);
  });
});

describe('a strain code named on a plain text line (card-names.ts)', () => {
  it('"I-95" before its brand line is the name, not the brand', async () => {
    const names = [...NAMES.slice(0, 4), 'I-95'];
    const rows = names
      .map(
        (n, i) =>
          `<div class="form-check"><input type="checkbox" name="items[]" value="${i}"><label class="form-check-label">${n} <small class="text-muted">${BRANDS[i]} ·</small> <span class="item-price">$${20 + i}.00</span></label></div>`,
      )
      .join('');
    const got = await read(`<form><fieldset><legend>Flower</legend>${rows}</fieldset></form>`);
    expect(got.map((p) => p.rawName)).toEqual(names);
  });
});

describe("a fieldset's legend titles its fields (heuristic.ts sectionHeading)", () => {
  it('reads the category from the legend above the checkboxes', async () => {
    const rows = (ns: string[], at: number) =>
      ns.map((n, i) => `<div class="form-check"><input type="checkbox"><label class="form-check-label">${n} <span class="item-price">$${at + i}.00</span></label></div>`).join('');
    const plain = ['Blue Dream', 'Gelato', 'Wedding Cake', 'Mint Chocolate', 'Sour Apple'];
    const got = await read(
      `<form><fieldset><legend>Flower</legend>${rows(plain.slice(0, 3), 20)}</fieldset><fieldset><legend>Edibles</legend>${rows(plain.slice(3), 30)}</fieldset></form>`,
    );
    expect(got.map((p) => p.category)).toEqual(['Flower', 'Flower', 'Flower', 'Edible', 'Edible']);
  });
});

describe('a short description naming the category before its maker (card-category.ts)', () => {
  it('reads "Edibles from Kiva." as the category when nothing else names one', async () => {
    const plain = ['Horchata', 'Mango Chili', 'Margarita', 'Sangria'];
    const cards = plain
      .map(
        (n, i) =>
          `<li class="item product product-item"><div class="product-item-info"><strong class="product-item-name"><a href="/p/${i}">${n}</a></strong><div class="price-box"><span class="price">$${20 + i}.00</span></div><div class="product-item-description"><p>Edibles from <strong>Kiva</strong>. Lab-tested at 10% THC.</p></div></div></li>`,
      )
      .join('');
    const got = await read(`<ol class="products list items product-items">${cards}</ol>`);
    expect(got.map((p) => p.category)).toEqual(['Edible', 'Edible', 'Edible', 'Edible']);
  });
});

describe('an item repeated only by its class, each alone in a row (card-find.ts widen)', () => {
  it("a virtualised list's gallery items are read whole: the description line gives brand and category", async () => {
    const plain = ['Horchata', 'Mango Chili', 'Margarita', 'Sangria'];
    // One `li` per absolutely placed row, the details block (name, price) in a link beside the description.
    const rows = plain
      .map(
        (n, i) =>
          `<div class="vrow" style="position:absolute;top:${i * 140}px"><ul class="gallery"><li class="g-item"><div role="group" class="g-root"><a href="/p/${i}" class="g-media"><img alt="${n}"></a><div><a href="/p/${i}"><div class="g-details"><p data-hook="product-item-name" class="g-name">${n}</p><span class="g-price">$${20 + i}.00</span></div></a><div><p class="g-desc">Kiva | Edibles</p></div></div></div></li></ul></div>`,
      )
      .join('');
    const got = await read(`<div id="spacer">${rows}</div>`);
    expect(got.map((p) => [p.rawName, p.category, p.brand])).toEqual(plain.map((n) => [n, 'Edible', 'Kiva']));
  });
});
