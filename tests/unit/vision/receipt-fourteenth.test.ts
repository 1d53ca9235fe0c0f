import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { afterGreeting } from '@/lib/vision/receipt-names';
import { pct, qtyUnitPattern, THC } from '@/lib/vision/receipt-figures';
import { weighedLine } from '@/lib/vision/receipt-weighed';
import { detailLineAmount, taxFromRates, taxRateOf } from '@/lib/vision/receipt-lost-signs';
import { moneyOn } from '@/lib/vision/parse-common';
import { isTrailingNoise } from '@/lib/vision/strain-noise';
import { strainFromProduct } from '@/lib/vision/label-parser';

/** Fixes after the fourteenth receipt round (deli-per-gram, banner-detail, ca-mgg-tender). */

const rows = (text: string) => parseReceiptText(text).items.map((i) => [i.productName, i.grams, i.quantity, i.unitPrice, i.price, i.discount, i.thcPct, i.cbdPct]);

describe('goods weighed at the counter, priced per gram', () => {
  const text = [
    'Altitude Dispensary',
    '8394 Cerrillos Rd',
    '05/08/2026 7:13 PM                Ticket 19125',
    'Malawi Deli Smalls',
    '   1.04 g @ $10.29/g                           $10.70',
    'Candyland Live Resin 0.5g',
    '   1 @ $45.37                                  $45.37',
    'Gelato Deli Flower',
    '   14.00 g @ $11.57/g                         $161.98',
    'Subtotal                                     $218.05',
  ].join('\n');

  it('takes the weighed amount as the grams, one lot at the line amount, and the next name as a new item', () => {
    expect(rows(text)).toEqual([
      ['Malawi Deli Smalls', 1.04, 1, 10.7, 10.7, null, null, null],
      ['Candyland Live Resin 0.5g', 0.5, 1, 45.37, 45.37, null, null, null],
      ['Gelato Deli Flower', 14, 1, 161.98, 161.98, null, null, null],
    ]);
  });

  it('reads a weighed line with its name on it, in grams or ounces, and no other line', () => {
    expect(rows('Store Name\nBlue Dream Bulk Flower  3.52g x $9.87/g   $34.74\nTotal  $34.74')).toEqual([['Blue Dream Bulk Flower', 3.52, 1, 34.74, 34.74, null, null, null]]);
    expect(weighedLine('0.25 oz @ $160.00 per oz   $40.00')?.grams).toBe(7.09);
    expect(weighedLine('2 @ $17.50   $35.00')).toBeNull();
    expect(weighedLine('Blue Dream 3.5g   $35.00')).toBeNull();
  });
});

describe('a store name under a greeting, and detail lines carrying the discount', () => {
  const text = [
    '*** SALES RECEIPT ***',
    'Welcome to',
    'Green Therapy Dispensary',
    'Saturday, December 5, 2026 at 2:28 PM',
    'Sour Tsunami 7g                                  $85.25',
    '   SKU 912240 | Flower | Sativa',
    '   THC 21.3% | CBD 1.0%                         -$12.79',
    'Maui Wowie 3.5g                                  $41.42',
    '   SKU 479208 | Flower | Indica | Qty 2 @ $20.71',
    '   THC 23.1%',
    'Subtotal                                       $113.88',
  ].join('\n');

  it('skips the greeting for the name, and reads the name after one on the same line', () => {
    expect(parseReceiptText(text).dispensaryName).toBe('Green Therapy Dispensary');
    expect(parseReceiptText(text.replace('Welcome to\nGreen', 'Welcome to Green')).dispensaryName).toBe('Green Therapy Dispensary');
    expect(afterGreeting('Thanks for shopping at Kure Wellness!')).toBe('Kure Wellness');
    expect(afterGreeting('Thank you for visiting')).toBe('');
    expect(afterGreeting('Green Therapy Dispensary')).toBeNull();
  });

  it('a minus amount at the right of a potency line is the item discount, the potency still read', () => {
    expect(rows(text)).toEqual([
      ['Sour Tsunami 7g', 7, 1, 85.25, 85.25, 12.79, 21.3, 1],
      ['Maui Wowie 3.5g', 3.5, 2, 20.71, 41.42, null, 23.1, null],
    ]);
  });
});

describe('potency in milligrams per gram', () => {
  it('is a tenth of the figure in percent, also with the g misread in a thin face', () => {
    expect(pct((THC.exec('THC 224 mg/g') as RegExpExecArray)[1])).toBe(22.4);
    expect(pct((THC.exec('THC 835 ma/g') as RegExpExecArray)[1])).toBe(83.5);
    expect(pct((THC.exec('THC: 87.5 mg/g') as RegExpExecArray)[1])).toBe(8.75);
    expect(pct((THC.exec('THC 22.4%') as RegExpExecArray)[1])).toBe(22.4);
  });

  it('reads THC and CBD from an mg/g detail line under the item, and a quantity line between', () => {
    const text = [
      'PurLife Dispensary',
      '2026-07-23 17:47:16',
      'Big Bud Pre-Roll 0.5g                            $30.90',
      '  2 x $15.45',
      '  THC 275 mg/g CBD 13 mg/g',
      'Chernobyl Hash 1g                                $32.32',
      '  THC 835 mg/g',
      'SUBTOTAL                                         $63.22',
      'GST 5% #96234 4721 RT0001                         $3.16',
      'TOTAL                                            $66.38',
      'Debit                                            $30.00',
      'Cash                                             $40.00',
      'Rounding                                         -$0.02',
      'Change                                            $3.60',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Big Bud Pre-Roll 0.5g', 0.5, 2, 15.45, 30.9, null, 27.5, 1.3],
      ['Chernobyl Hash 1g', 1, 1, 32.32, 32.32, null, 83.5, null],
    ]);
    const r = parseReceiptText(text);
    expect([r.subtotal, r.tax, r.total, r.discount]).toEqual([63.22, 3.16, 66.38, null]);
  });
});

