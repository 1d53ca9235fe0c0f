/**
 * A German till receipt (`Kassenbon`, twenty-third round of issue 14) in the words the rest of the
 * parser reads: its summary labels put into English, and its VAT table (`MwSt  Netto  Steuer
 * Brutto` over `A 19 %  103,74  19,71  123,45`: the prices include the tax) read as one tax line.
 * Only a receipt with two or more German summary words is touched, and only those words (and the
 * `ü` OCR drops from a few product words, `receipt-umlauts.ts`).
 */
import { withUmlauts } from '@/lib/vision/receipt-umlauts';

/** OCR reads `ü` as `u`, `i`, `ii` or `ti` (`Rückgeld` → `Riickgeld`). */
const U = '(?:ü|u|ue|i|ii|ti)';
// A margin speck a degraded photo reads before the word, across a gap (`hs         Gesamt  131,43 €`), stays before it.
const AT = String.raw`^(\s*(?:[^\s\d]{1,2}\s{3,})?)`;
const WORDS: [RegExp, string][] = [
  [new RegExp(String.raw`${AT}zwischen\s?-?summe\b`, 'i'), '$1Subtotal'],
  [new RegExp(String.raw`${AT}(?:gesamt(?:summe|betrag)?|endbetrag|bonsumme|summe|zu\s+zahlen)\b(?!\s*[a-z])`, 'i'), '$1Total'],
  [/\b[a-z]*rabatt\b/i, 'Discount'],
  [new RegExp(String.raw`${AT}(?:ec-?\s?karte|girocard|kartenzahlung)\b`, 'i'), '$1Card'],
  [new RegExp(String.raw`${AT}(?:bar(?:zahlung)?|gegeben)\b(?=\s{2,}|\s*[-\d])`, 'i'), '$1Cash'],
  [new RegExp(String.raw`${AT}r${U}ckgeld\b`, 'i'), '$1Change'],
];
const GERMAN = new RegExp(String.raw`\b(zwischen\s?-?summe|gesamt(summe|betrag)?|mwst|netto|brutto|[a-z]*rabatt|ec-?\s?karte|r${U}ckgeld|kassenbon)\b`, 'i');
/** The VAT table's header: a rate column word, `Netto` and `Brutto`, no figures. */
const VAT_HEAD = /^(?=.*\b(mwst|ust|steuer)\b)(?=.*\bnetto\b)(?=.*\bbrutto\b)[^\d]*$/i;
const AMOUNT = /(?<![\d.,])\d{1,5}[.,]\d{2}(?![\d%])/g;

/** The VAT a table row holds: of three figures where two add up to the third (net + VAT = gross), the smaller addend; as printed. */
export function vatOfRow(row: string): string | null {
  const figs = [...row.matchAll(AMOUNT)].map((m) => ({ text: m[0], value: Number(m[0].replace(',', '.')) }));
  if (figs.length < 3) return null;
  for (let k = 0; k < figs.length; k++)
    for (let i = 0; i < figs.length; i++)
      for (let j = i + 1; j < figs.length; j++) {
        if (i === k || j === k || Math.abs(figs[i].value + figs[j].value - figs[k].value) > 0.015) continue;
        return figs[i].value <= figs[j].value ? figs[i].text : figs[j].text;
      }
  return null;
}

export function germanSummary(rows: readonly string[]): string[] {
  if (rows.filter((r) => GERMAN.test(r)).length < 2) return [...rows];
  const out = rows.map((row) => withUmlauts(WORDS.reduce((s, [re, to]) => s.replace(re, to), row)));
  for (let i = 0; i < out.length; i++) {
    if (!VAT_HEAD.test(out[i])) continue;
    out[i] = '';
    // Each rate's row under the header: its VAT, included in the prices.
    for (let k = i + 1; k < out.length; k++) {
      const vat = vatOfRow(out[k]);
      if (vat === null) break;
      out[k] = `VAT included   ${vat}`;
    }
  }
  return out;
}
