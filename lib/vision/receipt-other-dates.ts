/**
 * Dates a receipt prints that are not the order's: a patient's or customer's date of birth, a
 * card's, recommendation's or coupon's expiry, a renewal date (`DOB: 04/12/1988`, `Rec expires:
 * 03/14/2027`, `Exp 12/31/2027`, `Valid thru Jan 5, 2027`), the day a duplicate was reprinted
 * (`Reprinted: 12/03/2026 09:12`, printed above the sale's own date), a package's harvest, test,
 * packaging or best-by date (`Harvested 08/14/2026 · Tested 09/02/2026` under an item, a
 * compliance receipt's, printed above the sale's date at the foot). The words before a date say which it
 * is; such a date is taken off the line before the order date is read from it (a line that holds
 * the order date too still gives it).
 */
const DATE = String.raw`(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{1,2}-\d{1,2}|[A-Za-z]{3,9}\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+[A-Za-z]{3,9}\.?\s+\d{4})`;
const LABEL = String.raw`(?:d\.?o\.?b\.?|date\s+of\s+birth|birth\s*date|born|exp(?:ires?|iry|iration)?\.?(?:\s+(?:date|on))?|valid\s+(?:thru|through|until|till|to)|renew(?:s|al)?(?:\s+(?:by|date|on))?|re-?print(?:ed)?(?:\s+(?:on|at|date))?|harvest(?:ed)?(?:\s+(?:on|date))?|tested(?:\s+on)?|test(?:ing)?\s+date|packag(?:ed|e\s+date)(?:\s+on)?|pack(?:ed)?\s+date|(?:best|use|sell)\s+by)`;
const OTHER_DATE = new RegExp(String.raw`\b${LABEL}\s*[:#]?\s*${DATE}`, 'gi');

export function withoutOtherDates(line: string): string {
  return line.replace(OTHER_DATE, ' ');
}
