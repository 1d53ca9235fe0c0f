import { describe, expect, it } from 'vitest';
import { MON, drawLayout, expectRoundLayouts, expectRendersAtPageSize, expectSumsPrinted, layoutSeeds, money, r2 } from '@/tests/helpers/receipt-layout-draw';
import { SEVENTEENTH_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import type { SeventeenthExtra } from '@/tests/fixtures/vision/receipt-seventeenth';

/**
 * The seventeenth-round receipt layouts (split `seventeenth-held-out`) are drawn and their truth is
 * consistent with what the page prints (no OCR here: the round stays blind until its one run).
 */

const LAYOUTS: readonly ReceiptLayout[] = ['app-history', 'group-subtotals', 'med-tender'];
const CATEGORY_ORDER = ['Flower', 'Pre-Roll', 'Vape', 'Concentrate'];
const draw = (layout: ReceiptLayout, seed: number) => drawLayout<SeventeenthExtra>(layout, seed);

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-');
  if (layout === 'app-history') return `Placed ${MON[Number(m) - 1]} ${Number(d)}, ${y}, `;
  if (layout === 'group-subtotals') return `${Number(d)} ${MON[Number(m) - 1]} ${y} `;
  return `Date: ${m}/${d}/${y}  Time: `;
}

describe('seventeenth-round held-out receipt layouts', () => {
  it('are three new layouts, in their own split and never drawn at random', () => {
    expect(SEVENTEENTH_HELD_OUT_RECEIPT_LAYOUTS).toEqual(LAYOUTS);
    expectRoundLayouts(LAYOUTS, 'seventeenth-held-out');
  });

  describe.each(LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image at least the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout);
    });

    it('truth adds up and prints every field it claims', () => {
      let twos = 0;
      let discounts = 0;
      let cbds = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines } = draw(layout, seed);
        const text = lines.join('\n');
        const after = (label: string) => lines[lines.lastIndexOf(label) + 1];
        const minus = layout === 'app-history' ? '−' : '-';
        expectSumsPrinted(t, lines, { total: layout === 'med-tender' ? 'TOTAL' : 'Total', minus });
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        t.items.forEach((it) => {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          expect(it.productName.endsWith(` ${it.sizeText as string}`)).toBe(true);
          if (it.quantity > 1) twos++;
          if (it.cbdPct !== null) cbds++;
          const row = lines.indexOf(it.productName);
          expect(row, it.productName).toBeGreaterThan(0);
          const thc = `THC ${(it.thcPct as number).toFixed(1)}%`;
          const cbd = it.cbdPct !== null ? `CBD ${it.cbdPct.toFixed(1)}%` : null;
          if (layout === 'app-history') {
            expect(lines.slice(row + 1, row + 3)).toEqual([`${it.quantity} × ${money(it.unitPrice)}`, money(it.price)]);
            expect(lines[row + 3]).toBe(thc);
            if (cbd) expect(lines[row + 4]).toBe(cbd);
            if (it.discount) {
              discounts++;
              const at = row + (cbd ? 5 : 4);
              expect(lines.slice(at, at + 2)).toEqual(['Sale', `−${money(it.discount)}`]);
            }
            return;
          }
          expect(it.discount).toBeNull();
          expect(lines[row + 1]).toBe(money(it.price));
          if (layout === 'group-subtotals') expect(lines[row + 2]).toBe(`${it.quantity} @ ${money(it.unitPrice)} · ${thc}`);
          else expect(lines[row + 2]).toBe(`${it.quantity} x ${money(it.unitPrice)}  ${thc}${cbd ? ` ${cbd}` : ''}`);
        });
        if (layout === 'group-subtotals') {
          // Items come group by group, each group closed by its own subtotal (not the receipt's).
          const cats = t.items.map((it) => CATEGORY_ORDER.indexOf(it.category));
          expect([...cats].sort((a, b) => a - b)).toEqual(cats);
          for (const c of new Set(t.items.map((it) => it.category))) {
            const group = t.items.filter((it) => it.category === c);
            expect(after(`${c} subtotal (${group.length})`)).toBe(money(r2(group.reduce((a, it) => a + it.price, 0))));
          }
        }
        if (layout === 'med-tender') {
          const td = t.tender as NonNullable<SeventeenthExtra['tender']>;
          expect(td.change).toBeGreaterThan(0);
          expect(td.gift + td.cash - td.change).toBeCloseTo(t.total, 2);
          expect(after('Change due')).toBe(money(td.change));
          expect(after('Cash tendered')).toBe(money(td.cash));
          expect(text).toMatch(/\nRegistry ID: MMJ-\d{4}-\d{4}\nRec expires: \d{2}\/\d{2}\/2027\nDOB: \d{2}\/\d{2}\/19\d{2}\n/);
        }
      }
      expect(twos).toBeGreaterThan(0);
      if (layout !== 'group-subtotals') expect(cbds).toBeGreaterThan(0);
      if (layout === 'app-history') expect(discounts).toBeGreaterThan(0);
    });
  });
});
