import { describe, expect, it } from 'vitest';
import { extractFromHtml } from '@/lib/scrape/extract';
import { productsOfStates } from '@/lib/scrape/extract/app-state';
import { liftCommerceFields } from '@/lib/scrape/extract/commerce-fields';
import { pageSignals } from '@/lib/scrape/extract';
import { describeControls, pickPagerControl } from '@/lib/scrape/pager';
import * as cheerio from 'cheerio';

// Rules found on the ninth markup style (wix, held out): a Wix Stores gallery item names its
// parts only by `data-hook`, and a Wix Stores catalog product's `priceData.price` is the regular price.

/** A gallery item: a ribbon in the image link before the name, the name in a `data-hook` paragraph. */
const item = (name: string, price: string, ribbon?: string) =>
  `<li data-hook="product-list-grid-item" class="s1x2y3z"><div role="group" aria-label="${name} gallery" data-hook="product-item-root" class="s9k2m1q"><a href="https://shop.test/product-page/${encodeURIComponent(name)}" tabindex="-1" data-hook="product-item-container" class="s7f3a2b"><div data-hook="product-item-images"><img src="/i.jpg" alt="${name}"></div>${
    ribbon ? `<span data-hook="product-item-ribbon" class="s3r4t5u">${ribbon}</span>` : ''
  }</a><div data-hook="not-image-container"><a href="https://shop.test/product-page/${encodeURIComponent(name)}" data-hook="product-item-product-details-link"><div data-hook="product-item-product-details" class="s6d7e8f"><div data-hook="product-item-name-and-price-layout"><p data-hook="product-item-name" class="s5n6m7o">${name}</p><div data-hook="product-item-prices"><span class="s0h1d2n">Price</span><span data-hook="product-item-price-to-pay" class="s4p5q6r">${price}</span></div></div></div></a><p class="s8d9e0f">Kure | Flower | THC 21%</p><button type="button" data-hook="product-item-add-to-cart-button" aria-label="Add to Cart">Add to Cart</button></div></div></li>`;

describe('a name named by a data-hook (card-names.ts)', () => {
  it('a ribbon in the image link ("New Arrival") is no name: the data-hook name paragraph is', async () => {
    const rows: Array<[string, string, string | undefined]> = [
      ['Blue Dream 3.5g', '$25.00', 'New Arrival'],
      ['Sour Diesel 1g', '$12.00', undefined],
      ['Gelato Gummies 100mg', '$18.00', 'New Arrival'],
      ['Jack Herer Pre-Roll', '$8.00', 'Best Seller'],
      ['Wedding Cake 7g', '$45.00', undefined],
      ['GMO Cookies Cart', '$30.00', 'New Arrival'],
    ];
    const html = `<html><body><main><ul data-hook="product-list-grid-items" class="s2g3h4i">${rows.map(([n, p, r]) => item(n, p, r)).join('')}</ul></main></body></html>`;
    const r = await extractFromHtml(html, 'http://shop.test/shop');
    expect(r.products.map((p) => [p.rawName, p.price])).toEqual(rows.map(([n, p]) => [n, p]));
  });

  it('the card found in the details link widens to the whole item: its description line gives brand and category (card-find.ts widen)', async () => {
    const rows = ['Blue Dream 3.5g', 'Sour Diesel 1g', 'Gelato 7g', 'Wedding Cake 14g'];
    const html = `<html><body><main><ul data-hook="product-list-grid-items" class="s2g3h4i">${rows.map((n, i) => item(n, `$${20 + i}.00`, i % 2 ? 'New Arrival' : undefined)).join('')}</ul></main></body></html>`;
    const r = await extractFromHtml(html, 'http://shop.test/shop');
    expect(r.products.map((p) => [p.rawName, p.brand, p.category])).toEqual(rows.map((n) => [n, 'Kure', 'Flower']));
  });
});

describe('Wix Stores catalog products in app state (commerce-fields.ts)', () => {
  const product = (name: string, regular: number, paid: number) => ({
    id: `p-${name}`,
    name,
    brand: 'Kure',
    productType: 'physical',
    price: { currency: 'USD', price: regular, discountedPrice: paid, formatted: { price: `$${regular}.00`, discountedPrice: `$${paid}.00` } },
    priceData: { currency: 'USD', price: regular, discountedPrice: paid, formatted: { price: `$${regular}.00`, discountedPrice: `$${paid}.00` } },
    additionalInfoSections: [
      { title: 'Category', description: '<p>Edibles</p>' },
      { title: 'THC', description: '<p>21.5%</p>' },
    ],
  });

  it('priceData.discountedPrice is the price paid, priceData.price the regular one when higher; category from the info sections', () => {
    const out = productsOfStates([{ products: [product('Blue Dream Gummies', 35, 25), product('Sour Diesel Chews', 18, 18)] }], 'http://shop.test/');
    expect(out.map((p) => [p.rawName, p.brand, p.category, p.price, p.regularPrice])).toEqual([
      ['Blue Dream Gummies', 'Kure', 'Edible', '$25', '$35'],
      ['Sour Diesel Chews', 'Kure', 'Edible', '$18', null],
    ]);
  });

  it('a price object without discountedPrice, or info sections of other titles, are left as they are', () => {
    const plain = { name: 'X', price: { amount: 10 }, additionalInfoSections: [{ title: 'Shipping', description: '<p>Pick-up only</p>' }] };
    expect(liftCommerceFields(plain)).toBe(plain);
  });
});

