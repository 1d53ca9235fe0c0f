import { describe, expect, it } from 'vitest';
import { columnLines, pairByPosition } from '@/lib/vision/label-columns';
import { netWeightText, parseLabelText } from '@/lib/vision/label-parser';
import { withoutStampWords } from '@/lib/vision/label-stamp-words';
import { type BoxCell, type BoxLine } from '@/lib/vision/parse-common';

/**
 * Sixth pass of issue 14 (labels), decided after the sixth round's blind run while looking at its
 * layouts (so their later numbers are not blind): printed lines (as OCR gives them) with the
 * fields expected.
 */

const parse = (...lines: string[]) => parseLabelText(lines.join('\n'));

describe('bilingual potency keys and totals below the limit', () => {
  it.each([
    ['Total THC / THC total 19.8 % after a Δ9 THC 0.5 %', ['THC 0.5 %                Total THC / THC total 19.8 %'], 19.8],
    ['the slash read as a bar', ['THC 05%          Total THC | THC total 19.8 %'], 19.8],
    ['the French key alone on its line (the slash split the row)', ['THC 0.5%', 'Total THC', 'THC total 19.8 %'], 19.8],
    ['in mg/g', ['THC 790 mg/g   Total THC / THC total 812 mg/g'], 81.2],
    ['an English label: Total THC first', ['THC: 0.4%   Total THC: 22.1%'], 22.1],
    ['no total printed: the plain key', ['THC: 22.4%  CBD: 0.1%'], 22.4],
  ])('%s', (_what, lines, thc) => {
    expect(parse(...lines).thcPct).toBe(thc);
  });

  it.each([
    ['Total CBD / CBD total < 0.5 % after CBD 0.0 %', ['CBD 0.0 %   Total CBD / CBD total < 0.5 %'], null],
    ['Total CBD: ND after CBD 0.1%', ['CBD 0.1%   Total CBD: ND'], null],
    ['Total CBD <LOQ', ['CBD 0.02%', 'Total CBD <LOQ'], null],
    ['a figure after the bilingual key', ['CBD 0.0 %   Total CBD / CBD total 0.6 %'], 0.6],
    ['the limit sign lost, the figure stays', ['CBD 0.0 %   Total CBD / CBD total 0.5 %'], 0.5],
    ['no total key: the plain CBD', ['THC 21.0%  CBD 0.3%'], 0.3],
  ])('%s', (_what, lines, cbd) => {
    expect(parse(...lines).cbdPct).toBe(cbd);
  });
});

describe('the excise stamp, slogans, store names and grown-by brands around a product name', () => {
  it.each([
    ['a stamp beside the name', ['Purlife', 'Bruce Banner Preroll                                   DUTY PAID', 'DROIT ACQUITTE', 'THC 0.6 %'], 'Purlife', 'Bruce Banner Preroll'],
    [
      'a deli sticker: the store on top, a slogan, the grower keyed without a colon',
      ['BUDS N MORE DISPENSARY', '*** WEIGHED TO ORDER ***', 'KUSH MINTS BULK FLOWER', 'GROWN BY MOUNTAIN TOP EXTRACTS', 'INDICA   THC 25.7%   CBD 0.8%'],
      'MOUNTAIN TOP EXTRACTS',
      'KUSH MINTS BULK FLOWER',
    ],
    [
      'a store whose name holds a kind word (Buds), the name right under a banner',
      ['HERRERA BUDS CO', '-- BULK FLOWER --', 'BLACK DIAMOND SHAKE', 'GROWN BY GH LABS', 'SATIVA THC 23.1% CBD 1.1%'],
      'GH LABS',
      'BLACK DIAMOND SHAKE',
    ],
    ['Cultivated by, on a label with no kind word in the name', ['Northern Lights', 'Cultivated by Grow Co', 'THC 20.1%'], 'Grow Co', 'Northern Lights'],
    ['a plain brand over a name (unchanged)', ['Stoned Ape', 'Sour Space Candy Premium Flower', 'Indica / Indica'], 'Stoned Ape', 'Sour Space Candy Premium Flower'],
  ])('%s', (_what, lines, brand, name) => {
    const p = parse(...lines);
    expect(p.brand).toBe(brand);
    expect(p.productName).toBe(name);
  });

  it.each([
    ['Bruce Banner Preroll   DUTY PAID', 'Bruce Banner Preroll'],
    ['DROIT ACQUITTÉ', ''],
    ['Hawaiian Pre-Roll   bury PAID', 'Hawaiian Pre-Roll'],
    ['Taxes   paid', 'Taxes   paid'],
    ['Stoned Ape   CANADA', 'Stoned Ape   CANADA'],
    ['Duty Paid Flower', 'Duty Paid Flower'],
  ])('withoutStampWords(%s)', (row, out) => {
    expect(withoutStampWords(row)).toBe(out);
  });
});

