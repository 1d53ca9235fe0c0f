/**
 * A minus sign photographed small or thin (an app's `−`, U+2212, in grey or green) that OCR read as
 * a tilde or a guillemet: `Sale   ~$3.47`, `Promo  «$5.00`. Before a dollar amount, after a space
 * or at the start of the line, such a mark is the minus it was: `-$3.47` (a discount, not a price).
 */
const MINUS_SLIP = /(^|\s)[~«¬]\s?(?=\$\s?\d+\.\d{2}\b)/g;

export function withMinusBack(line: string): string {
  return line.replace(MINUS_SLIP, '$1-');
}
