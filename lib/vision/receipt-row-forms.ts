import { qtyLedGap, unitEachRows } from '@/lib/vision/receipt-unit-times';
import { includedTaxLines } from '@/lib/vision/receipt-included-taxes';
import { wholeDollars } from '@/lib/vision/receipt-whole-dollars';
import { fromAsciiGrid } from '@/lib/vision/receipt-ascii-grid';
import { unitSlips } from '@/lib/vision/receipt-unit-slips';
import { garbledQtyAt, unitNine } from '@/lib/vision/receipt-garbled-units';
import { gluedQtyLines } from '@/lib/vision/receipt-glued-qty';
import { figuresFirst, withoutBalanceColumn } from '@/lib/vision/receipt-row-order';
import { withoutPointsColumn } from '@/lib/vision/receipt-points-column';
import { germanSummary } from '@/lib/vision/receipt-german';
import { withoutSaleTags } from '@/lib/vision/receipt-sale-tags';

export { withParenStrains } from '@/lib/vision/receipt-paren-strain';
export { finishItems } from '@/lib/vision/receipt-item-finish';

/**
 * Row forms put into the order the item rules read, row by row (same count, same order, so the
 * rows stay beside their word boxes):
 * - A row LED by its quantity and unit, a counter ticket's (`2 each    Gelato Cart 1g    $70.00`,
 *   `0.125 oz  Blue Dream Flower   $35.00`, `1/4 oz  …`, `28g  …`): a count of pieces becomes the
 *   name's quantity (`2 x Gelato Cart 1g`), a weight goes after the name, where printed names carry
 *   it (`Blue Dream Flower 0.125 oz`).
 * - Potency printed figure first (`21.5% THC`, `0.4% CBD`): on a row of potency cells only it is
 *   written key first (`THC 21.5%`), as detail lines print it.
 * - A figure-first potency cell at the right of a row of only a quantity, unit price and amount (`1 @ $56.12 =
 *   $56.12      1.1% CBD`, a Potency column beside the item's second row) belongs to the item named
 *   on the row above: it moves to that row's right (the name row's own potency cell stays there;
 *   `namePotency` takes them off the name).
 * - `2@$1216=%2432`, a `q @ $u = $p` row without its points: put back when the arithmetic holds.
 * Also `gluedQtyLines` (receipt-glued-qty.ts), a running balance column and figures rows above
 * their names (receipt-row-order.ts), and a loyalty points column (receipt-points-column.ts).
 */

const PIECES = /^(\s*)(\d{1,2})\s?(?:each|ea\.?|pcs?|units?)\s+(?=[A-Za-z])/i;
const WEIGHT_LEAD = /^(\s*)((?:\d{0,3}[.,]\d{1,3}|\d{1,3}|\d\/\d{1,2})\s?(?:oz|g))\s+(?=[A-Za-z])/i;
const AMOUNT_GAP = /\s{2,}(?=-?\$?\s?\d{1,5}[.,]\d{2}(?!\d))/;
/** One potency cell, figure first or key first (`21.5% THC`, `THC 21.5%`, `CBD: 0.4 %`). */
const FIGURE_FIRST = String.raw`\d{1,2}(?:[.,]\d{1,2})?\s?%\s?(?:THC|CBD)\b`;
const KEY_FIRST = String.raw`(?:THC|CBD):?\s?\d{1,2}(?:[.,]\d{1,2})?\s?%`;
const CELL = `(?:${FIGURE_FIRST}|${KEY_FIRST})`;
const POTENCY_ONLY = new RegExp(String.raw`^\s*${CELL}(?:\s*[|·•,;-]?\s*${CELL})*\s*$`, 'i');
/** Figure-first cells at a row's right: a Potency column's (`1.1% CBD`); key-first ones there are the row's own detail. */
const TRAILING_COLUMN = new RegExp(String.raw`\s{2,}(${FIGURE_FIRST}(?:\s*[|·•,;]?\s*${FIGURE_FIRST})*)\s*$`, 'i');
/** The same on a cleaned line (its gaps closed to one space). */
const NAME_POTENCY = new RegExp(String.raw`\s(${CELL}(?:\s*[|·•,;]?\s*${CELL})*)\s*$`, 'i');
const AMOUNT = /\$?\s?\d{1,5}[.,]\d{2}(?!\d)/;
/** A row of only a quantity, `@` / `x`, a unit price and an amount (`1@ $56.12 = $56.12`, `2 x $17.50  $35.00`). */
const QTY_AMOUNTS = /^\s*\d{1,3}\s?(?:@|x|×)\s?\$?\s?\d{1,5}[.,]\d{2}(?:\s*=?\s*\$?\s?\d{1,5}[.,]\d{2})?\s*$/i;

