import type { ParsedReceiptItem } from '@/lib/vision/types';
/** (Item taxes restated by an order tax line: receipt-item-taxes.ts, re-exported here for the parser.) */
export { restatedItemTaxes } from '@/lib/vision/receipt-item-taxes';

/**
 * Lines of a receipt that print an amount but are no bought item, no discount and no added tax
 * (ninth pass of issue 14):
 * - a line **voided** at the register: the item was rung up and printed, then cancelled by a
 *   `VOID` / `** VOIDED **` / `Line void` line with its amount (negative; the minus, and the `$`,
 *   often lost on a photo: `541.52` for -$41.52). The item it cancels is not bought.
 * - a **return** or refund of an earlier purchase on an exchange receipt (`RETURN Blue Dream 3.5g
 *   -$32.69`): not an item of this sale, and not a discount of the item printed above it.
 * - a **savings summary** after the total (`Your savings today: $14.91`, `You saved $9.00`): it
 *   restates the discounts already printed; counting it again doubled the order's discount.
 * - a tax or duty printed under an item as **included** in its price (Canada's excise stamp line,
 *   `ON excise stamp · duty incl. $3.50`): a detail of the item, not a tax added to the order.
 */

/** The words of a void line, before its amount; OCR reads the V of a bold VOIDED as `\J`, `J` or `\/`. */
const VOID_WORDS = /^[\W_]*(?:line\s+|item\s+)?(?:[vwj]|\\j|\\\/)oid(?:ed)?(?:\s+(?:item|line))?[\W_]*$/i;
const RETURN_LEAD = /^[\W_]*(?:returns?|returned|refunds?|refunded|rtn)\b\s*:?\s*(?=[A-Za-z])/i;
const SAVINGS_SUMMARY = /\b(?:you(?:'ve|\s+have)?\s+saved|your\s+savings|savings\s+today|saved\s+today)\b/i;
const INCLUDED = /\b(?:incl|included|inclusive|includes)\b/i;

/** The text before a line's amounts is only a void word (`VOID`, `** VOIDED **`, `Line void`). */
export function isVoidLine(label: string): boolean {
  return VOID_WORDS.test(label.trim());
}

/**
 * The item a void line cancels: the latest one priced at the void's amount (or at the amount
 * without its first digit: a `$` read as a digit), else the item just above the void line.
 */
export function voidedIndex(items: readonly ParsedReceiptItem[], amount: number | null, above: ParsedReceiptItem | null): number {
  if (amount !== null) {
    const text = amount.toFixed(2);
    const wants = [amount, ...(amount >= 10 ? [Number(text.slice(1))] : [])];
    for (let i = items.length - 1; i >= 0; i--) {
      const p = items[i].price;
      if (p !== null && wants.some((w) => Math.abs(w - p) < 0.015)) return i;
    }
  }
  return above ? items.lastIndexOf(above) : -1;
}

/** A return or refund line: `RETURN <name> … -$x`. */
export function isReturnLine(line: string): boolean {
  return RETURN_LEAD.test(line);
}

/** A summary of what the customer saved (never a discount of its own). */
export function isSavingsSummary(line: string): boolean {
  return SAVINGS_SUMMARY.test(line);
}

/** A tax or duty line that says it is included in the price (read only as a detail under an item). */
export function saysIncluded(line: string): boolean {
  return INCLUDED.test(line);
}

/** `VOID` / `VOIDED` as OCR reads it (`VOlD`, `\JOID`), alone in its cell. */
const VOID_WORD = String.raw`(?:[vwj]|\\j|\\\/)o[il1]d(?:ed)?`;
/** An item row whose price cell says it was voided (`Kush Mints Flower 3.5g      VOID`, `… ** VOIDED **`). */
const VOID_PRICE = new RegExp(String.raw`[A-Za-z]{2}.*?\s[\W_]*${VOID_WORD}[\W_]*$`, 'i');
/** A detail row of a voided item: its quantity and unit, and a void word (`1 @ $29.96  ** VOIDED **`). */
const VOID_DETAIL = new RegExp(String.raw`^\W{0,3}\d{1,3}\s?(?:@|x|×|ea\b).*\b${VOID_WORD}\b`, 'i');
const AMOUNT = /\d[.,]\d{2}\b/;

/**
 * A line VOIDED where it was printed, not by a void line of its own below it (a reprint's voided
 * row): the row prints `VOID` where its price goes (no amount), and the detail row under it
 * repeats the quantity and unit with `** VOIDED **`. Both rows are blanked (kept as empty lines, so
 * the rows keep their places beside the word boxes): the item was not bought, and its unit price
 * under the name is not an item of its own.
 */
export function withoutVoidedRows(lines: readonly string[]): string[] {
  const out = [...lines];
  out.forEach((l, i) => {
    if (VOID_PRICE.test(l.trim()) && !AMOUNT.test(l)) out[i] = '';
    else if (VOID_DETAIL.test(l)) out[i] = '';
  });
  return out;
}
