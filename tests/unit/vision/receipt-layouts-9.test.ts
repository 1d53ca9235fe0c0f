import { describe, expect, it } from 'vitest';
import { MON, drawLayout, expectRoundLayouts, expectRendersAtPageSize, layoutSeeds, money, r2 } from '@/tests/helpers/receipt-layout-draw';
import { NINTH_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import type { NinthExtra } from '@/tests/fixtures/vision/receipt-ninth';

/**
 * The ninth-round held-out receipt layouts are drawn and their truth is consistent with what the
 * page prints (no OCR: these layouts stay out of every tuning decision until their blind run).
 */

const draw = (layout: ReceiptLayout, seed: number) => drawLayout<NinthExtra>(layout, seed);

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const mm = String(m).padStart(2, '0');
  const dd = String(d).padStart(2, '0');
  if (layout === 'on-hst-void') return `${dd}-${MON[m - 1]}-${String(y).slice(2)} `;
  if (layout === 'bogo-return') return `${mm}/${dd}/${y} @ `;
  return `DATE ${mm}/${dd}/${y}  TIME `;
}

describe('ninth-round held-out receipt layouts', () => {
  it('are three new layouts, held out and never drawn at random', () => {
    expect(NINTH_HELD_OUT_RECEIPT_LAYOUTS).toEqual(['on-hst-void', 'bogo-return', 'faded-caps']);
    expectRoundLayouts(NINTH_HELD_OUT_RECEIPT_LAYOUTS);
  });

  describe.each(NINTH_HELD_OUT_RECEIPT_LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image of the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout, true);
    });

    it('truth adds up and prints every field it claims', () => {
      let voided = 0;
      let free = 0;
      let returned = 0;
      let discounted = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines, style } = draw(layout, seed);
        const text = lines.join('\n');
        const up = (s: string) => (style.upper ? s.toUpperCase() : s);
        const sold = r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0));
        expect(t.subtotal).toBeCloseTo(r2(sold - (t.returned?.price ?? 0)), 2);
        expect(t.subtotal as number).toBeGreaterThan(0);
        expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0) + t.tax), 2);
        expect(text.toUpperCase()).toContain(t.dispensaryName.toUpperCase());
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        expect(lines).toContain(money(t.subtotal as number));
        expect(lines).toContain(money(t.total));
        if (t.discount) expect(lines).toContain(`-${money(t.discount)}`);
        if (layout === 'on-hst-void') {
          expect(lines).toContain('HST 13%');
          expect(lines[lines.indexOf('HST 13%') + 1]).toBe(money(t.tax));
          expect(t.tax).toBeCloseTo(r2(((t.subtotal as number) - (t.discount ?? 0)) * 0.13), 2);
          const v = t.voided as NonNullable<NinthExtra['voided']>;
          voided++;
          // The voided item is printed and cancelled by a negative line right under its details; it is no bought item.
          expect(lines).toContain(v.item.productName);
          expect(lines.slice(lines.indexOf(v.item.productName)).slice(0, 8)).toContain(`-${money(v.item.price)}`);
          expect(t.items.map((it) => it.productName)).not.toContain(v.item.productName);
        } else {
          const taxes = lines.flatMap((l, i) => (/tax/i.test(l) ? [Number(lines[i + 1].slice(1))] : []));
          expect(r2(taxes.reduce((a, x) => a + x, 0))).toBeCloseTo(t.tax, 2);
        }
        if (t.returned) {
          returned++;
          expect(lines).toContain(`RETURN ${t.returned.productName}`);
          expect(lines[lines.indexOf(`RETURN ${t.returned.productName}`) + 1]).toBe(`-${money(t.returned.price)}`);
        }
        t.items.forEach((it, i) => {
          const row = lines.indexOf(up(it.productName));
          expect(row, it.productName).toBeGreaterThan(0);
          expect(lines[row + 1]).toBe(money(it.price));
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.quantity > 1) expect(text).toContain(`${it.quantity} ${layout === 'on-hst-void' ? 'x' : '@'} ${money(it.unitPrice)}`);
          if (i === t.freeIndex) {
            free++;
            expect(it.price).toBe(0);
            expect(lines[row + 2].trim()).toBe('Promo: Buy 2 Get 1 Free');
          }
          if (it.discount) {
            discounted++;
            expect(lines).toContain(`-${money(it.discount)}`);
          }
          expect(it.thcPct === null).toBe(layout === 'bogo-return');
          if (it.thcPct !== null) expect(text).toContain(`THC ${it.thcPct.toFixed(1)}%`);
          if (it.cbdPct !== null) expect(text).toContain(`CBD ${it.cbdPct.toFixed(1)}%`);
        });
      }
      if (layout === 'on-hst-void') expect(voided).toBe(16);
      if (layout === 'bogo-return') {
        expect(free).toBeGreaterThan(0);
        expect(returned).toBeGreaterThan(0);
        expect(discounted).toBeGreaterThanOrEqual(16);
      }
      if (layout === 'faded-caps') expect(discounted).toBeGreaterThan(0);
    });

    it('draws the faded ticket in light grey with missing dot rows, the others in a dark ink with nothing over the text', () => {
      for (const seed of layoutSeeds(layout)) {
        const { svg, style } = draw(layout, seed);
        const grey = parseInt(style.ink.slice(1, 3), 16);
        const over = (
          svg
            .split('</text>')
            .pop()
            ?.match(/fill-opacity/g) ?? []
        ).length;
        if (layout === 'faded-caps') {
          expect(grey).toBeGreaterThan(0x80);
          expect(over).toBeGreaterThan(10);
        } else {
          expect(grey).toBeLessThan(0x40);
          expect(over).toBe(0);
        }
      }
    });
  });
});
