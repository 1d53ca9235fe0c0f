import { KEY_CELL } from '@/lib/vision/label-columns';
import { letters, parseWeightGrams } from '@/lib/vision/parse-common';

/**
 * Keys printed without their colon, and weights printed without their key (issue 14, thirteenth
 * label round): label-parser.ts reads keyed fields by their colon, and a net weight near the top.
 */

/** Name keys whose value is words: the keyed readers (strain, category, lab, brand) want a colon. */
const NAME_KEY =
  /^(\s*)(strain(?:\s+name)?|cultivar|genetics|strain\s+type|type|form|product\s+form|category|product(?:\s+name)?|lab(?:oratory)?|testing\s+lab|brand|producer|cultivator|manufacturer)\s{3,}(?=\S)/i;

/**
 * An apothecary or spec-sheet row, a name key and its value set apart by a wide gap (its leader
 * dots erased before OCR: `Strain        Cookies and Cream`, `Laboratory      Steep Hill`):
 * the gap is the key's colon. Not a row of keys (`Strain   Type` over their values: the values
 * are paired by column), nor a key over nothing but figures (that is a table's head).
 */
export function gapKeyed(row: string): string {
  const m = NAME_KEY.exec(row);
  if (!m) return row;
  const rest = row.slice(m[0].length);
  const first = rest.split(/\s{2,}/)[0].trim();
  if (KEY_CELL.test(first) || letters(first) < 2) return row;
  return `${m[1]}${m[2]}: ${rest}`;
}

/**
 * `Net Wt   409` for `40g`: a whole number of grams whose g was read as a 9, alone after the
 * key (no unit, no decimals). The common sizes with a decimal (`3.59`) are parse-common's.
 */
export function nineAsGrams(value: string): { grams: number } | null {
  const m = /^\s*(\d{1,3})9\s*$/.exec(value);
  const g = m ? Number(m[1]) : 0;
  return g >= 1 && g <= 500 ? { grams: g } : null;
}

/** Keys that follow a weight printed first on its row (`0.5g   Batch SL2680-27`, `1g  MFD 05/24/2026`). */
const AFTER_WEIGHT = /^\s*(\.?\d[\d.,]*\s?(?:g|oz|grams?)\.?)(?=\s*$|\s+(?:batch|lot|mfd|mfg|tested|test\s+date|packaged|packed|pkg|harvest(?:ed)?|exp)\b)/i;

/**
 * The package's weight without a key when none is keyed: printed alone or first on a row before
 * another field (a vape box's `0.5g   Batch …`), anywhere on the label. Not a serving's weight
 * (`Serving size 1 chew (4 g)`) nor a row with a percentage or milligrams.
 */
export function unkeyedWeight(lines: readonly string[], top = 6): number | null {
  const plain = (l: string) => !/[%$]|\bmg\b|\bserving|\bper\s+(?:piece|unit|gummy|chew)\b/i.test(l);
  for (const line of lines.slice(0, top)) {
    if (!plain(line)) continue;
    const w = parseWeightGrams(line, { allowTrailingNine: true });
    if (w) return w.grams;
  }
  for (const line of lines.slice(top)) {
    const m = plain(line) ? AFTER_WEIGHT.exec(line) : null;
    const w = m ? parseWeightGrams(m[1]) : null;
    if (w) return w.grams;
  }
  return null;
}