describe('the category from the kind word the name prints last', () => {
  it.each([
    ['Sour Space Candy Premium Flower', ['Stoned Ape', 'Sour Space Candy Premium Flower', 'Net Weight / Poids net 3.5 g', 'Total THC / THC total 19.8 %'], 'Flower'],
    ['Kush Mints Bulk Flower', ['KUSH MINTS BULK FLOWER', 'GROWN BY X FARMS', 'THC 25.7%'], 'Flower'],
    ['Watermelon Gummies', ['Kiva', 'Watermelon Gummies', 'Total THC: 100mg'], 'Edible'],
    ['Hash Plant Smalls', ['Brand Co', 'Hash Plant Smalls', 'THC 21.0%'], 'Flower'],
    ['a category key wins', ['Brand Co', 'Blue Dream Live Resin', 'Category: Vape', 'THC 80.0%'], 'Vape'],
  ])('%s', (_name, lines, category) => {
    expect(parse(...lines).category).toBe(category);
  });
});

describe('a weigh-scale sticker: price keys over a row of values, an odd weight, the lab after the test date', () => {
  const line = (...cells: [string, number, number][]): BoxLine => ({
    text: cells.map((c) => c[0]).join('   '),
    cells: cells.map(([text, x0, x1]): BoxCell => ({ text, x0, x1, conf: 95 })),
    y0: 0,
    y1: 30,
    conf: 95,
  });
  it('NET WT / PRICE/G / TOTAL over their values become keyed lines', () => {
    const keys = line(['NET WT', 30, 120], ['PRICE/G', 185, 300], ['TOTAL', 360, 430]);
    const values = line(['14.17 g', 30, 140], ['$10.00', 185, 290], ['$141.70', 320, 430]);
    expect(columnLines([keys.text, values.text], [keys, values])).toEqual(['NET WT: 14.17 g', 'PRICE/G: $10.00', 'TOTAL: $141.70']);
    expect(columnLines([keys.text, values.text])).toEqual(['NET WT: 14.17 g', 'PRICE/G: $10.00', 'TOTAL: $141.70']);
  });

  it('a value under no key (its key lost by OCR) is left out; a row of mostly stray values is no pairing', () => {
    const keys = line(['NET WT', 30, 120], ['PRICE/G', 185, 300]);
    const values = line(['14.03 g', 30, 140], ['$6.00', 185, 270], ['$84.18', 620, 700]);
    expect(pairByPosition(keys, values)).toEqual(['NET WT: 14.03 g', 'PRICE/G: $6.00']);
    expect(columnLines([keys.text, values.text], [keys, values])).toEqual(['NET WT: 14.03 g', 'PRICE/G: $6.00']);
    // Without word boxes two keys over three values are not paired (counted, not placed).
    expect(columnLines([keys.text, values.text])).toEqual([keys.text, values.text]);
    const far = line(['NET WT', 30, 120], ['LOT', 185, 240]);
    expect(pairByPosition(far, line(['14.03 g', 30, 140], ['$6.00', 600, 680], ['$84.18', 800, 880]))).toBeNull();
  });

  it.each([
    ['NET WT   PRICE/G   TOTAL / 14.17 g   $10.00   $141.70', ['NET WT   PRICE/G   TOTAL', '14.17 g   $10.00   $141.70'], 14.17],
    ['the g read as ¢', ['NET WT   PRICE/G   TOTAL', '1.07 ¢   $12.00   $12.84'], 1.07],
    ['a speck before the g', ['NET WT   PRICE/G   TOTAL', '14.17 ¢g   $10.00   $141.70'], 14.17],
    ['a common size stays', ['NET WT: 3.5 g'], 3.5],
    ['the g of 1.0 g read as an 8, no unit left', ['Sativa - Concentrate * Net Wt 1.08'], 1],
    ['an odd weight with its g stays', ['Net Wt 1.08 g'], 1.08],
    ['28 with no point is not 2 g', ['Net Wt 28'], null],
  ])('%s', (_what, lines, grams) => {
    expect(parse(...lines).netWeightGrams).toBe(grams);
  });

  it.each([
    ['1.07 ¢', '1.07 g'],
    ['14.17 ¢g', '14.17 g'],
    ['3.5 g', '3.5 g'],
    ['$1.07 ¢ (a price stays)', '$1.07 ¢ (a price stays)'],
  ])('netWeightText(%s)', (text, out) => {
    expect(netWeightText(text)).toBe(out);
  });

  it.each([
    ['TESTED 07/15/26 PROVERDE LABS', 'PROVERDE LABS'],
    ['TESTED 05/03/26 CANNASAFE', 'CANNASAFE'],
    ['Test Date: 2026-05-11 by SC Labs', 'SC Labs'],
    ['Tested 05/11/2026   Packaged 06/01/2026 (no lab)', null],
  ])('%s', (printed, lab) => {
    expect(parse('Blue Dream Flower', 'THC 20.0%', printed.replace(/ \(.*\)$/, '')).labName).toBe(lab);
  });
});
