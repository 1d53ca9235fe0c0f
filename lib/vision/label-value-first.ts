/**
 * Facts printed value first (issue 14, eighteenth label round: a label's chips `24.1% THC`,
 * `0.85% MYRCENE`, `.5G NET WT`; also a key column whose total is a bare `TOTAL`). The parser
 * reads a key and then its value; a row of such pairs the other way round pairs each value with
 * the next pair's name (`1.35% TERPINOLENE 0.54% HUMULENE` read Terpinolene 0.54 %). Here a cell
 * made only of value-then-name pairs is turned into name-then-value pairs, one cell each.
 */

/** A share or a weight: `24.1%`, `0,85 %`, `.5G`, `3.5 g`, `8.5 mg/g`. */
const FIGURE = String.raw`(?:\d{1,3}(?:[.,]\d{1,3})?|[.,]\d{1,3})\s?(?:%|mg\s?\/\s?g|g\b)`;
/** One to three words of letters (a key or a terpene's name: `THC`, `TOTAL CANN.`, `A-HUMULENE`, `β-Myrcene`). */
const NAME = String.raw`[A-Za-zαβγΔδΑΒ][A-Za-zαβγδ.'-]*(?:\s[A-Za-zαβγΔδΑΒ][A-Za-zαβγδ.'-]*){0,2}`;
const PAIR = new RegExp(String.raw`(${FIGURE})\s+(${NAME})`, 'gi');
const CELL = new RegExp(String.raw`^\s*(?:${FIGURE}\s+${NAME}\s*)+$`, 'i');
/** A weight's own key after it (`.5G NET WT`): a weight is turned round only before one. */
const WEIGHT_KEY = /^(?:net(?:\s*(?:wt\.?|weight))?|wt\.?|weight)$/i;

/** One cell of value-then-name pairs as name-then-value pairs; any other cell as it is. */
function turnCell(cell: string): string {
  if (!CELL.test(cell)) return cell;
  const pairs = [...cell.matchAll(PAIR)].map((m) => ({ figure: m[1].replace(/\s+/g, ''), name: m[2].trim() }));
  if (pairs.some((p) => !/%|mg/i.test(p.figure) && !WEIGHT_KEY.test(p.name))) return cell;
  return pairs.map((p) => `${p.name} ${p.figure}`).join('   ');
}

/** A bare `TOTAL` (or `CANNABINOIDS`) key and one share, alone in its cell: the total cannabinoids. */
const BARE_TOTAL = /^(\s*)(?:total|cannabinoids)\s*[|:]?\s*((?:\d{1,3}(?:[.,]\d{1,3})?)\s?%)\s*$/i;

/**
 * A row's cells with a bare total named: also run on the lines the column pairing gives (a
 * caption `TOTAL` paired with the figure over or under it, `TOTAL: 24.6%`).
 */
export function bareTotal(row: string): string {
  return row
    .split(/(\s{3,})/)
    .map((part, i) => (i % 2 ? part : part.replace(BARE_TOTAL, '$1Total Cannabinoids: $2')))
    .join('');
}

/** A label row with its value-first cells turned round and a bare total named (see the module's comment). */
export function valueFirst(row: string): string {
  return bareTotal(
    row
      .split(/(\s{3,})/)
      .map((part, i) => (i % 2 ? part : turnCell(part)))
      .join(''),
  );
}
