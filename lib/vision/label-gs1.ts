/**
 * The human-readable line of a GS1-128 barcode (a package's `(01)00628451003172(10)JF2626-78
 * (13)260914(17)270914`, or with a space after each identifier): each application identifier in
 * brackets names the data after it. `(10)` is the batch or lot, `(11)` the production date,
 * `(13)` the packaging date, `(15)`/`(16)`/`(17)` a best-before, sell-by or expiry date (none of
 * the product's), `(01)` the item's GTIN; dates are YYMMDD. A row with two or more identifiers is
 * written as keyed cells the label reader knows (`Batch: JF2626-78   Packaged: 2026-09-14
 * Expires: 2027-09-14`), so a batch and package date printed only in the code are found, and its
 * expiry is never taken for a date of the product.
 */

// An identifier: two digits in brackets (blur may read a bracket as a brace or square bracket; a space inside).
const AI = /[([{]\s?(\d{2})\s?[)\]}]\s?/g;
const KEYS: Record<string, string> = { '01': 'GTIN', '10': 'Batch:', '11': 'Mfg. Date:', '13': 'Packaged:', '15': 'Expires:', '16': 'Expires:', '17': 'Expires:' };
const DATED = new Set(['11', '13', '15', '16', '17']);

/** A GS1 date (YYMMDD) as ISO, or null when it is no date (day 00 means the month's end: left out). */
export function gs1DateIso(v: string): string | null {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(v.replace(/\s+/g, ''));
  if (!m) return null;
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `20${m[1]}-${m[2]}-${m[3]}`;
}

/** A row with a GS1 code's human-readable data written as keyed cells; other rows as they were. */
export function gs1Codes(row: string): string {
  const marks = [...row.matchAll(AI)];
  if (marks.length < 2 || !marks.some((m) => KEYS[m[1]] && m[1] !== '01')) return row;
  const cells: string[] = [];
  for (const [i, m] of marks.entries()) {
    const start = (m.index ?? 0) + m[0].length;
    const data = row.slice(start, marks[i + 1]?.index ?? row.length).trim();
    const key = KEYS[m[1]];
    if (!key || !data) continue;
    if (DATED.has(m[1])) {
      const iso = gs1DateIso(data.split(/\s{2,}/)[0]);
      if (iso) cells.push(`${key} ${iso}`);
    } else cells.push(`${key} ${data.split(/\s+/)[0]}`);
  }
  if (!cells.length) return row;
  const before = row.slice(0, marks[0].index).trim();
  return [before, ...cells].filter(Boolean).join('   ');
}
