import { lostBar } from '@/lib/vision/receipt-grid-bars';

/**
 * A table a POS printer draws in ASCII (`+--------+-----+` borders, `|` between the cells, as
 * older Windows registers and report-style printouts do): the borders are no text, the bars are
 * column gaps, and a leading SKU or barcode cell (a number of 4 to 14 figures) is no part of the
 * item's name. Only a receipt with at least three rows of two or more bars is taken as one.
 */

const BAR = /[|¦]/g;
const bars = (row: string) => row.match(BAR)?.length ?? 0;
/** A border row: dashes, pluses, equals and bars only. */
const BORDER = /^[\s+\-=_|]*-{4,}[\s+\-=_|]*$/;
/** A cell that is only a misread bar or a speck (`I`, `l`, `[`, `]`, `!`, `:`). */
const SPECK = /^[Il[\]{}!:;.,'"`~_-]$/;
const CODE = /^\d{4,14}$/;
/** The gap a cell boundary becomes (wide enough to be a column gap). */
const GAP = '    ';

function gridRow(row: string): string {
  if (BORDER.test(row)) return '';
  if (bars(row) < 2) return row;
  // A bar OCR read as a letter or bracket, alone between wide gaps (`THC 24.6%     I     |`).
  const parts = row.replace(/(?<=^|\s{2})[Il[\]{}!](?=\s{2}|\s*$)/g, '|').split(BAR);
  // Outside the outer bars: a margin speck of the photo, unless it reads as text.
  const outside = (s: string) => (s.replace(/[^A-Za-z0-9]/g, '').length < 3 ? '' : s);
  parts[0] = outside(parts[0]);
  parts[parts.length - 1] = outside(parts[parts.length - 1]);
  const cells = parts.map((c) => c.trim()).filter((c) => c && !SPECK.test(c));
  if (cells.length >= 2 && CODE.test(cells[0]) && /[A-Za-z]{2}/.test(cells[1])) cells.shift();
  return cells.join(GAP);
}

/**
 * A border row OCR read as letters (`BE EE EE Eo`, `4eccemccecfeccc…`, `E  Presses Pancrac… +`): a
 * row without bars and without a decimal or percent figure inside the table; next to its first or
 * last row, one with a `+` at an end, or with no word of four letters and no such figure.
 */
function misreadBorder(rows: readonly string[], i: number, first: number, last: number): boolean {
  if (bars(rows[i]) > 0 || !rows[i].trim() || i < first - 1 || i > last + 1) return false;
  const figure = /\d[.,]\d|%/.test(rows[i]);
  // (Inside the table every row of text has its bars, an amount or a rate: a row with none is a border.)
  if (i > first && i < last && !figure) return true;
  return /^\s*\+|\+\s*$/.test(rows[i]) || (!figure && !/[A-Za-z]{4}/.test(rows[i]));
}

export function fromAsciiGrid(rows: readonly string[]): string[] {
  const table = rows.flatMap((r, i) => (bars(r) >= 2 ? [i] : []));
  if (table.length < 3) return [...rows];
  const [first, last] = [table[0], table[table.length - 1]];
  const widest = Math.max(...table.map((i) => bars(rows[i])));
  return rows.map((r, i) => (misreadBorder(rows, i, first, last) ? '' : gridRow(lostBar(r, bars(r), widest))));
}
