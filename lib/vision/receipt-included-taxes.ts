import { round2 } from '@/lib/vision/parse-common';

/**
 * Receipts whose prices include their taxes (issue 14, twenty-fourth receipt round: a Michigan
 * "out the door" ticket, a Thai tax invoice):
 * - under a `Taxes included:` heading, rows of a rate and an amount (`Sales 6%   $28.45`,
 *   `Excise 10%  $47.41`) are those taxes even where their label has no tax word: written
 *   `Sales 6% tax   $28.45` so they are read as taxes, up to the first row without a rate;
 * - the taxed base printed beside them (`Pre-tax amount $474.14`, `Taxable`, `Vatable 5,127.10`,
 *   `Net amount`) is no tax;
 * - a total whose first figure is a currency sign read as a digit (`฿5,486.00` read `85,486.00`)
 *   is the figure without it when that is exactly the subtotal less the order discount: the
 *   taxes are in the prices, so nothing is added (a total with its taxes added on top is
 *   reconcileTotals' case).
 */

const HEADING = /\btax(?:es)?\s+(?:incl\.?|included|inclusive)\b|\bincluded\s+tax(?:es)?\b/i;
const RATE_ROW = /^(\s*)([A-Za-z][A-Za-z .&/-]*?)(\s+\d{1,2}(?:[.,]\d{1,3})?\s?%)(\s.*\d[.,]\d{2}.*)$/;
const TAX_WORD = /\b(?:tax|taxes|vat|gst|hst|pst|excise)\b/i;

export function includedTaxLines(rows: readonly string[]): string[] {
  const out = [...rows];
  for (let i = 0; i < out.length; i++) {
    if (!HEADING.test(out[i]) || /\d[.,]\d{2}/.test(out[i])) continue;
    for (let j = i + 1; j < out.length; j++) {
      if (!out[j].trim()) continue;
      const m = RATE_ROW.exec(out[j]);
      if (!m) break;
      if (!TAX_WORD.test(m[2])) out[j] = `${m[1]}${m[2]}${m[3]} tax${m[4]}`;
    }
  }
  return out;
}

/** The amount a tax was taken of, not a tax: `Pre-tax amount`, `Before tax`, `Taxable`, `Vatable`, `Net amount`. */
export function isTaxBase(line: string): boolean {
  return /\b(?:pre-?\s?tax|before\s+tax(?:es)?|taxable|vatable|net\s+(?:amount|sales|total))\b/i.test(line);
}

export function signAsDigitTotal(total: number | null, subtotal: number | null, discount: number | null): number | null {
  if (total === null || subtotal === null || total < 100) return total;
  const want = round2(subtotal - (discount ?? 0));
  return want > 0 && Math.abs(total - want) > 0.015 && total.toFixed(2).slice(1) === want.toFixed(2) ? want : total;
}
