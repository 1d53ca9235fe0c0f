import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { isFeeLine } from '@/lib/vision/receipt-fees';
import { isDispensingDetail } from '@/lib/vision/receipt-dispensing';
import { taxFromRateLines } from '@/lib/vision/receipt-rate-lines';
import { endsWithWeight, wrappedRow } from '@/lib/vision/receipt-wrapped-row';
import { splitLine } from '@/lib/vision/receipt-lines';
import { packKind } from '@/lib/vision/receipt-pack-kinds';
import { CBD, THC, pct } from '@/lib/vision/receipt-figures';
import { categorizeLast } from '@/lib/vision/parse-common';
import { capsWeightSlips } from '@/lib/vision/receipt-photo';

/** General rules from the fifteenth receipt round (issue 14); the texts are written here, not read from the round's images. */

describe('fee lines among the items (exit bag, bag fee)', () => {
  it('knows a bag or container fee and nothing that names a product', () => {
    for (const l of [
      'EXIT BAG (CHILD RESISTANT)  $1.00',
      'BAG FEE   $0.10',
      'Exit Bag $0.25',
      'Child-Resistant Bag  $1.00',
      'Paper bag 0.10',
      'Bottle deposit  $0.05',
      'Bag Charge $0.25',
    ])
      expect(isFeeLine(l), l).toBe(true);
    for (const l of ['Bag of Buds Flower 3.5g  $45.00', 'Grab Bag Pre-Roll 5pk  $20.00', 'Money Bag OG 3.5g  $40.00', 'Delivery fee  $5.00', 'Blue Dream Flower 3.5g  $35.00'])
      expect(isFeeLine(l), l).toBe(false);
  });

  it('is no item, and the items are not "repaired" to make the subtotal without it', () => {
    const r = parseReceiptText(
      [
        'Green Leaf Co',
        'DATE: NOV 24 2026  TIME: 3:42 PM',
        'ZUSHI WAX 1G            $41.61',
        '   THC 63.6%',
        'EXIT BAG (CHILD RESISTANT)   $1.00',
        'RUNTZ PRE-ROLL 1G       $15.73',
        '   THC 17.4%',
        'SUBTOTAL               $58.34',
        'SALES TAX 6.25%         $3.65',
        'TOTAL                  $61.99',
      ].join('\n'),
    );
    expect(r.items.map((i) => [i.productName, i.price])).toEqual([
      ['ZUSHI WAX 1G', 41.61],
      ['RUNTZ PRE-ROLL 1G', 15.73],
    ]);
    expect(r.subtotal).toBe(58.34);
    expect(r.total).toBe(61.99);
  });
});

describe('rate lines without a tax word (STATE SALES 6.25%, LOCAL 3%)', () => {
  it('are the tax when one of them, or all together, make the totals gap', () => {
    expect(taxFromRateLines([12.7], 12.7)).toEqual([12.7]);
    expect(taxFromRateLines([12.7, 6.09], 18.79)).toEqual([12.7, 6.09]);
    expect(taxFromRateLines([12.7, 6.09], 18.0)).toEqual([]);
    expect(taxFromRateLines([12.7], 0)).toEqual([]);
  });

  it('adds them to a tax line read by its word', () => {
    const r = parseReceiptText(
      [
        'Leaf & Flower',
        '11/24/2026 3:42 PM',
        'Blue Dream Flower 3.5g     $40.00',
        'SUBTOTAL                   $40.00',
        'CANNABIS EXCISE 10.75%      $4.30',
        'STATE SALES 6.25%           $2.50',
        'LOCAL 3%                    $1.20',
        'TOTAL                      $48.00',
      ].join('\n'),
    );
    expect(r.tax).toBe(8);
  });
});

