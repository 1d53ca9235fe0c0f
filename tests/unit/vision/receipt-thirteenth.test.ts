import { describe, expect, it } from 'vitest';
import { categorizeLast, parseDate } from '@/lib/vision/parse-common';
import { dateOf } from '@/lib/vision/receipt-dates';
import { parseReceiptText } from '@/lib/vision/receipt-parser';

/** Fixes after the thirteenth receipt round (square-modifiers, price-first, reverse-tape). */

const rows = (text: string) => parseReceiptText(text).items.map((i) => [i.productName, i.quantity, i.unitPrice, i.price, i.grams, i.discount]);

describe('a Square-style receipt: the total at the head, size and discount modifiers under each item', () => {
  const text = [
    'Hemp Heaven',
    '$124.75',
    'Total',
    'Nov 28 2026, 3:37 PM',
    'Pharmers Alien OG Cart                 $29.17',
    '+ 0.5g',
    'Mandarin Cookies Cart                  $31.46',
    '+ 0.59',
    '- Member 20% off                       -$6.29',
    'Everest Animal Mints Flower x 2       $119.92',
    '+ 7g',
    '2 x $59.96',
    '- Loyalty 20% off                     -$23.98',
    'Subtotal                              $150.28',
    'Rewards                                -$6.00',
    'Sales Tax 8.5%                         $12.26',
    'Total                                 $156.54',
  ].join('\n');

  it('reads the items after the head total, with the chosen size and the line discounts', () => {
    expect(rows(text)).toEqual([
      ['Pharmers Alien OG Cart 0.5g', 1, 29.17, 29.17, 0.5, null],
      ['Mandarin Cookies Cart 0.5g', 1, 31.46, 31.46, 0.5, 6.29],
      ['Everest Animal Mints Flower 7g', 2, 59.96, 119.92, 7, 23.98],
    ]);
  });

  it('keeps the order discount apart from the line discounts, and the total', () => {
    const r = parseReceiptText(text);
    expect(r.discount).toBe(6);
    expect(r.subtotal).toBe(150.28);
    expect(r.total).toBe(156.54);
  });

  it('a total at the head is the total when none follows the items', () => {
    const r = parseReceiptText(['Hemp Heaven', 'Total   $31.46', 'Mandarin Cookies Cart 0.5g   $31.46'].join('\n'));
    expect(r.items).toHaveLength(1);
    expect(r.total).toBe(31.46);
  });

  it('a loyalty line whose rate of the item above is not its amount stays the order discount', () => {
    const r = parseReceiptText(['Store', 'Blue Dream 3.5g   $40.00', 'Loyalty 10% off   -$6.00', 'Subtotal   $40.00', 'Total   $34.00'].join('\n'));
    expect(r.items[0].discount).toBeNull();
    expect(r.discount).toBe(6);
  });
});

describe('a register tape: the unit price with a trailing quantity, the line amount not printed', () => {
  it('multiplies the unit price by the quantity', () => {
    expect(rows(['Store', 'Amnesia Haze Joint 0.5g        $14.84 x2', 'THC 18.6%', 'Clementine 7g        $76.93 x1', 'SUBTOTAL   $106.61'].join('\n'))).toEqual([
      ['Amnesia Haze Joint 0.5g', 2, 14.84, 29.68, 0.5, null],
      ['Clementine 7g', 1, 76.93, 76.93, 7, null],
    ]);
  });

  it('a pack count after a weight stays in the name', () => {
    expect(rows(['Store', 'Jack Herer Pre-Roll 0.5g x 2   $18.00', 'SUBTOTAL   $18.00'].join('\n'))).toEqual([['Jack Herer Pre-Roll 0.5g x 2', 1, 18, 18, 1, null]]);
    // Also with the g of the weight read as 9.
    expect(rows(['Store', 'Do-Si-Dos Preroll .59 x 5   $31.38', 'SUBTOTAL   $31.38'].join('\n'))).toEqual([['Do-Si-Dos Preroll .5g x 5', 1, 31.38, 31.38, 2.5, null]]);
  });
});

describe('dates with dashes are month first (US tickets), dates with points day first', () => {
  it.each([
    ['04-09-2026 14:22', '2026-04-09'],
    ['07-24-2026', '2026-07-24'],
    ['24-07-2026', '2026-07-24'],
    ['28.11.2026', '2026-11-28'],
    ['11.28.2026', '2026-11-28'],
  ])('%s → %s', (line, want) => {
    expect(parseDate(line)).toBe(want);
  });

  it('a day-first receipt reads its dashes day first', () => {
    expect(dateOf('Fecha: 10-09-2026', false)).toBe('2026-09-10');
    expect(dateOf('10-09-2026', true)).toBe('2026-09-10');
    expect(dateOf('10-09-2026', false)).toBe('2026-10-09');
  });
});

describe('an ounce fraction is flower', () => {
  it.each([
    ['Head Space Kush Mints 1/4 oz', 'Flower'],
    ['Kush Mints Gummies 100mg', 'Edible'],
    ['Chocolate Mints 10pk', 'Edible'],
  ])('%s → %s', (name, want) => {
    expect(categorizeLast(name)).toBe(want);
  });
});
