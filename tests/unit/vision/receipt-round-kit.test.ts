import { describe, expect, it } from 'vitest';
import { drawItems, drawOrderDate, gramsOf, roundGuard, sizeTable } from '@/tests/fixtures/vision/receipt-round-kit';
import { rng } from '@/tests/fixtures/vision/render';
import type { ReceiptTruthItem } from '@/tests/fixtures/vision/receipts';

/**
 * Every printed size the receipt generators' tables held as literal { text, grams } pairs before
 * they were built with `sizeTable`, with the grams written there: the derived weight must match
 * each one, drawn by the probes' seeds or not.
 */
const WRITTEN: [string, number][] = [
  ['3.5g', 3.5],
  ['3.5 g', 3.5],
  ['1/8oz', 3.5],
  ['1/8 oz', 3.5],
  ['(3.5g)', 3.5],
  ['1g', 1],
  ['7g', 7],
  ['1/4oz', 7],
  ['14 g', 14],
  ['28g', 28],
  ['1g x 2', 2],
  ['.5g x 5', 2.5],
  ['0.5g', 0.5],
  ['.5g', 0.5],
  ['0.5 g', 0.5],
  ['1 g', 1],
  ['2g', 2],
  ['7 g', 7],
  ['1/2oz', 14],
  ['1/4 oz', 7],
  ['2 x 1g', 2],
  ['5 x .5g', 2.5],
  ['15 g', 15],
  ['28 g', 28],
  ['3 x 0.5 g', 1.5],
  ['10 x 0.35 g', 3.5],
  ['1 x 1 g', 1],
  ['2 x 0.5 g', 1],
  ['1.2 g', 1.2],
  ['2 g', 2],
  ['14g', 14],
  ['5pk 2.5g', 2.5],
  ['2 x .5g', 1],
  ['1 oz', 28],
  ['10pk 5g', 5],
  ['3 x 0.5g', 1.5],
];

describe('receipt round kit', () => {
  it('reads every size the tables print as the grams the tables wrote for it', () => {
    for (const [text, grams] of WRITTEN) expect([text, gramsOf(text)]).toEqual([text, grams]);
  });

  it('refuses a size text it cannot read', () => {
    expect(() => gramsOf('an eighth')).toThrow(/unreadable size text/);
  });

  it('keeps the order of the texts in a table (the order is part of the draws)', () => {
    const t = sizeTable({ Flower: ['7g', '3.5 g'], 'Pre-Roll': ['3 x 0.5g'], Vape: ['1g'], Concentrate: ['.5g'] });
    expect(Object.keys(t)).toEqual(['Flower', 'Pre-Roll', 'Vape', 'Concentrate']);
    expect(t.Flower).toEqual([
      { text: '7g', grams: 7 },
      { text: '3.5 g', grams: 3.5 },
    ]);
    expect(t['Pre-Roll']).toEqual([{ text: '3 x 0.5g', grams: 1.5 }]);
  });

  it('guards a round by its layout list', () => {
    const isRound = roundGuard(['a', 'b'] as const);
    expect(isRound('a')).toBe(true);
    expect(isRound('c')).toBe(false);
  });

  it('draws items until it has n, skipping the nulls', () => {
    let k = 0;
    const item = { productName: 'x' } as ReceiptTruthItem;
    const items = drawItems(3, () => (k++ % 2 === 0 ? null : item));
    expect(items).toHaveLength(3);
    expect(k).toBe(6);
  });

  it('draws an order date in 2026 up to the 28th', () => {
    const r = rng(5);
    for (let i = 0; i < 50; i++) expect(drawOrderDate(r)).toMatch(/^2026-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])$/);
  });
});
