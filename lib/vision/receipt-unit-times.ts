import { round2 } from '@/lib/vision/parse-common';
import { gluedQtyUnit } from '@/lib/vision/receipt-photo';

/**
 * A unit price and then the quantity under an item (`@ 362.00 x 2`, `@ 1,167.00 x 2`, `$17.50 × 3`:
 * Thai and other tills print the price first), when the two multiply out to the item's price to
 * the cent: the item's quantity and unit price, not a new item (issue 14, twenty-fourth round);
 * also the unit price alone (`@ $245.00 ea` under a $490.00 line: two of them, `unitEachRows`).
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

/** `@ $245.00 ea`, `@ 245.00 each`: a unit price alone. */
const UNIT_EACH = /^(\s*)@\s*(\$?)\s?(\d{1,3}(?:,\d{3})*[.,]\d{2})(\s*(?:ea|each|\/\s?ea)?\.?\s*)$/i;
const ROW_AMOUNT = /(\d{1,3}(?:,\d{3})*[.,]\d{2})\s*$/;
const amount = (text: string) => Number(text.replace(/,(?=\d{3})/g, '').replace(',', '.'));

/**
 * A unit price alone under an item row (`@ $245.00 ea` under `Sour Tsunami 28g   $490.00`): the
 * quantity is what the unit goes into the row's amount, written before it (`2 @ $245.00 ea`) so
 * the row reads as the item's quantity and unit; left as it is when it does not go in whole.
 */
export function unitEachRows(rows: readonly string[]): string[] {
  const out = [...rows];
  for (let i = 1; i < out.length; i++) {
    const m = UNIT_EACH.exec(out[i]);
    const above = ROW_AMOUNT.exec(out[i - 1]);
    if (!m || !above) continue;
    const unit = amount(m[3]);
    const q = unit > 0 ? Math.round(amount(above[1]) / unit) : 0;
    if (q >= 2 && q <= 50 && Math.abs(round2(q * unit) - amount(above[1])) < 0.015) out[i] = `${m[1]}${q} @ ${m[2]}${m[3]}${m[4]}`;
  }
  return out;
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