describe('a compact pager: arrows around a page-number field (pager.ts)', () => {
  /** Wix's compact pagination: "‹ [cur] / pages ›", the arrows named only by aria-label. */
  const compact = (cur: number, pages: number) =>
    `<div data-hook="pagination" role="navigation" aria-label="Pagination"><button type="button" aria-label="Previous Page"${cur === 1 ? ' disabled' : ''}><svg></svg></button><span><input type="number" aria-label="Page number" min="1" max="${pages}" value="${cur}"> / <span>${pages}</span></span><button type="button" aria-label="Next Page"${cur === pages ? ' disabled' : ''}><svg></svg></button></div>`;
  const pick = (html: string) => {
    const controls = describeControls(cheerio.load(`<html><body>${html}</body></html>`));
    const step = pickPagerControl(controls);
    return step && { control: controls[step.index].aria, page: step.page, current: step.current, kind: step.kind };
  };

  it('the field holds the page shown; the next arrow leads on, also on the page before the last (never the total)', () => {
    expect(pick(compact(1, 7))).toEqual({ control: 'Next Page', page: 2, current: 1, kind: 'next' });
    expect(pick(compact(6, 7))).toEqual({ control: 'Next Page', page: 7, current: 6, kind: 'next' });
    expect(pick(compact(7, 7))).toBeNull();
  });

  it('over HTTP the page counts as one with a script pager (the rest needs the browser)', () => {
    const cards = Array.from({ length: 6 }, (_, i) => item(`Product ${i}`, `$${10 + i}.00`)).join('');
    expect(pageSignals(`<html><body><ul>${cards}</ul>${compact(1, 7)}<script src="/app.js"></script></body></html>`).scriptPager).toBe(true);
    // A lone arrow with no page field stays a carousel's, as before.
    expect(pageSignals(`<html><body><ul>${cards}</ul><button aria-label="Next Page">›</button></body></html>`).scriptPager).toBe(false);
  });
});

describe('a price label is the whole label (card-prices.ts LABELLED_REGULAR)', () => {
  /** A sale item: hidden "Regular Price" / "Sale Price" labels, the regular price first. */
  const saleItem = (name: string, was: string, now: string) =>
    item(name, now).replace(
      /<span class="s0h1d2n">Price<\/span><span data-hook="product-item-price-to-pay" class="s4p5q6r">[^<]*<\/span>/,
      `<span class="s0h1d2n">Regular Price</span><span data-hook="product-item-price-before-discount" class="s1b2c3d">${was}</span><span class="s0h1d2n">Sale Price</span><span data-hook="product-item-price-to-pay" class="s4p5q6r">${now}</span>`,
    );

  it('an item labelled "Original Sour gallery" is no struck price: its sale price is paid, the regular one struck', async () => {
    const html = `<html><body><main><ul class="s2g3h4i">${[saleItem('Original Sour', '$6.00', '$4.00'), saleItem('Blue Dream 3.5g', '$35.00', '$25.00'), item('Gelato 1g', '$12.00'), item('Wedding Cake 7g', '$45.00')].join('')}</ul></main></body></html>`;
    const r = await extractFromHtml(html, 'http://shop.test/shop');
    expect(r.products.map((p) => [p.rawName, p.price, p.regularPrice])).toEqual([
      ['Original Sour', '$4.00', '$6.00'],
      ['Blue Dream 3.5g', '$25.00', '$35.00'],
      ['Gelato 1g', '$12.00', null],
      ['Wedding Cake 7g', '$45.00', null],
    ]);
  });

  it('a brand line starting "Discount" below the price is no saving; "$5 off" beside an amount still is (SAVING_AFTER)', async () => {
    const dabs = saleItem('DD Hybrid Cured Badder 1g', '$20.00', '$16.27').replace('Kure | Flower | THC 21%', 'Discount Dabs | Concentrates');
    const off = `<li class="s1x2y3z"><div class="s9k2m1q"><p data-hook="product-item-name" class="s5n6m7o">Gelato 1g</p><p class="s4p5q6r">$12.00 <span>$5 off</span></p></div></li>`;
    const html = `<html><body><main><ul class="s2g3h4i">${[dabs, saleItem('Blue Dream 3.5g', '$35.00', '$25.00'), off, item('Wedding Cake 7g', '$45.00')].join('')}</ul></main></body></html>`;
    const r = await extractFromHtml(html, 'http://shop.test/shop');
    expect(r.products.map((p) => [p.rawName, p.price, p.regularPrice])).toEqual([
      ['DD Hybrid Cured Badder 1g', '$16.27', '$20.00'],
      ['Blue Dream 3.5g', '$25.00', '$35.00'],
      ['Gelato 1g', '$12.00', null],
      ['Wedding Cake 7g', '$45.00', null],
    ]);
  });

  it('a price titled or labelled as the previous one still is ("Regular price", "Was $50")', async () => {
    const card = (n: string, label: string) =>
      `<div class="card"><h3 class="title">${n}</h3><div class="price"><span aria-label="${label}">$50.00</span> <span>$40.00</span></div></div>`;
    const html = `<html><body><main><div class="grid">${card('Blue Dream', 'Was $50')}${card('Sour Diesel', 'Regular price')}${card('Gelato', 'Original price was: $50.00')}</div></main></body></html>`;
    const r = await extractFromHtml(html, 'http://shop.test/shop');
    expect(r.products.map((p) => [p.rawName, p.price, p.regularPrice])).toEqual([
      ['Blue Dream', '$40.00', '$50.00'],
      ['Sour Diesel', '$40.00', '$50.00'],
      ['Gelato', '$40.00', '$50.00'],
    ]);
  });
});
