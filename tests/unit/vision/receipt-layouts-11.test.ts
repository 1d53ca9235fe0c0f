import { describe, expect, it } from 'vitest';
import { MONTHS, drawLayout, expectRoundLayouts, expectRendersAtPageSize, layoutSeeds, money, r2 } from '@/tests/helpers/receipt-layout-draw';
import { ELEVENTH_HELD_OUT_RECEIPT_LAYOUTS, type ReceiptLayout } from '@/tests/fixtures/vision/receipts';
import type { EleventhExtra } from '@/tests/fixtures/vision/receipt-eleventh';

/**
 * The eleventh-round held-out receipt layouts are drawn and their truth is consistent with what the
 * page prints (no OCR: these layouts stay out of every tuning decision until their blind run).
 */

const UNITS = /(\d+\/\d+ oz|\d+(\.\d+)? ?g|\d+pk \d+(\.\d+)?g)$/;

const draw = (layout: ReceiptLayout, seed: number) => drawLayout<EleventhExtra>(layout, seed);

function dateOnPage(layout: ReceiptLayout, iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const p2 = (n: number) => String(n).padStart(2, '0');
  if (layout === 'tip-signature') return `Date: ${p2(m)}/${p2(d)}/${String(y).slice(2)}  Time: `;
  if (layout === 'coupon-tail') return `${p2(m)}/${p2(d)}/${y} `;
  return `${MONTHS[m - 1]} ${d}, ${y}  `;
}

describe('eleventh-round held-out receipt layouts', () => {
  it('are three new layouts, held out and never drawn at random', () => {
    expect(ELEVENTH_HELD_OUT_RECEIPT_LAYOUTS).toEqual(['coupon-tail', 'tip-signature', 'paid-stamp']);
    expectRoundLayouts(ELEVENTH_HELD_OUT_RECEIPT_LAYOUTS);
  });

  describe.each(ELEVENTH_HELD_OUT_RECEIPT_LAYOUTS.map((l) => [l]))('%s', (layout) => {
    it('renders to an image at least the page size (not read: no OCR before the blind run)', async () => {
      await expectRendersAtPageSize(layout);
    });

    it('truth adds up and prints every field it claims', () => {
      let twos = 0;
      const units = new Set<string>();
      for (const seed of layoutSeeds(layout)) {
        const { t, lines } = draw(layout, seed);
        const text = lines.join('\n');
        expect(t.subtotal).toBeCloseTo(r2(t.items.reduce((a, it) => a + it.price, 0)), 2);
        expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0) + t.tax), 2);
        expect(lines).toContain(t.dispensaryName);
        expect(text).toContain(dateOnPage(layout, t.orderDate));
        expect(lines[lines.indexOf('Subtotal') + 1]).toBe(money(t.subtotal as number));
        expect(lines[lines.indexOf(layout === 'coupon-tail' ? 'TOTAL' : 'Total') + 1]).toBe(money(t.total));
        if (t.discount) expect(lines).toContain(`-${money(t.discount)}`);
        const taxes = lines.flatMap((l, i) => (/^(Excise tax|Sales tax|Tax)\b/.test(l) ? [Number(lines[i + 1].slice(1))] : []));
        expect(r2(taxes.reduce((a, x) => a + x, 0))).toBeCloseTo(t.tax, 2);
        for (const it of t.items) {
          const row = lines.indexOf(it.productName);
          expect(row, it.productName).toBeGreaterThan(0);
          expect(lines[row + 1]).toBe(money(it.price));
          expect(it.price).toBeCloseTo(r2(it.unitPrice * it.quantity), 2);
          units.add(UNITS.exec(it.productName)?.[1].replace(/[\d.]+/g, '#') ?? '?');
          if (it.quantity > 1) twos++;
          if (layout === 'tip-signature') {
            expect(lines[row - 1]).toBe(String(it.quantity));
            expect(lines[row + 2]).toBe(`${it.category} | THC ${(it.thcPct as number).toFixed(1)}%`);
          }
          if (layout === 'coupon-tail' && it.quantity > 1) expect(lines[row + 2]).toBe(`${it.quantity} ea @ ${money(it.unitPrice)}`);
          if (layout === 'paid-stamp') expect(lines[row + 2].startsWith(`${it.quantity} each @ ${money(it.unitPrice)}`)).toBe(true);
          expect(it.thcPct === null).toBe(layout === 'coupon-tail');
          if (it.thcPct !== null) expect(text).toContain(`THC ${it.thcPct.toFixed(1)}%`);
          if (it.cbdPct !== null) expect(text).toContain(`CBD ${it.cbdPct.toFixed(1)}%`);
          expect(it.discount).toBeNull();
        }
        if (layout === 'coupon-tail') {
          // The promotions after the total: dollar figures that are no item, discount or total.
          const tail = lines.slice(lines.indexOf('*** COUPONS FOR YOUR NEXT VISIT ***'));
          expect(tail.length).toBeGreaterThan(4);
          expect(tail.filter((l) => /\$\d/.test(l)).length).toBeGreaterThanOrEqual(2);
          expect(lines[lines.indexOf('Change') + 1]).toBe(money(r2((t.cash as number) - t.total)));
        }
        if (layout === 'tip-signature') {
          // The card slip: Amount is the total; the tip and the total with it come after and are not the receipt's total.
          expect(lines[lines.indexOf('Amount', lines.indexOf('Total')) + 1]).toBe(money(t.total));
          expect(text).toContain(money(t.tip as number));
          expect(text).toContain(money(r2(t.total + (t.tip as number))));
          expect(t.tax).toBeCloseTo(r2((t.taxes as [number, number])[0] + (t.taxes as [number, number])[1]), 2);
        }
      }
      expect(twos).toBeGreaterThan(0);
      // Mixed units: ounce fractions, grams with and without a space, pre-roll packs.
      expect(units.size).toBeGreaterThanOrEqual(3);
    });

    it('draws a signature only on tip-signature and a stamp only on paid-stamp', () => {
      const words = new Set<string>();
      for (const seed of layoutSeeds(layout)) {
        const { svg, t } = draw(layout, seed);
        expect(svg.includes('<path d="M')).toBe(layout === 'tip-signature');
        if (layout === 'paid-stamp') {
          const stamp = t.stamp as NonNullable<EleventhExtra['stamp']>;
          words.add(stamp.word);
          expect(svg).toContain(`>${stamp.word}</text>`);
          if (stamp.word !== 'REPRINT') expect(Math.abs(stamp.turn)).toBeGreaterThanOrEqual(8);
        } else expect(t.stamp).toBeUndefined();
      }
      if (layout === 'paid-stamp') expect(words.size).toBeGreaterThanOrEqual(2);
    });
  });
});
