/**
 * A packing line's inkjet code block (a pouch's batch, dates and lab stamped in monospaced
 * capitals at its foot: `LOT JF2626-78  PKD 14SEP26`, `HRV 02AUG2026  TST 03SEP26`, `LAB SC LABS
 * EXP 14SEP27`). Its compact day-month-year dates (`14SEP26`, `02AUG2026`, also with spaces:
 * `14 SEP 26`) are written `Sep 14, 2026`, the form the date reader knows; an expiry or best-by
 * key before one (`EXP`, `BB`, `BEST BY`, `USE BY`) becomes a cell of its own, `Expires: …`, so
 * it is never read as the lab's last words or as a date of the product. The abbreviated keys
 * themselves (`PKD`, `HRV`, `TST`, `LAB`) are read by label-dates.ts and label-abbrev.ts.
 */

import { gs1Codes } from '@/lib/vision/label-gs1';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
// Day (one or two digits), a month's three capitals (SEPT too), the year in two or four digits; nothing glued either side.
const COMPACT = /(?<![A-Za-z0-9])(\d{1,2}) ?(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEPT?|OCT|NOV|DEC) ?(\d{4}|\d{2})(?![A-Za-z0-9])/g;
const EXPIRY = /\s+(?:EXP(?:IRES|IRY)?|BB|BEST\s+BY|USE\s+BY)\.?:?\s+(?=[A-Z][a-z]{2} \d{1,2}, \d{4})/g;

/** A row with its compact dates written out and an expiry key set apart (see the module's comment); a GS1 code's line as keyed cells (label-gs1.ts). */
export function packingCodes(line: string): string {
  const row = gs1Codes(line);
  const dated = row.replace(COMPACT, (all, d: string, m: string, y: string) => {
    const day = Number(d);
    if (day < 1 || day > 31) return all;
    const month = MONTHS.indexOf(m.slice(0, 3));
    const year = y.length === 2 ? `20${y}` : y;
    return `${MONTHS[month].charAt(0)}${MONTHS[month].slice(1).toLowerCase()} ${day}, ${year}`;
  });
  return dated === row ? row : dated.replace(EXPIRY, '   Expires: ');
}
