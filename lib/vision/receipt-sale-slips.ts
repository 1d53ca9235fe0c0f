import { levenshtein } from '@/lib/strains/edit-distance';

/**
 * A sale marker OCR misread (issue 14, weak degraded splits): a red `Sale` tag, lightened by the
 * preparation, read as `cal`, `salz`, `Sals`. Left in, the word waited for a price as an item's
 * name and took the item's own `2x $15.83` row and its potency with it. Only on a receipt that
 * repeats its marker (two rows or more that are a marker, read right or slipped): there a row
 * holding nothing but one word of three or four characters, an `al` in it (the `l` also read `1`,
 * `I` or `|`), at most two edits from `sale`, is that marker too. No item name is three letters alone on its row; `Cake` (no `al`)
 * and `Gelato` (longer) stay.
 */
export function isSaleSlip(row: string): boolean {
  const m = /^\s*[*•\-[(]*\s*([A-Za-z5$][A-Za-z1|]{2,3})\s*!?\s*[*\])]*\s*$/.exec(row);
  if (!m) return false;
  const w = m[1].toLowerCase().replace(/^[5$]/, 's').replace(/[1|]/g, 'l');
  return /al/.test(w) && levenshtein(w, 'sale') <= 2;
}
