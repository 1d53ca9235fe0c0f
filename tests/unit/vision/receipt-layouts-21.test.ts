import { describe, expect, it } from 'vitest';
import { drawLayout, expectRoundLayouts, expectRendersAtPageSize, expectSumsPrinted, layoutSeeds, MON, money, r2, seenTally } from '@/tests/helpers/receipt-layout-draw';
import { TWENTYFIRST_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import { linePoints, wrapName, type TwentyfirstExtra } from '@/tests/fixtures/vision/receipt-twentyfirst';

/**
 * The twenty-first-round receipt layouts (split `twentyfirst-held-out`) are drawn and their truth
 * is consistent with what the page prints (no OCR here: the round stays blind until its one run).
 */

const LAYOUTS: readonly ReceiptLayout[] = ['totals-first', 'points-tip', 'bilingual-wrap'];
const draw = (layout: ReceiptLayout, seed: number) => drawLayout<TwentyfirstExtra>(layout, seed);
const pct = (p: number | null) => `${(p as number).toFixed(1)}%`;
const potency = (thc: number | null, cbd: number | null, sep: string) => `THC ${pct(thc)}${cbd !== null ? `${sep}CBD ${pct(cbd)}` : ''}`;
const plain = (n: number) => n.toFixed(2);

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-');
  if (layout === 'totals-first') return ` ${MON[Number(m) - 1]} ${Number(d)} ${y} `;
  if (layout === 'points-tip') return `${m}/${d}/${y.slice(2)} `;
  return `Date : ${iso} `;
}

describe('twenty-first-round held-out receipt layouts', () => {
  it('are three new layouts, in their own split and never drawn at random', () => {
    expect(TWENTYFIRST_HELD_OUT_RECEIPT_LAYOUTS).toEqual(LAYOUTS);
    expectRoundLayouts(LAYOUTS, 'twentyfirst-held-out');
  });

  it('wraps a long name at a word boundary, never leaving the second row empty', () => {
    expect(wrapName('Blue Dream Flower 3.5g')).toEqual(['Blue Dream Flower 3.5g']);
    expect(wrapName('Phresh Picks Blue Magoo Milled Flower 3.5g')).toEqual(['Phresh Picks Blue', 'Magoo Milled Flower 3.5g']);
    expect(wrapName('Supercalifragilistic 1g')).toEqual(['Supercalifragilistic', '1g']);
  });

  describe.each(LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image at least the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout);
    });

    it('truth adds up and prints every field it claims', () => {
      const seen = seenTally();
      let tips = 0;
      let wrapped = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines } = draw(layout, seed);
        const text = lines.join('\n');
        const taxLines = t.taxLines as [string, number][];
        const promos = t.promos as string[];
        if (layout === 'points-tip') {
          // No `$` in the table (only the total has one); the tip is in the total.
          const tip = t.fees?.tip ?? 0;
          if (tip) tips++;
          expect(t.subtotal).toBeCloseTo(r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0)), 2);
          expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0) + t.tax + tip), 2);
          expect(lines).toContain(t.dispensaryName.toUpperCase());
          expect(lines[lines.indexOf('SUBTOTAL') + 1]).toBe(plain(t.subtotal as number));
          expect(lines[lines.indexOf('TIP') + 1]).toBe(plain(tip));
          expect(lines[lines.indexOf('TOTAL') + 1]).toBe(money(t.total));
          for (const [label, v] of taxLines) expect(lines[lines.indexOf(label) + 1]).toBe(plain(v));
          expect(r2(taxLines.reduce((a, [, v]) => a + v, 0))).toBeCloseTo(t.tax, 2);
          if (t.discount) expect(text).toContain(`DISCOUNT\n-${plain(t.discount)}`);
          expect(lines[lines.indexOf('POINTS EARNED') + 1]).toBe(String(t.items.reduce((a, it) => a + linePoints(it), 0)));
        } else if (layout === 'totals-first') {
          expectSumsPrinted(t, lines, { total: 'TOTAL' });
          // The summary is above the items.
          expect(lines.indexOf('TOTAL')).toBeLessThan(lines.indexOf(t.items[0].productName));
        } else expectSumsPrinted(t, lines, { total: 'Total', subtotal: 'Sous-total / Subtotal' });
        seen.receipt(t);
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        t.items.forEach((it, i) => {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.strainName !== null) expect(it.productName).toContain(it.strainName);
          const promo = promos[i];
          expect(promo === '').toBe(!it.discount);
          let next: number;
          if (layout === 'bilingual-wrap') {
            const rows = (t.wraps as string[][])[i];
            expect(rows.join(' ')).toBe(it.productName);
            if (rows.length > 1) wrapped++;
            const last = lines.indexOf(rows[rows.length - 1], rows.length > 1 ? lines.indexOf(rows[0]) : 0);
            expect(last, it.productName).toBeGreaterThan(0);
            if (rows.length > 1) expect(lines[last - 1]).toBe(rows[0]);
            // The leader dots, then the amount.
            expect(lines[last + 1]).toMatch(/^\.{3,}$/);
            expect(lines[last + 2]).toBe(money(it.price));
            next = last + 3;
            if (it.quantity > 1) expect(lines[next++]).toBe(`${it.quantity} @ ${money(it.unitPrice)}`);
            expect(lines[next++]).toBe(potency(it.thcPct, it.cbdPct, ' / '));
            if (it.discount) expect(lines.slice(next, next + 2)).toEqual([promo, `-${money(it.discount)}`]);
            return;
          }
          const row = lines.indexOf(it.productName);
          expect(row, it.productName).toBeGreaterThan(0);
          if (layout === 'totals-first') {
            expect(lines[row + 1]).toBe(money(it.price));
            next = row + 2;
            if (it.quantity > 1) expect(lines[next++]).toBe(`${it.quantity} x ${money(it.unitPrice)}`);
            expect(lines[next++]).toBe(potency(it.thcPct, it.cbdPct, '  '));
            if (it.discount) expect(lines.slice(next, next + 2)).toEqual([promo, `-${money(it.discount)}`]);
          } else {
            // Name, quantity, points, price; then `@ u`, the potency and a discount row.
            expect(lines.slice(row + 1, row + 4)).toEqual([String(it.quantity), String(linePoints(it)), plain(it.price)]);
            next = row + 4;
            if (it.quantity > 1) expect(lines[next++]).toBe(`@ ${plain(it.unitPrice)}`);
            expect(lines[next++]).toBe(potency(it.thcPct, it.cbdPct, ' '));
            if (it.discount) expect(lines.slice(next, next + 2)).toEqual([promo, `-${plain(it.discount)}`]);
          }
        });
      }
      seen.expectAll();
      if (layout === 'points-tip') expect(tips).toBeGreaterThan(0);
      if (layout === 'bilingual-wrap') expect(wrapped).toBeGreaterThan(0);
    });
  });
});
