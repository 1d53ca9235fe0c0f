import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { finishItems } from '@/lib/vision/receipt-item-finish';
import { parseLabelText } from '@/lib/vision/label-parser';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/** Degraded-photo rules of the seventh pass over the weak degraded splits (issue 14); texts written here, not read from the images. */

const items = (text: string) => parseReceiptText(text).items.map((i) => [i.productName, i.grams, i.quantity, i.unitPrice, i.price]);

const grid = (...rows: string[]) =>
  [
    'Green Goddess Remedies',
    'Mar 4 2026 3:15PM                                Ticket 40221',
    '| SKU    | ITEM                           | QTY |  AMOUNT |',
    ...rows,
    'SUBTOTAL                                          160.92',
    'TOTAL                                            $160.92',
  ].join('\n');

describe('an ASCII-grid row that lost a bar to blur', () => {
  it('reads a `1` glued to the quantity cell as the lost bar, not as a quantity of 11', () => {
    const text = grid(
      '| 204417 | Cresco Gelato Buds 3.5g        |   11  30.92 |',
      '|        | THC 24.6%                      |     |         |',
      '| 889012 | Sour Diesel Cart 1g            |   1 |  130.00 |',
    );
    expect(items(text)).toEqual([
      ['Cresco Gelato Buds 3.5g', 3.5, 1, 30.92, 30.92],
      ['Sour Diesel Cart 1g', 1, 1, 130, 130],
    ]);
  });

  it('leaves a printed 11 in a row with all its bars', () => {
    const text = grid('| 204417 | Cresco Pre-Roll 0.5g            |  11 |   30.25 |', '| 889012 | Sour Diesel Cart 1g            |   1 |  130.67 |');
    expect(items(text)[0]).toEqual(['Cresco Pre-Roll 0.5g', 0.5, 11, 2.75, 30.25]);
  });
});

describe('an item of two whose line price reads below its printed unit price', () => {
  it('takes quantity × unit price for the line (a figure of the name taken for the lost amount)', () => {
    const item: ParsedReceiptItem = {
      productName: 'Chernobyl Badder 0.5g',
      strainName: null,
      category: 'Concentrate',
      grams: 0.5,
      quantity: 2,
      unitPrice: 28.76,
      price: 0.59,
      discount: null,
      thcPct: 82.8,
      cbdPct: 0.9,
      type: null,
      brand: null,
    };
    finishItems([item]);
    expect(item.price).toBe(57.52);
  });

  it('leaves a single item or a line at or above its unit price', () => {
    const one: ParsedReceiptItem = {
      productName: 'Gelato 1g',
      strainName: null,
      category: 'Vape',
      grams: 1,
      quantity: 1,
      unitPrice: 30,
      price: 27,
      discount: null,
      thcPct: null,
      cbdPct: null,
      type: null,
      brand: null,
    };
    finishItems([one]);
    expect(one.price).toBe(27);
  });
});

describe('a quantity-at line whose unit price blur made letters of (`2@3STEA`)', () => {
  it('keeps the quantity, the unit price being the line price over it', () => {
    const text = [
      'FLOR DE LAS FLORES',
      'CURE INJOY MANGO KUSH (1G) POD               $75.14',
      '| 2@3STEA',
      'THC 77.2%',
      'SUBTOTAL                             $75.14',
      'TOTAL     $75.14',
    ].join('\n');
    const it0 = parseReceiptText(text).items[0];
    expect([it0.quantity, it0.unitPrice, it0.price, it0.thcPct]).toEqual([2, 37.57, 75.14, 77.2]);
  });
});

describe('a weight in a Unit column whose `g` was read as a 9', () => {
  it('reads `19` before the quantity and price as 1 g (the table head lost too)', () => {
    const text = [
      'Nubes Dispensary',
      'Bhang Face Off OG Vape             19              1        $31.82',
      'Gushers Vape                       1g              1        $35.74',
      'Subtotal                                                   $67.56',
      'Total                                                      $67.56',
    ].join('\n');
    expect(items(text)[0]).toEqual(['Bhang Face Off OG Vape 1g', 1, 1, 31.82, 31.82]);
  });
});

describe('a small cannabinoid table whose heads and bars blur garbled', () => {
  const label = (head: string, values: string) =>
    parseLabelText(['CURE INJOY                        Hybrid | Vape | NET WT 0.5g', 'Apple Fritter Cartridge', head, values, 'LOT AF2668-95 - TESTED 15-JUN-2026'].join('\n'));

  it('reads `TOTALTHC`, `c80` and `c8G` as their names and drops the specks between the figures', () => {
    const r = label('TOTALTHC |    THCa   |   09-THC   |   c80   |   CBN   |   c8G   |   TAC', '%    89.0   |   1.6   {   87.6   i   0.9   i   0.3   {   0.5   {   93.2');
    expect([r.thcPct, r.cbdPct, r.totalCannabinoidsPct]).toEqual([89, 0.9, 93.2]);
  });

  it('reads `cso` as CBD and `can` as CBN (one edit, the only name it could be)', () => {
    const r = label('TOTAL THC   THCa   D9-THC   cso   can   CBG   TAC', '%   24.1   26.2   0.4   1.2   0.3   0.5   27.0');
    expect([r.thcPct, r.cbdPct, r.totalCannabinoidsPct]).toEqual([24.1, 1.2, 27]);
  });
});

describe('a net weight whose point blur read as a gap', () => {
  it('reads `NET WT 0 5g` as 0.5 g', () => {
    const r = parseLabelText(['CURE INJOY          Hybrid | Vape | NET WT 0 5g', 'Apple Fritter Cartridge', 'THC 89.0%'].join('\n'));
    expect(r.netWeightGrams).toBe(0.5);
  });
});
