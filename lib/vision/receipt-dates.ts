import { withFullDashYear } from '@/lib/vision/receipt-short-dates';
import { parseDate } from '@/lib/vision/parse-common';
import { withSlashesBack } from '@/lib/vision/receipt-date-slips';
import { withoutOtherDates } from '@/lib/vision/receipt-other-dates';

/**
 * The date on a line; day first ("24/11/2026", "10/09/2026" = 10 September) on a receipt that
 * prints decimal-comma amounts, and wherever a month-first reading is impossible (day over 12).
 */
export function dateOf(raw: string, dayFirst0: boolean): string | null {
  // "Jun 92026": the gap between the day and the year lost to OCR. A Spanish "Fecha:" is day first.
  // "24/1012026": the second slash of a photographed date read as a 1 (or l, I, |).
  // "24-Nov-26": a day, the month's name and a two-digit year (Canadian and POS tickets).
  // "2026-11-24T15:42:07": an ISO date and time joined by a T (kiosks, online orders; the time may be
  // misread, the T too: "2026-12-09713:43:27", "2026-11-117T18:04:19").
  // "Feb 7.2026": the comma after the day read as a point and the gap lost.
  // "12/85/26": a 0 read as 8 (or 6, 9) in a date's day or month.
  // "Date: 02-27-26": a dashed date's two-digit year (receipt-short-dates.ts).
  // (A date of birth or an expiry on the line is not the order's: taken off first, receipt-other-dates.ts.)
  const line = withFullDashYear(withSlashesBack(withoutOtherDates(raw)))
    .replace(/\b([A-Za-z]{3,9}\.?\s*\d{1,2})(20\d{2})\b/, '$1 $2')
    .replace(/\b(\d{1,2}\/\d{1,2})[1lI|](20\d{2})\b/, '$1/$2')
    .replace(/\b(\d{1,2}-[A-Za-z]{3,9}-)(\d{2})(?![\d-])/, '$120$2')
    .replace(/\b(\d{4}-\d{1,2}-\d{1,2})T(?=\d)/, '$1 ')
    .replace(/\b(\d{4}-\d{2}-\d{2})[7Tt]{1,2}(?=\d{1,2}:\d{2})/, '$1 ')
    .replace(/\b([A-Za-z]{3,9}\.?\s*\d{1,2})[.,](20\d{2})\b/, '$1, $2')
    // "12/85/26": a day or month of two figures that starts with 6, 8 or 9 is none: its 0 was misread.
    .replace(/\b(\d{1,2})\/[689](\d)\/(\d{4}|\d{2})\b/, '$1/0$2/$3')
    .replace(/\b[689](\d)\/(\d{1,2})\/(\d{4}|\d{2})\b/, '0$1/$2/$3');
  const dayFirst = dayFirst0 || /\bfecha\b/i.test(line);
  // (Dashes too, read month first by parseDate: `10-09-2026` on a day-first receipt is 10 September.)
  const m = /\b(\d{1,2})([/-])(\d{1,2})\2(\d{4}|\d{2})\b/.exec(line);
  if (m && !/\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b/.test(line) && (m[2] === '/' || m[4].length === 4) && (dayFirst || (m[2] === '/' && +m[1] > 12 && +m[3] <= 12))) {
    const swapped = `${line.slice(0, m.index)}${m[3]}/${m[1]}/${m[4]}${line.slice(m.index + m[0].length)}`;
    // (A day-first reading that is no date, `11/23/26` on a receipt read as decimal-comma for one
    // misread amount, is read month first.)
    return parseDate(swapped) ?? parseDate(line);
  }
  return parseDate(line);
}
