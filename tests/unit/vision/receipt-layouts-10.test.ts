import { describe, expect, it } from 'vitest';
import { MON, drawLayout, expectRoundLayouts, expectRendersAtPageSize, layoutSeeds, money, r2 } from '@/tests/helpers/receipt-layout-draw';
import { TENTH_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import type { TenthExtra } from '@/tests/fixtures/vision/receipt-tenth';

/**
 * The tenth-round held-out receipt layouts are drawn and their truth is consistent with what the
 * page prints (no OCR: these layouts stay out of every tuning decision until their blind run).
 */

const draw = (layout: ReceiptLayout, seed: number) => drawLayout<TenthExtra>(layout, seed);

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (layout === 'kiosk-atm') return `${iso}T`;
  if (layout === 'continued-pages') return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y} `;
  return `${MON[m - 1]} ${d}, ${y}  `;
}

describe('tenth-round held-out receipt layouts', () => {
  it('are three new layouts, held out and never drawn at random', () => {
    expect(TENTH_HELD_OUT_RECEIPT_LAYOUTS).toEqual(['continued-pages', 'kiosk-atm', 'dark-table']);
    expectRoundLayouts(TENTH_HELD_OUT_RECEIPT_LAYOUTS);
  });

  describe.each(TENTH_HELD_OUT_RECEIPT_LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image at least the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout);
    });

    it('truth adds up and prints every field it claims', () => {
      let twos = 0;
      let discounted = 0;
      for (const seed of layoutSeeds(layout)) {
        const { t, lines } = draw(layout, seed);
        const text = lines.join('\n');
        const sold = r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0));
        expect(t.subtotal).toBeCloseTo(sold, 2);
        expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0) + t.tax), 2);
        expect(lines).toContain(t.dispensaryName);
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        expect(lines).toContain(money(t.subtotal as number));
        expect(lines).toContain(money(t.total));
        if (t.discount) expect(lines).toContain(`-${money(t.discount)}`);
        const taxes = lines.flatMap((l, i) => (/^(Excise tax|Sales tax|Tax)\b/.test(l) ? [Number(lines[i + 1].slice(1))] : []));
        expect(r2(taxes.reduce((a, x) => a + x, 0))).toBeCloseTo(t.tax, 2);
        t.items.forEach((it, i) => {
          const row = lines.indexOf(it.productName);
          expect(row, it.productName).toBeGreaterThan(0);
          expect(lines[row + 1]).toBe(layout === 'kiosk-atm' ? `${money(it.price)} T` : money(it.price));
          if (layout === 'kiosk-atm') expect(lines[row - 1]).toBe(String(i + 1).padStart(2, '0'));
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          if (it.quantity > 1) twos++;
          if (it.quantity > 1 || layout === 'dark-table') expect(text).toContain(`${it.quantity} ${layout === 'continued-pages' ? '@' : 'x'} ${money(it.unitPrice)}`);
          if (it.discount) {
            discounted++;
            expect(lines[row + 2 + (it.quantity > 1 ? 1 : 0)]).toBe('Kiosk deal 10%');
            expect(lines).toContain(`-${money(it.discount)}`);
          }
          expect(it.thcPct === null).toBe(layout === 'kiosk-atm');
          if (it.thcPct !== null) expect(text).toContain(`THC ${it.thcPct.toFixed(1)}%`);
          if (it.cbdPct !== null) expect(text).toContain(`CBD ${it.cbdPct.toFixed(1)}%`);
        });
        if (layout === 'continued-pages') {
          // Two pages: the first page's items carried to the second by the same amount, printed twice.
          const brk = t.pageBreak as number;
          expect(brk).toBeGreaterThan(0);
          expect(brk).toBeLessThan(t.items.length);
          const carried = money(r2(t.items.slice(0, brk).reduce((a, it) => a + it.price, 0)));
          expect(lines[lines.indexOf('Page subtotal') + 1]).toBe(carried);
          expect(lines[lines.indexOf('Brought forward') + 1]).toBe(carried);
          expect(lines).toContain(`${t.dispensaryName} (continued)`);
          expect(lines.indexOf('Page subtotal')).toBeGreaterThan(lines.indexOf(t.items[brk - 1].productName));
          expect(lines.indexOf('Brought forward')).toBeLessThan(lines.indexOf(t.items[brk].productName));
          expect(t.tax).toBeCloseTo(r2((t.taxes as [number, number])[0] + (t.taxes as [number, number])[1]), 2);
        }
        if (layout === 'kiosk-atm') {
          // The cashless-ATM debit is a round amount over the total; the fee is printed but not in the total.
          const atm = t.atm as NonNullable<TenthExtra['atm']>;
          expect(atm.debit % 20).toBe(0);
          expect(atm.debit).toBeGreaterThan(t.total);
          expect(lines[lines.indexOf('ATM fee (not refundable)') + 1]).toBe(money(atm.fee));
          expect(lines[lines.indexOf('Change due (cash)') + 1]).toBe(money(r2(atm.debit - t.total)));
        }
      }
      if (layout !== 'dark-table') expect(twos).toBeGreaterThan(0);
      if (layout === 'kiosk-atm') expect(discounted).toBeGreaterThan(0);
    });

    it('draws the paper turned on a dark table with a curled foot only on dark-table', () => {
      for (const seed of layoutSeeds(layout)) {
        const { svg, t, style } = draw(layout, seed);
        const curled = /matrix\(1 0 0 0\.\d+/.test(svg);
        if (layout === 'dark-table') {
          expect(Math.abs(t.turn as number)).toBeGreaterThanOrEqual(1.5);
          expect(Math.abs(t.turn as number)).toBeLessThanOrEqual(4);
          expect(svg).toContain(`rotate(${t.turn}`);
          expect(svg).toContain('url(#wood)');
          expect(curled).toBe(true);
          expect(Number(/width="(\d+)"/.exec(svg)?.[1])).toBeGreaterThan(style.width);
        } else {
          expect(curled).toBe(false);
          expect(svg).not.toContain('url(#wood)');
        }
      }
    });
  });
});
