import { pairByPosition } from '@/lib/vision/label-columns';
import type { BoxCell, BoxLine } from '@/lib/vision/parse-common';
import { terpeneName } from '@/lib/vision/terpenes';

/**
 * Terpene names with their shares printed UNDER them (issue 14, fifteenth label round: a radar
 * chart's spoke labels, `Myrcene` over `0.85%`; also a legend or a row of tiles set that way).
 * Read as text, a row holds the names side by side and the next row their shares, so a share
 * would go with the wrong name. Paired by position on the page: each share with the name it
 * stands under (`Pinene: 1.07%`, `Myrcene: ND`). The chart's own lines between the labels read
 * as specks (`ys Na`, `7 |`, `~~`): cells without a word of four letters are passed over, and
 * beside a share in its cell (`7 | 1.07%`).
 */

/** A terpene's share as a cell: `0.85%`, `1.2 %`, or not found (`ND`, `<LOQ`). */
const SHARE = /(?<![\w.,])(?:\d{1,2}[.,]\d{1,3}\s?%|ND|N\/D|<\s?LOQ)(?![\w.,])/gi;
const isName = (c: BoxCell) => terpeneName(c.text) !== null && !/\d/.test(c.text);
/** A speck of the chart: no word of four letters or more (`ys Na`, `7 |`, `~~`, `El [5`). */
const speck = (text: string) => !/[A-Za-z]{4,}/.test(text);
/** A cell's one share, the chart's specks beside it left out (`7 | 1.07%` → `1.07%`); else null. */
function shareOf(c: BoxCell): BoxCell | null {
  const found = [...c.text.matchAll(SHARE)];
  return found.length === 1 && speck(c.text.replace(found[0][0], ' ')) ? { ...c, text: found[0][0] } : null;
}

/**
 * `Name: share` lines when `names` is a row of terpene names (and specks) and `shares` the row
 * under it holding their shares (and specks); null otherwise. One name pairs with one share only
 * when the share stands under it (their spans overlap).
 */
export function namesOverShares(names: BoxLine, shares: BoxLine): string[] | null {
  const keys = names.cells.filter(isName);
  const values = shares.cells.map(shareOf).filter((c): c is BoxCell => c !== null);
  if (!keys.length || !values.length || shares.y0 < names.y1 - (names.y1 - names.y0) / 2) return null;
  if (!names.cells.every((c) => isName(c) || speck(c.text)) || !shares.cells.every((c) => shareOf(c) || speck(c.text))) return null;
  if (keys.length === 1) {
    const [k] = keys;
    const under = values.filter((v) => Math.min(k.x1, v.x1) - Math.max(k.x0, v.x0) > 0);
    return under.length === 1 && values.length === 1 ? [`${k.text}: ${under[0].text}`] : null;
  }
  return pairByPosition({ ...names, cells: keys }, { ...shares, cells: values }, (t) => terpeneName(t) !== null);
}
