import { isSaleSlip } from '@/lib/vision/receipt-sale-slips';

/**
 * A sale marker alone on its row under an item (`Sale`, `On sale!`, `Clearance`; twenty-third
 * round of issue 14): no item and no name of one. Left in, it waited for a price as the next item's
 * name and took the item's own `2 x $15.83` row with it, and the potency under it. A speck read
 * far left of the tag on a degraded photo (`8         Sale`) is no part of it.
 */
const SALE_TAG = /^\s*(?:[^\s$]\s{3,})?[*•\-[(]*\s*(?:on\s+)?(?:sale|clearance|special)(?:\s+price)?\s*!?\s*[*\])]*\s*$/i;

export function isSaleTag(row: string): boolean {
  return SALE_TAG.test(row);
}

/** The rows with each sale marker blanked (same count, so the rows stay beside their word boxes). */
export function withoutSaleTags(rows: readonly string[]): string[] {
  // A marker OCR misread (`cal`, `salz`) only where the receipt repeats its marker (receipt-sale-slips.ts).
  const tagged = rows.filter((r) => isSaleTag(r) || isSaleSlip(r)).length >= 2;
  return rows.map((row) => (isSaleTag(row) || (tagged && isSaleSlip(row)) ? '' : row));
}