describe('dispensing details under a medical item', () => {
  it('knows route, days supply and milligrams dispensed, not a potency or a name', () => {
    for (const l of ['Route: Inhalation | Days supply: 14', 'Days Supply: 30', 'Total THC: 1,166 mg', 'THC dispensed: 350 mg', 'Dosage: 5 mg twice daily'])
      expect(isDispensingDetail(l), l).toBe(true);
    for (const l of ['THC: 24.1%  CBD: <LOQ', 'THC 224 mg/g', 'Blue Dream Whole Flower 3.5g', 'Total  $45.00']) expect(isDispensingDetail(l), l).toBe(false);
  });

  it('keeps the potency of the item above them', () => {
    const r = parseReceiptText(
      [
        'Sunshine Wellness',
        'Medical Marijuana Treatment Center',
        'Patient ID: P61654843',
        'Dispensed: Nov 24, 2026 3:42:07 PM',
        'Chemdawg Whole Flower 1g            $11.53',
        '   Route: Inhalation | Days supply: 14',
        '   THC: 25.2%  CBD: <LOQ',
        '   Total THC: 252 mg',
        'Sweet Tooth RSO Syringe 1g          $82.20',
        '   Qty 2 x $41.10',
        '   Route: Oral | Days supply: 10',
        '   THC: 58.3%  CBD: 1.2%',
        '   Total THC: 1,166 mg',
        'Subtotal                           $93.73',
        'Sales Tax (Medical Exempt)          $0.00',
        'Total                              $93.73',
      ].join('\n'),
    );
    expect(r.items.map((i) => [i.productName, i.category, i.quantity, i.thcPct, i.cbdPct])).toEqual([
      ['Chemdawg Whole Flower 1g', 'Flower', 1, 25.2, null],
      ['Sweet Tooth RSO Syringe 1g', 'Concentrate', 2, 58.3, 1.2],
    ]);
    expect(r.total).toBe(93.73);
    expect(r.tax).toBe(0);
  });
});

describe('a table row whose name wrapped onto the line above', () => {
  const header = ['item', 'qty', 'price', 'total'];
  it('joins the name start to a row whose name cell ends with the weight', () => {
    const row = splitLine('Whole Flower 7g        1.00      $66.69      $66.69');
    expect(wrappedRow(row.line, row.cells, { name: 'PurLife Green Crack Premium' }, true, header, true)?.line).toBe(
      'PurLife Green Crack Premium Whole Flower 7g 1.00 $66.69 $66.69',
    );
    // Without a table header only a long start (twenty-first round; a brand's heading is short), not when the line above is not right above, not when it has its weight already.
    expect(wrappedRow(row.line, row.cells, { name: 'Cookies' }, true, null, true)).toBeNull();
    expect(wrappedRow(row.line, row.cells, { name: 'PurLife Green Crack Premium' }, false, header, true)).toBeNull();
    expect(wrappedRow(row.line, row.cells, { name: 'Camino Gummies 100mg 10pk' }, true, header, true)).toBeNull();
    expect(endsWithWeight('Cartridge .5g')).toBe(true);
    expect(endsWithWeight('Blue Dream')).toBe(false);
  });

  it('reads the whole name, also when the second line is only the weight', () => {
    const r = parseReceiptText(
      [
        'WeedSnacks Dispensary',
        'Mon 11/16/2026 15:26            Receipt #67348',
        'Item                      Qty       Price      Total',
        'PurLife Green Crack Premium',
        'Whole Flower 7g           1.00      $66.69     $66.69',
        'Bhang Motorbreath Pre-Roll 2 x',
        '0.5g                      2.00      $10.94     $21.88',
        'Platinum OG Indoor Flower 7g   1.00  $86.56   $86.56',
        'Subtotal                                  $175.13',
        'Total                                     $175.13',
      ].join('\n'),
    );
    expect(r.items.map((i) => [i.productName, i.grams, i.quantity, i.price])).toEqual([
      ['PurLife Green Crack Premium Whole Flower 7g', 7, 1, 66.69],
      ['Bhang Motorbreath Pre-Roll 2 x 0.5g', 1, 2, 21.88],
      ['Platinum OG Indoor Flower 7g', 7, 1, 86.56],
    ]);
  });
});

