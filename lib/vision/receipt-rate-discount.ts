import { beforeAmounts } from '@/lib/vision/receipt-lines';
import { round2, type MoneyHit } from '@/lib/vision/parse-common';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/**
 * A line discount whose minus sign the photo lost (`Happy Hour 20%   $6.41` under a $32.04 item):
 * the line's words carry a rate, its one amount is that rate of the item above, and it names no
 * weight or potency; it is the item's discount, not an item of its own. Returns the amount, or null.
 */
export function lostSignRateDiscount(line: string, prices: readonly MoneyHit[], item: ParsedReceiptItem | null): number | null {
  if (!item || item.price === null || prices.length !== 1) return null;
  const words = beforeAmounts(line);
  if (/\b(thc|cbd|cbn|thca)\b|\d\s?(g|mg|oz)\b/i.test(words)) return null;
  const rates = [...words.matchAll(/(\d{1,2}(?:\.\d{1,2})?)\s?%/g)].map((m) => Number(m[1]));
  if (rates.length !== 1 || (words.match(/[A-Za-z]/g) ?? []).length < 3) return null;
  const value = prices[0].value;
  return Math.abs(round2((item.price * rates[0]) / 100) - value) < 0.015 ? value : null;
}

/**
 * A line under an item that is only its discount: every amount a minus one (`Bundle -10%  -$4.38`;
 * a minus sign, not parentheses: `(3.56)` is a misread `(3.5G)`), or before the subtotal a rate
 * line whose minus was lost (`lostSignRateDiscount`).
 */
export function isItemDiscountLine(line: string, prices: readonly MoneyHit[], item: ParsedReceiptItem, afterSubtotal: boolean): boolean {
  return prices.every((m) => m.negative && line.slice(m.index, m.end).includes('-')) || (!afterSubtotal && lostSignRateDiscount(line, prices, item) !== null);
}

/**
 * A discount line's amount as its printed rate of the item reads it: a `$` the photo read as a
 * figure (`Promo 20% off   57.48` under a $37.38 item: $7.48) is taken off when the amount without
 * its first figure, not the amount as read, is that rate of the item's price to the cent. Any other
 * amount is returned as read.
 */
export function discountAsRated(line: string, hit: MoneyHit, item: ParsedReceiptItem | null): number {
  const rate = /(\d{1,2}(?:\.\d{1,2})?)\s?%/.exec(line.slice(0, hit.index));
  if (!item || item.price === null || !rate || hit.hasSign) return hit.value;
  const want = round2((item.price * Number(rate[1])) / 100);
  const figures = line.slice(hit.index, hit.end).trim();
  if (Math.abs(want - hit.value) < 0.015 || !/^[358]\d{1,3}[.,]\d{2}$/.test(figures)) return hit.value;
  const unsigned = Number(figures.slice(1).replace(',', '.'));
  return Math.abs(want - unsigned) < 0.015 ? unsigned : hit.value;
}
