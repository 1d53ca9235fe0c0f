import { KEY_CELL } from '@/lib/vision/label-columns';
import { packGrams } from '@/lib/vision/label-packs';
import { categorize, letters, parseWeightGrams, strainTypeIn, type BoxLine } from '@/lib/vision/parse-common';

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
    // A multi-pack printed as count × piece weighs the pack (label-packs.ts).
    const pack = packGrams(line);
    if (pack !== null) return pack;
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

/**
 * The brand's row without a remark printed far to its right (`BLOOM            Craft Cannabis`,
 * `GH Labs          Small Batch`): a tagline set flush right on the brand's row is no part of
 * the brand, and its words (`Batch`) made the row look keyed. Two cells of words only, the gap
 * between them at least 30 % of the page's width; a remark naming the strain type or the
 * product's kind, or holding a figure, stays.
 */
export function withoutSideRemark(line: BoxLine, pageWidth: number): BoxLine {
  if (line.cells.length !== 2) return line;
  const [a, b] = line.cells;
  if (b.x0 - a.x1 < 0.3 * pageWidth || /[\d:%$]/.test(a.text + b.text) || strainTypeIn(b.text) || categorize(b.text) !== 'Other') return line;
  // A key set at the row's end (a stamp's `Packed on` over its date) is no remark.
  if (letters(a.text) < 2 || KEY_CELL.test(a.text) || KEY_CELL.test(b.text) || /^(?:packed|packaged|pkgd?|date\s+packed|harvested|tested)\b/i.test(b.text)) return line;
  return { ...line, cells: [a], text: a.text };
}

/**
 * A ruled table's cells without the specks its erased rules leave where they cross (`"THC   "28.1%`,
 * `‘LOT   'CD2653-55`): a quote mark opening a cell that closes no quote is dropped, and a mark
 * standing for a cell's left rule.
 */
export function withoutRuleSpecks(row: string): string {
  return (
    row
      // A cell's left rule read as a mark before its value (`. 1g`, `| 27.9%`, `__CannaSafe`), or as
      // I / 1 before a figure or a code (`I LO2647-17`, `1 1.0%`; not `1 1/8 oz`).
      .replace(/(^|\s{2,})(?:[.|!]+\s+|_+\s*|[Il|1]\s+(?=[A-Z]{0,3}\d(?![\d]*\/)))(?=[\p{L}\p{N}])/gu, '$1')
      // Or glued to a percentage as a 1 (`129.6%`: no share is over 100 %).
      .replace(/(^|\s{2,})1(?=[1-9]\d[.,]\d{1,3}\s?%)/g, '$1')
      .replace(/(^|\s{2,})["“”‘’'`]+(?=[\p{L}\p{N}])([^"“”‘’'`\s]*(?:\s(?!\s)[^"“”‘’'`\s]*)*)(?=\s{2,}|\s*$)/gu, '$1$2')
  );
}

/**
 * The brand from a keyed maker (`Licensee: Packwoods Inc. · Lic. 403R-32832`, `Producer: Wyld
 * LLC`): a licensee's legal name without its licence number after a separator and without its
 * legal form (Inc., LLC, Ltd., Corp.; not `Co.`, which brands keep); and when the label prints its brand big at the top (`free`:
 * the unkeyed name lines, first first) and that brand begins the legal name (`PACKWOODS` for
 * `Packwoods Cultivation`), only those words of it.
 */
export function makerBrand(value: string, free: readonly string[]): string {
  const v = value
    .replace(/\s*(?:[-–·•|,;]\s*|\s{2,})(?:lic(?:ense|ence)?\b\.?|license\s*(?:#|no\.?)|#\s*\d).*$/i, '')
    .replace(/,?\s+(?:inc|llc|l\.l\.c|ltd|corp)\.?$/i, '')
    .trim();
  const words = v.split(/\s+/);
  const low = (s: string) => s.toLowerCase().replace(/[^a-z0-9 ]/g, '');
  for (const line of free.slice(0, 2)) {
    const n = line.trim().split(/\s+/).length;
    if (n < words.length && low(words.slice(0, n).join(' ')) === low(line)) return words.slice(0, n).join(' ');
  }
  return v || value;
}
