import { printedTexts } from '@/tests/fixtures/vision/render';
import { RECEIPT_LAYOUTS, receiptStyle, receiptSvg, receiptTruth, type ReceiptLayout, type ReceiptTruth } from '@/tests/fixtures/vision/receipts';

/**
 * What the per-round receipt layout tests (receipt-layouts-N.test.ts) share: drawing one receipt
 * of a layout (its truth, style, SVG and printed lines; no OCR) and the seeds each test draws.
 */
export const r2 = (n: number) => Math.round(n * 100) / 100;
export const money = (n: number) => `$${n.toFixed(2)}`;

/** Sixteen seeds per layout, apart from every other layout's. */
export const layoutSeeds = (layout: ReceiptLayout) => Array.from({ length: 16 }, (_, k) => 100 + k * 31 + RECEIPT_LAYOUTS.indexOf(layout) * 1000);

/** One receipt of `layout`, its truth typed with the round's drawing aids `E`. */
export function drawReceipt<E extends object>(layout: ReceiptLayout, seed: number) {
  const t = receiptTruth(seed, undefined, layout) as ReceiptTruth & E;
  const style = receiptStyle(seed, layout);
  const svg = receiptSvg(t, style, seed);
  return { t, svg, style, lines: printedTexts(svg) };
}
