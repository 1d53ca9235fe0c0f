import type { Queryable } from '@/lib/db';
import { logger } from '@/lib/log';
import { addToUniverse, strainsByAlias, toRow, upsertStrainRows, type StrainRowInput } from '@/lib/strains/repo';
import { canonicalName } from '@/lib/strains/slug';
import type { StrainInput } from '@/lib/strains/types';

export interface ImportIssue {
  line: number;
  name: string | null;
  reason: string;
}

export interface ImportSummary {
  mode: 'catalog' | 'universe';
  source: string;
  total: number;
  inserted: number;
  updated: number;
  skipped: ImportIssue[];
  warnings: ImportIssue[];
  ms: number;
}

export type Progress = (done: number, total: number) => void;

/**
 * Names that are an alias of a strain already in the catalog become that strain ('GSC' merges into
 * Girl Scout Cookies) instead of a duplicate: one lookup per batch.
 */
async function resolveAliases(db: Queryable, rows: StrainRowInput[]): Promise<void> {
  const byName = await strainsByAlias(
    db,
    rows.map((x) => x.canonical_name),
  );
  for (const row of rows) {
    const hit = byName.get(row.canonical_name);
    if (!hit || hit.slug === row.slug) continue;
    row.akas = [...new Set([...(row.akas ?? []), row.name])];
    row.slug = hit.slug;
    row.name = hit.strain_name;
    row.canonical_name = canonicalName(hit.strain_name);
  }
}

/**
 * Upsert parsed rows in batches (one statement each). A failing batch is retried row by row so
 * one bad row is reported and skipped while the rest of the file still lands.
 */
export async function importStrains(
  db: Queryable,
  rows: { line: number; input?: StrainInput; error?: string; warnings?: string[] }[],
  source: string,
  opts: { batchSize?: number; onProgress?: Progress } = {},
): Promise<ImportSummary> {
  const t0 = Date.now();
  const summary: ImportSummary = { mode: 'catalog', source, total: rows.length, inserted: 0, updated: 0, skipped: [], warnings: [], ms: 0 };
  const good: { line: number; row: StrainRowInput; urls: string[] }[] = [];
  for (const r of rows) {
    const name = r.input?.name ?? null;
    for (const w of r.warnings ?? []) summary.warnings.push({ line: r.line, name, reason: w });
    if (r.error || !r.input) {
      summary.skipped.push({ line: r.line, name, reason: r.error ?? 'unreadable row' });
      continue;
    }
    const row = toRow(r.input, source);
    if (!row.slug) {
      summary.skipped.push({ line: r.line, name, reason: 'name gives an empty slug' });
      continue;
    }
    good.push({ line: r.line, row, urls: r.input.sourceUrls ?? [] });
  }
  // Later rows with the same slug are duplicates within the file.
  const seen = new Map<string, number>();
  const unique = good.filter((g) => {
    const prev = seen.get(g.row.slug);
    if (prev !== undefined) {
      summary.skipped.push({ line: g.line, name: g.row.name, reason: `duplicate of line ${prev} (slug ${g.row.slug})` });
      return false;
    }
    seen.set(g.row.slug, g.line);
    return true;
  });
  const size = opts.batchSize ?? 500;
  let done = rows.length - unique.length;
  opts.onProgress?.(done, rows.length);
  for (let i = 0; i < unique.length; i += size) {
    const batch = unique.slice(i, i + size);
    await resolveAliases(
      db,
      batch.map((b) => b.row),
    );
    // Two rows that are aliases of one catalog strain ('GSC', 'Girl Scout Cookies') land once.
    const first = new Map<string, number>();
    const items = batch.filter((b) => {
      const prev = first.get(b.row.slug);
      if (prev === undefined) return (first.set(b.row.slug, b.line), true);
      summary.skipped.push({ line: b.line, name: b.row.akas?.at(-1) ?? b.row.name, reason: `alias of ${b.row.name}, already imported from line ${prev}` });
      return false;
    });
    const write = async (xs: typeof items) => {
      const urls = new Map(xs.filter((b) => b.urls.length).map((b) => [b.row.slug, b.urls]));
      for (const x of await upsertStrainRows(
        db,
        xs.map((b) => b.row),
        source,
        urls,
      )) {
        if (x.inserted) summary.inserted++;
        else summary.updated++;
      }
    };
    try {
      await write(items);
    } catch (e) {
      logger().warn({ err: (e as Error).message }, 'import batch failed; retrying row by row');
      for (const one of items) {
        try {
          await write([one]);
        } catch (err) {
          summary.skipped.push({ line: one.line, name: one.row.name, reason: `database rejected the row: ${(err as Error).message}` });
        }
      }
    }
    done += batch.length;
    opts.onProgress?.(done, rows.length);
  }
  await analyze(db);
  summary.ms = Date.now() - t0;
  return summary;
}

/** Fresh statistics after a bulk load, so the planner uses the name indexes for the matcher. */
export async function analyze(db: Queryable): Promise<void> {
  await db.exec('ANALYZE strains; ANALYZE strain_names; ANALYZE strain_universe; ANALYZE strain_sources');
}

export async function importUniverse(
  db: Queryable,
  rows: { line: number; name?: string; type?: string | null; error?: string }[],
  source: string,
  opts: { batchSize?: number; onProgress?: Progress } = {},
): Promise<ImportSummary> {
  const t0 = Date.now();
  const summary: ImportSummary = { mode: 'universe', source, total: rows.length, inserted: 0, updated: 0, skipped: [], warnings: [], ms: 0 };
  const good = rows.filter((r) => {
    if (r.error || !r.name) summary.skipped.push({ line: r.line, name: r.name ?? null, reason: r.error ?? 'missing name' });
    return !r.error && r.name;
  });
  const size = opts.batchSize ?? 2000;
  let done = rows.length - good.length;
  for (let i = 0; i < good.length; i += size) {
    const batch = good.slice(i, i + size);
    const added = await addToUniverse(
      db,
      batch.map((r) => ({ name: r.name!, type: r.type, source })),
    );
    summary.inserted += added;
    summary.updated += batch.length - added;
    done += batch.length;
    opts.onProgress?.(done, rows.length);
  }
  await analyze(db);
  summary.ms = Date.now() - t0;
  return summary;
}
