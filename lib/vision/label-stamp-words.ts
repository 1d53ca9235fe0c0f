/**
 * A row without the words of a Canadian excise stamp (`DUTY PAID` / `DROIT ACQUITTÉ` printed in
 * the stamp beside the first rows): they glued onto the product name ("Bruce Banner Preroll DUTY
 * PAID", also with DUTY misread: "bury PAID"). In capitals, after a column gap or alone on the row.
 */
const STAMP = String.raw`(?:[A-Za-z]{3,5}\s?PAID|DROIT\s*ACQUITT\S*)`;
const STAMP_ROW = new RegExp(String.raw`^\s*${STAMP}\s*$`);
const STAMP_AFTER_GAP = new RegExp(String.raw`\s{2,}${STAMP}(?=\s{2,}|\s*$)`, 'g');

export function withoutStampWords(row: string): string {
  if (STAMP_ROW.test(row)) return '';
  return row.replace(STAMP_AFTER_GAP, '');
}
