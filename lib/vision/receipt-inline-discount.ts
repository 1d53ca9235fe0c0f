/** Line discounts printed inline after an item's name (receipt-parser.ts reads them off first). */

/**
 * A line discount printed inline in parentheses after the name ("Blue Dream 3.5g (save $3.50)",
 * "(-$3.50 promo)", "(Deal -$3.50)"): a discount word or a minus is needed, so a weight "(3.5g)"
 * or a price in parentheses is not one.
 */
const INLINE_DISCOUNT =
  /\s*\(\s*(?:(save|saved|deal|promo|discount|disc|coupon|bundle|member|sale|rabais)\b:?\s*)?([-−]\s?)?\$?\s?(\d{1,4}[.,]\d{2})\s?\$?\s*(promo|off|discount|saved?|rabais)?\s*\)/i;
/** Words that make an amount in parentheses a discount without a minus ("(Sale $30.00)", "(Deal $25.00)" may be a price). */
const SAVING_WORD = /^(save|saved|promo|discount|disc|coupon|rabais)$/i;
/** A line's inline discount in parentheses and the line without it; null when it has none. */
export function inlineDiscount(text: string): { value: number; rest: string } | null {
  const m = INLINE_DISCOUNT.exec(text);
  if (!m || !((m[1] && SAVING_WORD.test(m[1])) || m[2] || m[4])) return null;
  return { value: Number(m[3].replace(',', '.')), rest: `${text.slice(0, m.index)}${text.slice(m.index + m[0].length)}` };
}
