/**
 * A receipt whose ORDER SUMMARY is printed above its items (issue 14, twenty-first receipt round:
 * web-order slips, `Subtotal … TOTAL … Paid by Debit`, then `ITEMS (3)` and the item rows). The
 * parser reads items until the subtotal and takes every row after it for the totals, so such a
 * receipt read no item. When the first subtotal row has a total row after it, no item row stands
 * above it and item rows follow the total, the summary block (the subtotal up to the row before
 * the first item after the total) is moved after the last row: read where a receipt prints it.
 * A total printed alone at the head (Square, Clover: no subtotal above the items) is not moved; nor
 * is a summary with the items above it.
 */

const SUBTOTAL = /\b(sub|sous)\s?-?\s?tota[l1]\b/i;
const TOTAL = /\btota[l1]\b/i;
const AMOUNT = /-?\$?\s?\d{1,5}[.,]\d{2}(?!\d)/;
/** Words of the summary's and the payment's rows (none an item's). */
const SUMMARY_WORD =
  /\b(sub\s?-?\s?tota[l1]|tota[l1]|tax(es)?|excise|gst|pst|hst|qst|discounts?|disc|coupons?|loyalty|rewards?|savings|paid|payment|cash|card|visa|debit|credit|change|tender(ed)?|tip|balance|due)\b/i;
/** How many rows below the subtotal its total may stand (a discount and a few tax lines between). */
const TOTAL_WITHIN = 10;

/** A row that names something and prices it: letters before an amount, no summary or payment word. */
function itemRow(text: string): boolean {
  const m = AMOUNT.exec(text);
  return m !== null && (text.slice(0, m.index).match(/[A-Za-z]/g) ?? []).length >= 3 && !SUMMARY_WORD.test(text);
}

export function summaryLast<T extends { text: string }>(rows: readonly T[]): T[] {
  const sub = rows.findIndex((r) => SUBTOTAL.test(r.text));
  if (sub < 0 || rows.slice(0, sub).some((r) => itemRow(r.text))) return [...rows];
  let total = -1;
  for (let i = sub + 1; i < Math.min(rows.length, sub + 1 + TOTAL_WITHIN) && total < 0; i++) if (TOTAL.test(rows[i].text) && !SUBTOTAL.test(rows[i].text)) total = i;
  if (total < 0) return [...rows];
  let first = -1;
  for (let i = total + 1; i < rows.length && first < 0; i++) if (itemRow(rows[i].text)) first = i;
  if (first < 0) return [...rows];
  return [...rows.slice(0, sub), ...rows.slice(first), ...rows.slice(sub, first)];
}
