/**
 * A German receipt's `ü` as OCR reads it (`Bliiten`, `Bliten`, `Bluten`; twenty-third receipt
 * round follow-up, issue 14): put back in the few receipt words that carry one, alone or at the end
 * of a compound (`Cannabisbliiten` → `Cannabisblüten`), so a product name reads as printed. Called
 * on German receipts only (an English strain may print `ii`: `Hawaiian`).
 */
const U = '(?:ü|ue|u|ii|i|ti)';
// (Not `stück`: `stick` is English.)
const STEMS = ['blüten', 'gebühr'].map((word) => {
  const [head, tail] = word.split('ü');
  return { word, re: new RegExp(String.raw`${head}${U}${tail}(?![a-zäöüß])`, 'gi') };
});

export function withUmlauts(row: string): string {
  return STEMS.reduce((s, { word, re }) => s.replace(re, (m) => (m[0] === m[0].toUpperCase() ? word[0].toUpperCase() : word[0]) + word.slice(1)), row);
}