// (Only a figure no key stands before: `THC 21.5% CBD 0.3%` stays as it is.)
const keyFirst = (cells: string) => cells.replace(/(?<![\d.,]|\b(?:THC|CBD):?\s?)(\d{1,2}(?:[.,]\d{1,2})?)\s?%\s?(THC|CBD)\b/gi, '$2 $1%');

function unitLed(row: string): string {
  if (!AMOUNT.test(row)) return row;
  const pieces = PIECES.exec(row);
  if (pieces) return `${pieces[1]}${pieces[2]} x ${row.slice(pieces[0].length)}`;
  const w = WEIGHT_LEAD.exec(row);
  if (!w) return row;
  const rest = row.slice(w[0].length);
  const gap = AMOUNT_GAP.exec(rest);
  // (The name carries no weight of its own, and the amount stands apart from it.)
  if (!gap || /\d\s?(?:g|oz)\b/i.test(rest.slice(0, gap.index))) return row;
  return `${w[1]}${rest.slice(0, gap.index)} ${w[2]}${rest.slice(gap.index)}`;
}

/**
 * `2@$1216=%2432`: a `q @ $u = $p` row whose decimal points blur took (its `$` maybe read as `%`
 * or `S`): put back when q × u is p to the cent, read as cents.
 */
function pointsLost(row: string): string {
  const m = /^(\s*)(\d{1,2})\s?@\s?[$S%]?\s?(\d{3,6})\s?=\s?[$S%]?\s?(\d{3,7})\s*$/.exec(row);
  if (!m || Number(m[2]) * Number(m[3]) !== Number(m[4])) return row;
  const money = (cents: string) => `$${(Number(cents) / 100).toFixed(2)}`;
  return `${m[1]}${m[2]} @ ${money(m[3])} = ${money(m[4])}`;
}

export function rowForms(rows: readonly string[]): string[] {
  const out = figuresFirst(
    withoutBalanceColumn(gluedQtyLines(withoutPointsColumn(fromAsciiGrid(withoutSaleTags(germanSummary(unitEachRows(includedTaxLines(wholeDollars(rows))))))))),
  )
    .map((row) => unitLed(garbledQtyAt(unitNine(unitSlips(qtyLedGap(row))))))
    .map(pointsLost);
  for (let i = 0; i < out.length; i++) {
    if (POTENCY_ONLY.test(out[i])) {
      out[i] = keyFirst(out[i]);
      continue;
    }
    const tail = TRAILING_COLUMN.exec(out[i]);
    if (!tail || !QTY_AMOUNTS.test(out[i].slice(0, tail.index))) continue;
    let above = i - 1;
    while (above >= 0 && !out[above].trim()) above--;
    if (above < 0 || AMOUNT.test(out[above]) || !/[A-Za-z]{3}/.test(out[above])) continue;
    // (Joined by a bar: `21.5% THC 1.1% CBD` would read as THC 1.1 %.)
    out[above] = `${out[above].trimEnd()} | ${tail[1]}`;
    out[i] = out[i].slice(0, tail.index);
  }
  return out;
}

/**
 * A name row with potency cells at its right (`Flower 7g (Hawaiian)      21.5% THC`, the row's
 * Potency column): the name, and the cells as a detail line of the item (`THC 21.5%`).
 */
export function namePotency(name: string): { name: string; details?: string[] } {
  const tail = NAME_POTENCY.exec(name);
  if (!tail || !/[A-Za-z]{3}/.test(name.slice(0, tail.index))) return { name };
  return { name: name.slice(0, tail.index), details: [keyFirst(tail[1])] };
}
