import { round2 } from '@/lib/vision/parse-common';

/** Figures printed on receipt lines: potency (THC / CBD in percent or mg/g). */

// "THC 21.6%", also with the % lost to OCR when the figure has decimals ("THC 21.6" at a line's end or before a separator)
// or with its decimal point lost to blur ("THC673%": a percentage over 100 is 67.3)
// or in milligrams per gram, as Canadian receipts print it ("THC 224 mg/g": 22.4 %)
export const THC = potencyPattern('THC', String.raw`|\s?CBD`);
// (Its D read as an O or a zero in a blurred photo: `CBO: 0.9%`, `CB0 1.2%`; no other word is spelt so.)
export const CBD = potencyPattern('CB[DO0]');

/**
 * The pattern of one cannabinoid's figure after its word (`THC`, `CBD`), group 1 the figure: mg/g,
 * a percentage, a percentage over 100 (its point lost), or a figure with decimals whose % was lost
 * where the figure ends (the line's end, a separator, two spaces, ` - `, or `stopAlso`: THC's figure
 * also before a CBD).
 */
function potencyPattern(word: string, stopAlso = ''): RegExp {
  const mgPerGram = String.raw`\d{1,3}(?:[.,]\d{1,2})?\s?m[gqa9]\s?\/\s?[gq9]\b`;
  const lostPercent = String.raw`\d{1,2}[.,]\d{1,2}(?=\s*(?:$|[|·•*,;)]|\s{2}|\s-\s${stopAlso}))`;
  return new RegExp(String.raw`\b${word}:?\s?\(?(${mgPerGram}|\d{1,2}(?:[.,]\d{1,2})?\s?%|\d{3,4}%|${lostPercent})`, 'i');
}

export const num = (s: string) => Number(s.replace(',', '.').replace(/\s?%$/, ''));
/** A potency figure; "673%" (the decimal point lost to blur: no percentage is over 100) is 67.3. */
export const pct = (s: string) => {
  // "224 mg/g": a tenth of it in percent
  // ("ma/g": its g misread in a thin face)
  const mgg = /^(\d{1,3}(?:[.,]\d{1,2})?)\s?m[gqa9]\s?\/\s?[gq9]$/i.exec(s);
  if (mgg) return round2(num(mgg[1]) / 10);
  // "04%": 0,4 % with its decimal comma lost (no figure is printed with a leading zero otherwise)
  if (/^0\d\s?%$/.test(s)) return num(s) / 10;
  const v = num(s);
  return v > 100 && /^\d{3,4}%$/.test(s) ? v / (s.length === 5 ? 100 : 10) : v;
};

/**
 * One pattern for a quantity and its unit price (`2 x $17.50`, `1 @ 35.00`, `3 ea @ $9.99`): group 1
 * the quantity, group 2 the unit price. `before` / `after` anchor it where it is used; `spaceAfterSign`
 * lets a space stand between the `$` and the figure.
 */
export function qtyUnitPattern(o: { before?: string; after?: string; spaceAfterSign?: boolean; flags?: string } = {}): RegExp {
  return new RegExp(`${o.before ?? ''}(\\d{1,3})\\s?(?:x|×|@|ea)\\s?@?\\s?\\$?${o.spaceAfterSign ? '\\s?' : ''}(\\d{1,5}[.,]\\d{2})${o.after ?? ''}`, o.flags ?? 'i');
}
