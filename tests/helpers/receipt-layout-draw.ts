import sharp from 'sharp';
import { expect } from 'vitest';
import { printedTexts, rasterize } from '@/tests/fixtures/vision/render';
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
