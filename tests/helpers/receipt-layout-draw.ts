import sharp from 'sharp';
import { expect } from 'vitest';
import { money, printedTexts, r2, rasterize } from '@/tests/fixtures/vision/render';
import { splitOf } from '@/tests/fixtures/vision/splits';
import { HELD_OUT_RECEIPT_LAYOUTS, RECEIPT_LAYOUTS, receiptStyle, receiptSvg, receiptTruth, type ReceiptLayout, type ReceiptTruth } from '@/tests/fixtures/vision/receipts';

/**
 * What the receipt-layout unit tests (receipt-layouts*.test.ts) share: the seeds each layout is
 * drawn with, one drawn receipt with its printed lines, the page-size and round-membership checks, and the money and
 * month texts they look for on the page.
 */

export { money, r2 } from '@/tests/fixtures/vision/render';

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** `Jan` … `Dec`. */
export const MON = MONTHS.map((m) => m.slice(0, 3));

/** The layout's seeds: `count` of them, apart from every other layout's. */
export const layoutSeeds = (layout: ReceiptLayout, count = 16) => Array.from({ length: count }, (_, k) => 100 + k * 31 + RECEIPT_LAYOUTS.indexOf(layout) * 1000);

/** One receipt of the layout: its truth (with the round's drawing aids), style, SVG and the lines it prints. */
export function drawLayout<Extra extends object = object>(layout: ReceiptLayout, seed: number) {
  const t = receiptTruth(seed, undefined, layout) as ReceiptTruth & Extra;
  const style = receiptStyle(seed, layout);
  const svg = receiptSvg(t, style, seed);
  return { t, svg, style, lines: printedTexts(svg) };
}

/**
 * The layout's first receipt rasterizes to an image taller than 300 px and at least as wide as its
 * page (`exactWidth`: exactly as wide, for a layout drawn without a background around the paper).
 */
export async function expectRendersAtPageSize(layout: ReceiptLayout, exactWidth = false): Promise<void> {
  const { svg, style } = drawLayout(layout, layoutSeeds(layout)[0]);
  const meta = await sharp(await rasterize(svg, 'png')).metadata();
  if (exactWidth) expect(meta.width).toBe(style.width);
  else expect(meta.width).toBeGreaterThanOrEqual(style.width);
  expect(meta.height).toBeGreaterThan(300);
}

/**
 * A round's layouts are receipt layouts and none is what a receipt drawn without a layout gets
 * (seeds 0 to 299); with `split`, they are out of the general held-out list and in that split of
 * their own.
 */
export function expectRoundLayouts(layouts: readonly ReceiptLayout[], split?: string): void {
  for (const l of layouts) expect(RECEIPT_LAYOUTS).toContain(l);
  if (split)
    for (const l of layouts) {
      expect(HELD_OUT_RECEIPT_LAYOUTS).not.toContain(l);
      expect(splitOf('receipt', l)).toBe(split);
    }
  for (let seed = 0; seed < 300; seed++) expect(layouts).not.toContain(receiptStyle(seed).layout);
}

/**
 * The receipt's sums hold (subtotal = items less their own discounts; total = subtotal less the
 * order discount plus `fee` and tax) and the page prints them: the dispensary, the amount after
 * the subtotal and total labels (their last occurrence), each tax line after its label, and the
 * order discount as `<minus><amount>`.
 */
export function expectSumsPrinted(
  t: ReceiptTruth & { taxLines?: [string, number][] },
  lines: readonly string[],
  labels: { total: string; subtotal?: string; fee?: number; minus?: string },
): void {
  const after = (label: string) => lines[lines.lastIndexOf(label) + 1];
  expect(t.subtotal).toBeCloseTo(r2(t.items.reduce((a, it) => a + it.price - (it.discount ?? 0), 0)), 2);
  expect(t.total).toBeCloseTo(r2((t.subtotal as number) - (t.discount ?? 0) + (labels.fee ?? 0) + t.tax), 2);
  expect(lines).toContain(t.dispensaryName);
  expect(after(labels.subtotal ?? 'Subtotal')).toBe(money(t.subtotal as number));
  expect(after(labels.total)).toBe(money(t.total));
  const taxLines = t.taxLines ?? [];
  expect(taxLines.length).toBeGreaterThan(0);
  expect(r2(taxLines.reduce((a, [, v]) => a + v, 0))).toBeCloseTo(t.tax, 2);
  for (const [label, v] of taxLines) expect(after(label)).toBe(money(v));
  if (t.discount) expect(lines).toContain(`${labels.minus ?? '-'}${money(t.discount)}`);
}

/**
 * What a round's seeds must show at least once: a line of two, a line discount, a CBD figure, a
 * strain the catalog does not know and an order discount. `receipt` counts a drawn receipt's,
 * `expectAll` checks each was seen.
 */
export function seenTally() {
  const n = { twos: 0, discounts: 0, cbds: 0, unknown: 0, orderDiscounts: 0 };
  return {
    n,
    receipt(t: ReceiptTruth): void {
      if (t.discount) n.orderDiscounts++;
      for (const it of t.items) {
        if (it.quantity > 1) n.twos++;
        if (it.discount) n.discounts++;
        if (it.cbdPct !== null) n.cbds++;
        if (it.strainName === null) n.unknown++;
      }
    },
    expectAll(): void {
      for (const [what, count] of Object.entries(n)) expect(count, what).toBeGreaterThan(0);
    },
  };
}
