import { describe, expect, it } from 'vitest';
import { MON, drawLayout, expectRoundLayouts, expectRendersAtPageSize, layoutSeeds, money, r2 } from '@/tests/helpers/receipt-layout-draw';
import { THIRTEENTH_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import type { ThirteenthExtra } from '@/tests/fixtures/vision/receipt-thirteenth';

/**
 * The thirteenth-round receipt layouts (split `thirteenth-held-out`, blind run 2026-11-28 11:04 UTC)
 * are drawn and their truth is consistent with what the page prints (no OCR here).
 */

const LAYOUTS: readonly ReceiptLayout[] = ['square-modifiers', 'price-first', 'reverse-tape'];

const draw = (layout: ReceiptLayout, seed: number) => drawLayout<ThirteenthExtra>(layout, seed);

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const p2 = (n: number) => String(n).padStart(2, '0');
  if (layout === 'square-modifiers') return `${MON[m - 1]} ${d} ${y}, `;
  if (layout === 'price-first') return `${p2(m)}-${p2(d)}-${y}  `;
  return `${MON[m - 1].toUpperCase()} ${p2(d)}, ${y}  `;
}

describe('thirteenth-round held-out receipt layouts', () => {
  it('are three new layouts, in their own split and never drawn at random', () => {
    expect(THIRTEENTH_HELD_OUT_RECEIPT_LAYOUTS).toEqual(LAYOUTS);
    expectRoundLayouts(LAYOUTS, 'thirteenth-held-out');
  });

  describe.each(LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image at least the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout);
    });

    it('truth adds up and prints every field it claims', () => {
      let twos = 0;
      let lineDiscounts = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines, svg } = draw(layout, seed);
        const text = lines.join('\n');
        expect(t.subtotal).toBeCloseTo(r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0)), 2);
        expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0) + t.tax), 2);
        expect(lines).toContain(t.dispensaryName);
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        // label → amount: a label run followed by its amount (square, tape), or an amount followed by its label (price-first).
        const amountOf = (label: string) => (layout === 'price-first' ? lines[lines.indexOf(label) - 1] : lines[lines.indexOf(label) + 1]);
        const up = layout === 'reverse-tape';
        expect(amountOf(up ? 'SUBTOTAL' : 'Subtotal')).toBe(money(t.subtotal as number));
        if (layout === 'square-modifiers') expect(lines[lines.lastIndexOf('Total') + 1]).toBe(money(t.total));
        else expect(amountOf('TOTAL')).toBe(money(t.total));
        expect(amountOf(up ? `TAX ${t.rateText}` : `${layout === 'square-modifiers' ? 'Sales Tax' : 'Tax'} ${t.rateText}`)).toBe(money(t.tax));
        if (t.discount) expect(amountOf(up ? 'DISCOUNT' : layout === 'square-modifiers' ? 'Rewards' : 'Discount')).toBe(`-${money(t.discount)}`);
        for (const it of t.items) {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.quantity > 1) twos++;
          const size = it.sizeText as string;
          expect(it.productName.endsWith(` ${size}`)).toBe(true);
          if (layout === 'square-modifiers') {
            // The row prints the name without its weight; the weight is the first modifier under it.
            const name = it.productName.slice(0, -size.length - 1);
            const row = lines.indexOf(it.quantity > 1 ? `${name} x ${it.quantity}` : name);
            expect(row, it.productName).toBeGreaterThan(0);
            expect(lines[row + 1]).toBe(money(it.price));
            expect(lines[row + 2]).toBe(`+ ${size}`);
            let next = row + 3;
            if (it.quantity > 1) expect(lines[next++]).toBe(`${it.quantity} × ${money(it.unitPrice)}`);
            if (it.discount) {
              lineDiscounts++;
              expect(lines[next]).toMatch(/^- .+ \d+% off$/);
              expect(lines[next + 1]).toBe(`-${money(it.discount)}`);
            }
            expect(it.thcPct).toBeNull();
          } else {
            const row = lines.indexOf(it.productName);
            expect(row, it.productName).toBeGreaterThan(0);
            expect(it.discount).toBeNull();
            if (layout === 'price-first') {
              expect(lines[row - 1]).toBe(money(it.price));
              let next = row + 1;
              if (it.quantity > 1) expect(lines[next++]).toBe(`${it.quantity} @ ${money(it.unitPrice)}`);
              expect(lines[next]).toBe(`THC ${(it.thcPct as number).toFixed(1)}%${it.cbdPct !== null ? `  CBD ${it.cbdPct.toFixed(1)}%` : ''}`);
            } else {
              expect(lines[row + 1]).toBe(`${money(it.unitPrice)} x${it.quantity}`);
              expect(lines[row + 2]).toBe(`THC ${(it.thcPct as number).toFixed(1)}%`);
              expect(it.cbdPct).toBeNull();
            }
          }
        }
        if (layout === 'square-modifiers') {
          // The big total at the top comes before every item.
          expect(lines.indexOf(money(t.total))).toBeLessThan(lines.indexOf('Total'));
          expect(lines.indexOf('Total')).toBeLessThan(4);
        }
        if (layout === 'price-first') expect(svg).toMatch(/stroke-width="2.4"[^>]*transform="rotate\(/);
        if (layout === 'reverse-tape') {
          // White on black: the store name and the totals are printed in the paper's colour over a black box.
          expect((svg.match(/fill="#111111"/g) ?? []).length).toBe(2);
          expect(lines[lines.indexOf('CHANGE') + 1]).toBe(money(r2((t.cash as number) - t.total)));
        }
      }
      expect(twos).toBeGreaterThan(0);
      if (layout === 'square-modifiers') expect(lineDiscounts).toBeGreaterThan(0);
    });
  });
});
