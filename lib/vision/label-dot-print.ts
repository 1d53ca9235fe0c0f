import { hasDateKey } from '@/lib/vision/label-dates';

/**
 * Misreads of labels from small label printers (a low-resolution thermal head printing a 5×7 dot
 * font): slashes of a `MM/DD/YY` date read as dashes, and a zero (a dot font's zero is slashed or
 * dotted) read as 8. Applied to date lines only.
 */

const TWO_DIGIT_DATE = /\b([0-9B&]{2})-([0-9B&]{2})-(\d{2})\b(?![-/.]\d)/g;

/** A month (1–12) or day (1–31) group read with its leading zero as 8 (`89` for `09`), put back; else as read. */
function leadingZero(group: string, max: number): string {
  const g = group.replace(/^[B&]/, '8');
  if (!/^\d\d$/.test(g)) return group;
  if (Number(g) <= max && Number(g) > 0) return g;
  return g.startsWith('8') && Number(g[1]) > 0 ? `0${g[1]}` : group;
}

/**
 * On a line that names a date (`PKG:`, `TESTED:`), `MM-DD-YY` becomes `MM/DD/YY` (the form the date
 * reader knows with a two-digit year: a dash there is the slash as read), and a month above 12 or a
 * day above 31 that starts with 8 gets its zero back (`PKG: 89-86-26` → `PKG: 09/06/26`). A date
 * that reads right, and lines without a date key, are left as they are.
 */
export function dotPrintDates(line: string): string {
  if (!hasDateKey(line)) return line;
  return line.replace(TWO_DIGIT_DATE, (whole, m: string, d: string, y: string) => {
    const mm = leadingZero(m, 12);
    const dd = leadingZero(d, 31);
    if (!/^\d\d$/.test(mm) || !/^\d\d$/.test(dd) || Number(mm) > 12 || Number(dd) > 31 || Number(mm) === 0 || Number(dd) === 0) return whole;
    return `${mm}/${dd}/${y}`;
  });
}

/**
 * A name line with the net weight printed at its right end (`Jack Herer Vape Cart   Net Wt .5g`,
 * the column gap lost): the name before the key. Only when what is before the key reads as a
 * name (two to six capitalised words of letters); `Hybrid · Flower · Net Wt 1 g` and lines of
 * keys are left as they are.
 */
export function nameBeforeNetWeight(line: string): string {
  const m = /^((?:[A-Z][A-Za-z'&-]*\s+){1,5}[A-Z][A-Za-z'&-]*)\s+(?:NET|Net|net)\s*(?:WT|Wt|wt|WEIGHT|Weight|weight)\b.*$/.exec(line);
  return m ? m[1] : line;
}
