/**
 * What a receipt prints after its total that is not part of the sale:
 * - PROMOTIONS for a later visit with dollar figures of their own (`$5 OFF your next visit`,
 *   `SAVE $10 on $50+`, `Next-visit coupon  $5.00 OFF`, `Spend $25.00 more
 *   for a FREE …`, `Valid thru 12/31/2026`): no item, no discount of this order, no total. A line
 *   that speaks of a later visit is such wherever it stands; any other discount-worded line after
 *   the total is too (`Coupon value  $10.00`: an order's discount is printed before the total it lowers).
 * - A CARD SLIP merged with the receipt: `Amount`, `Tip` / `Gratuity`, then `Total with tip`,
 *   `Total + tip` or `Grand total` (the total and the tip): the receipt's total is the one before
 *   the tip. A total line naming the tip, or any total after a tip line once a total was read, is
 *   not the receipt's total. (A delivery order that prints its tip before its only total,
 *   `Driver tip` then `Total charged`, keeps that total.)
 */

/** A promotion for a later purchase (its own dollar figures are not this order's). */
const LATER =
  /\b(next[\s-]+(visit|purchase|order|time|trip)|future\s+(visit|purchase|order)|valid\s+(thru|through|until|till)|expires?\b|exp\.?\s+\d|refer\s+a\s+friend|spend\s+\$?\s?\d+(?:[.,]\d{2})?\s+more|on\s+(?:a\s+)?(?:purchase\s+of\s+)?\$\s?\d+\+|min(?:imum|\.)?\s+purchase)/i;

export function isLaterPromotion(line: string): boolean {
  return LATER.test(line);
}

/** A tip or gratuity line (`Tip  $5.00`, `Gratuity  $2.00`, `Budtender tip`). */
export const TIP_LINE = /\b(tips?|gratuity|gratuities)\b/i;

/** A total that includes the tip: it names the tip, or it follows a tip line after the receipt's total was read. */
export function isTipTotal(line: string, tipAfterTotal: boolean): boolean {
  return /\btota[l1]\b.*\b(tips?|gratuity)\b|\b(tips?|gratuity)\b.*\btota[l1]\b/i.test(line) || tipAfterTotal;
}
