/**
 * Keys printed in pairs or triples joined by slashes, their values joined the same way in the
 * same order (Massachusetts-style compliance stickers): `THC / CBD: 22.4% / 0.3%`, `Net Wt /
 * Batch: 3.5 g / JF2626-78`, `Tested / Lab: 2026-07-03 / Steep Hill`, a unit in the keys' bracket
 * (`THC / CBD / Total (%): 22.4 / 0.3 / 25.1`), or the values on the row under keys that end in a
 * colon (`Myrcene / Limonene / Pinene:` over `0.85% / 0.42% / 0.21%`). Such a row becomes one cell
 * per key (`THC: 22.4%   CBD: 0.3%`), which the parser's keyed patterns read.
 *
 * Only when there are as many values as keys: a bilingual key with one value (`Packaged on /
 * Emballé le: 2026-08-04`, `Batch/Lot #: …`) stays as it is. The values are split at slashes
 * with a space on either side (a date's own slashes have none: `06/07/2026 / 08/04/2026`); a
 * slash OCR lost between figures leaves them apart by a space, and one read as a `1` glued to the
 * next figure (`1.34% 11.22% / 1.10%`) loses that `1`.
 */

/** The keys and the values of a row `A / B: x / y` (values empty when they are on the next row). */
const PAIRED = /^(\s*)((?:[A-Za-zÀ-ÿαβΔ][\w.#'’ -]{0,28}?\s*\/\s*){1,4}[A-Za-zÀ-ÿαβΔ][\w.#'’ -]{0,28}?)\s*(\((?:%|mg\/g|mg)\))?\s*:(?=\s|$)\s*(.*)$/;
/** A figure (a share, a weight, milligrams), the only values that may stand apart by a space alone. */
const FIGURE = /^[1lI|]?\d{0,3}[.,]?\d{1,3}\s?(?:%|mg\/g|mg|g)?$/;

function splitValues(text: string, n: number): string[] | null {
  const spaced = text
    .split(/\s+[/|]\s+/)
    .map((v) => v.trim())
    .filter(Boolean);
  if (spaced.length === n) return spaced;
  // Figures apart by spaces only (a slash lost), or by a slash read as a `1` glued to the figure after it.
  const tokens = text
    .split(/\s+/)
    .filter((t) => !/^[/|]$/.test(t))
    .map((t) => t.replace(/^\/|\/$/g, ''));
  if (tokens.length !== n || !tokens.every((t) => FIGURE.test(t))) return null;
  const afterSlash = (i: number) => new RegExp(String.raw`[/|]\s*${tokens[i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(text);
  return tokens.map((t, i) => (i > 0 && !afterSlash(i) ? t.replace(/^[1lI|](?=\d)/, '') : t));
}

/** One row's paired keys as a cell each, or null when the row is no such pair (or the counts differ). */
function pairRow(row: string, next: string | undefined): string | null {
  const m = PAIRED.exec(row);
  if (!m) return null;
  const keys = m[2].split(/\s*\/\s*/).map((k) => k.trim());
  if (keys.length < 2 || keys.some((k) => !/[A-Za-z]{2}/.test(k) || k.split(/\s+/).length > 4)) return null;
  const text = m[4].trim() || next?.trim() || '';
  const values = text ? splitValues(text, keys.length) : null;
  if (!values) return null;
  const unit = m[3] ? m[3].slice(1, -1) : '';
  const withUnit = (v: string) => (unit && /^\d{1,4}(?:[.,]\d{1,3})?$/.test(v) ? `${v}${unit === '%' ? '%' : ` ${unit}`}` : v);
  return m[1] + keys.map((k, i) => `${k}: ${withUnit(values[i])}`).join('   ');
}

/** The rows with their slash-paired keys written one cell per key; as many rows as given. */
export function slashPairs(rows: readonly string[]): string[] {
  return rows.map((row, i) => pairRow(row, rows[i + 1]) ?? row);
}
