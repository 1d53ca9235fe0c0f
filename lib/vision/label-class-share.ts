/**
 * A keyed THC or CBD share whose decimal point OCR lost (`THC 229%` for 22.9 %) on a label that
 * prints a THC / CBD class code (`T20/C4`, an Israeli-style medical label's band; also as blur
 * reads its digits, `TIS/C1`) or names that category (`THC / CBD category`): no share is over
 * 100 %, and such a label prints its measured shares with one decimal, so three digits over 100
 * get their point back before the last one. Kept to this cue on purpose: giving a share its point
 * back from the label's other rows made a worse OCR pass win on a pill-shaped label (seventh
 * `pill-badge`, docs/vision.md "Weak degraded splits, eighth pass").
 */

// `T18/C1`: a T and one or two digits (blur reads 1 as I or l, 8 as S or B, 0 as O), a slash or bar, a C and one or two digits.
const CLASS_CODE = /\bT[\dIlSBO]{1,2}\s?[/|]\s?C[\dIlO]{1,2}\b/;
const CATEGORY = /\bTHC\s*\/\s*CB[DO0]\s+categor/i;
const LOST_POINT = /\b((?:total\s+)?(?:THC|CBD)\b\s*:?\s*)(\d{3})(\s?%)/gi;

/** The label's lines with a keyed THC / CBD share over 100 % given its point back where the label prints a class code. */
export function classCodeShares(lines: readonly string[]): string[] {
  if (!lines.some((l) => CLASS_CODE.test(l) || CATEGORY.test(l))) return [...lines];
  return lines.map((l) => l.replace(LOST_POINT, (m, key: string, n: string, unit: string) => (Number(n) > 100 ? `${key}${n.slice(0, 2)}.${n.slice(2)}${unit}` : m)));
}
