import { describe, expect, it } from 'vitest';
import { MON, drawLayout, expectRoundLayouts, expectRendersAtPageSize, expectSumsPrinted, layoutSeeds, money, r2 } from '@/tests/helpers/receipt-layout-draw';
import { SIXTEENTH_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import type { SixteenthExtra } from '@/tests/fixtures/vision/receipt-sixteenth';

/**
 * The sixteenth-round receipt layouts (split `sixteenth-held-out`) are drawn and their truth is
 * consistent with what the page prints (no OCR here: the round stays blind until its one run).
 */

const LAYOUTS: readonly ReceiptLayout[] = ['fwd-email', 'delivery-manifest', 'highlight-notes'];

const PEN_NOTES = ['mine', 'for Sam', "Jo's", 'gift'];
const draw = (layout: ReceiptLayout, seed: number) => drawLayout<SixteenthExtra>(layout, seed);

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-');
  if (layout === 'fwd-email') return `, ${MON[Number(m) - 1]} ${Number(d)}, ${y} at `;
  if (layout === 'delivery-manifest') return `Order placed: ${m}/${d}/${y.slice(2)} `;
  return `${m}/${d}/${y} `;
}

describe('sixteenth-round held-out receipt layouts', () => {
  it('are three new layouts, in their own split and never drawn at random', () => {
    expect(SIXTEENTH_HELD_OUT_RECEIPT_LAYOUTS).toEqual(LAYOUTS);
    expectRoundLayouts(LAYOUTS, 'sixteenth-held-out');
  });

  describe.each(LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image at least the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout);
    });

    it('truth adds up and prints every field it claims', () => {
      let twos = 0;
      let discounts = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines: all } = draw(layout, seed);
        // The quote marks of the forwarded mail and the pen note beside an item are runs of their own.
        const lines = all.filter((l) => l !== '>' && l !== '>>' && !PEN_NOTES.includes(l));
        const text = lines.join('\n');
        const after = (label: string) => lines[lines.lastIndexOf(label) + 1];
        const fee = t.fees?.delivery ?? 0;
        expectSumsPrinted(t, lines, { total: layout === 'delivery-manifest' ? 'TOTAL DUE' : layout === 'fwd-email' ? 'Total' : 'TOTAL', fee });
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        if (layout === 'delivery-manifest') expect(after('Delivery fee')).toBe(money(fee));
        else expect(fee).toBe(0);
        t.items.forEach((it, i) => {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          expect(it.productName.endsWith(` ${it.sizeText as string}`)).toBe(true);
          if (it.quantity > 1) twos++;
          const row = lines.indexOf(it.productName);
          expect(row, it.productName).toBeGreaterThan(0);
          const thc = `THC ${(it.thcPct as number).toFixed(1)}%`;
          if (layout === 'delivery-manifest') {
            const pk = (t.packages as NonNullable<SixteenthExtra['packages']>)[i];
            expect(lines[row - 1]).toBe(String(it.quantity));
            expect(lines[row + 1]).toBe(money(it.price));
            let next = row + 2;
            if (it.quantity > 1) expect(lines[next++]).toBe(`@ ${money(it.unitPrice)} ea`);
            expect(lines[next++]).toMatch(/^1A4060300[0-9A-F]{15}$/);
            expect(lines[next]).toBe(`Net: ${pk.net.toFixed(3)} g  ${thc}`);
            expect(Math.abs(pk.net - it.grams)).toBeLessThan(0.07);
            expect(it.discount).toBeNull();
            return;
          }
          expect(lines[row + 1]).toBe(money(it.price));
          const sub = lines[row + 2];
          if (layout === 'fwd-email') {
            const q = it.quantity > 1 ? `Qty ${it.quantity} at ${money(it.unitPrice)} each` : 'Qty 1';
            expect(sub).toBe(`${q} · ${thc}${it.cbdPct !== null ? ` · CBD ${it.cbdPct.toFixed(1)}%` : ''}`);
          } else expect(sub).toBe(`${it.quantity > 1 ? `${it.quantity} x ${money(it.unitPrice)}  ` : ''}${thc}`);
          if (it.discount) {
            discounts++;
            const at = lines.indexOf(`-${money(it.discount)}`, row);
            expect(at, it.productName).toBeGreaterThan(row + 2);
            expect(at).toBeLessThan(row + 6);
          }
        });
        if (layout === 'fwd-email') {
          // The forward's own date (the day after) comes before the order date.
          expect(all.filter((l) => l === '>' || l === '>>').length).toBeGreaterThan(t.items.length * 2);
          expect(text).toMatch(/---------- Forwarded message ---------/);
        }
        if (layout === 'delivery-manifest') expect(text).toMatch(/\nID checked: DL \*{4}\d{4} {2}DOB \d{2}\/\d{2}\/19\d{2}\n/);
        if (layout === 'highlight-notes') {
          expect(text).toContain(`split w/ Jo: ${money(r2(t.total / 2))} each`);
          expect(t.marks?.lit.length).toBeGreaterThan(0);
        }
      }
      expect(twos).toBeGreaterThan(0);
      if (layout !== 'delivery-manifest') expect(discounts).toBeGreaterThan(0);
    });
  });
});