describe('how the flower was sold, at the end of a strain guess', () => {
  it('is no part of the strain name', () => {
    for (const w of ['Dried', 'milled', 'Deli']) expect(isTrailingNoise(w)).toBe(true);
    expect(isTrailingNoise('Kush')).toBe(false);
    expect(strainFromProduct("Ringo's Gift Milled Flower 7g", null)).toBe("Ringo's Gift");
    expect(strainFromProduct('Black Domina Dried Flower 3.5g', null)).toBe('Black Domina');
    expect(strainFromProduct('Kush Mints Deli Smalls', null)).toBe('Kush Mints');
  });
});

describe('figures a photo lost part of, put back by the arithmetic', () => {
  const text = (disc: string) =>
    [
      'Love Cannabis Dispensary',
      'Friday, May 1, 2026 at 11:25 AM',
      'Orange Cookies Disposable 1g                        $41.91',
      '   SKU 608535 | Vape | Hybrid',
      `   THC 71.5%                                         ${disc}4.19`,
      'Cannatron Master Kush Flower 7g                     $72.91',
      '   THC 30.4% | CBD 0.3%                              $14.58',
      'Subtotal                                            $96.05',
      'Sales Tax 7.875%                                     $7.56',
      'Total                                              $103.61',
    ].join('\n');

  it('an unsigned amount on a detail line is a discount when the subtotal says so', () => {
    expect(rows(text('$')).map((r) => r[5])).toEqual([4.19, 14.58]);
    // Without the subtotal's word for it (the items add up without them) they are left alone.
    expect(rows(text('$').replace('$96.05', '$114.82')).map((r) => r[5])).toEqual([null, null]);
  });

  it('a tax line read without its amount: the gap between subtotal and total when the printed rate makes it', () => {
    const r = (tax: string, total: string) =>
      parseReceiptText(
        ['WeedSnacks Dispensary', 'Candyland Milled Flower 1g     $10.59', 'Sunset Sherbet Shatter 1g     $46.18', 'SUBTOTAL    $56.77', tax, `TOTAL     ${total}`].join('\n'),
      );
    expect(r('GST 5% #78309 9033 RT0001     $2 84', '$59.61').tax).toBe(2.84);
    // A gap the rate does not make is no tax read.
    expect(r('GST 5% #78309 9033 RT0001     $2 84', '$60.61').tax).toBeNull();
    expect(taxFromRates([12, 7.875], 100, 10, 107.89)).toBe(17.89);
    expect(taxRateOf('Sales Tax 7.875%')).toBe(7.875);
    expect(taxRateOf('GST #81234 RT0001')).toBeNull();
  });
});

describe('one quantity × unit price pattern for every receipt reader', () => {
  it('reads the quantity and the unit price, anchored where each reader needs it', () => {
    const any = qtyUnitPattern();
    expect(any.exec('2 x $17.50')?.slice(1, 3)).toEqual(['2', '17.50']);
    expect(any.exec('3 ea @ $9.99')?.slice(1, 3)).toEqual(['3', '9.99']);
    expect(qtyUnitPattern({ before: '^(?:qty:?\\s?)?', after: '$' }).test('Qty 2 @ $25.00')).toBe(true);
    expect(qtyUnitPattern({ before: '^(?:qty:?\\s?)?', after: '$' }).test('Blue Dream 2 @ $25.00')).toBe(false);
    expect(qtyUnitPattern({ spaceAfterSign: true }).exec('2 x $ 17.50')?.[2]).toBe('17.50');
    expect(any.exec('2 x $ 17.50')).toBeNull();
  });
});

describe('an amount at the right of a detail line', () => {
  const item = parseReceiptText('Shop\nLavender Premium Flower 7 g     $135.70\nSubtotal   $135.70').items[0];
  const at = (line: string) => detailLineAmount(line, moneyOn(line), { ...item, quantity: 2 });

  it('is a discount with its minus glued to it, at the end of the line', () => {
    expect(at('THC 22.4% | CBD 0.1%            -$4.50')).toEqual({ value: 4.5, signed: true });
    expect(at('THC 71.5%            $4.19')).toEqual({ value: 4.19, signed: false });
  });

  it('is none on a quantity line, before more words, or when it is the unit price', () => {
    expect(at('Qty 2 - $67.85 each')).toBeNull();
    expect(at('Flower - THC 16.9% - $12.00 saved today')).toBeNull();
    expect(at('Flower - THC 16.9%          -$67.85')).toBeNull();
  });

  it('leaves a card receipt`s "Qty 2 - $67.85 each" lines as quantity and unit price, no discount', () => {
    const text = [
      'Green Therapy Dispensary',
      'Lavender Premium Flower 7 g                      $135.70',
      'Qty 2 - $67.85 each',
      'Flower - THC 16.9%',
      'OG Chem Smalls 1/4oz                              $76.51',
      'Qty 1 - $76.51 each',
      'Flower - THC 29.1% - CBD 0.3%',
      'Promo 15% off                                    -$11.48',
      'Subtotal                                         $200.73',
    ].join('\n');
    expect(rows(text).map((r) => [r[2], r[3], r[5]])).toEqual([
      [2, 67.85, null],
      [1, 76.51, 11.48],
    ]);
  });
});
