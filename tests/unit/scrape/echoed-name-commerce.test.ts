import { describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';
import { extractFromHtml } from '@/lib/scrape/extract';
import { productsOfStates } from '@/lib/scrape/extract/app-state';
import { echoesName } from '@/lib/scrape/extract/echoed-name';
import { liftCommerceFields } from '@/lib/scrape/extract/commerce-fields';

// Rules found on the eighth markup style (tailwind, held out): a control's screen-reader label
// repeating a name that holds an amount, and Medusa-like store products in app state.

/** A utility-class card: the name in a heading link, the add button naming it again in sr-only text. */
const card = (name: string, price: string, was?: string) =>
  `<li class="group relative flex flex-col"><div class="flex flex-col p-4"><h3 class="text-sm text-gray-900"><a href="/p/${encodeURIComponent(name)}"><span aria-hidden="true" class="absolute inset-0"></span>${name}</a></h3><p class="text-sm text-gray-500">Kure</p><div class="flex justify-between"><p class="flex gap-2"><span class="font-semibold">${price}</span>${
    was ? `<span class="line-through">${was}</span>` : ''
  }</p><button type="button" class="rounded-md px-3">Add<span class="sr-only">, ${name}</span></button></div></div></li>`;

describe('a label echoing a name with an amount in it (echoed-name.ts)', () => {
  it.each([
    ['$10 Shake 1/8th', true],
    ['Airo Pro - .5g $40 each', true],
    ['20 joints for $20', true],
  ])('"%s" in the add button is the name again, not a price (%s)', (name, echo) => {
    const $ = cheerio.load(`<ul>${card(name, '$25.00')}</ul>`);
    const sr = $('.sr-only').get(0) as Element;
    expect(echoesName((e) => $(e).text().replace(/\s+/g, ' ').trim(), sr)).toBe(echo);
  });

  it('a bare price, or a text no name element holds, is no echo', () => {
    const $ = cheerio.load(`<ul>${card('Blue Dream', '$25.00')}</ul><p><span id="x">Free delivery over $100 today</span></p>`);
    const textOf = (e: Element) => $(e).text().replace(/\s+/g, ' ').trim();
    expect(echoesName(textOf, $('.font-semibold').get(0) as Element)).toBe(false);
    expect(echoesName(textOf, $('#x').get(0) as Element)).toBe(false);
  });

  it('cards whose names hold an amount keep their name and price when a button repeats the name', async () => {
    const names = ['Blue Dream', '$10 Shake 1/8th', 'Sour Diesel', 'Airo Pro - .5g $40 each', 'Gelato', '20 joints for $20'];
    const html = `<html><body><main><ul role="list" class="grid">${names.map((n, i) => card(n, `$${20 + i}.00`, i % 2 ? `$${30 + i}.00` : undefined)).join('')}</ul></main></body></html>`;
    const r = await extractFromHtml(html, 'http://shop.test/menu');
    expect(r.products.map((p) => [p.rawName, p.price, p.regularPrice])).toEqual(names.map((n, i) => [n, `$${20 + i}.00`, i % 2 ? `$${30 + i}.00` : null]));
  });
});

describe('Medusa-like store products in app state (commerce-fields.ts)', () => {
  const product = (title: string, variants: Array<[string, number, number]>) => ({
    id: `prod_${title}`,
    title,
    handle: title.toLowerCase(),
    type: { id: 'ptyp_1', value: 'Edibles' },
    categories: [{ id: 'pcat_1', name: 'Edibles' }],
    metadata: { brand: 'Kure', thc_percent: 21 },
    variants: variants.map(([t, paid, was]) => ({ id: `v_${t}`, title: t, calculated_price: { calculated_amount: paid, original_amount: was, currency_code: 'usd' } })),
  });

  it('one variant: the price paid, the original amount struck when higher, brand and type from metadata / type', () => {
    const out = productsOfStates(
      [{ pages: [{ products: [product('Blue Dream Gummies', [['Default', 25, 35]]), product('Sour Diesel Chews', [['Default', 18, 18]])] }] }],
      'http://shop.test/',
    );
    expect(out.map((p) => [p.rawName, p.brand, p.category, p.price, p.regularPrice])).toEqual([
      ['Blue Dream Gummies', 'Kure', 'Edible', '$25', '$35'],
      ['Sour Diesel Chews', 'Kure', 'Edible', '$18', null],
    ]);
  });

  it('sizes: one product per sized variant with its own price', () => {
    const out = productsOfStates(
      [
        {
          products: [
            product('Gelato', [
              ['1g', 12, 12],
              ['3.5g', 30, 40],
            ]),
          ],
        },
      ],
      'http://shop.test/',
    );
    expect(out.map((p) => [p.rawName, p.price, p.regularPrice])).toEqual([
      ['Gelato 1g', '$12', null],
      ['Gelato 3.5g', '$30', '$40'],
    ]);
  });

  it('a record with a price of its own or no calculated prices is left as it is', () => {
    const plain = { title: 'X', price: 10, variants: [{ calculated_price: { calculated_amount: 5 } }] };
    expect(liftCommerceFields(plain)).toBe(plain);
    const other = { title: 'Y', variants: [{ price: 3 }] };
    expect(liftCommerceFields(other)).toBe(other);
  });
});
