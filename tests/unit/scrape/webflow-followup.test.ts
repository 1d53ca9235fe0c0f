import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { linkCategory } from '@/lib/scrape/extract/link-category';
import { productsOfStates } from '@/lib/scrape/extract/app-state';
import type { Json } from '@/lib/scrape/extract/json';

// Follow-up rules on the twelfth markup style (webflow, held out; not blind) and one tuning site
// (hash-routes-list) that lost a category view's only product.

const read = (html: string) => extractHeuristic(cheerio.load(`<html><body>${html}</body></html>`), 'https://shop.test/menu');

describe('a category named by a link to its listing (link-category.ts)', () => {
  const card = (name: string, tag: string, href: string) =>
    `<div role="listitem" class="product-card w-dyn-item"><div class="text-size-tiny">Kure</div><a href="/product/x" class="product-card_title-link"><h3 class="product-card_title">${name}</h3></a><div class="product-card_tags w-dyn-list"><div role="list" class="w-dyn-items"><div role="listitem" class="w-dyn-item"><a href="${href}" class="tag">${tag}</a></div></div></div><div class="product-card_price">$ 25.00 USD</div></div>`;

  it("a Webflow card's nested collection list links its category; the card is filed under it", () => {
    const cards = [card('Horchata', 'Edibles', '/category/edibles'), card('Margarita', 'Edibles', '/category/edibles'), card('Blue Dream', 'Flower', '/category/flower')];
    const got = read(`<div class="w-dyn-list"><div role="list" class="w-dyn-items">${cards.join('')}</div></div>`);
    expect(got.map((p) => [p.rawName, p.category])).toEqual([
      ['Horchata', 'Edible'],
      ['Margarita', 'Edible'],
      ['Blue Dream', 'Flower'],
    ]);
  });

  it('only a link whose text is its listing segment and a menu category', () => {
    const $ = cheerio.load('<a href="/product-category/vape-pens/">Vape Pens</a><a href="/collections/all/products/gummies">Gummies</a><a href="/category/sale">Edibles</a>');
    const els = $('a').toArray() as Parameters<typeof linkCategory>[0] extends readonly (infer E)[] ? E[] : never;
    expect(linkCategory(els)).toBe('Vape Pens');
    expect(linkCategory(els.slice(1))).toBeNull();
  });
});

describe("a SKU takes its product record's brand and category (sku-parent.ts)", () => {
  it("Webflow's Data API: `{ product: { fieldData }, skus: [{ fieldData }] }`", () => {
    const rec = {
      product: { id: 'p1', fieldData: { name: 'Horchata', slug: 'horchata', 'brand-name': 'Cann', 'product-type': 'Edibles', 'thc-percentage': null } },
      skus: [{ id: 's1', fieldData: { name: 'Horchata', slug: 'horchata', price: { value: 600, unit: 'USD' }, 'compare-at-price': null } }],
    };
    const got = productsOfStates([{ items: [rec] }] as unknown as Json[], 'https://shop.test/');
    expect(got.map((p) => [p.rawName, p.priceValue, p.brand, p.category])).toEqual([['Horchata', 6, 'Cann', 'Edible']]);
  });

  it('a product priced itself stays a product of its own', () => {
    const got = productsOfStates(
      [{ product: { name: 'Blue Dream', price: 25, brand: 'Kure' }, variants: [{ name: 'Sour Diesel', price: 30 }] }] as unknown as Json[],
      'https://shop.test/',
    );
    expect(got.map((p) => [p.rawName, p.brand])).toEqual([
      ['Blue Dream', 'Kure'],
      ['Sour Diesel', null],
    ]);
  });
});

describe("a category view's only product (card-find.ts)", () => {
  it('a lone card linking its name to the product page is a product; a lone banner is not', () => {
    const card =
      '<li class="menu-item"><a class="item-title" href="/p/150958923">RSO | Syringe</a><p class="meta">Sublime · Other </p><div class="pricing"><span class="price">$45.00</span></div></li>';
    expect(read(`<div id="view"><ul class="menu-list">${card}</ul></div>`).map((p) => [p.rawName, p.priceValue])).toEqual([['RSO | Syringe', 45]]);
    expect(read('<div class="promo"><a href="/delivery">Free delivery</a> on orders over <b>$100</b></div>')).toEqual([]);
  });
});
