import { letters, parseWeightGrams } from '@/lib/vision/parse-common';
import { num } from '@/lib/vision/label-potency';

/** A label's net weight and batch code as OCR reads them, slips undone. */

/**
 * The text after a net-weight key, with OCR's slips around the decimal point undone: ".3.5g"
 * and ".1g" (the key's dot glued to the number: "NetWt.1g"; 0.1, 0.2 and 0.7 g are no package
 * sizes, ".5g" stays 0.5 g) → "3.5g", "1g"; "05g" (the point lost, also after a bilingual key's
 * other half: "/ Net weight 05g") → "0.5g", a speck read
 * between the figure and its unit ("14.17 ¢g") dropped, and a g read as ¢ or © after the figure ("1.07 ¢") is the g; "lg" / "Ig" alone is 1g.
 */
export function netWeightText(text: string): string {
  return (
    text
      .replace(/^\.(?=\d+[.,]\d)/, '')
      .replace(/^\.([127])(?=\s?g\b)/i, '$1')
      .replace(/(?<![\d.,])0(\d)(?=\s?g\b)/i, '0.$1')
      // Its point read as a gap ("0 5g": no weight starts with a lone 0).
      .replace(/(?<![\d.,])0\s(\d)(?=\s?g\b)/i, '0.$1')
      // Its g read as a 9 too ("059" alone after the key: 0.5 g).
      .replace(/^(\s*)0(\d)9\s*$/, '$10.$2g')
      // A 1 read as l or I before its g, alone after the key ("NET WT: lg", "Ig"): no word is "lg".
      .replace(/^(\s*)[lI|](?=\s?g\b)/, '$11')
      .replace(/(\d)\s?[¢©°®]\s?(?=g\b)/i, '$1 ')
      .replace(/^(\s*\d{1,3}[.,]\d{1,2})\s?[¢©](?!\w)/, '$1 g')
  );
}

/**
 * A net weight whose decimal point OCR lost, from the text after its key: `35g` / `359` (3.5 g,
 * its g read as a 9) and `25g`: two digits that are no package size while the digits with a point
 * between them are one (3.5, 2.5); `5g` / `59` on a vape (`.5g`: a cartridge holds 0.3–2 g); `059g` /
 * `05g` (a leading zero: `0.5g`). Null
 * when the text is no such weight.
 */
export function lostPointGrams(text: string, category: string): number | null {
  // A leading zero before the figure (`059g`, `05g` for `0.5g`): no weight is printed so, its point was lost (a g read as 9 may follow).
  const z = /^\s*0(\d)\s?(?:9?\s?g\b|9(?![\d.,%]))/i.exec(text);
  if (z && z[1] !== '0') return Number(z[1]) / 10;
  const m = /^\s*[.,]?\s*(\d{1,2})\s?(?:g\b|9(?![\d.,%]))/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  if (m[1].length === 2 && [25, 35].includes(n)) return n / 10;
  if (m[1].length === 1 && category === 'Vape' && n >= 3) return n / 10;
  return null;
}

/**
 * "NET WT 0.56": a capital G printed after the weight ("0.5G") read as a 6, or a g after a
 * decimal figure read as an 8 ("Net Wt 1.08" for "1.0 g"). Only right after a net-weight key, with
 * no unit printed, and only when what is left is a common package size.
 */
export function capitalGAsSix(text: string): { grams: number } | null {
  // Also a g read as an 8 after a decimal figure ("Net Wt 1.08" for "1.0 g"; not "28": no point).
  const m = /^\s*(\d{0,2}[.,]?\d)6(?![\d.,%])/.exec(text) ?? /^\s*(\d{0,2}[.,]\d)8(?![\d.,%])/.exec(text);
  if (!m) return null;
  const g = Number(m[1].replace(',', '.'));
  return [0.5, 1, 2, 3.5, 7, 14, 28].includes(g) ? { grams: g } : null;
}

/**
 * A net weight in grams and ounces whose grams were misread ("5G / 0.018 OZ": the point of .5G
 * lost; "056 (0.018 02)": G read as 6, oz as 02): when the grams do not agree with the ounces,
 * the ounces decide, if they make a common package size (within 6 %, 28.35 g to the ounce).
 */
