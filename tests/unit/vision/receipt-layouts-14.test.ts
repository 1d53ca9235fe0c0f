import { describe, expect, it } from 'vitest';
import { MONTHS, drawLayout, expectRoundLayouts, expectRendersAtPageSize, expectSumsPrinted, layoutSeeds, money, r2 } from '@/tests/helpers/receipt-layout-draw';
import { FOURTEENTH_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import type { FourteenthExtra } from '@/tests/fixtures/vision/receipt-fourteenth';

/**
 * The fourteenth-round receipt layouts (split `fourteenth-held-out`) are drawn and their truth is
 * consistent with what the page prints (no OCR here: the round stays blind until its one run).
 */

const LAYOUTS: readonly ReceiptLayout[] = ['deli-per-gram', 'banner-detail', 'ca-mgg-tender'];

const draw = (layout: ReceiptLayout, seed: number) => drawLayout<FourteenthExtra>(layout, seed);

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-');
  if (layout === 'deli-per-gram') return `${m}/${d}/${y}  `;
  if (layout === 'banner-detail') return `, ${MONTHS[Number(m) - 1]} ${Number(d)}, ${y} at `;
  return `${y}-${m}-${d} `;
}

describe('fourteenth-round held-out receipt layouts', () => {
  it('are three new layouts, in their own split and never drawn at random', () => {
    expect(FOURTEENTH_HELD_OUT_RECEIPT_LAYOUTS).toEqual(LAYOUTS);
    expectRoundLayouts(LAYOUTS, 'fourteenth-held-out');
  });

  describe.each(LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image at least the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout);
    });

    it('truth adds up and prints every field it claims', () => {
      let twos = 0;
      let special = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines } = draw(layout, seed);
        const text = lines.join('\n');
        const after = (label: string) => lines[lines.indexOf(label) + 1];
        expectSumsPrinted(t, lines, { subtotal: layout === 'ca-mgg-tender' ? 'SUBTOTAL' : 'Subtotal', total: layout === 'banner-detail' ? 'Total' : 'TOTAL' });
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        if (t.discount) expect(after('Loyalty Redeemed')).toBe(`-${money(t.discount)}`);
        t.items.forEach((it, i) => {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.quantity > 1) twos++;
          const row = lines.indexOf(it.productName);
          expect(row, it.productName).toBeGreaterThan(0);
          if (layout === 'deli-per-gram') {
            const rate = (t.perGram as (number | null)[])[i];
            expect(it.thcPct).toBeNull();
            if (rate !== null) {
              special++;
              // A weighed item: the name alone, its weight and per-gram rate under it, then its amount.
              expect(it.productName).not.toMatch(/\d/);
              expect(lines[row + 1]).toBe(`${it.grams.toFixed(2)} g @ ${money(rate)}/g`);
              expect(it.price).toBeCloseTo(r2(it.grams * rate), 2);
              expect(it.quantity).toBe(1);
            } else {
              expect(it.productName.endsWith(` ${it.sizeText as string}`)).toBe(true);
              expect(lines[row + 1]).toBe(`${it.quantity} @ ${money(it.unitPrice)}`);
            }
            expect(lines[row + 2]).toBe(money(it.price));
          } else if (layout === 'banner-detail') {
            expect(lines[row + 1]).toBe(money(it.price));
            expect(lines[row + 2]).toMatch(
              new RegExp(`^SKU \\d{6} \\| ${it.category} \\| (Hybrid|Indica|Sativa)${it.quantity > 1 ? ` \\| Qty ${it.quantity} @ \\$${it.unitPrice.toFixed(2)}` : ''}$`),
            );
            expect(lines[row + 3]).toBe(`THC ${(it.thcPct as number).toFixed(1)}%${it.cbdPct !== null ? ` | CBD ${it.cbdPct.toFixed(1)}%` : ''}`);
            if (it.discount) {
              special++;
              expect(lines[row + 4]).toBe(`-${money(it.discount)}`);
            }
          } else {
            expect(lines[row + 1]).toBe(money(it.price));
            let next = row + 2;
            if (it.quantity > 1) expect(lines[next++]).toBe(`${it.quantity} x ${money(it.unitPrice)}`);
            const mg = (p: number) => `${Math.round(p * 10)} mg/g`;
            expect(lines[next]).toBe(`THC ${mg(it.thcPct as number)}${it.cbdPct !== null ? `  CBD ${mg(it.cbdPct)}` : ''}`);
            if (it.cbdPct !== null) special++;
          }
        });
        if (layout === 'banner-detail') {
          expect(lines[0]).toBe('*** SALES RECEIPT ***');
          expect(lines.indexOf(t.dispensaryName)).toBe(2);
        }
        if (layout === 'ca-mgg-tender') {
          const tender = t.tender as NonNullable<FourteenthExtra['tender']>;
          // Debit, then cash rounded to the nickel: change = cash − (total − debit + rounding).
          expect(r2(tender.cash - (t.total - tender.debit + tender.rounding))).toBeCloseTo(tender.change, 2);
          expect(Math.round(r2(t.total - tender.debit + tender.rounding) * 100) % 5).toBe(0);
          expect(after('Change')).toBe(money(tender.change));
          expect(after('Debit')).toBe(money(tender.debit));
        }
      }
      if (layout !== 'deli-per-gram') expect(twos).toBeGreaterThan(0);
      expect(special).toBeGreaterThan(0);
    });
  });
});
