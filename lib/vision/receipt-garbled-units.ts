import { COMMON_WEIGHTS, round2 } from '@/lib/vision/parse-common';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/**
 * A quantity-at-unit-price line whose unit price blur turned partly into letters (`2 @ 37.57 EA`
 * read `2@3STEA`): the quantity still reads, the unit price does not. The row is kept as the
 * quantity alone (`Qty 2 EA`), so the item's unit price is its line price over that quantity. Only
 * a run of figures AND letters between the `@` and the `EA`/`each` (a run of figures alone is a
 * unit price that lost its point, receipt-unit-slips.ts); a margin speck before the row is kept.
 */
const GARBLED_AT = /^(\s*(?:[|!:;_~&]\s)?\s*)(\d{1,2})\s?@\s?\$?([0-9A-Za-z.,]{2,7}?)\s?(ea|each)\s*$/i;

export function garbledQtyAt(row: string): string {
  const m = GARBLED_AT.exec(row);
  if (!m || Number(m[2]) < 1 || !/\d/.test(m[3]) || !/[A-Za-z]/.test(m[3])) return row;
  return `${m[1]}Qty ${m[2]} ${m[4]}`;
}

/**
 * An item of two or more whose unit price was printed (`2 @ 28.76`) but whose line price reads
 * below that unit price (`0.59`: the amount cell lost to blur and a figure of the name taken for
 * it): a line of two or more is never less than one of them, so the line price is quantity × unit.
 */
export function lineBelowUnit(item: ParsedReceiptItem): void {
  const q = item.quantity ?? 1;
  if (q < 2 || item.unitPrice === null || item.price === null || item.price >= item.unitPrice) return;
  item.price = round2(q * item.unitPrice);
}

/**
 * A weight in its own Unit column whose `g` was read as a 9 and whose gap went with it (`1 g` →
 * `19`, `3.5 g` → `3.59`), standing between the name and the row's quantity and price: a bare
 * figure followed by a count and an amount is taken for a weight only when it is no usual pack size
 * and the figure without its last 9 is (receipt-unit-slips.ts does the same with the `g` still read).
 */
const NINE_BEFORE_COUNT = /(?<=[A-Za-z)]\s{2,})(\d{1,2}(?:\.\d)?)9(?=\s{2,}\d{1,2}\s{2,}\$?\d{1,5}[.,]\d{2}\s*$)/;

export function unitNine(row: string): string {
  return row.replace(NINE_BEFORE_COUNT, (whole, n: string) => (COMMON_WEIGHTS.includes(Number(n)) && !COMMON_WEIGHTS.includes(Number(`${n}9`)) ? `${n}g` : whole));
}
