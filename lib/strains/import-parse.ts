import { parse } from 'csv-parse/sync';
import type { StrainInput } from '@/lib/strains/types';

/**
 * Turning import files into StrainInput rows. Recognises the shared catalog CSV (lab terpene
 * medians, effect JSON, flavors), the seed/JSON shape, and plain CSVs with name/type/thc columns.
 */

export interface ParsedRow {
  line: number;
  input?: StrainInput;
  error?: string;
  warnings: string[];
}

export interface UniverseRow {
  line: number;
  name?: string;
  type?: string | null;
  error?: string;
}

const LAB_PREFIX = 'lab_median_';

function str(v: unknown): string {
  return v === undefined || v === null ? '' : String(v).trim();
}

function num(v: unknown, field: string, warnings: string[], lo = 0, hi = 100): number | null {
  const s = str(v);
  if (s === '') return null;
  const n = Number(s.replace(/%$/, ''));
  if (!Number.isFinite(n) || n < lo || n > hi) {
    warnings.push(`${field} ignored: ${JSON.stringify(s).slice(0, 40)} is not a number in ${lo}..${hi}`);
    return null;
  }
  return n;
}

/** `{"relaxed": 66, "dry_mouth": 24}` → entries sorted by share, names with spaces. */
function jsonShares(v: unknown, field: string, warnings: string[]): [string, number][] {
  const s = str(v);
  if (!s) return [];
  try {
    const o = JSON.parse(s) as unknown;
    if (!o || typeof o !== 'object' || Array.isArray(o)) throw new Error('not an object');
    return Object.entries(o as Record<string, unknown>)
      .map(([k, x]) => [k.replace(/_/g, ' ').trim().toLowerCase(), Number(x)] as [string, number])
      .filter(([k, x]) => k && Number.isFinite(x))
      .sort((a, b) => b[1] - a[1]);
  } catch {
    warnings.push(`${field} ignored: not a JSON object`);
    return [];
  }
}

function list(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(str).filter(Boolean);
  return str(v)
    .split(/[,;|]/)
    .map((x) => x.trim())
    .filter(Boolean);
}

function checkName(name: string): string | null {
  if (!name) return 'missing name';
  if (name.length > 200) return 'name longer than 200 characters';
  if (!/\p{L}|\d/u.test(name)) return 'name has no letters or digits';
  return null;
}

