import { terpeneName } from '@/lib/vision/terpenes';

/**
 * A turned table (issue 14, nineteenth label round): the cannabinoids (or terpenes) are the
 * column heads and the units the row heads, so each figure stands under its name and beside its
 * unit, with no `%` on the figure:
 *
 *   THCa     Δ9-THC   Total THC   CBD   CBG   Total Cann.
 *   %        26.2     0.4    23.4   0.4   1.0   24.8
 *   mg/g     262      4      234    4     10    248
 *
 * A row of three or more such names (nothing else but a leading `Cannabinoid` / `Terpene` /
 * `Analyte` cell) followed, within one empty row, by rows that open with a unit (`%`, `mg/g`, as
 * OCR reads it: `mag`, `mg/9`) and hold exactly one figure per name becomes one cell per name
 * (`Total THC: 23.4%   CBD: 0.4%`), on the head's row; the unit rows are emptied (the rows keep
 * their count). The `%` row is preferred; a share whose point OCR lost (`262` under a `%`) is the
 * `mg/g` row's figure ÷ 10, else gets its point back before its last digit. A bare `Total` head
 * among cannabinoids is the total cannabinoids.
 */

const CANNABINOID =
  /^(?:THC-?a|THCA|(?:Δ|D|delta-?)9-?THC|THC|Total\s+THC|CBD-?a|CBDA|CBD|Total\s+CBD|CBG|CBN|THCV|CBC|TAC|Total(?:\s+(?:Cann(?:abinoids)?|Active\s+Cannabinoids)\.?)?)$/i;
/** A cell that is only a cannabinoid's name (`THCa`, `D9-THC`, `Total Cann.`): a table's head, never a product's name. */
export const isCannabinoidName = (cell: string): boolean => CANNABINOID.test(cell.trim());
const ROW_HEAD = /^(?:cannabinoids?|terpenes?|analytes?|compound)$/i;
const UNIT = /^(?:%|mg\/g|mg\/9|mag|m9\/g|mgg|mg)$/i;
const FIGURE = /^(?:<?\d{1,4}(?:[.,]\d{1,3})?|ND)$/i;

/** The head row's names, or null when it is no turned table's head. */
export function heads(row: string): { names: string[]; cannabinoids: boolean } | null {
  const cells = row
    .split(/\s{2,}|\s*\|\s*/)
    .map((c) => c.trim())
    .filter(Boolean);
  const names = ROW_HEAD.test(cells[0] ?? '') ? cells.slice(1) : cells;
  if (names.length < 3) return null;
  if (names.every((n) => CANNABINOID.test(n))) return { names, cannabinoids: true };
  if (names.every((n) => terpeneName(n) !== null)) return { names, cannabinoids: false };
  return null;
}

/** A unit row's unit and figures, or null. */
function unitRow(row: string | undefined, n: number): { unit: 'pct' | 'mg'; figures: string[] } | null {
  const tokens = (row ?? '').split(/[\s|]+/).filter(Boolean);
  if (tokens.length !== n + 1 || !UNIT.test(tokens[0]) || !tokens.slice(1).every((t) => FIGURE.test(t))) return null;
  return { unit: tokens[0] === '%' ? 'pct' : 'mg', figures: tokens.slice(1) };
}

/**
 * The rows with a turned table's figures paired with their heads (same number of rows). `whole`:
 * the same rows before their unsure words were trimmed (a wide figure box tesseract scored 0, a
 * misread `mag` for `mg/g`), where the unit rows are looked for when it has as many rows.
 */
export function turnedTables(rows: readonly string[], whole?: readonly string[] | null): string[] {
  const out = [...rows];
  const full = whole && whole.length === rows.length ? whole : rows;
  for (let i = 0; i < out.length; i++) {
    const head = heads(out[i]);
    if (!head) continue;
    const n = head.names.length;
    const found: { at: number; unit: 'pct' | 'mg'; figures: string[] }[] = [];
    for (let j = i + 1; j < out.length && j <= i + 4; j++) {
      const u = unitRow(full[j], n) ?? unitRow(out[j], n);
      if (u) found.push({ at: j, ...u });
      else if (out[j].trim() || found.length) break;
    }
    const pct = found.find((f) => f.unit === 'pct');
    const mg = found.find((f) => f.unit === 'mg');
    if (!pct && !mg) continue;
    const cells = head.names.map((name, c) => {
      const key = head.cannabinoids && /^total$/i.test(name) ? 'Total Cannabinoids' : name;
      if (!pct) return `${key}: ${mg?.figures[c]} mg/g`;
      let f = pct.figures[c].replace(',', '.');
      if (/^\d{3,4}$/.test(f) && Number(f) > 100) {
        const m = mg ? Number(mg.figures[c].replace(',', '.')) : NaN;
        f = Number.isFinite(m) && m > 100 ? (m / 10).toFixed(1) : `${f.slice(0, -1)}.${f.slice(-1)}`;
      }
      return /^nd$/i.test(f) ? `${key}: ND` : `${key}: ${f}%`;
    });
    out[i] = cells.join('   ');
    for (const f of found) out[f.at] = '';
    i = Math.max(i, ...found.map((f) => f.at));
  }
  return out;
}
