/**
 * A receipt priced in whole dollars (issue 14, twenty-fourth receipt round): "out the door" tickets
 * print `$35`, `-$7`, `$550` with no cents, which no money reading takes for an amount (two
 * decimals are what tells an amount from a count or a weight). When at least three rows end with
 * such a figure and the rows above the first subtotal or total add up to it exactly (a minus one
 * taken off), the figures are whole dollars: each is written with its cents (`$35.00`). A figure
 * whose point OCR lost (`$3500` for $35.00) on a receipt with cents does not pass: its neighbours
 * keep their points, so fewer than three rows end that way, or the sum is off by a hundredfold.
 */

/** A `$` figure without cents (`$35`, `-$7`); not the start of `$35.00`, `$1,250.00`. */
const WHOLE = /(-?)\$\s?(\d{1,4})(?![\d.,])/g;
/** The same ending a row. */
const TRAILING = /(-?)\$\s?(\d{1,4})\s*$/;
const SUM = /\b(?:sub\s?-?tota[l1]|tota[l1])\b/i;

export function wholeDollars(rows: readonly string[]): string[] {
  const figures = rows.map((r) => TRAILING.exec(r));
  if (figures.filter(Boolean).length < 3) return [...rows];
  const at = rows.findIndex((r, i) => figures[i] !== null && SUM.test(r));
  if (at < 1) return [...rows];
  let sum = 0;
  for (const f of figures.slice(0, at)) if (f) sum += (f[1] ? -1 : 1) * Number(f[2]);
  if (sum <= 0 || sum !== Number((figures[at] as RegExpExecArray)[2])) return [...rows];
  return rows.map((r) => r.replace(WHOLE, (_m, minus: string, n: string) => `${minus}$${n}.00`));
}