/** One record of any recognised CSV/JSON shape → StrainInput. */
export function recordToInput(rec: Record<string, unknown>, rankScale: number): { input?: StrainInput; error?: string; warnings: string[] } {
  const warnings: string[] = [];
  const name = str(rec.name ?? rec.strain ?? rec.strain_name ?? rec.strainName).replace(/\s+/g, ' ');
  const err = checkName(name);
  if (err) return { error: err, warnings };
  const terpenes: { name: string; percentage: number }[] = [];
  for (const [k, v] of Object.entries(rec)) {
    if (!k.startsWith(LAB_PREFIX) || k === `${LAB_PREFIX}total_thc`) continue;
    const pct = num(v, k, warnings, 0, 100);
    if (pct && pct > 0) terpenes.push({ name: k.slice(LAB_PREFIX.length).replace(/_/g, '-'), percentage: pct });
  }
  if (Array.isArray(rec.terpenes)) {
    for (const t of rec.terpenes as { name?: unknown; percentage?: unknown }[]) {
      const pct = Number(t?.percentage);
      if (typeof t?.name === 'string' && Number.isFinite(pct)) terpenes.push({ name: t.name, percentage: pct });
      else warnings.push('a terpene entry without name/percentage was ignored');
    }
  }
  const effects = Array.isArray(rec.effects) ? list(rec.effects) : jsonShares(rec.effects_json, 'effects_json', warnings).map(([k]) => k);
  const negatives = Array.isArray(rec.negatives) ? list(rec.negatives) : jsonShares(rec.negatives_json, 'negatives_json', warnings).map(([k]) => k);
  let helpsWith: Record<string, number> = {};
  if (rec.helpsWith && typeof rec.helpsWith === 'object') helpsWith = { ...(rec.helpsWith as Record<string, number>) };
  else helpsWith = Object.fromEntries(jsonShares(rec.helps_with_json, 'helps_with_json', warnings));
  // The seed writes shares as fractions (0.35); the catalog keeps percent of reports (35).
  const hv = Object.values(helpsWith).map(Number);
  if (hv.length && hv.every((x) => x >= 0 && x <= 1)) helpsWith = Object.fromEntries(Object.entries(helpsWith).map(([k, x]) => [k, Math.round(Number(x) * 1000) / 10]));
  const rank = num(rec.popularity_rank, 'popularity_rank', warnings, 1, 1e7);
  const popularity =
    num(rec.popularity ?? rec.popularityScore ?? rec.popularity_score, 'popularity', warnings, 0, 100) ??
    (rank ? Math.max(1, Math.round((100 - (99 * (rank - 1)) / Math.max(1, rankScale - 1)) * 100) / 100) : null);
  const thc = num(rec.thc ?? rec.thc_pct, 'thc', warnings) ?? num(rec.lab_median_total_thc, 'lab_median_total_thc', warnings);
  const top = str(rec.top_terpene ?? rec.dominantTerpene);
  const input: StrainInput & { dominantTerpene?: string } = {
    name,
    slug: str(rec.slug) || undefined,
    type: str(rec.type) || null,
    thc,
    thcMin: num(rec.thcMin ?? rec.thc_min, 'thcMin', warnings),
    thcMax: num(rec.thcMax ?? rec.thc_max, 'thcMax', warnings),
    cbd: num(rec.cbd ?? rec.cbd_pct, 'cbd', warnings),
    cbdMin: num(rec.cbdMin ?? rec.cbd_min, 'cbdMin', warnings),
    cbdMax: num(rec.cbdMax ?? rec.cbd_max, 'cbdMax', warnings),
    terpenes,
    effects,
    negatives,
    helpsWith,
    aromas: list(rec.aromas ?? rec.flavors).map((x) => x.toLowerCase()),
    parents: list(rec.parents),
    akas: list(rec.akas ?? rec.aliases),
    popularityScore: popularity,
    description: str(rec.description) || null,
    sourceUrls: list(rec.sourceUrls ?? rec.source_url ?? rec.url).filter((u) => /^https?:\/\//.test(u)),
    dominantTerpene: top || undefined,
  };
  return { input, warnings };
}

export function readRecords(text: string, format: 'csv' | 'json'): Record<string, unknown>[] {
  if (format === 'json') {
    const data = JSON.parse(text) as unknown;
    const arr = Array.isArray(data) ? data : (data as { strains?: unknown[] })?.strains;
    if (!Array.isArray(arr)) throw new Error('JSON import expects an array of strains (or {strains: [...]})');
    return arr.map((x) => (x && typeof x === 'object' ? (x as Record<string, unknown>) : { name: x }));
  }
  return parse(text, { columns: (h: string[]) => h.map((x) => x.trim()), skip_empty_lines: true, relax_column_count: true, bom: true, trim: false }) as Record<string, unknown>[];
}

export function parseCatalogRecords(records: Record<string, unknown>[]): ParsedRow[] {
  const ranks = records.map((r) => Number(r.popularity_rank)).filter(Number.isFinite);
  const scale = ranks.length ? Math.max(...ranks) : records.length;
  return records.map((rec, i) => ({ line: i + 2, ...recordToInput(rec, scale) }));
}

export function parseUniverseRecords(records: Record<string, unknown>[]): UniverseRow[] {
  return records.map((rec, i) => {
    const name = str(rec.name ?? rec.strain ?? rec.strain_name).replace(/\s+/g, ' ');
    const error = checkName(name) ?? undefined;
    return { line: i + 2, name: error ? undefined : name, type: str(rec.type) || null, error };
  });
}
