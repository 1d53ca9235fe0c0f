import { describe, expect, it } from 'vitest';
import { drawLayout, expectRoundLayouts, expectRendersAtPageSize, layoutSeeds, money, r2, seenTally } from '@/tests/helpers/receipt-layout-draw';
import { TWENTYTHIRD_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import { eur, ledger, type TwentythirdExtra } from '@/tests/fixtures/vision/receipt-twentythird';
import { gramsOf } from '@/tests/fixtures/vision/receipt-round-kit';

/**
 * The twenty-third-round receipt layouts (split `twentythird-held-out`) are drawn and their truth
 * is consistent with what the page prints (no OCR here: the round stays blind until its one run).
 */

const LAYOUTS: readonly ReceiptLayout[] = ['de-apotheke-bon', 'was-now', 'paren-ledger'];
const draw = (layout: ReceiptLayout, seed: number) => drawLayout<TwentythirdExtra>(layout, seed);

describe('twenty-third-round held-out receipt layouts', () => {
  it('are three new layouts, in their own split and never drawn at random', () => {
    expect(TWENTYTHIRD_HELD_OUT_RECEIPT_LAYOUTS).toEqual(LAYOUTS);
    expectRoundLayouts(LAYOUTS, 'twentythird-held-out');
  });

  it('prints euros with a decimal comma and negatives in parentheses', () => {
    expect(eur(89.9)).toBe('89,90 €');
    expect(ledger(-3.5)).toBe('(3.50)');
    expect(ledger(35)).toBe('35.00');
  });

  describe.each(LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image at least the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout);
    });

    it('truth adds up and prints every field it claims', () => {
      const seen = seenTally();
      let sales = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines, svg } = draw(layout, seed);
        const [y, m, d] = t.orderDate.split('-');
        const promos = t.promos as string[];
        const after = (label: string) => lines[lines.lastIndexOf(label) + 1];
        seen.receipt(t);
        expect(lines).toContain(t.dispensaryName);
        expect(t.subtotal).toBeCloseTo(r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0)), 2);
        const taxLines = t.taxLines as [string, number][];
        expect(r2(taxLines.reduce((a, [, v]) => a + v, 0))).toBeCloseTo(t.tax, 2);
        if (layout === 'de-apotheke-bon') {
          // Prices include the VAT: the total is the subtotal less the order discount.
          expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0)), 2);
          expect(lines.some((l) => l.startsWith(`${d}.${m}.${y}  `))).toBe(true);
          expect(after('Zwischensumme')).toBe(eur(t.subtotal as number));
          expect(after('Gesamt')).toBe(eur(t.total));
          if (t.discount) expect(after('Treuerabatt')).toBe(`-${eur(t.discount)}`);
          const vat = lines.indexOf('A 19 %');
          expect(lines[vat + 2]).toBe(t.tax.toFixed(2).replace('.', ','));
          expect(r2((t.vat?.net ?? 0) + t.tax)).toBeCloseTo(t.total, 2);
        } else {
          expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0) + t.tax), 2);
          const fmt = layout === 'was-now' ? money : ledger;
          const val = (label: string) => (after(label) === '$' ? lines[lines.lastIndexOf(label) + 2] : after(label));
          expect(val('Subtotal')).toBe(fmt(t.subtotal as number));
          expect(val('Total')).toBe(fmt(t.total));
          for (const [label, v] of taxLines) expect(val(label)).toBe(fmt(v));
          if (t.discount) expect(lines).toContain(layout === 'was-now' ? `-${money(t.discount)}` : `(${t.discount.toFixed(2)})`);
        }
        if (layout === 'was-now') expect(lines.some((l) => new RegExp(`^Placed \\w{3}, \\w{3} ${Number(d)}, ${y} at \\d{1,2}:\\d\\d [AP]M$`).test(l))).toBe(true);
        if (layout === 'paren-ledger') expect(lines.some((l) => new RegExp(`^${m}/${d}/${y} \\d{1,2}:\\d\\d:\\d\\d [AP]M$`).test(l))).toBe(true);
        t.items.forEach((it, i) => {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.strainName !== null) expect(it.productName.toLowerCase()).toContain(it.strainName.toLowerCase());
          expect(promos[i] === '').toBe(!it.discount);
          expect(gramsOf((it.sizeText as string).toLowerCase())).toBeCloseTo(it.grams, 2);
          const row = lines.indexOf(it.productName);
          expect(row, it.productName).toBeGreaterThan(0);
          if (layout === 'de-apotheke-bon') {
            expect(lines[row + 1]).toBe(eur(it.price));
            if (it.quantity > 1) expect(lines[row + 2]).toBe(`${it.quantity} x ${eur(it.unitPrice)}`);
            if (it.discount) expect(lines).toContain(`-${eur(it.discount)}`);
          } else if (layout === 'was-now') {
            const reg = (t.regular as (number | null)[])[i];
            // A sale item: its struck regular price is printed before the name's row, the charged price after the name.
            if (reg !== null) {
              sales++;
              expect(reg).toBeGreaterThan(it.price);
              expect(lines[row - 1]).toBe(money(reg));
              expect(lines[row + 2]).toBe('Sale');
            }
            expect(lines[row + 1]).toBe(money(it.price));
            if (it.quantity > 1) expect(lines).toContain(`${it.quantity} x ${money(it.unitPrice)}`);
            if (it.discount) expect(lines).toContain(`-${money(it.discount)}`);
          } else {
            expect(lines.slice(row + 1, row + 5)).toEqual([String(it.quantity), it.unitPrice.toFixed(2), '$', it.price.toFixed(2)]);
            if (it.discount) expect(lines).toContain(`(${it.discount.toFixed(2)})`);
          }
        });
        if (layout === 'was-now') expect(svg.split('<rect').length).toBeGreaterThan(1);
      }
      seen.expectAll();
      if (layout === 'was-now') expect(sales).toBeGreaterThan(0);
    });
  });
});
