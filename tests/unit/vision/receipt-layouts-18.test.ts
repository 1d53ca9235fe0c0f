import { describe, expect, it } from 'vitest';
import { drawLayout, expectRoundLayouts, expectRendersAtPageSize, expectSumsPrinted, layoutSeeds, money, r2 } from '@/tests/helpers/receipt-layout-draw';
import { EIGHTEENTH_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import { EXCISE_RATES, type EighteenthExtra } from '@/tests/fixtures/vision/receipt-eighteenth';

/**
 * The eighteenth-round receipt layouts (split `eighteenth-held-out`) are drawn and their truth is
 * consistent with what the page prints (no OCR here: the round stays blind until its one run).
 */

const LAYOUTS: readonly ReceiptLayout[] = ['thc-disc-table', 'reprint-strike', 'strain-over-brand'];
const draw = (layout: ReceiptLayout, seed: number) => drawLayout<EighteenthExtra>(layout, seed);
const pct = (p: number | null) => `${(p as number).toFixed(1)}%`;

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-');
  if (layout === 'thc-disc-table') return `  ${m}-${d}-${y} `;
  if (layout === 'reprint-strike') return `Sale date: ${m}/${d}/${y} `;
  return `Ordered ${m}/${d}/${y.slice(2)} at `;
}

describe('eighteenth-round held-out receipt layouts', () => {
  it('are three new layouts, in their own split and never drawn at random', () => {
    expect(EIGHTEENTH_HELD_OUT_RECEIPT_LAYOUTS).toEqual(LAYOUTS);
    expectRoundLayouts(LAYOUTS, 'eighteenth-held-out');
  });

  describe.each(LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image at least the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout);
    });

    it('truth adds up and prints every field it claims', () => {
      let twos = 0;
      let discounts = 0;
      let cbds = 0;
      let voids = 0;
      let unknown = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines } = draw(layout, seed);
        const text = lines.join('\n');
        expectSumsPrinted(t, lines, { total: layout === 'strain-over-brand' ? 'Order total' : 'TOTAL' });
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        t.items.forEach((it, i) => {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          expect(it.productName.endsWith(` ${it.sizeText as string}`)).toBe(true);
          if (it.quantity > 1) twos++;
          if (it.cbdPct !== null) cbds++;
          if (it.strainName === null) unknown++;
          if (layout === 'thc-disc-table') {
            // Item cell, Wt cell, THC, line price and (when there is one) the discount, in that order.
            const cell = it.productName.slice(0, -(it.sizeText as string).length - 1);
            const row = lines.indexOf(cell);
            expect(row, cell).toBeGreaterThan(0);
            expect(lines[row - 1]).toBe(String(it.quantity));
            expect(lines.slice(row + 1, row + 4)).toEqual([it.sizeText, pct(it.thcPct), it.price.toFixed(2)]);
            if (it.discount) {
              discounts++;
              expect(lines[row + 4]).toBe(`-${it.discount.toFixed(2)}`);
            }
            expect(it.cbdPct).toBeNull();
            return;
          }
          expect(it.discount).toBeNull();
          if (layout === 'reprint-strike') {
            const row = lines.indexOf(it.productName);
            expect(row, it.productName).toBeGreaterThan(0);
            expect(lines[row + 1]).toBe(money(it.price));
            expect(lines[row + 2]).toBe(`${it.quantity} @ ${money(it.unitPrice)}  THC ${pct(it.thcPct)}${it.cbdPct !== null ? ` CBD ${pct(it.cbdPct)}` : ''}`);
            return;
          }
          // strain-over-brand: the strain line, then `Brand – Kind – Size` and the price.
          const brand = (t.brands as string[])[i];
          const cut = it.productName.lastIndexOf(` ${brand} – `);
          const row = lines.indexOf(it.productName.slice(0, cut));
          expect(row, it.productName).toBeGreaterThan(0);
          if (it.strainName) expect(lines[row]).toBe(it.strainName);
          expect(lines.slice(row + 1, row + 3)).toEqual([it.productName.slice(cut + 1), money(it.price)]);
          expect(lines[row + 3]).toBe(`Qty ${it.quantity} · ${money(it.unitPrice)} each`);
          expect(lines[row + 4]).toBe(`THC ${pct(it.thcPct)}${it.cbdPct !== null ? ` · CBD ${pct(it.cbdPct)}` : ''}`);
          expect(lines.slice(row + 5, row + 7)).toEqual([`Excise ${Math.round(EXCISE_RATES[it.category] * 100)}%`, money(it.excise as number)]);
          expect(it.excise).toBeCloseTo(r2(it.price * EXCISE_RATES[it.category]), 2);
        });
        if (layout === 'reprint-strike') {
          // Reprint bands at both ends; the reprint date is later than the sale's and printed above it.
          expect(lines[0]).toBe('** REPRINT **');
          expect(lines[lines.length - 1]).toBe('** REPRINT **');
          expect((t.reprintDate as string) > t.orderDate).toBe(true);
          const [y, m, d] = (t.reprintDate as string).split('-');
          expect(text.indexOf(`Reprinted: ${m}/${d}/${y}`)).toBeLessThan(text.indexOf('Sale date: '));
          if (t.voided) {
            voids++;
            const v = t.voided.item;
            expect(t.items.map((it) => it.productName)).not.toContain(v.productName);
            const row = lines.indexOf(v.productName);
            expect(lines.slice(row + 1, row + 3)).toEqual(['VOID', `${v.quantity} @ ${money(v.unitPrice)}  ** VOIDED **`]);
          }
        }
        if (layout === 'strain-over-brand') {
          const excise = t.taxLines?.find(([label]) => label === 'Excise tax');
          expect(excise?.[1]).toBeCloseTo(r2(t.items.reduce((a, it) => a + (it.excise as number), 0)), 2);
          expect(text).toMatch(/\nPoints earned\n\d+\nPoints redeemed\n\d+\nNew balance\n[\d,]+\nNext reward at [\d,]+ pts/);
        }
      }
      expect(twos).toBeGreaterThan(0);
      expect(unknown).toBeGreaterThan(0);
      if (layout !== 'thc-disc-table') expect(cbds).toBeGreaterThan(0);
      if (layout === 'thc-disc-table') expect(discounts).toBeGreaterThan(0);
      if (layout === 'reprint-strike') expect(voids).toBeGreaterThan(0);
    });
  });
});
