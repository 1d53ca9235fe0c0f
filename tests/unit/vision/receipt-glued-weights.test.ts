import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { gluedWeights } from '@/lib/vision/receipt-glued-weights';
import { withoutLeadSpeck } from '@/lib/vision/receipt-wrapped-row';

/** Weights a photo or a mono face garbled, and a speck before a wrapped row (issue 14, after the twenty-first receipt round); texts written here. */

const items = (text: string) => parseReceiptText(text).items.map((i) => [i.productName, i.grams, i.quantity, i.price]);

describe('a letter l, I or | inside the figures of a weight', () => {
  it.each([
    ['Lemon Meringue Indoor 1l4g', 'Lemon Meringue Indoor 14g'],
    ['Lemon Meringue Indoor 2I8 g', 'Lemon Meringue Indoor 28 g'],
    ['Gelato 1|4 g   $110.20', 'Gelato 14 g   $110.20'],
  ])('is read as nothing when that gives a usual pack size: %s', (raw, want) => {
    expect(gluedWeights(raw)).toBe(want);
  });

  it.each(['Gelato 1l0g', 'Gelato 2l5g', 'Gelato 3l.5g'])('is left to the cleaner otherwise: %s', (raw) => {
    expect(gluedWeights(raw)).toBe(raw);
  });

  it('reads a half ounce on a mono ticket, not 114 g', () => {
    const text = [
      'LUNA LEAF LLC',
      '11/03/26 3:42PM',
      'ITEM                           QTY   PTS    PRICE',
      'Lemon Meringue Indoor 1l4g       1   110   110.20',
      'Cereal Milk Wax 0.5g             1    34    34.61',
      'SUBTOTAL                                   144.81',
      'TOTAL                                      144.81',
    ].join('\n');
    expect(items(text)[0]).toEqual(['Lemon Meringue Indoor 14g', 14, 1, 110.2]);
  });
});

describe('a one-gram weight glued to the word before it', () => {
  it.each([
    ['B cartlg          $32.68', 'B cart 1g          $32.68'],
    ['Live Resin WaxIg', 'Live Resin Wax 1g'],
  ])('%s', (raw, want) => {
    expect(gluedWeights(raw)).toBe(want);
  });

  it.each(['Big Leaf 3.5g', 'BIG 1g', 'Gelato lg'])('leaves %s', (raw) => {
    expect(gluedWeights(raw)).toBe(raw);
  });
});

describe('a speck right after a weight unit', () => {
  it('is dropped: `2 x 0.5g¢`', () => {
    expect(gluedWeights('   2 x 0.5g¢      $13.22')).toBe('   2 x 0.5g      $13.22');
    expect(gluedWeights('Gelato 3.5 g©')).toBe('Gelato 3.5 g');
  });

  it('so a pack printed count first on a wrapped row is read', () => {
    const text = [
      'Minerva Canna Group',
      'Date : 2026-08-12 16:32',
      'Article / Item                       Montant / Amount',
      'Sour Tsunami Pre-Roll',
      '         2 x 0.5g¢                       $13.22',
      'Sous-total / Subtotal                 $13.22',
      'Total                                 $13.22',
    ].join('\n');
    expect(items(text)).toEqual([['Sour Tsunami Pre-Roll 2 x 0.5g', 1, 1, 13.22]]);
  });

  it('leaves a cent sign after figures to the slips that read it as the g', () => {
    expect(gluedWeights('Milled Flower 3.5¢   $31.87')).toBe('Milled Flower 3.5¢   $31.87');
  });
});

describe('a wrapped name whose second row the photo garbled', () => {
  const receipt = (second: string) =>
    [
      'Flor De Las Flores',
      'Date : 2026-05-07 18:56',
      'Article / Item                       Montant / Amount',
      '| Apple Fritter Vape',
      `${second}                             $32.68`,
      'THC 89.5%',
      'Sous-total / Subtotal                 $32.68',
      'Total                                 $32.68',
    ].join('\n');

  it('joins a start with its second row read `B cartlg` (a speck, the weight glued)', () => {
    expect(items(receipt('B cartlg'))).toEqual([['Apple Fritter Vape cart 1g', 1, 1, 32.68]]);
  });

  it('drops a lone speck before the second row, not a figure or a name word', () => {
    expect(withoutLeadSpeck('B Cart 1g   $32.68')).toBe('Cart 1g   $32.68');
    expect(withoutLeadSpeck('  § Hash 2g')).toBe('Hash 2g');
    expect(withoutLeadSpeck('& Cream 3.5g')).toBe('& Cream 3.5g');
    expect(withoutLeadSpeck('A Dream 1g')).toBe('A Dream 1g');
    expect(withoutLeadSpeck('2 Hash 2g')).toBe('2 Hash 2g');
  });
});
