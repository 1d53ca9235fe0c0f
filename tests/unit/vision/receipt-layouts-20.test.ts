import { describe, expect, it } from 'vitest';
import { drawLayout, expectRoundLayouts, expectRendersAtPageSize, expectSumsPrinted, layoutSeeds, MONTHS, money, r2 } from '@/tests/helpers/receipt-layout-draw';
import { TWENTIETH_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import type { TwentiethExtra } from '@/tests/fixtures/vision/receipt-twentieth';

/**
 * The twentieth-round receipt layouts (split `twentieth-held-out`) are drawn and their truth is
 * consistent with what the page prints (no OCR here: the round stays blind until its one run).
 */

const LAYOUTS: readonly ReceiptLayout[] = ['amount-then-name', 'weight-words', 'running-balance'];
const draw = (layout: ReceiptLayout, seed: number) => drawLayout<TwentiethExtra>(layout, seed);
const pct = (p: number | null) => `${(p as number).toFixed(1)}%`;
const potency = (thc: number | null, cbd: number | null, sep: string) => `THC ${pct(thc)}${cbd !== null ? `${sep}CBD ${pct(cbd)}` : ''}`;
const WORD_GRAMS: Record<string, number> = { Eighth: 3.5, Quarter: 7, 'Half Oz': 14, Ounce: 28, Gram: 1, 'Half Gram': 0.5, 'Full Gram': 1 };

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-');
  if (layout === 'amount-then-name') return `${m}-${d}-${y} `;
  if (layout === 'weight-words') return ` ${Number(d)} ${MONTHS[Number(m) - 1]} ${y}, `;
  return `${MONTHS[Number(m) - 1].slice(0, 3).toUpperCase()} ${d} ${y} `;
}

describe('twentieth-round held-out receipt layouts', () => {
  it('are three new layouts, in their own split and never drawn at random', () => {
    expect(TWENTIETH_HELD_OUT_RECEIPT_LAYOUTS).toEqual(LAYOUTS);
    expectRoundLayouts(LAYOUTS, 'twentieth-held-out');
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
      let orderDiscounts = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines } = draw(layout, seed);
        const text = lines.join('\n');
        const balance = layout === 'running-balance';
        const plain = (n: number) => (balance ? n.toFixed(2) : money(n));
        if (balance) {
          // Amounts without `$` (only the total has one): the shared check reads `$` amounts, so the sums are checked here.
          expect(t.subtotal).toBeCloseTo(r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0)), 2);
          expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0) + t.tax), 2);
          expect(lines).toContain(t.dispensaryName.toUpperCase());
          expect(lines[lines.lastIndexOf('SUBTOTAL') + 1]).toBe(plain(t.subtotal as number));
          expect(lines[lines.lastIndexOf('TOTAL') + 1]).toBe(money(t.total));
          for (const [label, v] of t.taxLines as [string, number][]) expect(lines[lines.indexOf(label) + 1]).toBe(plain(v));
          expect(r2((t.taxLines as [string, number][]).reduce((a, [, v]) => a + v, 0))).toBeCloseTo(t.tax, 2);
          if (t.discount) expect(text).toContain(`DISCOUNT\n-${plain(t.discount)}`);
        } else expectSumsPrinted(t, lines, { total: layout === 'amount-then-name' ? 'TOTAL' : 'Total' });
        if (t.discount) orderDiscounts++;
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        let run = 0;
        t.items.forEach((it, i) => {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.quantity > 1) twos++;
          if (it.cbdPct !== null) cbds++;
          if (it.strainName === null) unknown++;
          const promo = (t.promos as string[])[i];
          if (it.discount) {
            discounts++;
            expect(promo).not.toBe('');
          } else expect(promo).toBe('');
          const row = lines.indexOf(it.productName);
          expect(row, it.productName).toBeGreaterThan(0);
          if (layout === 'amount-then-name') {
            // The figures first, then the name, its potency and the line discount.
            expect(lines.slice(row - 2, row)).toEqual([`${it.quantity} x ${money(it.unitPrice)}`, money(it.price)]);
            expect(lines[row + 1]).toBe(potency(it.thcPct, it.cbdPct, '  '));
            if (it.discount) expect(lines.slice(row + 2, row + 4)).toEqual([promo, `-${money(it.discount)}`]);
            if (it.strainName) expect(it.productName).toContain(it.strainName);
          } else if (layout === 'weight-words') {
            // `Brand Kind Word`: no strain in the name, the weight as a word; then the keyed lines.
            const [strain, type] = (t.strains as [string, string][])[i];
            if (it.strainName) expect(strain).toBe(it.strainName);
            expect(it.productName).not.toContain(strain);
            expect(it.productName.endsWith(` ${it.sizeText}`)).toBe(true);
            expect(it.grams).toBe(WORD_GRAMS[it.sizeText as string]);
            expect(it.productName).not.toMatch(/\d/);
            expect(lines[row + 1]).toBe(money(it.price));
            expect(lines[row + 2]).toBe(`Strain: ${strain}${type ? ` (${type})` : ''}`);
            expect(lines[row + 3]).toBe(`Potency: ${potency(it.thcPct, it.cbdPct, ' / ')}`);
            let next = row + 4;
            if (it.quantity > 1) expect(lines[next++]).toBe(`Qty ${it.quantity} @ ${money(it.unitPrice)}`);
            if (it.discount) expect(lines.slice(next, next + 2)).toEqual([promo, `-${money(it.discount)}`]);
          } else {
            // Name, quantity, amount and the running balance; then `@ u ea`, the potency and a discount row with its balance.
            run = r2(run + it.price);
            expect(lines.slice(row + 1, row + 4)).toEqual([String(it.quantity), plain(it.price), plain(run)]);
            let next = row + 4;
            if (it.quantity > 1) expect(lines[next++]).toBe(`@ ${plain(it.unitPrice)} ea`);
            expect(lines[next++]).toBe(potency(it.thcPct, it.cbdPct, '  '));
            if (it.discount) {
              run = r2(run - it.discount);
              expect(lines.slice(next, next + 3)).toEqual([promo, `-${plain(it.discount)}`, plain(run)]);
            }
          }
        });
        if (balance) expect(run).toBeCloseTo(t.subtotal as number, 2);
        if (layout === 'weight-words') {
          const saved = r2(t.items.reduce((a, it) => a + (it.discount ?? 0), 0) + (t.discount ?? 0));
          if (saved > 0) expect(lines).toContain(`You saved ${money(saved)} today!`);
        }
      }
      expect(twos).toBeGreaterThan(0);
      expect(unknown).toBeGreaterThan(0);
      expect(cbds).toBeGreaterThan(0);
      expect(discounts).toBeGreaterThan(0);
      expect(orderDiscounts).toBeGreaterThan(0);
    });
  });
});
