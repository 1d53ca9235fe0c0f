/**
 * A total printed as a computed line (issue 14, twentieth label round): labels that list the
 * acid and the neutral form (`THCa 26.41%`, `Δ9-THC 0.62%`) print the total with the formula that
 * gives it, `Total THC = THCa × 0.877 + Δ9-THC = 23.8%`, or with the figures put in, `Total THC =
 * 0.877 × 26.41% + 0.62% = 23.8%`, or the formula in brackets after the key, `Total THC (THCa ×
 * 0.877 + Δ9-THC): 23.8%`. The result is the figure after the formula's last `=` (or after its
 * bracket); the figures inside it are the acid's and the neutral's, never the total. Such a row
 * becomes `Total THC: 23.8%`; a formula with no result (a footnote under a starred key, `*Total
 * THC = (THCa × 0.877) + Δ9-THC`) is no value of anything and is dropped.
 */

/** A formula: the decarboxylation factor, or an operator between two terms (`×`, `x`, `*`, `+`). */
const FORMULA = /0[.,]87|\S\s+[×x*+]\s+\S/i;
/** The row's key (the words before the first `=` or bracket), what follows, and the result after the last `=` or `:`. */
const COMPUTED = /^(\s*\**\s*)([A-Za-zΔ][\w .Δ-]{1,40}?)\s*\**\s*(?:=|\()(.*?)(?:[=:]\s*)([<>]?\s*\d{1,3}(?:[.,]\d{1,3})?\s*(?:%|mg\s?\/\s?g|mg))\s*$/i;
const NO_RESULT = /^\s*\**\s*[A-Za-zΔ][\w .Δ-]{1,40}?\s*\**\s*=(?!.*=\s*[<>]?\s*\d[\d.,]*\s*(?:%|mg))/i;

/** The row with a computed total's formula taken out (`Total THC: 23.8%`), '' for a formula with no result. */
export function computedTotal(row: string): string {
  const m = COMPUTED.exec(row);
  if (m && FORMULA.test(m[3])) return `${m[1].replace(/\*/g, '')}${m[2].trim()}: ${m[4]}`;
  if (NO_RESULT.test(row) && FORMULA.test(row)) return '';
  return row;
}
