import { round2 } from '@/lib/vision/parse-common';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/**
 * Figures a photo lost part of, put back by the receipt's own arithmetic (issue 14, fourteenth
 * receipt round): nothing is guessed unless the subtotal or the printed tax rate says exactly so.
 */

/** An unsigned amount at the right of an item's detail line (`THC 71.5%   $4.19`: its minus lost?). */
export interface DetailAmount {
  item: ParsedReceiptItem;
  value: number;
}

/**
 * Amounts on detail lines whose minus the photo lost: the items' discounts when, taken off, the
 * items add up to the printed subtotal to the cent (and do not without them).
 */
export function lostMinusDiscounts(found: readonly DetailAmount[], items: readonly ParsedReceiptItem[], subtotal: number | null): void {
  if (!found.length || subtotal === null) return;
  const sum = items.reduce((a, it) => a + (it.price ?? 0) - (it.discount ?? 0), 0);
  const off = found.reduce((a, d) => a + d.value, 0);
  if (Math.abs(sum - subtotal) < 0.015 || Math.abs(sum - off - subtotal) >= 0.015) return;
  for (const d of found) if (items.includes(d.item) && d.value < (d.item.price ?? 0)) d.item.discount = round2((d.item.discount ?? 0) + d.value);
}

/** The rate printed on a tax line (`GST 5%`, `Sales Tax 7.875%`), or null. */
export function taxRateOf(line: string): number | null {
  const m = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,3})?)\s?%/.exec(line);
  const v = m ? Number(m[1].replace(',', '.')) : NaN;
  return v > 0 && v < 40 ? v : null;
}

/**
 * The tax of a receipt whose tax lines were read with their rate but not their amount (`GST 5%
 * #78309 9033 RT0001   $2 84`, the point lost): what the total leaves over the subtotal, when it is
 * what the printed rates make of the subtotal (within a cent a line).
 */
export function taxFromRates(rates: readonly number[], subtotal: number | null, discount: number | null, total: number | null): number | null {
  if (!rates.length || subtotal === null || total === null) return null;
  const base = subtotal - (discount ?? 0);
  const gap = round2(total - base);
  const want = rates.reduce((a, r) => a + round2((base * r) / 100), 0);
  return gap > 0 && Math.abs(gap - want) <= 0.011 * rates.length ? gap : null;
}
