import { figureSlips } from '@/lib/vision/receipt-figure-slips';
import { gluedWeights } from '@/lib/vision/receipt-glued-weights';

/**
 * Receipt text repaired line by line before it is split into cells (receipt-lines.ts): dotted
 * leaders, OCR slips of receipt print, and amounts printed the decimal-comma way.
 */

/**
 * Dotted leaders between a name and its amount ("Blue Zushi 1/8 oz ........ $44.86") come out
 * of OCR as dots glued to lowercase garbage (".............ccvuvvvnn", "iii iit tities seit
 * ieee"): a run of three or more dots and the dot-like letters after it, or three or more
 * lowercase tokens of dot-like letters right before an amount, become a column gap.
 */
export function stripLeaders(raw: string): string {
  return raw
    .replace(/\s?(?:[.·…]\s?){3,}[.·…:;,'`ceinrstuvaz\s]*?(?=\s*[-−(]?\$?\s?\d|\s*$)/g, '   ')
    .replace(/(?:\s+(?!oz\b)[.·:;,'`ceinrstuvaz]{1,8}){3,}(?=\s+[-−(]?\$?\s?\d[\d.,]*\s*$)/g, (m) => (m.replace(/\s/g, '').length >= 10 ? '   ' : m));
}

/**
 * OCR slips of receipt print: "lea @" (1 ea @), "leach @" (1 each @), "2 xX $44.98" (one x read twice), ".5¢9" (the g
 * of ".5g" read as ¢ and 9), ".5g x §" (x 5), ".S5g" (.5g).
 */
export function receiptSlips(raw: string): string {
  return (
    gluedWeights(figureSlips(raw))
      .replace(/(^|\s)[lI|](?=\s?ea(?:ch)?\s?@)/g, '$11')
      .replace(/(\d\s?(?:g\s?)?)[xX×]\s?[xX×](?=\s?\$?\d)/g, '$1x')
      .replace(/(\d)¢9?(?!\w)/g, '$1g')
      // "3.5¢g": the g read twice, once as ¢
      .replace(/(\d)¢g\b/g, '$1g')
      // "3.5 ¢g": a speck read between a weight and its unit
      .replace(/(\d)\s[¢©®°]\s?g\b/g, '$1 g')
      // "1/807": the oz of an eighth read as 07
      .replace(/(\b\d\/\d{1,2}\s?)07\b/g, '$1oz')
      // "1/40z": its o read as 0
      .replace(/(\b\d\/\d{1,2}\s?)0z\b/gi, '$1oz')
      // "1/4o0z", "1/80oz": the o of oz read twice; "1/202": the oz of a half read as 02
      .replace(/(\b\d\/\d{1,2}\s?)(?:o0|0o)z\b/gi, '$1oz')
      .replace(/(\b[1-9]\/[248])(\s?)02\b/g, '$1$2oz')
      // "$2410": an amount printed with cents whose decimal point OCR lost (receipts print cents)
      .replace(/(\$\s?)(\d{2,4})(\d{2})(?=\s|$)/g, '$1$2.$3')
      .replace(/(\$\s?)(\d)(\d{2})\s*$/, '$1$2.$3')
      // "FLOWER 1202": a half ounce (1/2oz) at the end of a name, its slash lost and its oz read as 02
      .replace(/(?<=[A-Za-z]\s+)([1-9])([248])[0oO][z2Z](?=\s|$)/g, '$1/$2oz')
      // "35g", "359" in a weight cell: 3.5g with its point lost (no one sells 35 g)
      .replace(/(?<=[A-Za-z]\s+|\s{2})([23])5\s?[g9](?=\s{2}|$)/g, '$1.5g')
      // "3.5 @" at the end of a name line: the g of "3.5 g" read as @
      .replace(/(\d?\.\d)\s@\s*$/, '$1 g')
      // "3.5 9" at the end of a name line: the g of "3.5 g" read as 9
      .replace(/(?<![\d.$])(\d?\.5)\s9\s*$/, '$1 g')
      // "35.00 T", "4.50-": a tax flag (T, N, X, F, TX) or the minus of a discount in the right margin after the line amount
      .replace(/(\d[.,]\d{2})\s?(?:T|TX|N|F)\s*$/, '$1')
      .replace(/(?<![-−$\d.,])(\d{1,5}[.,]\d{2})-\s*$/, '-$1')
      // "2 units @ $21.69", "2 each @ $17.50": the quantity phrase of a price line
      .replace(/\b(\d{1,3})\s?(?:units?|pcs?|pieces?|each)\s?@/gi, '$1 @')
      // "lgx2" (1g x 2 in a weight column): an l or I for the 1 before a unit
      .replace(/(?<=^|\s)[lI|1]gx(\d)\b/g, '1g x $1')
      .replace(/(?<=^|\s)[lI|](?=\s?(?:g|oz)\b)/g, '1')
      // ".5g x §" (a pack's 5 read as §), ".S5g" (a stray S after the point)
      .replace(/(\dg\s?[x×]\s?)[§$](?![\d.])/gi, '$15')
      .replace(/(?<=(?:^|\s)\d?\.)[Ss](?=\d\s?g\b)/g, '')
  );
}

/**
 * Amounts printed the French / European way: a decimal comma and the currency AFTER the amount
 * ("35,00 $", "1 234,50 $", "-5,25 €"). A receipt is read that way when three or more lines end
 * in such an amount (also as OCR leaves it: the comma read as a point or lost, the "$" read as
 * "8", "%", "§" or "5": "45948", "82.09%", "174,14 5"), at least one figure has a decimal comma,
 * and no more than one line prints a "$" before an amount.
 */
const COMMA_AMOUNT_END = /(?<=^|\s|\d\s?[x×@]\s?)([-“"~]?)\s?(\d{1,3}(?: \d{3})+|\d{1,5}?)([.,]?)(\d{2})(\s?[$€%§]{1,2}|\s?8[$%§]?|\s[5S])?\s*$/;
/** The amount that ends a line, in the decimal-comma form (see `commaCurrencyStyle`); null when none. */
function commaAmountEnd(s: string): { index: number; value: number } | null {
  const m = COMMA_AMOUNT_END.exec(s);
  if (!m) return null;
  const [, neg, int, sep, dec, suffix] = m;
  // A number without a separator or a suffix is no amount of this form; one without a separator
  // counts only as a cell of its own (after a column gap), so a rate glued to its tax stays a rate.
  if (!sep && suffix === undefined) return null;
  // ("2x868%": 2 x 8,68 $ under an item, after its quantity mark.)
  if (!sep && m.index > 0 && !/(\s{2,}|\d\s?[x×@]\s?)$/.test(s.slice(0, m.index))) return null;
  return { index: m.index, value: (neg ? -1 : 1) * Number(`${int.replace(/ /g, '')}.${dec}`) };
}
export function commaCurrencyStyle(lines: readonly string[]): boolean {
  const ends = lines.filter((l) => !/\b(THC|CBD)\b/i.test(l) && commaAmountEnd(l.trim()) !== null).length;
  // (Any decimal comma: an amount's, or a potency's or weight's when OCR lost the amounts' commas;
  // not a thousands comma before a decimal point, `3,058.00` in baht, whose `3,058` is no `3,05 $`.)
  const comma = lines.some((l) => /\d,\d{1,2}(?!\d)|\d,\d{2}[8$%§]/.test(l.replace(/\d{1,3}(?:,\d{3})+\.\d{2}(?!\d)/g, ' ')));
  const leading = lines.filter((l) => /\$\s?\d/.test(l)).length;
  return ends >= 3 && comma && leading <= 1;
}

/**
 * One line of a decimal-comma receipt in the "$35.00" form the rest of the parser reads: every
 * "17,50 $" inside the line, and the amount that ends the line as OCR left it ("45948": 45,94 with
 * its comma lost and its "$" read as 8; "“6,008": -6,00 $; "1455%": 14,55 $). A bare number only
 * after a column gap; never on a potency line ("THC 22,15 %").
 */
export function fromCommaCurrency(line: string): string {
  let s = line.replace(/(-?)(\d{1,3}(?: \d{3})+|\d{1,5}),(\d{2})\s?[$€](?=\s|$|\))/g, (_m, neg: string, int: string, dec: string) => `${neg}$${int.replace(/ /g, '')}.${dec}`);
  if (/\b(THC|CBD)\b/i.test(s)) return s;
  const end = commaAmountEnd(s.replace(/\s+$/, ''));
  if (end) s = `${s.slice(0, end.index)}${end.value < 0 ? '-' : ''}$${Math.abs(end.value).toFixed(2)}`;
  return s;
}
