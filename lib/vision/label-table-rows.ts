import { heads, turnedTables } from '@/lib/vision/label-turned-table';
import { fuzzyHeads } from '@/lib/vision/label-fuzzy-heads';

export { isCannabinoidName } from '@/lib/vision/label-turned-table';

/**
 * Tables whose figures stand under or beside column heads (issue 14, twenty-first label round),
 * on the OCR rows before the keys are read, beside the turned tables of label-turned-table.ts:
 * - **Names over shares**: a row of cannabinoid names (`TOTAL THC | THCa | Δ9-THC | CBD | CBN |
 *   CBG | TAC`) over a row of as many shares, each with its `%` (`24.1%  26.8%  0.6% …`): the
 *   shares row is read as a `%` unit row, so the turned table's pairing gives `TOTAL THC: 24.1%`.
 * - **Milligrams before their key** (`100 mg THC per package | 10 mg THC per serving`): the key
 *   first, and the package's figure alone when the row gives both (`THC 100 mg per package`).
 * - **Per-serving and per-package columns**: under a head row naming `per serving` and `per
 *   package` (either order), a row of a cannabinoid and two milligram figures keeps the package's
 *   (`THC: 200 mg per package`); the head row is emptied (it is no name). Rows keep their count.
 */

const SHARE = /^\d{1,3}(?:[.,]\d{1,3})?%$/;

/** A row of shares under a cannabinoid head row, written as the turned table's `%` unit row. */
function sharesAsUnitRow(rows: readonly string[]): string[] {
  const out = [...rows];
  for (let i = 0; i < out.length; i++) {
    const head = heads(out[i]);
    if (!head?.cannabinoids) continue;
    for (let j = i + 1; j < out.length && j <= i + 2; j++) {
      const tokens = out[j].split(/[\s|]+/).filter(Boolean);
      if (tokens.length === head.names.length && tokens.every((t) => SHARE.test(t))) {
        out[j] = `%   ${tokens.map((t) => t.slice(0, -1)).join('   ')}`;
        break;
      }
      if (out[j].trim()) break;
    }
  }
  return out;
}

const MG = String.raw`(\d{1,4}(?:[.,]\d{1,2})?)\s?mg`;
const KEY = String.raw`((?:total\s+)?(?:THC|CBD|CBN|CBG))`;
const PACK = String.raw`(?:package|pkg|container|pack)`;
const VALUE_FIRST = new RegExp(String.raw`${MG}\s+${KEY}\s+per\s+(${PACK}|serving|piece|unit)\b`, 'gi');

/** `100 mg THC per package | 10 mg THC per serving` → `THC 100 mg per package` (the package's figure first, or alone). */
function keyBeforeMg(row: string): string {
  const hits = [...row.matchAll(VALUE_FIRST)];
  if (!hits.length) return row;
  const pack = hits.find((m) => new RegExp(`^${PACK}$`, 'i').test(m[3]));
  if (pack) return row.replace(VALUE_FIRST, (all: string, mg: string, key: string, per: string) => (all === pack[0] ? `${key} ${mg} mg per ${per}` : ''));
  return row.replace(VALUE_FIRST, (_all: string, mg: string, key: string, per: string) => `${key} ${mg} mg per ${per}`);
}

const PER_SERVING = /\bper\s+serving\b/i;
const PER_PACKAGE = new RegExp(String.raw`\bper\s+${PACK}\b`, 'i');
const MG_ROW = new RegExp(String.raw`^\s*${KEY}\b\s*[:|]?\s*${MG}\b\s*[|/]?\s*${MG}\b\s*$`, 'i');

/** Rows of a `per serving | per package` table: the package's milligrams kept. */
function servingColumns(rows: readonly string[]): string[] {
  const out = [...rows];
  for (let i = 0; i < out.length; i++) {
    const s = PER_SERVING.exec(out[i]);
    const p = PER_PACKAGE.exec(out[i]);
    if (
      !s ||
      !p ||
      out[i]
        .replace(PER_SERVING, '')
        .replace(PER_PACKAGE, '')
        .replace(/[\s|/]/g, '').length > 0
    )
      continue;
    const packageFirst = p.index < s.index;
    let any = false;
    for (let j = i + 1; j < out.length && j <= i + 5; j++) {
      const m = MG_ROW.exec(out[j]);
      if (!m) break;
      out[j] = `${m[1]}: ${packageFirst ? m[2] : m[3]} mg per package`;
      any = true;
    }
    if (any) out[i] = '';
  }
  return out;
}

/** The rows with every such table read (see the module's comment; garbled heads first, label-fuzzy-heads.ts); `whole` as for turnedTables. */
export function tableRows(rows: readonly string[], whole?: readonly string[] | null): string[] {
  return servingColumns(turnedTables(sharesAsUnitRow(fuzzyHeads(rows.map(keyBeforeMg))), whole));
}
