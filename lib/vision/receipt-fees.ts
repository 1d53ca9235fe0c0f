import type { ParsedReceiptItem } from '@/lib/vision/types';

/**
 * Fee lines rung up among the items (issue 14, fifteenth receipt round): a paid exit bag, a
 * child-resistant bag or pouch, a bag charge or a container deposit (`EXIT BAG (CHILD RESISTANT)
 * $1.00`, `BAG FEE  $0.10`). The subtotal includes them, but they are no product: not an item.
 */
const FEE_LINE =
  /^\s*(?:\d{1,2}\s*[x@]?\s+)?(?:(?:exit|paper|plastic|carry(?:\s?out)?|shopping|child[-\s]?resistant|cr)\s+)?(?:bags?|pouch(?:es)?)(?:\s+(?:fees?|charges?|surcharge|levy))?(?:\s*\(?(?:child[-\s]?resistant|cr|required|state\s+required)\)?)?\s*(?=\$|\d+[.,]\d{2}|$)|^\s*(?:bag|container|bottle|packaging)\s+(?:fees?|charges?|deposit|surcharge|levy)\b/i;

/** A line of a fee rung up among the items (its text before the amount is only the fee's words). */
export function isFeeLine(line: string): boolean {
  return FEE_LINE.test(line);
}

const FEES = new WeakSet<ParsedReceiptItem>();

/**
 * The item read from a fee line, marked as a fee: it stays among the items while the totals are
 * checked against them (the subtotal includes it; without it a price would be "repaired" to make
 * the sum) and `withoutFees` takes it out of what the receipt returns.
 */
export function markFee(item: ParsedReceiptItem, line: string): ParsedReceiptItem {
  if (isFeeLine(line)) FEES.add(item);
  return item;
}

export const withoutFees = (items: ParsedReceiptItem[]) => items.filter((it) => !FEES.has(it));
