import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { wholeName } from '@/lib/scrape/extract/cut-names';
import { minusAmount, minusOnly } from '@/lib/scrape/extract/minus-amounts';

// Rules found on the thirteenth markup style (prestashop, held out): a theme cuts long titles
// ("Wana - Exotic Yuzu 2:1 -...") while the card's picture alt keeps the whole name, and a discount
// badge writes its amount with a minus sign ("-$10.00") between the regular price and the price paid.

const read = (html: string) => extractHeuristic(cheerio.load(`<html><body>${html}</body></html>`), 'https://shop.test/menu');

/** A card in the shape of a PrestaShop Classic product-miniature (generic classes only where the rule does not need more). */
const card = (id: number, name: string, shown: string, price: string, regular?: string, discount?: string, isNew = false) => `<div class="js-product product">
  <article class="product-miniature" data-id-product="${id}">
    <div class="thumbnail-container">
      <a href="/flower/${id}-x.html" class="thumbnail product-thumbnail"><img src="/${id}-home_default/x.jpg" alt="${name}" loading="lazy"></a>
      <div class="product-description">
        <div class="product-brand"><a href="/brand/2-house">House</a></div>
        <h2 class="h3 product-title"><a href="/flower/${id}-x.html">${shown}</a></h2>
        <div class="product-price-and-shipping">${regular ? `<span class="regular-price" aria-label="Regular price" style="text-decoration:line-through">${regular}</span> <span class="discount-amount discount-product">${discount}</span>` : ''} <span class="price" aria-label="Price">${price}</span></div>
      </div>
      <ul class="product-flags">${discount ? `<li class="product-flag discount">${discount}</li>` : ''}${isNew ? '<li class="product-flag new">New</li>' : ''}</ul>
    </div>
  </article>
</div>`;

describe('a title cut by the theme names the whole product its attributes write (cut-names.ts)', () => {
  it('a title ending in "..." or "…" is continued by the first longer candidate with its words', () => {
    expect(wholeName('Wana - Exotic Yuzu 2:1 -...', ['Wana - Exotic Yuzu 2:1 - Gummies - [100mg]'])).toBe('Wana - Exotic Yuzu 2:1 - Gummies - [100mg]');
    expect(wholeName('Baby Janes / Infused…', ['House logo', 'baby janes / infused pre-rolls / 2.5g'])).toBe('baby janes / infused pre-rolls / 2.5g');
    // Not cut, or nothing continues it: the title stays.
    expect(wholeName('Blue Dream 3.5g', ['Blue Dream 3.5g Flower'])).toBe('Blue Dream 3.5g');
    expect(wholeName('Sour Diesel Live...', ['Blue Dream'])).toBe('Sour Diesel Live...');
    expect(wholeName('...', ['Anything'])).toBe('...');
  });

  it('PrestaShop cards: two products cut to the same title are two products, each under its whole name', () => {
    const got = read(
      `<div class="products">${[
        card(1, "Purple Bee's - Blue Dream - Cart - [1g]", "Purple Bee's - Blue Dream -...", '$30.00'),
        card(2, "Purple Bee's - Blue Dream - Cart - [0.5g]", "Purple Bee's - Blue Dream -...", '$18.00'),
        card(3, 'Wana - Exotic Yuzu 2:1 - Gummies - [100mg]', 'Wana - Exotic Yuzu 2:1 -...', '$22.00'),
        card(4, 'Blue Dream 3.5g', 'Blue Dream 3.5g', '$25.00'),
      ].join('')}</div>`,
    );
    expect(got.map((p) => p.rawName)).toEqual([
      "Purple Bee's - Blue Dream - Cart - [1g]",
      "Purple Bee's - Blue Dream - Cart - [0.5g]",
      'Wana - Exotic Yuzu 2:1 - Gummies - [100mg]',
      'Blue Dream 3.5g',
    ]);
  });
});

describe('an amount with a minus sign of its own is a discount, not a price (minus-amounts.ts)', () => {
  it('the sign against the amount after a space or at the start; a range dash is not one', () => {
    expect(minusAmount('$35.00 -')).toBe(true);
    expect(minusAmount('−')).toBe(true);
    expect(minusAmount('Save (-')).toBe(true);
    expect(minusAmount('$25.00 - ')).toBe(false);
    expect(minusAmount('$25.00–')).toBe(false);
    expect(minusAmount('Price ')).toBe(false);
    expect(minusOnly('-$6.36')).toBe(true);
    expect(minusOnly(' − $4.60 ')).toBe(true);
    expect(minusOnly('$6.36')).toBe(false);
    expect(minusOnly('-$6.36 New')).toBe(false);
  });

  it('PrestaShop\'s "-$10.00" badge between the struck regular price and the price paid: $25.00 was $35.00', () => {
    const got = read(
      `<div class="products">${[
        card(5, 'Ripple Pure', 'Ripple Pure', '$11.40', '$16.00', '-$4.60'),
        card(6, 'Black Mamba 2g All-In-One Vape', 'Black Mamba 2g All-In-One...', '$48.14', '$70.00', '-$21.86'),
        card(7, 'Blue Dream 3.5g', 'Blue Dream 3.5g', '$25.00'),
        card(8, 'Kush Pop Blueberry', 'Kush Pop Blueberry', '$12.00'),
        // The badge in a flag list beside a "New" flag: still no card of its own, the whole name still read.
        card(9, 'Strawberry Lemonade 1:1 [10 pack]', 'Strawberry Lemonade 1:1 [10...', '$9.64', '$16.00', '-$6.36', true),
      ].join('')}</div>`,
    );
    expect(got.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Ripple Pure', 11.4, '$16.00'],
      ['Black Mamba 2g All-In-One Vape', 48.14, '$70.00'],
      ['Blue Dream 3.5g', 25, null],
      ['Kush Pop Blueberry', 12, null],
      ['Strawberry Lemonade 1:1 [10 pack]', 9.64, '$16.00'],
    ]);
  });
});
