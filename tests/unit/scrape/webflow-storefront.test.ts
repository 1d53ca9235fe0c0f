import { describe, expect, it } from 'vitest';
import { pageNumber, paginationLinks, pathFamily } from '@/lib/scrape/pagination';
import { productsOfStates } from '@/lib/scrape/extract/app-state';
import { snakeKeys, unitMoney } from '@/lib/scrape/extract/unit-money';
import type { Json } from '@/lib/scrape/extract/json';

// Rules found on the twelfth markup style (webflow, held out): a Webflow collection list pages
// itself with a parameter of its own (`?<list-id>_page=N`, the href a bare query), and Webflow's
// Data API writes money as `{ value, unit }` in cents.

const pager = (cur: number, pages: number) =>
  `<div role="navigation" aria-label="List" class="w-pagination-wrapper">${cur > 1 ? `<a href="?9e4b1f07_page=${cur - 1}" aria-label="Previous Page" class="w-pagination-previous"><div>Previous</div></a>` : ''}${
    cur < pages
      ? `<a href="?9e4b1f07_page=${cur + 1}" aria-label="Next Page" class="w-pagination-next"><div>Next</div></a><link rel="prerender" href="?9e4b1f07_page=${cur + 1}"/>`
      : ''
  }<div aria-label="Page ${cur} of ${pages}" role="heading" class="w-page-count">${cur} / ${pages}</div></div>`;

describe("a list's own page parameter (page-params.ts)", () => {
  it('`?<list-id>_page=N` names a page of the same list: same path family, its number read', () => {
    expect(pathFamily('https://shop.test/shop?9e4b1f07_page=3')).toBe('https://shop.test/shop');
    expect(pathFamily('https://shop.test/shop?9e4b1f07_page=3&sort=price')).toBe(pathFamily('https://shop.test/shop?sort=price'));
    expect(pageNumber('https://shop.test/shop?9e4b1f07_page=3')).toBe(3);
    expect(pageNumber('https://shop.test/shop?products-page=2')).toBe(2);
    // Not a page parameter: a word that only contains "page", or no list name before it.
    expect(pageNumber('https://shop.test/shop?homepage=2')).toBe(1);
  });

  it('Webflow\'s Next link (a bare query) is the next page; its "Load more" relabelling too', () => {
    expect(paginationLinks(`<main>${pager(1, 16)}</main>`, 'https://shop.test/shop').next).toEqual(['https://shop.test/shop?9e4b1f07_page=2']);
    expect(paginationLinks(`<main>${pager(2, 16)}</main>`, 'https://shop.test/shop?9e4b1f07_page=2').next).toEqual(['https://shop.test/shop?9e4b1f07_page=3']);
    const more =
      '<div class="w-pagination-wrapper"><a href="?c0ffee12_page=2" id="more" fs-cmsload-element="load-more" class="w-pagination-next button"><div>Load more</div></a></div>';
    expect(paginationLinks(more, 'https://shop.test/menu').next).toEqual(['https://shop.test/menu?c0ffee12_page=2']);
  });
});

describe('money as `{ value, unit }` in minor units (unit-money.ts)', () => {
  it('an integer value with a currency-code unit is cents; other money objects stay', () => {
    expect(unitMoney({ price: { value: 2500, unit: 'USD' }, 'compare-at-price': { value: 3500, unit: 'USD', currency: 'USD' } })).toEqual({ price: 25, 'compare-at-price': 35 });
    expect(unitMoney({ price: { value: 2500, unit: 'JPY' } })).toEqual({ price: 2500 });
    const stencil = { price: { currency: 'USD', formatted: '$25.00', value: 25 } };
    expect(unitMoney(stencil)).toBe(stencil);
    expect(unitMoney({ weight: { value: 3.5, unit: 'g' } })).toEqual({ weight: { value: 3.5, unit: 'g' } });
  });

  it('a Data API product read from app state costs $25.00, not $2500', () => {
    const rec = (name: string, cents: number, was: number | null = null) => ({
      product: { id: 'a1', fieldData: { name, slug: name.toLowerCase().replace(/\W+/g, '-'), 'brand-name': 'Kure' } },
      skus: [
        {
          id: 'b1',
          fieldData: { name, price: { value: cents, unit: 'USD', currency: 'USD' }, 'compare-at-price': was === null ? null : { value: was, unit: 'USD' }, 'sku-values': {} },
        },
      ],
    });
    const got = productsOfStates([{ items: [rec('Blue Dream 3.5g', 2500, 3500), rec('Sour Diesel 1g', 1200)] }] as unknown as Json[], 'https://shop.test/');
    expect(got.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Blue Dream 3.5g', 25, '$35'],
      ['Sour Diesel 1g', 12, null],
    ]);
  });

  it('kebab-case field slugs read as their snake-case twins (compare-at-price is the regular price); a twin written wins', () => {
    expect(snakeKeys({ 'compare-at-price': 35, 'brand-name': 'Kure', name: 'x' })).toEqual({
      'compare-at-price': 35,
      compare_at_price: 35,
      'brand-name': 'Kure',
      brand_name: 'Kure',
      name: 'x',
    });
    expect(snakeKeys({ 'compare-at-price': 35, compare_at_price: 30 }).compare_at_price).toBe(30);
    const plain = { price: 25, '-x': 1 };
    expect(snakeKeys(plain)).toBe(plain);
  });
});
