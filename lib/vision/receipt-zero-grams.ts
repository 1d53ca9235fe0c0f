import { lostPointGrams } from '@/lib/vision/label-values';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/**
 * An item weight whose decimal point or comma OCR lost behind a leading zero (issue 14, weak
 * degraded splits): `Vape-Kartusche 059g` for `0,5 g` (the comma lost, the space read as nothing,
 * the g after a 9 the g's tail), `Cart 05g`. No weight is printed with a leading zero before
 * another figure, so the item weighs 0.5 g, not 59 g or 5 g; its name gets the point back. The
 * figure is read by the label parser's rule for the same slip (label-values.ts `lostPointGrams`).
 */
const ZERO_LED = /(?<![\d.,$])0[1-9]9?\s?g\b/i;

export function zeroLedGrams(item: ParsedReceiptItem): void {
  const m = ZERO_LED.exec(item.productName);
  if (!m) return;
  const g = lostPointGrams(m[0], item.category);
  if (g === null) return;
  item.grams = g;
  item.productName = `${item.productName.slice(0, m.index)}${g}g${item.productName.slice(m.index + m[0].length)}`;
}
