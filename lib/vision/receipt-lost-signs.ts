import { round2, type MoneyHit } from '@/lib/vision/parse-common';
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
 * The amount at the right end of an item's detail line (`THC 22.4% | CBD 0.1%    -$4.50`): with its
 * minus glued to it, the item's discount (`signed`); unsigned, an amount whose minus the photo may
 * have lost (`lostMinusDiscounts` decides). None on a quantity line (`Qty 2 - $67.85 each`: a dash
 * between words, the unit price), before more words, or when it is the item's unit price.
 */
export function detailLineAmount(line: string, prices: readonly MoneyHit[], item: ParsedReceiptItem): { value: number; signed: boolean } | null {
  if (prices.length !== 1) return null;
  const m = prices[0];
  if (/\S/.test(line.slice(m.end)) || /\b(qty|each|ea)\b|@|\d\s?[x×]\s?\$?\d/i.test(line)) return null;
  if (item.price !== null && Math.abs(m.value * (item.quantity ?? 1) - item.price) < 0.015) return null;
  return { value: m.value, signed: m.negative && /^[-−]\$?\d/.test(line.slice(m.index, m.end).trim()) };
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
