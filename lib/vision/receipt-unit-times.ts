import { round2 } from '@/lib/vision/parse-common';
import { gluedQtyUnit } from '@/lib/vision/receipt-photo';

/**
 * A unit price and then the quantity under an item (`@ 362.00 x 2`, `@ 1,167.00 x 2`, `$17.50 × 3`:
 * Thai and other tills print the price first), when the two multiply out to the item's price to
 * the cent: the item's quantity and unit price, not a new item (issue 14, twenty-fourth round).
 * Also a row led by its quantity whose amount follows the name after one space (`1x Northern
 * Lights Shatter 1g $33.42`, a text message's list): the amount is set apart as a column, so the
 * `1x` is read as the name's quantity and not as a `1 x $33.42` unit form.
 */
const UNIT_TIMES = /^\s*@?\s*\$?\s?(\d{1,3}(?:,\d{3})*[.,]\d{2})\s?[x×]\s?(\d{1,2})\s*$/i;

export function unitTimesQty(line: string, price: number): { quantity: number; unitPrice: number } | null {
  const m = UNIT_TIMES.exec(line);
  if (!m) return null;
  const unitPrice = Number(m[1].replace(/,(?=\d{3})/g, '').replace(',', '.'));
  const quantity = Number(m[2]);
  return quantity >= 1 && Math.abs(round2(unitPrice * quantity) - price) < 0.015 ? { quantity, unitPrice } : null;
}

/** Quantity and unit under an item: `2 $31.76` (receipt-photo.ts's gluedQtyUnit), else `@ 362.00 x 2`. */
export function qtyUnitUnder(line: string, price: number): { quantity: number; unitPrice: number } | null {
  return gluedQtyUnit(line, price) ?? unitTimesQty(line, price);
}

/** `1x Name 1g $33.42` → `1x Name 1g   $33.42`: a quantity-led row's last amount, one space after a word, as a column of its own. */
export function qtyLedGap(row: string): string {
  if (!/^\s*\d{1,2}\s?[x×]\s*[A-Za-z]/.test(row)) return row;
  return row.replace(/(?<=[A-Za-z0-9%)]) (-?\$?\s?\d{1,5}(?:,\d{3})*[.,]\d{2})\s*$/, '   $1');
}
