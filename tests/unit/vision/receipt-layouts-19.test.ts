import { describe, expect, it } from 'vitest';
import { drawLayout, expectRoundLayouts, expectRendersAtPageSize, expectSumsPrinted, layoutSeeds, money, r2 } from '@/tests/helpers/receipt-layout-draw';
import { NINETEENTH_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import type { NineteenthExtra } from '@/tests/fixtures/vision/receipt-nineteenth';

/**
 * The nineteenth-round receipt layouts (split `nineteenth-held-out`) are drawn and their truth is
 * consistent with what the page prints (no OCR here: the round stays blind until its one run).
 */

const LAYOUTS: readonly ReceiptLayout[] = ['qty-eq-potency', 'oz-each-coupons', 'compliance-dates'];
const draw = (layout: ReceiptLayout, seed: number) => drawLayout<NineteenthExtra>(layout, seed);
const pct = (p: number | null) => `${(p as number).toFixed(1)}%`;
const mdy = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
};

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-');
  if (layout === 'qty-eq-potency') return `Date ${y}.${m}.${d} `;
  if (layout === 'oz-each-coupons') return `${m}/${d}/${y.slice(2)} `;
  return `Sold ${m}/${d}/${y} `;
}

describe('nineteenth-round held-out receipt layouts', () => {
  it('are three new layouts, in their own split and never drawn at random', () => {
    expect(NINETEENTH_HELD_OUT_RECEIPT_LAYOUTS).toEqual(LAYOUTS);
    expectRoundLayouts(LAYOUTS, 'nineteenth-held-out');
  });

  describe.each(LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image at least the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout);
    });

    it('truth adds up and prints every field it claims', () => {
      let twos = 0;
      let discounts = 0;
      let cbds = 0;
      let unknown = 0;
      let weighed = 0;
      let twoCoupons = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines } = draw(layout, seed);
        const text = lines.join('\n');
        let from = 0;
        // The coupons' sum is printed once, at the foot (`You saved $9.50`); each coupon is checked below.
        expectSumsPrinted(t, lines, {
          total: layout === 'qty-eq-potency' ? 'Total due' : layout === 'oz-each-coupons' ? 'TOTAL' : 'Total',
          ...(layout === 'oz-each-coupons' ? { minus: 'You saved ' } : {}),
        });
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        t.items.forEach((it, i) => {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.quantity > 1) twos++;
          if (it.cbdPct !== null) cbds++;
          if (it.strainName === null) unknown++;
          if (it.discount) discounts++;
          if (layout === 'qty-eq-potency') {
            // The name (strain in parentheses) and its THC, then `q @ $u = $p` and the CBD (when reported).
            const row = lines.indexOf(it.productName);
            expect(row, it.productName).toBeGreaterThan(0);
            expect(it.productName).toMatch(/ \([^)]+\)$/);
            if (it.strainName) expect(it.productName.endsWith(`(${it.strainName})`)).toBe(true);
            expect(lines[row + 1]).toBe(`${pct(it.thcPct)} THC`);
            expect(lines[row + 2]).toBe(`${it.quantity} @ ${money(it.unitPrice)} = ${money(it.price)}`);
            if (it.cbdPct !== null) expect(lines[row + 3]).toBe(`${pct(it.cbdPct)} CBD`);
            if (it.discount) expect(text).toContain(`Bundle deal\n-${money(it.discount)}`);
            return;
          }
          expect(it.discount).toBeNull();
          if (layout === 'oz-each-coupons') {
            // Unit cell, name cell, amount; a weighed item's name is its name cell and unit joined.
            const unit = (t.units as string[])[i];
            const row = lines.indexOf(unit, from);
            expect(row, unit).toBeGreaterThan(0);
            from = row + 3;
            if (unit.endsWith(' each')) {
              expect(unit).toBe(`${it.quantity} each`);
              expect(lines[row + 1]).toBe(it.productName);
            } else {
              weighed++;
              expect(it.quantity).toBe(1);
              expect(`${lines[row + 1]} ${unit}`).toBe(it.productName);
              expect(it.grams).toBe({ '0.125 oz': 3.5, '1/4 oz': 7, '1/2 oz': 14, '28g': 28 }[unit]);
            }
            expect(lines[row + 2]).toBe(money(it.price));
            if (it.quantity > 1) expect(lines[row + 3]).toBe(`@ ${money(it.unitPrice)} ea`);
            expect(it.thcPct).toBeNull();
            return;
          }
          // compliance-dates: the name and price, the tag, the lab dates (before the sale), the net weight and potency.
          const lab = (t.lab as NonNullable<NineteenthExtra['lab']>)[i];
          const row = lines.indexOf(it.productName);
          expect(row, it.productName).toBeGreaterThan(0);
          expect(lines.slice(row + 1, row + 4)).toEqual([money(it.price), `Pkg ${lab.tag}`, `Harvested ${mdy(lab.harvested)} · Tested ${mdy(lab.tested)}`]);
          expect(lab.tag).toMatch(/^1A4[0-9]{19}$/);
          expect(lab.harvested < lab.tested && lab.tested < t.orderDate).toBe(true);
          expect(lines[row + 4]).toBe(`Net ${it.grams} g · THC ${pct(it.thcPct)}${it.cbdPct !== null ? ` · CBD ${pct(it.cbdPct)}` : ''}`);
          if (it.quantity > 1) expect(lines[row + 5]).toBe(`${it.quantity} units @ ${money(it.unitPrice)}`);
        });
        if (layout === 'oz-each-coupons') {
          const coupons = t.coupons as [string, string, number][];
          expect(coupons.length).toBeGreaterThan(0);
          if (coupons.length > 1) twoCoupons++;
          expect(t.discount).toBeCloseTo(r2(coupons.reduce((a, [, , v]) => a + v, 0)), 2);
          for (const [code, what, v] of coupons) expect(text).toContain(`${code}  ${what}\n-${money(v)}`);
          expect(lines[lines.length - 1]).toBe(`You saved ${money(t.discount as number)}`);
        }
        if (layout === 'compliance-dates') {
          // The sale's date is printed only at the foot, after the total.
          expect(text.indexOf(dateOnPage(layout, t.orderDate))).toBeGreaterThan(text.lastIndexOf('Total'));
        }
      }
      expect(twos).toBeGreaterThan(0);
      expect(unknown).toBeGreaterThan(0);
      if (layout !== 'oz-each-coupons') expect(cbds).toBeGreaterThan(0);
      if (layout === 'qty-eq-potency') expect(discounts).toBeGreaterThan(0);
      if (layout === 'oz-each-coupons') {
        expect(weighed).toBeGreaterThan(0);
        expect(twoCoupons).toBeGreaterThan(0);
      }
    });
  });
});
