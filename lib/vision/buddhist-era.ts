/**
 * A year of the Thai Buddhist era (BE = CE + 543: `29/11/2569` is 29 November 2026), as printed on
 * Thai receipts and labels, is the Gregorian year 543 before it; any other year is itself
 * (issue 14, twenty-fourth receipt round). Only years BE 2533–2643 (CE 1990–2100, the years a date
 * is read in) are taken for the era's.
 */
export function gregorianYear(y: number): number {
  return y >= 2533 && y <= 2643 ? y - 543 : y;
}
