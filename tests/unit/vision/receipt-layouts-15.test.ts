import { describe, expect, it } from 'vitest';
import { MON, drawLayout, expectRoundLayouts, expectRendersAtPageSize, layoutSeeds, money, r2 } from '@/tests/helpers/receipt-layout-draw';
import { FIFTEENTH_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import { thcMg, wrapName, type FifteenthExtra } from '@/tests/fixtures/vision/receipt-fifteenth';

/**
 * The fifteenth-round receipt layouts (split `fifteenth-held-out`) are drawn and their truth is
 * consistent with what the page prints (no OCR here: the round stays blind until its one run).
 */

const LAYOUTS: readonly ReceiptLayout[] = ['mmtc-route', 'wrap-qty-table', 'caps-bag-fee'];

const draw = (layout: ReceiptLayout, seed: number) => drawLayout<FifteenthExtra>(layout, seed);

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-');
  if (layout === 'mmtc-route') return `Dispensed: ${MON[Number(m) - 1]} ${Number(d)}, ${y} `;
  if (layout === 'wrap-qty-table') return ` ${m}/${d}/${y} `;
  return `DATE: ${MON[Number(m) - 1].toUpperCase()} ${Number(d)} ${y}  TIME: `;
}

describe('wrapName', () => {
  it('keeps a short name whole and splits a long one at a word', () => {
    expect(wrapName('Blue Dream 3.5g', 20)).toEqual(['Blue Dream 3.5g', '']);
    expect(wrapName('Camino Blue Dream Live Resin Cartridge 1g', 20)).toEqual(['Camino Blue Dream', 'Live Resin Cartridge 1g']);
  });
});

describe('fifteenth-round held-out receipt layouts', () => {
  it('are three new layouts, in their own split and never drawn at random', () => {
    expect(FIFTEENTH_HELD_OUT_RECEIPT_LAYOUTS).toEqual(LAYOUTS);
    expectRoundLayouts(LAYOUTS, 'fifteenth-held-out');
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
        const caps = layout === 'caps-bag-fee';
        const P = (x: string) => (caps ? x.toUpperCase() : x);
        const text = lines.join('\n');
        const after = (label: string) => lines[lines.lastIndexOf(P(label)) + 1];
        const bag = t.bag;
        expect(t.subtotal).toBeCloseTo(r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0) + (bag?.amount ?? 0)), 2);
        expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0) + t.tax), 2);
        expect(lines).toContain(P(t.dispensaryName));
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        expect(after('Subtotal')).toBe(money(t.subtotal as number));
        expect(after('Total')).toBe(money(t.total));
        const taxLines = t.taxLines as [string, number][];
        expect(r2(taxLines.reduce((a, [, v]) => a + v, 0))).toBeCloseTo(t.tax, 2);
        for (const [label, v] of taxLines) expect(after(label)).toBe(money(v));
        if (t.discount) expect(lines).toContain(`-${money(t.discount)}`);
        t.items.forEach((it, i) => {
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          expect(it.productName.endsWith(` ${it.sizeText as string}`)).toBe(true);
          if (it.quantity > 1) twos++;
          if (layout === 'wrap-qty-table') {
            // The name whole on one row, or its start alone and the rest on the row with the figures.
            let row = lines.indexOf(it.productName);
            if (row < 0) {
              const start = lines.findIndex((l, k) => l && `${l} ${lines[k + 1]}` === it.productName);
              expect(start, it.productName).toBeGreaterThan(0);
              row = start + 1;
              special++;
            }
            expect(lines.slice(row + 1, row + 4)).toEqual([it.quantity.toFixed(2), money(it.unitPrice), money(it.price)]);
            if (it.discount) expect(lines[row + 5]).toBe(`-${money(it.discount)}`);
            expect(it.thcPct).toBeNull();
            return;
          }
          const row = lines.indexOf(P(it.productName));
          expect(row, it.productName).toBeGreaterThan(0);
          expect(lines[row + 1]).toBe(money(it.price));
          let next = row + 2;
          if (layout === 'mmtc-route') {
            const route = (t.route as NonNullable<FifteenthExtra['route']>)[i];
            if (it.quantity > 1) expect(lines[next++]).toBe(`Qty ${it.quantity} x ${money(it.unitPrice)}`);
            expect(lines[next++]).toBe(`Route: ${route.route} | Days supply: ${route.days}`);
            expect(lines[next++]).toBe(`THC: ${(it.thcPct as number).toFixed(1)}%  CBD: ${it.cbdPct !== null ? `${it.cbdPct.toFixed(1)}%` : route.noCbd}`);
            expect(lines[next].replace(',', '')).toBe(`Total THC: ${thcMg(it)} mg`);
            if (it.cbdPct === null) special++;
          } else {
            if (it.quantity > 1) expect(lines[next++]).toBe(`${it.quantity} EA @ ${money(it.unitPrice)}`);
            expect(lines[next++]).toBe(`THC ${(it.thcPct as number).toFixed(1)}%${it.cbdPct !== null ? `  CBD ${it.cbdPct.toFixed(1)}%` : ''}`);
            if (bag && i === bag.after) {
              special++;
              expect(lines.slice(next, next + 2)).toEqual([bag.label, money(bag.amount)]);
            }
          }
        });
        if (layout === 'mmtc-route') {
          expect(t.tax).toBe(0);
          expect(text).toMatch(/\nPatient ID: P\d{8}\n/);
        }
        if (caps) {
          expect(text).toMatch(/\nPOINTS EARNED: \d+\nPOINTS BALANCE: [\d,]+\nITEMS SOLD: \d+$/);
          expect(lines.every((l) => l === l.toUpperCase())).toBe(true);
        }
      }
      expect(twos).toBeGreaterThan(0);
      expect(special).toBeGreaterThan(0);
    });
  });
});
