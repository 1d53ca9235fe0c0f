import { round2 } from '@/lib/vision/parse-common';

/**
 * A tax printed under each item (`Excise 15%   $25.59` under a $170.59 flower) and then restated,
 * added up, on a tax line of the order's (`Excise tax  $30.80` after the subtotal): the item lines
 * come first among the tax amounts read, then the line that restates them. Counted twice they
 * doubled the excise. When the first k tax amounts (k ≥ 1) add up to the one after them to the
 * cent, they are that line's parts and are dropped, provided the order's sums then hold (subtotal
 * less discount plus tax is the total) and did not before; with no subtotal or total read, only
 * for two or more item lines (two taxes of equal amount, `State 5%` and `City 5%`, are two taxes).
 * A receipt that prints the item excises and no restating line (they are the tax) keeps them all.
 * Returns how many leading amounts to drop.
 */
export function restatedItemTaxes(taxes: readonly number[], subtotal: number | null, discount: number | null, total: number | null): number {
  const holds = (list: readonly number[]) => subtotal !== null && total !== null && Math.abs(subtotal - (discount ?? 0) + list.reduce((a, b) => a + b, 0) - total) < 0.015;
  let sum = 0;
  for (let k = 1; k < taxes.length; k++) {
    sum = round2(sum + taxes[k - 1]);
    if (Math.abs(sum - taxes[k]) >= 0.015) continue;
    const rest = taxes.slice(k);
    if (subtotal !== null && total !== null ? holds(rest) && !holds(taxes) : k >= 2) return k;
  }
  return 0;
}
