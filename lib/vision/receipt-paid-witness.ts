import { round2 } from '@/lib/vision/parse-common';
import { lostDigit } from '@/lib/vision/receipt-photo';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/**
 * Totals a photo misread together, repaired where the receipt itself witnesses the figure:
 * - a total read with its `$` as a leading digit (`TOTAL  5207.09` under a pen mark, for $207.09)
 *   when an amount paid on the receipt (`Visa  $207.09`) is the rest of it: that amount. (The
 *   older rule needs the subtotal and the tax to agree; here the tax was misread too.)
 * - then a tax that lost one digit (`7.10` for $17.10) when the items add up to the subtotal and the
 *   total minus the subtotal (plus the order discount) is the tax with that digit.
 */
export function totalFromPaid(total: number | null, paid: readonly number[]): number | null {
  if (total === null || total < 100 || paid.some((v) => Math.abs(v - total) < 0.015)) return total;
  const rest = total.toFixed(2).slice(1);
  if (rest.startsWith('0')) return total;
  return paid.find((v) => v.toFixed(2) === rest) ?? total;
}

export function taxLostDigit(items: readonly ParsedReceiptItem[], subtotal: number | null, discount: number | null, tax: number | null, total: number | null): number | null {
  if (tax === null || subtotal === null || total === null || !items.length) return tax;
  const sum = round2(items.reduce((a, it) => a + (it.price ?? 0) - (it.discount ?? 0), 0));
  const want = round2(total - subtotal + (discount ?? 0));
  return Math.abs(sum - subtotal) < 0.015 && want > 0 && lostDigit(tax, want) ? want : tax;
}

/** Several tenders and the change (receipt-split-tender.ts). */
export { splitTenderPays } from '@/lib/vision/receipt-split-tender';
