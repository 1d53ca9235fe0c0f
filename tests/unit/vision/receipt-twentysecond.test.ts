import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { fromAsciiGrid } from '@/lib/vision/receipt-ascii-grid';
import { isBareCode } from '@/lib/vision/receipt-detail-lines';
import { unitSlips } from '@/lib/vision/receipt-unit-slips';
import { eraseTightRules } from '@/lib/vision/receipt-rules';
import { unitColumnOfWeights } from '@/lib/vision/receipt-unit-column';

/** General rules from the twenty-second receipt round (issue 14); the texts are written here, not read from the round's images. */

const items = (text: string) => parseReceiptText(text).items.map((i) => [i.productName, i.grams, i.quantity, i.unitPrice, i.price, i.discount, i.thcPct, i.cbdPct]);

describe('an item table drawn in ASCII (`+----+` borders, `|` cells, the SKU first)', () => {
  const text = [
    'Green Goddess Remedies',
    'Mar 4 2026 3:15PM                                Ticket 40221',
    '+--------+--------------------------------+-----+---------+',
    '| SKU    | ITEM                           | QTY |  AMOUNT |',
    // A border OCR read as letters.
    '4eccemccecfecccacacccanccacnacccacnananccncateccnctacacnanaat',
    '| 204417 | Cresco Gelato Buds 3.5g        |   1 |   42.50 |',
    '|        |   THC 24.6%                    |     |         |',
    '| 889012 | Sour Diesel Cart 1g            |   2 |   88.00 |',
    '|        |   2 @ 44.00                    |     |         |',
    '|        |   THC 86.1%  CBD 0.4%          |     |         |',
    '|        |   DISC Loyalty 10%             |     |   -8.80 |',
    'BE EE EE Eo',
    'SUBTOTAL                                          121.70',
    'CANNABIS TAX 10%                                   12.17',
    'TOTAL                                            $133.87',
    'CASH TENDERED                                     140.00',
    'CHANGE                                              6.13',
  ].join('\n');

  it('reads the names without their SKU cell, and the quantity, amount, potency and line discount of each', () => {
    expect(items(text)).toEqual([
      ['Cresco Gelato Buds 3.5g', 3.5, 1, 42.5, 42.5, null, 24.6, null],
      ['Sour Diesel Cart 1g', 1, 2, 44, 88, 8.8, 86.1, 0.4],
    ]);
    const r = parseReceiptText(text);
    expect([r.subtotal, r.tax, r.total]).toEqual([121.7, 12.17, 133.87]);
  });

  it('takes margin specks outside the bars and misread bars off a photographed grid', () => {
    const rows = [
      '| SKU | ITEM | QTY | AMOUNT |',
      '5   | 204417 | Cresco Gelato Buds 3.5g |  1 |  42.50 |',
      'i   |      | THC 24.6%     I     |     |',
      '|    | DISC 10% |  ]  | -4.25 |',
    ];
    expect(fromAsciiGrid(rows).map((r) => r.split(/\s{4}/))).toEqual([
      ['SKU', 'ITEM', 'QTY', 'AMOUNT'],
      ['Cresco Gelato Buds 3.5g', '1', '42.50'],
      ['THC 24.6%'],
      ['DISC 10%', '-4.25'],
    ]);
  });

  it('leaves a receipt with a bar or two alone (a `|` between two figures is no table)', () => {
    const rows = ['Blue Dream 3.5g   $35.00', 'THC 22.1% | CBD 0.3%', '1234 | Main St'];
    expect(fromAsciiGrid(rows)).toEqual(rows);
  });
});

describe('a Metrc package tag with its batch beside it under an item', () => {
  const text = [
    'ZENLEAF CANNABIS',
    'MAR 13 2026 12:05 PM                    ORDER 883272',
    'LA CONFIDENTIAL (14G) SMALLS                 $159.87',
    '  1A4346525000682573531288  BATCH B26-5630',
    '  THC 17.7%  CBD 0.5%',
    'BUBBLEGUM (1G) DIAMONDS                       $38.86',
    '  1A4AA64B5000688108133384  BATCH B26-4030',
    '  2 @ 19.43 EA',
    '  THC 77.5%',
    '  LOYALTY 10% OFF                             -$3.89',
    'SUBTOTAL                                     $194.84',
    'TOTAL                                        $194.84',
  ].join('\n');

  it('is a code line: the tag with letters in it ends no item and names none', () => {
    expect(items(text)).toEqual([
      ['LA CONFIDENTIAL (14G) SMALLS', 14, 1, 159.87, 159.87, null, 17.7, 0.5],
      ['BUBBLEGUM (1G) DIAMONDS', 1, 2, 19.43, 38.86, 3.89, 77.5, null],
    ]);
  });

  it('is told from a name: a tag and a keyed code only', () => {
    expect(isBareCode('1A4AA64B5000688108133384  BATCH B26-4030')).toBe(true);
    expect(isBareCode('1A4AA64B5000688108133384 Lot: 24K-0031')).toBe(true);
    expect(isBareCode('BUBBLEGUM DIAMONDS  BATCH B26-4030')).toBe(false);
    expect(isBareCode('1A4AA64B5000688108133384  Blue Dream')).toBe(false);
  });
});

