import { round2 } from '@/lib/vision/parse-common';
import { lineBelowUnit } from '@/lib/vision/receipt-garbled-units';
import { withParenStrains } from '@/lib/vision/receipt-paren-strain';
import { weightWordGrams } from '@/lib/vision/receipt-weight-words';
import { zeroLedGrams } from '@/lib/vision/receipt-zero-grams';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/**
 * An item's line discount read with its `$` as a figure in front (`-80.74` for `-$0.74`, `-93.32`
 * for `-$3.32`): a line discount is never more than the line's price, so one that is, led by a
 * figure the `$` is misread as (8, 5, 9, 3), is read without that figure when what is left is less
 * than the price.
 */
export function itemDiscountSlip(item: ParsedReceiptItem): void {
  if (item.discount === null || item.price === null || item.discount <= item.price) return;
  const text = item.discount.toFixed(2);
  const rest = Number(text.slice(1));
  if ('8593'.includes(text[0]) && text.length >= 5 && rest > 0 && rest < item.price) item.discount = round2(rest);
}

/**
 * The items' finishing touches once every line is read: a strain in parentheses
 * (receipt-paren-strain.ts), a weight word for an item without grams (receipt-weight-words.ts), a
 * line discount read with its `$` as a figure, a line price below its own printed unit price
 * (receipt-garbled-units.ts).
 */
export function finishItems(items: ParsedReceiptItem[]): ParsedReceiptItem[] {
  for (const it of withParenStrains(items)) {
    zeroLedGrams(it); // `059g` for `0,5 g` (receipt-zero-grams.ts)
    if (it.grams === null) it.grams = weightWordGrams(it.productName);
    itemDiscountSlip(it);
    lineBelowUnit(it);
  }
  return items;
}
