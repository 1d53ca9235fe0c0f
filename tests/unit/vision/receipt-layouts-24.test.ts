import { describe, expect, it } from 'vitest';
import { drawLayout, expectRoundLayouts, expectRendersAtPageSize, layoutSeeds, money, r2, seenTally } from '@/tests/helpers/receipt-layout-draw';
import { TWENTYFOURTH_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import { thb, usd0, type TwentyfourthExtra } from '@/tests/fixtures/vision/receipt-twentyfourth';
import { gramsOf } from '@/tests/fixtures/vision/receipt-round-kit';

/**
 * The twenty-fourth-round receipt layouts (split `twentyfourth-held-out`) are drawn and their truth
 * is consistent with what the page prints (no OCR here: the round stays blind until its one run).
 */

const LAYOUTS: readonly ReceiptLayout[] = ['th-baht-vat', 'otd-whole', 'sms-thread'];
const draw = (layout: ReceiptLayout, seed: number) => drawLayout<TwentyfourthExtra>(layout, seed);

describe('twenty-fourth-round held-out receipt layouts', () => {
  it('are three new layouts, in their own split and never drawn at random', () => {
    expect(TWENTYFOURTH_HELD_OUT_RECEIPT_LAYOUTS).toEqual(LAYOUTS);
    expectRoundLayouts(LAYOUTS, 'twentyfourth-held-out');
  });

  it('prints baht with thousands commas and whole dollars without cents', () => {
    expect(thb(1350)).toBe('1,350.00');
    expect(thb(358.9)).toBe('358.90');
    expect(usd0(35)).toBe('$35');
    expect(usd0(34.91)).toBe('$34.91');
  });

  describe.each(LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image at least the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout);
    });

    it('truth adds up and prints every field it claims', () => {
      const seen = seenTally();
      let big = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines } = draw(layout, seed);
        const [y, m, d] = t.orderDate.split('-');
        const promos = t.promos as string[];
        const after = (label: string) => lines[lines.lastIndexOf(label) + 1];
        seen.receipt(t);
        expect(lines).toContain(layout === 'otd-whole' ? t.dispensaryName.toUpperCase() : t.dispensaryName);
        expect(t.subtotal).toBeCloseTo(r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0)), 2);
        const taxLines = t.taxLines as [string, number][];
        expect(r2(taxLines.reduce((a, [, v]) => a + v, 0))).toBeCloseTo(t.tax, 2);
        if (layout === 'sms-thread') {
          expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0) + t.tax), 2);
          expect(after('Subtotal')).toBe(money(t.subtotal as number));
          expect(after('Total due')).toBe(money(t.total));
          for (const [label, v] of taxLines) expect(after(label)).toBe(money(v));
          if (t.discount) expect(after('Discount')).toBe(`-${money(t.discount)}`);
          expect(lines.some((l) => new RegExp(`^\\w{3}, \\w{3} ${Number(d)}, ${y} at \\d{1,2}:\\d\\d [AP]M$`).test(l))).toBe(true);
        } else {
          // Taxes included: the total is the subtotal less the order discount; net and taxes make it up.
          expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0)), 2);
          expect(r2((t.net as number) + t.tax)).toBeCloseTo(t.total, 2);
          const fmt = layout === 'th-baht-vat' ? thb : usd0;
          expect(after('Subtotal')).toBe(fmt(t.subtotal as number));
          expect(after(layout === 'th-baht-vat' ? 'TOTAL' : 'Total')).toBe(layout === 'th-baht-vat' ? `฿${thb(t.total)}` : usd0(t.total));
          for (const [label, v] of taxLines) expect(after(label)).toBe(layout === 'th-baht-vat' ? thb(v) : money(v));
          if (t.discount) expect(lines).toContain(`-${fmt(t.discount)}`);
          if (layout === 'th-baht-vat') {
            expect(lines).toContain(`${d}/${m}/${Number(y) + 543} ${lines.find((l) => l.startsWith(`${d}/${m}/`))?.slice(-5)}`);
            if (t.total >= 1000) big++;
          } else {
            expect(lines.some((l) => l.startsWith(`Date: ${m}-${d}-${y.slice(2)}  Time: `))).toBe(true);
            for (const it of t.items) expect(Number.isInteger(it.price) && Number.isInteger(it.discount ?? 0)).toBe(true);
          }
        }
        t.items.forEach((it, i) => {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.strainName !== null) expect(it.productName.toLowerCase()).toContain(it.strainName.toLowerCase());
          expect(promos[i] === '').toBe(!it.discount);
          expect(gramsOf((it.sizeText as string).toLowerCase())).toBeCloseTo(it.grams, 2);
          if (layout === 'th-baht-vat') {
            const row = lines.indexOf(it.productName);
            expect(lines[row + 1]).toBe(thb(it.price));
            if (it.quantity > 1) expect(lines[row + 2]).toBe(`@ ${thb(it.unitPrice)} x ${it.quantity}`);
          } else if (layout === 'otd-whole') {
            const row = lines.indexOf(it.productName);
            expect(lines.slice(row - 1, row + 2)).toEqual([String(it.quantity), it.productName, usd0(it.price)]);
            if (it.quantity > 1) expect(lines[row + 2]).toBe(`@ ${usd0(it.unitPrice)} ea`);
          } else {
            const row = lines.indexOf(`${it.quantity}x ${it.productName}`);
            expect(row, it.productName).toBeGreaterThan(0);
            expect(lines[row + 1]).toBe(money(it.price));
          }
        });
      }
      seen.expectAll();
      if (layout === 'th-baht-vat') expect(big).toBeGreaterThan(0);
    });
  });
});
