import { describe, expect, it } from 'vitest';
import { drawLayout, expectRoundLayouts, expectRendersAtPageSize, expectSumsPrinted, layoutSeeds, MON, money, r2, seenTally } from '@/tests/helpers/receipt-layout-draw';
import { TWENTYSECOND_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import { gridBorder, gridRow, metrcTag, type TwentysecondExtra } from '@/tests/fixtures/vision/receipt-twentysecond';
import { gramsOf } from '@/tests/fixtures/vision/receipt-round-kit';
import { rng } from '@/tests/fixtures/vision/render';

/**
 * The twenty-second-round receipt layouts (split `twentysecond-held-out`) are drawn and their truth
 * is consistent with what the page prints (no OCR here: the round stays blind until its one run).
 */

const LAYOUTS: readonly ReceiptLayout[] = ['ascii-grid', 'caps-paren-tag', 'unit-stub'];
const draw = (layout: ReceiptLayout, seed: number) => drawLayout<TwentysecondExtra>(layout, seed);
const pct = (p: number | null) => `${(p as number).toFixed(1)}%`;
const potency = (thc: number | null, cbd: number | null) => `THC ${pct(thc)}${cbd !== null ? `  CBD ${pct(cbd)}` : ''}`;
const plain = (n: number) => n.toFixed(2);

function dateOnPage(layout: ReceiptLayout, iso: string): RegExp {
  const [y, m, d] = iso.split('-');
  const mon = MON[Number(m) - 1];
  if (layout === 'ascii-grid') return new RegExp(`^${mon} ${Number(d)} ${y} \\d{1,2}:\\d\\d[AP]M$`);
  if (layout === 'caps-paren-tag') return new RegExp(`^${mon.toUpperCase()} ${d} ${y} \\d\\d:\\d\\d [AP]M$`);
  return new RegExp(`^Date: ${Number(d)} ${mon} ${y} \\d{1,2}:\\d\\d [AP]M$`);
}

describe('twenty-second-round held-out receipt layouts', () => {
  it('are three new layouts, in their own split and never drawn at random', () => {
    expect(TWENTYSECOND_HELD_OUT_RECEIPT_LAYOUTS).toEqual(LAYOUTS);
    expectRoundLayouts(LAYOUTS, 'twentysecond-held-out');
  });

  it('prints grid rows of one width and 24-character package tags', () => {
    const border = gridBorder();
    expect(gridRow('123456', 'Blue Dream Flower 3.5g', '1', '45.00')).toHaveLength(border.length);
    expect(gridRow('', '  THC 22.1%', '', '')).toHaveLength(border.length);
    const r = rng(7);
    for (let k = 0; k < 20; k++) expect(metrcTag(r)).toMatch(/^1A4[0-9A-F]{6}000\d{12}$/);
  });

  describe.each(LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image at least the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout);
    });

    it('truth adds up and prints every field it claims', () => {
      const seen = seenTally();
      let stubs = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines } = draw(layout, seed);
        const promos = t.promos as string[];
        seen.receipt(t);
        expect(lines.some((l) => dateOnPage(layout, t.orderDate).test(l))).toBe(true);
        if (layout === 'ascii-grid') {
          const after = (label: string) => lines[lines.lastIndexOf(label) + 1];
          expect(t.subtotal).toBeCloseTo(r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0)), 2);
          expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0) + t.tax), 2);
          expect(lines).toContain(t.dispensaryName);
          expect(after('SUBTOTAL')).toBe(plain(t.subtotal as number));
          expect(after('TOTAL')).toBe(money(t.total));
          if (t.discount) expect(after('DISCOUNT')).toBe(`-${plain(t.discount)}`);
          for (const [label, v] of t.taxLines as [string, number][]) expect(after(label)).toBe(plain(v));
          expect(r2((t.taxLines as [string, number][]).reduce((a, [, v]) => a + v, 0))).toBeCloseTo(t.tax, 2);
          expect(Number(after('CASH TENDERED'))).toBeGreaterThan(t.total);
          expect(r2(Number(after('CASH TENDERED')) - Number(after('CHANGE')))).toBeCloseTo(t.total, 2);
        } else if (layout === 'caps-paren-tag') {
          expectSumsPrinted({ ...t, dispensaryName: t.dispensaryName.toUpperCase() }, lines, { total: 'TOTAL', subtotal: 'SUBTOTAL' });
        } else {
          expectSumsPrinted(t, lines, { total: 'Total' });
          // The coupon stub below the cut line, with dollar figures and a date of its own.
          const cut = lines.findIndex((l) => l.includes('cut here'));
          expect(cut).toBeGreaterThan(lines.lastIndexOf('Total'));
          expect(lines.slice(cut)).toContain('COUPON');
          expect(lines.slice(cut).some((l) => /^\$\d+ OFF$/.test(l))).toBe(true);
          expect(lines.slice(cut).some((l) => /^Expires 12\/31\/2026$/.test(l))).toBe(true);
          stubs++;
        }
        t.items.forEach((it, i) => {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.strainName !== null) expect(it.productName.toLowerCase()).toContain(it.strainName.toLowerCase());
          expect(promos[i] === '').toBe(!it.discount);
          expect(gramsOf((it.sizeText as string).toLowerCase())).toBeCloseTo(it.grams, 2);
          if (layout === 'ascii-grid') {
            const sku = (t.codes as string[])[i];
            const row = lines.indexOf(gridRow(sku, it.productName, String(it.quantity), plain(it.price)));
            expect(row, it.productName).toBeGreaterThan(0);
            let next = row + 1;
            if (it.quantity > 1) expect(lines[next++]).toBe(gridRow('', `  ${it.quantity} @ ${plain(it.unitPrice)}`, '', ''));
            expect(lines[next++]).toBe(gridRow('', `  ${potency(it.thcPct, it.cbdPct)}`, '', ''));
            if (it.discount) expect(lines[next]).toBe(gridRow('', `  ${promos[i]}`, '', `-${plain(it.discount)}`));
          } else if (layout === 'caps-paren-tag') {
            // All caps, the weight in parentheses inside the name, the package tag and batch under it.
            expect(it.productName).toBe(it.productName.toUpperCase());
            expect(it.productName).toMatch(/ \(\d*\.?\d+G\) \S/);
            const row = lines.indexOf(it.productName);
            expect(row, it.productName).toBeGreaterThan(0);
            expect(lines[row + 1]).toBe(money(it.price));
            expect(lines[row + 2]).toMatch(new RegExp(`^${(t.codes as string[])[i]}  BATCH B\\d\\d-\\d{4}$`));
            let next = row + 3;
            if (it.quantity > 1) expect(lines[next++]).toBe(`${it.quantity} @ ${plain(it.unitPrice)} EA`);
            expect(lines[next++]).toBe(potency(it.thcPct, it.cbdPct));
            if (it.discount) expect(lines.slice(next, next + 2)).toEqual([promos[i], `-${money(it.discount)}`]);
          } else {
            // The printed name is the Item cell and the Unit cell joined.
            const [cell, unit] = (t.cells as [string, string][])[i];
            expect(`${cell} ${unit}`).toBe(it.productName);
            expect(unit).toMatch(/^(\d\/\d oz|\d*\.?\d+ g|\d x \d*\.?\d+ g)$/);
            const row = lines.indexOf(cell);
            expect(row, cell).toBeGreaterThan(0);
            expect(lines.slice(row + 1, row + 4)).toEqual([unit, String(it.quantity), money(it.price)]);
            let next = row + 4;
            if (it.quantity > 1) expect(lines[next++]).toBe(`${money(it.unitPrice)} each`);
            expect(lines[next++]).toBe(potency(it.thcPct, it.cbdPct));
            if (it.discount) expect(lines.slice(next, next + 2)).toEqual([promos[i], `-${money(it.discount)}`]);
          }
        });
      }
      seen.expectAll();
      if (layout === 'unit-stub') expect(stubs).toBeGreaterThan(0);
    });
  });
});
