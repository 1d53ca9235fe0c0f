/**
 * A rubber stamp beside a label's first rows (`PACKED ON` over a date, stamped by hand in a
 * coloured frame at the top right of a craft label): tesseract reads its lines at the ends of
 * the rows beside it, after a wide gap, and they glued onto the brand and the product name
 * ("CANNA CAFE   PACKED ON", "Motorbreath Whole Flower   2026-05-08"). The stamp's cells are
 * taken off those rows and put together on a row of their own at the end: the names stay clean,
 * and the key stays before its date.
 */

/** A stamp's key cell: a package date key alone (OCR may garble a few characters after it). */
const KEY_CELL = /^(?:packed|packaged|pkg|pkgd|date\s+packed)(?:\s+on)?\b.{0,4}$/i;
/** Its date cell: starts with figures of a date. */
const DATE_CELL = /^\d{1,4}[-/.]\d{1,2}/;

export function splitStampCells(rows: string[]): string[] {
  const out = [...rows];
  const moved: string[] = [];
  for (let i = 0; i < Math.min(out.length, 8); i++) {
    const cells = out[i].split(/\s{3,}/);
    const last = cells[cells.length - 1].trim();
    // Only beside other print: a row that is the key alone is left as it is.
    if (cells.length < 2 || !KEY_CELL.test(last) || !/[A-Za-z]{3}/.test(cells.slice(0, -1).join(' '))) continue;
    out[i] = cells.slice(0, -1).join('   ');
    let stamp = last;
    const next = out[i + 1]?.split(/\s{3,}/);
    if (next && next.length >= 2 && DATE_CELL.test(next[next.length - 1].trim())) {
      stamp += ` ${next[next.length - 1].trim()}`;
      out[i + 1] = next.slice(0, -1).join('   ');
    }
    moved.push(stamp);
  }
  return [...out, ...moved];
}
