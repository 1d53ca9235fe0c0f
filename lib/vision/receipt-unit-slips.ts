import { COMMON_WEIGHTS } from '@/lib/vision/parse-common';

/**
 * Figures of a receipt row that OCR slipped on, put back before the row is read:
 * - a weight whose space before the `g` was read as a 9 (`1 g` → `19g`, `3.5 g` → `3.59g`): only
 *   where the figure with the 9 is no usual pack size and the one without it is;
 * - a half gram that lost its point (`0.5 g` → `05g`);
 * - a quantity-at-unit-price line that lost its point and spaces (`2 @ 66.33 EA` → `2@6633EA`):
 *   the row is only the quantity, `@`, three to six figures and an `EA`/`each`, and a unit price is
 *   printed with its cents.
 */
const NINE_GRAMS = /(?<![\w.,$])(\d{1,2}(?:\.\d)?)9\s?g(?![a-z])/gi;
const POINTLESS_HALF = /(?<![\w.,$])0([1-9])\s?g(?![a-z])/gi;
const QTY_AT_CENTS = /^(\s*)(\d{1,2})\s?@\s?\$?(\d{3,6})\s?(ea|each)?\s*$/i;

export function unitSlips(row: string): string {
  const at = QTY_AT_CENTS.exec(row);
  if (at) return `${at[1]}${at[2]} @ ${(Number(at[3]) / 100).toFixed(2)}${at[4] ? ` ${at[4]}` : ''}`;
  return row
    .replace(NINE_GRAMS, (whole, n: string) => (COMMON_WEIGHTS.includes(Number(n)) && !COMMON_WEIGHTS.includes(Number(`${n}9`)) ? `${n}g` : whole))
    .replace(POINTLESS_HALF, (_w, d: string) => `0.${d}g`);
}
