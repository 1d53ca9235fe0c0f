/**
 * pg_trgm's similarity(), in process, so the matcher's trigram pass gives the numbers PostgreSQL
 * would (tested against `similarity()` on the real catalog and menu names).
 *
 * pg_trgm (KEEPONLYALNUM, IGNORECASE, DIVUNION): the lower-cased string is split into words of
 * alphanumeric characters; each word is padded with two spaces before and one after and cut into
 * every 3-character window; the set of distinct trigrams is compared as
 * common / (|a| + |b| - common), computed in float4. Which characters are alphanumeric follows the
 * database's LC_CTYPE: Unicode letters and digits under a UTF-8 locale, ASCII only under "C"
 * (`trigramWordMode` probes it).
 */

export type TrigramWordMode = 'unicode' | 'ascii';

const WORD = { unicode: /[\p{L}\p{N}]+/gu, ascii: /[A-Za-z0-9]+/g } as const;

/** The distinct trigrams of a string, as pg_trgm's show_trgm() would list them (unordered). */
export function trigrams(s: string, mode: TrigramWordMode = 'unicode'): string[] {
  const out = new Set<string>();
  for (const m of s.toLowerCase().matchAll(WORD[mode])) {
    // Code points, not UTF-16 units: a trigram is three characters.
    const chars = [' ', ' ', ...m[0], ' '];
    for (let i = 0; i + 2 < chars.length; i++) out.add(chars[i] + chars[i + 1] + chars[i + 2]);
  }
  return [...out];
}

/** Similarity of two trigram counts as pg_trgm computes it: a float4 division. */
export function trigramRatio(common: number, lenA: number, lenB: number): number {
  if (lenA <= 0 || lenB <= 0) return 0;
  // Dividing in double and rounding once to float4 equals float4 division (53 >= 2 * 24 + 2 bits).
  return Math.fround(common / (lenA + lenB - common));
}

/**
 * `round(similarity(a, b)::numeric, 4)`: float4 to numeric keeps 6 significant digits
 * (FLT_DIG), then numeric rounding is half away from zero. Done on the decimal digits, so 0.4
 * stays 0.4 and never becomes 0.40000000596.
 */
export function roundSimilarity(f: number): number {
  if (!(f > 0)) return 0;
  const [mant, expPart] = f.toPrecision(6).split('e');
  const exp = expPart ? Number(expPart) : 0;
  const [intPart, frac = ''] = mant.split('.');
  // Digits of the 6-significant-digit value scaled to an integer of 10^-(len(frac) - exp).
  const digits = intPart + frac;
  const scale = frac.length - exp; // value = digits * 10^-scale
  if (scale <= 4) return (Number(digits) * 10 ** (4 - scale)) / 1e4;
  const keep = digits.length - (scale - 4);
  const head = keep > 0 ? Number(digits.slice(0, keep)) : 0;
  const next = keep >= 0 ? Number(digits[keep] ?? '0') : 0;
  return (head + (next >= 5 ? 1 : 0)) / 1e4;
}

/** `round(similarity(a, b)::numeric, 4)` for two strings. */
export function similarity(a: string, b: string, mode: TrigramWordMode = 'unicode'): number {
  const ta = trigrams(a, mode);
  const tb = new Set(trigrams(b, mode));
  let common = 0;
  for (const t of ta) if (tb.has(t)) common++;
  return roundSimilarity(trigramRatio(common, ta.length, tb.size));
}