describe('a unit price line `$16.84 each` under an item whose quantity is in its own column', () => {
  it('is a detail line: the potency under it is still the item’s', () => {
    const text = [
      'Enchantment Growth Co',
      'Item                         Unit            Qty        Price',
      'Sublime White Runtz Vape     1/8 oz            2       $33.68',
      '   $16.84 each',
      '   THC 82.0%',
      'Gushers Premium Flower       1/4 oz            1       $35.74',
      '   THC 22.1%  CBD 0.4%',
      'Subtotal                                              $69.42',
      'Total                                                 $69.42',
    ].join('\n');
    expect(items(text)).toEqual([
      ['Sublime White Runtz Vape 1/8 oz', 3.5, 2, 16.84, 33.68, null, 82, null],
      ['Gushers Premium Flower 1/4 oz', 7, 1, 35.74, 35.74, null, 22.1, 0.4],
    ]);
  });
});

describe('figures OCR slipped on in a row', () => {
  it('puts back a weight whose space was read as a 9, a half gram without its point and a quantity line without its point', () => {
    expect(unitSlips('Gushers Vape      19g      1     $35.74')).toBe('Gushers Vape      1g      1     $35.74');
    expect(unitSlips('Sour Diesel Flower 3.59g')).toBe('Sour Diesel Flower 3.5g');
    expect(unitSlips('Runtz Vape    05g    1    $33.68')).toBe('Runtz Vape    0.5g    1    $33.68');
    expect(unitSlips('  2@6633EA')).toBe('  2 @ 66.33 EA');
    // A usual size with a 9 in it, a price and a plain count are left alone.
    for (const row of ['Flower 28g', 'Flower 29 $19.99', 'Blue Dream 19 pack', 'Runtz 0.5g', '2 @ 66.33 EA', 'Total 2@ 6633 = 13266']) expect(unitSlips(row)).toBe(row);
  });

  it('reads such an item as printed', () => {
    const text = [
      'Nubes Dispensary',
      'Item                     Unit      Qty      Price',
      'Gushers Vape             19g         1     $35.74',
      '  THC 77.7%',
      'CURE INJOY MANGO KUSH (1G) POD      $75.14',
      '  2@3757EA',
      'Subtotal                                 $110.88',
      'Total                                    $110.88',
    ].join('\n');
    expect(items(text)).toEqual([
      ['Gushers Vape 1g', 1, 1, 35.74, 35.74, null, 77.7, null],
      ['CURE INJOY MANGO KUSH (1G) POD', 1, 2, 37.57, 75.14, null, null, null],
    ]);
  });
});

describe('a grey rule under a row of small print', () => {
  it('is erased when print lies within a row of it (tesseract took both for one picture and lost the row)', () => {
    const W = 200;
    const H = 120;
    const d = Buffer.alloc(W * H, 255);
    for (let y = 60; y <= 61; y++) d.fill(140, y * W + 10, y * W + 190);
    for (let y = 36; y <= 45; y++) for (let x = 12; x < 120; x += 4) d[y * W + x] = 30;
    expect(eraseTightRules(d, W, H, 24)).toBe(1);
    expect(d[60 * W + 100]).toBe(255);
    expect(d[40 * W + 12]).toBe(30);
  });
});

describe('a weight in a UNIT column whose g was read as a 9', () => {
  it('is the weight, joined to the name, under an `Item  Unit  Qty  Price` head', () => {
    const text = [
      'Enchantment Growth Co',
      'Item                     Unit        Qty       Price',
      'Pink Kush Rosin          0.59          1      $30.13',
      '  THC 66.8%',
      'Trainwreck Premium Flower   1/4 oz    1      $64.57',
      'Subtotal                                   $94.70',
      'Total                                      $94.70',
    ].join('\n');
    expect(items(text)).toEqual([
      ['Pink Kush Rosin 0.5g', 0.5, 1, 30.13, 30.13, null, 66.8, null],
      ['Trainwreck Premium Flower 1/4 oz', 7, 1, 64.57, 64.57, null, null, null],
    ]);
  });

  it('stays a unit price when it times the quantity makes the line amount (`QTY  ITEM  UNIT  TOTAL`)', () => {
    expect(unitColumnOfWeights(['qty', 'item', 'unit', 'total'], [{ text: '2' }, { text: 'Blue Dream Flower' }, { text: '14.09' }, { text: '28.18' }], 1)).toBe(false);
    expect(unitColumnOfWeights(['item', 'unit', 'qty', 'price'], [{ text: 'Pink Kush Rosin' }, { text: '0.59' }, { text: '1' }, { text: '$30.13' }], 0)).toBe(true);
    expect(unitColumnOfWeights(['item', 'wt', 'qty', 'price'], [{ text: 'Pink Kush Rosin' }, { text: '0.59' }, { text: '1' }, { text: '$30.13' }], 0)).toBe(false);
  });
});