export function ouncesOverGrams(text: string): { grams: number } | null {
  const oz = /(\d{0,2}[.,]\d{1,3})\s?(?:oz|0z|o2|02)(?=\s*\)|\s*$|\s)/i.exec(text);
  if (!oz) return null;
  const want = num(oz[1]) * 28.35;
  const size = [0.5, 1, 2, 3.5, 7, 14, 28].find((g) => Math.abs(g - want) <= 0.06 * g);
  if (size === undefined) return null;
  const g = parseWeightGrams(text.slice(0, oz.index));
  return g && Math.abs(g.grams - size) <= 0.06 * size ? null : { grams: size };
}

/**
 * A label's product name without the package size printed after it ("Death Star Preroll 1 g",
 * a pre-roll wrap's `Brand | Name 1g | …` cell): the size is the net weight, read on its own.
 */
export function withoutTrailingWeight(name: string): string {
  const w = parseWeightGrams(name);
  if (!w || name.slice(w.end).trim() || w.index < 3) return name;
  const rest = name.slice(0, w.index).trim();
  return letters(rest) >= 3 ? rest : name;
}

/**
 * "1.76 oz (50g)", "3.53 oz (100g)", "50 g (1.76 oz)": the grams printed beside the ounces are the
 * exact figure; also when the g was read as a 9 ("(509)"), as long as the figure agrees with the
 * ounces (within 3 %, 28.35 g to the ounce).
 */
export function gramsBesideOunces(text: string): { grams: number } | null {
  const oz = /(\d{1,3}(?:[.,]\d{1,3})?)\s?oz\b/i.exec(text);
  if (!oz) return null;
  const want = num(oz[1]) * 28.35;
  for (const m of text.matchAll(/(?<![\w.])(\d{1,4}(?:[.,]\d{1,3})?)\s?(?:g\b|9(?=\)))/gi)) {
    const g = num(m[1]);
    if (Math.abs(g - want) <= 0.03 * want) return { grams: g };
  }
  return null;
}

/** A batch code as printed: upper case, without a space OCR put inside it, a point or colon OCR put for the hyphen before its last digits undone. */
export function batchCode(code: string): string {
  const c = code.toUpperCase().replace(/\s+/g, '');
  return /[A-Z]/.test(c) && /\d{3}[.:]\d{1,3}$/.test(c) ? c.replace(/[.:](?=\d{1,3}$)/, '-') : c;
}

// The letters each digit is a misreading of (a 0 is an O or a D: "0Q2616-48" for "DQ2616-48").
const AS_LETTER: Record<string, string[]> = { '0': ['O', 'D'], '1': ['I'], '5': ['S'], '8': ['B'], '6': ['G'], '2': ['Z'] };

/**
 * A batch code whose letter prefix OCR read as digits ("062660-14" for "OG2660-14"): when the
 * leading one or two characters, read as the letters they resemble, are the initials of the
 * product's words (lots are commonly prefixed with the strain's initials), they are letters.
 */
export function batchLetters(code: string, productName: string | null): string {
  if (!productName) return code;
  const initials = productName
    .split(/[\s-]+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .map((w) => w[0].toUpperCase())
    .join('');
  // "OG Kush" is abbreviated by its capitals (OG), "Blue Dream" by its words' initials (BD).
  const capitals = productName.replace(/[^A-Z]/g, '');
  for (const n of [2, 1]) {
    const head = code.slice(0, n);
    if (!/\d/.test(head) || !/^\d{3,}/.test(code.slice(n))) continue;
    // Every reading of the head's digits as letters ("0Q": OQ, DQ).
    const readings = [...head].reduce<string[]>((acc, c) => acc.flatMap((a) => (AS_LETTER[c] ?? [c]).map((l) => a + l)), ['']);
    const letters = readings.find((l) => /^[A-Z]+$/.test(l) && (initials.startsWith(l) || capitals.startsWith(l)));
    if (letters) return letters + code.slice(n);
  }
  return code;
}
