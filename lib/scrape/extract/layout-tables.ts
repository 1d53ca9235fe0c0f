import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';

/**
 * Menus in old-style tables whose rows are not products (docs/menus.md, nineteenth round), laid
 * out again as one row per product before any reader runs:
 * - a transposed table, one product per column: a row of names, rows of brands / types, one row of
 *   prices (a row-header column "Brand", "Price" allowed). Told by its rows: exactly one row prices
 *   two or more cells, each cell a price alone, and no other row holds an amount (a tier grid
 *   prices every row);
 * - a row whose cells are columns of lines split by `<br>`: names in one cell, prices in the
 *   next, the same number of lines (two or more) in each, every line of one cell a price.
 */

const AMOUNT = /\$\s?\d/;
/** A cell that is a price alone ("$30.00", "<strike>$40</strike> $30", "SALE $30", "$30 / 3.5g"). */
const priceAlone = (t: string) =>
  AMOUNT.test(t) &&
  t
    .replace(/\$\s?\d[\d,]*(?:\.\d{1,2})?/g, '')
    .replace(/[^\p{L}]+/gu, ' ')
    .trim().length <= 12;

function cellsOf($: CheerioAPI, tr: Element): Element[] {
  return $(tr).children('td, th').toArray() as Element[];
}

/** A transposed table as one row per column (see above); whether it was rewritten. */
function untranspose($: CheerioAPI, table: Element): boolean {
  const rows = $(table).find('tr').toArray() as Element[];
  if (rows.length < 2 || rows.length > 8 || rows.some((r) => $(r).closest('table')[0] !== table)) return false;
  const grid = rows.map((r) => cellsOf($, r));
  const width = grid[0].length;
  if (width < 2 || grid.some((r) => r.length !== width)) return false;
  const text = grid.map((r) => r.map((c) => $(c).text().replace(/\s+/g, ' ').trim()));
  const priced = text.map((r) => r.filter((t) => AMOUNT.test(t)).length);
  const priceRows = priced.filter((n) => n > 0);
  if (priceRows.length !== 1) return false;
  const pr = priced.findIndex((n) => n > 0);
  // A row-header column ("Brand", "Price") comes first and is no product; a first cell naming
  // anything else makes the row a product (a one-row table with a price and a with-tax column).
  const first = AMOUNT.test(text[pr][0]) ? 0 : 1;
  if (first && !/^(?:prices?|precio|cost|our price|sale price|\$)?:?$/i.test(text[pr][0])) return false;
  const cols = width - first;
  if (cols < 2 || priced[pr] !== cols || !text[pr].slice(first).every(priceAlone)) return false;
  // Every product column needs a name: a cell with letters in a row above the prices.
  if (!text.slice(0, pr).some((r) => r.slice(first).every((t) => /\p{L}{2}/u.test(t)))) return false;
  const body = Array.from(
    { length: cols },
    (_, k) =>
      `<tr>${grid
        .map((r) => r[first + k])
        .map((c) => `<td>${$(c).html() ?? ''}</td>`)
        .join('')}</tr>`,
  ).join('');
  $(table).replaceWith(`<table class="${$(table).attr('class') ?? ''}"><tbody>${body}</tbody></table>`);
  return true;
}

/** A row of `<br>`-split columns as one row per line (see above); whether it was rewritten. */
function splitLines($: CheerioAPI, tr: Element): boolean {
  const cells = cellsOf($, tr);
  if (cells.length < 2 || cells.some((c) => $(c).find('table, tr').length)) return false;
  const lines = cells.map((c) => ($(c).html() ?? '').split(/<br\s*\/?>/i));
  const n = lines[0].length;
  if (n < 2 || lines.some((l) => l.length !== n)) return false;
  const text = (h: string) => $(`<div>${h}</div>`).text().replace(/\s+/g, ' ').trim();
  if (!lines.some((l) => l.every((h) => priceAlone(text(h))))) return false;
  if (!lines.some((l) => l.every((h) => /\p{L}{2}/u.test(text(h)) && !AMOUNT.test(text(h))))) return false;
  $(tr).replaceWith(Array.from({ length: n }, (_, k) => `<tr>${lines.map((l) => `<td>${l[k]}</td>`).join('')}</tr>`).join(''));
  return true;
}

/** Lays out transposed and line-split menu tables as one row per product; whether any changed. */
export function relayoutTables($: CheerioAPI): boolean {
  let changed = false;
  for (const t of $('table').toArray() as Element[]) if (untranspose($, t)) changed = true;
  for (const tr of $('tr').toArray() as Element[]) if (splitLines($, tr)) changed = true;
  return changed;
}