describe('a capital G read as a 6 after a name with OG in it', () => {
  it('is put back although `0G` (OG with its O read as a zero) looks like a weight', () => {
    expect(capsWeightSlips('LARRY 0G DOGWALKER 16      $15.73')).toBe('LARRY 0G DOGWALKER 1g      $15.73');
    expect(capsWeightSlips('SFV 0G SHAKE 3.56   $20.00')).toBe('SFV 0G SHAKE 3.5g   $20.00');
    expect(capsWeightSlips('KUSH 0G   $20.00')).toBe('KUSH 0G   $20.00');
    expect(capsWeightSlips('BLUE DREAM 3.5G 16   $20.00')).toBe('BLUE DREAM 3.5G 16   $20.00');
  });
});

describe('pre-roll trade names and RSO', () => {
  it('a dogwalker is a pre-roll as the last word before the weight only', () => {
    expect(packKind('Larry OG Dogwalker 1g')).toBe('Pre-Roll');
    expect(packKind('RUNTZ DOGWALKERS 2 x 0.5g')).toBe('Pre-Roll');
    expect(packKind('Dogwalker OG Live Rosin Jam 0.5g')).toBeNull();
    expect(packKind('Dogwalker 1g')).toBeNull();
  });

  it('RSO is a concentrate', () => {
    expect(categorizeLast('Sweet Tooth RSO Syringe 1g', 'Flower')).toBe('Concentrate');
  });
});

describe('THC and CBD patterns built by one function', () => {
  it('are the patterns they were (CBD also with its D read as an O or a zero)', () => {
    expect(THC.source).toBe(
      String.raw`\bTHC:?\s?\(?(\d{1,3}(?:[.,]\d{1,2})?\s?m[gqa9]\s?\/\s?[gq9]\b|\d{1,2}(?:[.,]\d{1,2})?\s?%|\d{3,4}%|\d{1,2}[.,]\d{1,2}(?=\s*(?:$|[|·•*,;)]|\s{2}|\s-\s|\s?CBD)))`,
    );
    expect(CBD.source).toBe(
      String.raw`\bCB[DO0]:?\s?\(?(\d{1,3}(?:[.,]\d{1,2})?\s?m[gqa9]\s?\/\s?[gq9]\b|\d{1,2}(?:[.,]\d{1,2})?\s?%|\d{3,4}%|\d{1,2}[.,]\d{1,2}(?=\s*(?:$|[|·•*,;)]|\s{2}|\s-\s)))`,
    );
    expect([THC.flags, CBD.flags]).toEqual(['i', 'i']);
  });

  it('read what they read', () => {
    const read = (re: RegExp, s: string) => {
      const m = re.exec(s);
      return m ? pct(m[1]) : null;
    };
    expect(read(THC, 'THC: 24.1%  CBD: <LOQ')).toBe(24.1);
    expect(read(CBD, 'THC: 24.1%  CBD: <LOQ')).toBeNull();
    expect(read(THC, 'THC 21.6 CBD 0.4')).toBe(21.6);
    expect(read(CBD, 'THC 21.6 CBD 0.4')).toBe(0.4);
    expect(read(THC, 'THC 224 mg/g  CBD 12 mg/g')).toBe(22.4);
    expect(read(CBD, 'THC 224 mg/g  CBD 12 mg/g')).toBe(1.2);
    expect(read(THC, 'THC673%')).toBe(67.3);
    expect(read(THC, 'Total THC: 1,166 mg')).toBeNull();
    // (A CBD whose D a blurred photo read as an O or a zero.)
    expect(read(CBD, 'THC: 70.4% CBO: 0.9%')).toBe(0.9);
    expect(read(CBD, 'THC 70.4%  CB0 1.2%')).toBe(1.2);
  });
});
