/**
 * A cartridge box's potency row (issue 14, fourteenth label round: `THC  85.5%  | 855 mg`): blur
 * glues the separating bar to the milligrams (`1.4%   |7mg`), and the digit fix-ups then read the
 * bar as a 1 (`17mg`, ten times the cartridge's CBD). A bar right before a figure in milligrams,
 * after a share on its row, is the separator: a space is put after it.
 */
export function barApart(row: string): string {
  return row.replace(/(\d\s?%\)?\s*)\|(?=\d{1,4}(?:[.,]\d)?\s?mg\b)/gi, '$1| ');
}
