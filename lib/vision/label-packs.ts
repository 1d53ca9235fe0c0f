/**
 * A multi-pack's weight printed as a count times each piece's weight (a pre-roll box's `5 × 0.5 g`,
 * `(5) 0.5g pre-rolls`, `10 x .35g`, or the piece first: `1g x 2`): the package holds the count
 * times the piece, so its net weight is the product (2.5 g), not the piece's 0.5 g. Null when the
 * line prints no such pack. Used where the package's weight is read without a key (label-keys.ts);
 * a keyed net weight printed beside the pack (`5 × 0.5 g | Net Wt. 2.5 g`) is read first.
 */

// A count (1 to 2 digits, in brackets or before a times sign) and a piece's weight in grams; or the piece first, then `x` and the count.
const COUNT_FIRST = /(?<![\d.,])(?:\((\d{1,2})\)\s?|(\d{1,2})\s?[×xX*]\s?)(\d*[.,]?\d+)\s?g(?:rams?)?\b/;
const PIECE_FIRST = /(?<![\d.,])(\d*[.,]?\d+)\s?g\s?[×xX*]\s?(\d{1,2})(?![\d.,])/;

export function packGrams(line: string): number | null {
  const a = COUNT_FIRST.exec(line);
  const b = a ? null : PIECE_FIRST.exec(line);
  const count = a ? Number(a[1] ?? a[2]) : b ? Number(b[2]) : 0;
  const piece = Number((a ? a[3] : b ? b[1] : '').replace(',', '.'));
  // A pack holds 2 to 40 pieces of at most 3.5 g.
  if (count < 2 || count > 40 || !(piece > 0) || piece > 3.5) return null;
  return Math.round(count * piece * 100) / 100;
}
