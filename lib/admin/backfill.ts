import type { Queryable } from '@/lib/db';
import { loadDerivedColumns as loadStrains, resyncMissingNames, updateHighFamilies, updateSearchColumns, updateSlugColumns } from '@/lib/strains/repo';
import { highFamily } from '@/lib/strains/high-family';
import { canonicalName, slugify } from '@/lib/strains/slug';
import { normalizeTerpeneProfile } from '@/lib/strains/terpenes';
import { recomputePopularity } from '@/lib/admin/popularity';

import type { BackfillJob, BackfillResult } from '@/lib/admin/schemas';

/** Same terpene map regardless of key order (jsonb sorts keys its own way). */
function sameMap(a: Record<string, number>, b: Record<string, number>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => k in b && Math.abs(Number(a[k]) - Number(b[k])) < 1e-9);
}

const parse = <T>(v: T | string | null, fallback: T): T => (v === null ? fallback : typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** high_family from each strain's terpene profile (docs/contract.md §6 rule, the catalog's function). */
async function highFamilyJob(db: Queryable) {
  const rows = await loadStrains(db);
  const changes = rows
    .map((r) => ({ id: r.id, hf: highFamily(parse(r.terpenes, [])), old: r.high_family }))
    .filter((c) => c.hf !== c.old)
    .map(({ id, hf }) => ({ id, hf }));
  const updated = await updateHighFamilies(db, changes);
  return { scanned: rows.length, updated, details: {} };
}

/**
 * Slugs in canonical form and canonical_name from the name. A slug that is already a valid slug
 * is kept even when it differs from slugify(name): curated slugs are public URLs. Only malformed
 * or empty ones are rebuilt (from themselves, else from the name); a slug another strain holds
 * is left alone and counted as a conflict.
 */
async function slugsJob(db: Queryable) {
  const rows = await loadStrains(db);
  const taken = new Set(rows.map((r) => r.slug));
  const changes: Array<{ id: string; slug: string; canonical: string }> = [];
  let conflicts = 0;
  for (const r of rows) {
    let slug = r.slug && slugify(r.slug) === r.slug ? r.slug : slugify(r.slug ?? '') || slugify(r.name) || r.slug;
    const canonical = canonicalName(r.name);
    if (slug !== r.slug) {
      if (taken.has(slug)) {
        conflicts++;
        slug = r.slug;
      } else {
        // The old slug is not freed for reuse within this run: one UPDATE statement checks the
        // unique index row by row, so a swap could collide. A rerun picks freed slugs up.
        taken.add(slug);
      }
    }
    if (slug !== r.slug || canonical !== r.canonical_name) changes.push({ id: r.id, slug, canonical });
  }
  const updated = await updateSlugColumns(db, changes);
  return { scanned: rows.length, updated, details: { conflicts } };
}

/**
 * Search columns: canonical_name, the terpene map and dominant terpene the filters use, and the
 * strain_names rows (name + aliases) the matcher's trigram index reads, re-synced by the
 * catalog's trigger for every touched strain and for strains that have none.
 */
async function searchJob(db: Queryable) {
  const rows = await loadStrains(db);
  const changes: Array<{ id: string; canonical: string; map: Record<string, number>; dominant: string | null }> = [];
  for (const r of rows) {
    const terps = normalizeTerpeneProfile(parse(r.terpenes, []));
    const map = Object.fromEntries(terps.map((t) => [t.name, t.percentage]));
    const dominant = terps[0]?.name ?? null;
    const canonical = canonicalName(r.name);
    const oldMap = parse(r.terpene_map, {});
    if (canonical !== r.canonical_name || dominant !== r.dominant_terpene || !sameMap(map, oldMap)) {
      changes.push({ id: r.id, canonical, map, dominant });
    }
  }
  const updated = await updateSearchColumns(db, changes);
  // Any strain without its own name row (e.g. names table truncated) gets re-synced by a touch.
  const namesResynced = await resyncMissingNames(db);
  return { scanned: rows.length, updated, details: { namesResynced } };
}

async function popularityJob(db: Queryable) {
  const p = await recomputePopularity(db);
  return { scanned: p.strains, updated: p.updated, details: { withDemand: p.withDemand, rebased: p.rebased } };
}

const JOBS: Record<BackfillJob, (db: Queryable) => Promise<Omit<BackfillResult, 'job' | 'durationMs'>>> = {
  'high-family': highFamilyJob,
  slugs: slugsJob,
  popularity: popularityJob,
  search: searchJob,
};

/** POST /admin/backfill: recompute one family of derived columns; idempotent (a rerun updates 0). */
export async function runBackfill(db: Queryable, job: BackfillJob): Promise<BackfillResult> {
  const t = Date.now();
  const r = await JOBS[job](db);
  return { job, ...r, durationMs: Date.now() - t };
}
