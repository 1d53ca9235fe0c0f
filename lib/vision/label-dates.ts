import { parseDate } from '@/lib/vision/parse-common';

/** A label's harvest, test and package dates, by their keys. */

type DateKey = 'harvest' | 'test' | 'package';
const DATE_KEYS: [DateKey, RegExp][] = [
  ['harvest', /\bharvest(?:ed)?\b/gi],
  ['test', /\b(?:test(?:ed)?|date\s+tested|lab\s+date|analy[sz]ed)\b/gi],
  // "Date of Packaging", and a manufacturing date ("MFG", "Mfg. Date", "Manufactured"): the date the package was made.
  // Blur reads "Mfg. Date" as "Mig. Date" (the f as i): a key only before "Date".
  ['package', /\b(?:pack(?:aged|age|ed|aging)|pkg|pkd|mfg|mfd|manufactured|mig(?=\.?\s*date))\b/gi],
];
const DATE_FORMS = [
  /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b/g,
  /\b\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2})\b/g,
  /\b\d{1,2}[.-]\d{1,2}[.-]\d{4}\b/g,
  /\b[A-Za-z]{3,9}\.?\s+\d{1,2},?\s+\d{4}\b/g,
  /\b\d{1,2}\s+[A-Za-z]{3,9}\.?,?\s+\d{4}\b/g,
  // Day first with the month's name between hyphens (`11-AUG-2026`, a compliance printer's form).
  /\b\d{1,2}-[A-Za-z]{3,9}-\d{4}\b/g,
];

/** Every printed date on a line with its position. */
function datesOn(line: string): { index: number; iso: string }[] {
  const out: { index: number; iso: string }[] = [];
  for (const re of DATE_FORMS) {
    for (const m of line.matchAll(re)) {
      const iso = parseDate(m[0]);
      const index = m.index ?? 0;
      if (iso && !out.some((o) => Math.abs(o.index - index) < 6)) out.push({ index, iso });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** Whether a line names a harvest, test or package date. */
export const hasDateKey = (line: string): boolean => keysOn(line).length > 0;

function keysOn(line: string): { index: number; key: DateKey }[] {
  const out: { index: number; key: DateKey }[] = [];
  for (const [key, re] of DATE_KEYS) for (const m of line.matchAll(re)) out.push({ index: m.index ?? 0, key });
  return out.sort((a, b) => a.index - b.index);
}

/**
 * Harvest / test / package dates by the key word nearest before each date on its line
 * ("Tested by SC Labs on 2026-05-01", "Harvest: … Packaged: …"), or, for a header row of keys
 * with the dates on the row beneath, by column order.
 */
export function readDates(lines: string[]): Record<DateKey, string | null> {
  const out: Record<DateKey, string | null> = { harvest: null, test: null, package: null };
  lines.forEach((line, i) => {
    const keys = keysOn(line);
    if (!keys.length) return;
    const dates = datesOn(line);
    if (dates.length) {
      for (const d of dates) {
        const k = [...keys].reverse().find((x) => x.index < d.index);
        if (k && !out[k.key]) out[k.key] = d.iso;
      }
      return;
    }
    const next = lines[i + 1] ? datesOn(lines[i + 1]) : [];
    if (keys.length >= 2 && next.length === keys.length) keys.forEach((k, j) => (out[k.key] ??= next[j].iso));
    else if (keys.length === 1 && next.length === 1 && !keysOn(lines[i + 1]).length) out[keys[0].key] ??= next[0].iso;
  });
  return out;
}
