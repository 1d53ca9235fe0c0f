import { KEY_CELL, pairByPosition } from '@/lib/vision/label-columns';
import { letters, type BoxLine } from '@/lib/vision/parse-common';
import { terpeneName } from '@/lib/vision/terpenes';

/**
 * Values printed ABOVE their keys (issue 14, fourteenth label round): a brand label set as tiles
 * or a dashboard, each a big figure with a small caption under it (`24.1%` over `TOTAL THC`,
 * `3.5 g` over `NET WT`, `0.85%` over `MYRCENE`, `SC Labs` over `TESTING LAB`). label-columns.ts
 * pairs a row of keys with the values beneath it; this pairs a caption row with the values above.
 */

/** A caption: a key of the label's own (label-columns' KEY_CELL), `Strain Type`, or a terpene's name. */
export const isCaption = (cell: string) => KEY_CELL.test(cell) || /^(?:strain\s+)?type$/i.test(cell) || (terpeneName(cell) !== null && !/\d/.test(cell));

const height = (l: BoxLine) => l.y1 - l.y0;
const centre = (l: BoxLine) => ((l.cells[0]?.x0 ?? 0) + (l.cells.at(-1)?.x1 ?? 0)) / 2;

/**
 * `key: value` lines when `values` stands over the caption row `keys` and belongs to it: every
 * cell of `keys` a caption and none of `values` one, and `keys` nearer to `values` than to the
 * row after it (`next`: in a grid of tiles the next tile's value follows a caption row too; a
 * caption belongs to the figure it is set under). Several cells are paired by position (the
 * value each caption stands under); one cell only when the value is printed larger than its
 * caption and centred over it. Null when the rows are not that.
 */
export function captionPairs(values: BoxLine, keys: BoxLine, next: BoxLine | undefined, pageWidth: number): string[] | null {
  // Every cell a caption, or (a caption misread by blur: `TOTAL CBO`) words in capitals when most cells are captions.
  const captions = keys.cells.filter((c) => isCaption(c.text)).length;
  const misread = (t: string) => /^[A-Z][A-Z0-9.-]*(?: [A-Z][A-Z0-9.-]*){0,2}$/.test(t) && !/\d/.test(t);
  if (!keys.cells.length || !values.cells.length || 2 * captions <= keys.cells.length || !keys.cells.every((c) => isCaption(c.text) || misread(c.text))) return null;
  if (values.cells.some((c) => isCaption(c.text) || /:/.test(c.text))) return null;
  // Below the values (a tilted photo's rows overlap a little: the caption's middle below the values' bottom half).
  if ((keys.y0 + keys.y1) / 2 < values.y1 - height(values) / 4) return null;
  const above = keys.y0 - values.y1;
  if (next && next.y0 - keys.y1 <= above) return null;
  if (keys.cells.length === 1) {
    const v = values.cells.map((c) => c.text).join(' ');
    if (values.cells.length > 1 || letters(v) + (v.match(/\d/g)?.length ?? 0) < 2) return null;
    if (height(values) < 1.3 * height(keys) || Math.abs(centre(values) - centre(keys)) > 0.08 * pageWidth) return null;
    return [`${keys.cells[0].text}: ${v}`];
  }
  if (values.cells.length < 2) return null;
  return pairByPosition(keys, values, (c) => isCaption(c) || misread(c));
}
