/**
 * What the strains routes call: the checks of their inputs (terpene and type names, an empty
 * search), the in-process caches of catalog reads, and the composed profile. The SQL is in the
 * catalog's owner, lib/strains/repo.ts.
 */
import type { Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { strongEtag } from '@/lib/etag';
import { getHeroImage } from '@/lib/hero/repo';
import { registerCache, TtlCache } from '@/lib/strains/cache';
import { cachedCatalogRead } from '@/lib/strains/read-cache';
import {
  catalogTerpeneAverages,
  filteredStrains,
  getStrainBySlug,
  getStrainsByIds,
  readCatalogStats,
  similarStrains,
  sourcesOfStrain,
  strainPageByTerpene,
  strainPageByType,
  strainsMatchingTerm,
  universeBySlug,
  universeOfStrain,
  type CatalogStats,
  type Page,
} from '@/lib/strains/repo';
import { canonicalName } from '@/lib/strains/slug';
import { KNOWN_TERPENES, normalizeTerpeneName, TERPENE_INFO } from '@/lib/strains/terpenes';
import { STRAIN_TYPES, type Strain, type StrainType } from '@/lib/strains/types';
import type { z } from 'zod';
import type { CompleteProfileSchema } from '@/lib/strains/schemas';

export type { CatalogStats, Page } from '@/lib/strains/repo';
export type CompleteProfile = z.output<typeof CompleteProfileSchema>;

export interface ListFilters {
  type?: StrainType;
  terpene?: string;
  effect?: string;
  aroma?: string;
  minThc?: number;
  maxThc?: number;
  sort?: 'popularity' | 'name' | 'thc';
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const csv = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean)
    .slice(0, 10);

/** A terpene as a client names it → the catalog name, or 400 with the known list. */
export function requireTerpene(name: string): string {
  const t = normalizeTerpeneName(name);
  if (!t) throw new ApiError('BAD_REQUEST', `Unknown terpene: ${name.slice(0, 80)}`, { terpene: name.slice(0, 80), knownTerpenes: KNOWN_TERPENES });
  return t;
}

export async function listStrains(db: Queryable, f: ListFilters): Promise<Page<Strain>> {
  const terpenes = csv(f.terpene).map(requireTerpene);
  const filter = { type: f.type, terpenes, effects: csv(f.effect), aromas: csv(f.aroma), minThc: f.minThc, maxThc: f.maxThc, sort: f.sort, order: f.order };
  return filteredStrains(db, filter, f.limit, f.offset);
}

export async function strainsByType(db: Queryable, type: string, limit: number, offset: number): Promise<Page<Strain>> {
  const t = type.trim().toLowerCase();
  if (!(STRAIN_TYPES as readonly string[]).includes(t))
    throw new ApiError('BAD_REQUEST', `Unknown strain type: ${type.slice(0, 80)}`, { type: type.slice(0, 80), allowed: STRAIN_TYPES });
  return strainPageByType(db, t as StrainType, limit, offset);
}

/** Strains carrying a terpene, largest share first; strains known only to be led by it follow. */
export async function strainsByTerpene(db: Queryable, terpene: string, opts: { minPct?: number; limit: number; offset: number }) {
  const t = requireTerpene(terpene);
  return { terpene: t, page: await strainPageByTerpene(db, t, opts) };
}

/**
 * Search ranked by exact name, exact alias, prefix, word prefix, substring and trigram similarity
 * (typos: 'blu dreem' → Blue Dream), popularity breaking ties.
 */
export async function searchStrains(db: Queryable, q: string, limit: number): Promise<Page<Strain & { score: number }>> {
  const term = canonicalName(q).slice(0, 200);
  if (!term) throw new ApiError('BAD_REQUEST', 'Query parameter q must not be empty', { parameter: 'q' });
  return strainsMatchingTerm(db, term, limit);
}

/**
 * searchStrains through the in-process cache of catalog reads (lib/strains/read-cache.ts): the
 * same normalised term and limit under the same catalog version answer from memory.
 */
export function searchStrainsCached(db: Queryable, q: string, limit: number): Promise<Page<Strain & { score: number }>> {
  const term = canonicalName(q).slice(0, 200);
  if (!term) return searchStrains(db, q, limit);
  return cachedCatalogRead(db, 'search', `${limit}\u0000${term}`, () => searchStrains(db, q, limit));
}

const statsCache = registerCache(new TtlCache<CatalogStats>(30 * 60_000, 4));

export async function catalogStats(db: Queryable): Promise<{ data: CatalogStats; cached: boolean }> {
  const hit = statsCache.get('stats');
  if (hit) return { data: hit, cached: true };
  const parsed = await readCatalogStats(db);
  const data: CatalogStats = { ...parsed, byType: parsed.byType ?? {}, generatedAt: new Date().toISOString() };
  statsCache.set('stats', data);
  return { data, cached: false };
}

/**
 * A strain as the slug route answers it, made once per catalog version: the record, its JSON text
 * and a strong ETag over that text, so a hit costs neither serialisation nor hashing.
 */
export interface SerializedStrain {
  strain: Strain;
  json: string;
  etag: string;
}

/** getStrainBySlug, serialised, through the in-process cache of catalog reads (misses cached too, per catalog version). */
export function getSerializedStrainBySlug(db: Queryable, slug: string): Promise<SerializedStrain | null> {
  return cachedCatalogRead(
    db,
    'slug',
    slug,
    async () => {
      const strain = await getStrainBySlug(db, slug);
      if (!strain) return null;
      const json = JSON.stringify(strain);
      return { strain, json, etag: strongEtag(json) };
    },
    // The record's objects take about twice its JSON text on the heap, plus the text itself.
    (v) => (v ? v.json.length * 3 : 64) + slug.length,
  );
}

/** getStrainBySlug through the in-process cache of catalog reads (misses cached too, per catalog version). */
export async function getStrainBySlugCached(db: Queryable, slug: string): Promise<Strain | null> {
  return (await getSerializedStrainBySlug(db, slug))?.strain ?? null;
}

/** A cached profile with its JSON text, made once: a hit is answered without serialising it again. */
const completeCache = registerCache(new TtlCache<{ data: CompleteProfile; json: string }>(15 * 60_000, 2000));
const averagesCache = registerCache(new TtlCache<Record<string, number>>(15 * 60_000, 1));

/** Drop one strain's cached profile (its hero image changed). */
export function forgetCompleteProfile(slug: string): void {
  completeCache.delete(slug);
}

/**
 * The full profile of a strain and its JSON text (`JSON.stringify(data)`); cached 15 minutes per
 * slug. A cached answer comes with its replay rule (`keep`: while the cache holds that same entry).
 */
export async function completeProfile(db: Queryable, slug: string): Promise<{ data: CompleteProfile; json: string; cached: boolean; keep?: () => boolean }> {
  const hit = completeCache.get(slug);
  if (hit) return { data: hit.data, json: hit.json, cached: true, keep: () => completeCache.get(slug) === hit };
  const strain = await getStrainBySlug(db, slug);
  if (!strain) throw ApiError.notFound('strain', slug);
  let averages = averagesCache.get('all');
  if (!averages) {
    averages = await catalogTerpeneAverages(db);
    averagesCache.set('all', averages);
  }
  const [similar, sources, universe, hero] = await Promise.all([
    similarStrains(db, strain, 6),
    sourcesOfStrain(db, strain.id),
    universeOfStrain(db, strain.id),
    getHeroImage(db, 'strain', slug),
  ]);
  const sum = strain.terpenes.reduce((a, t) => a + t.percentage, 0);
  const data: CompleteProfile = {
    strain,
    similar: similar.map((s) => ({ slug: s.slug, name: s.name, type: s.type, highFamily: s.highFamily, thc: s.thc, dominantTerpene: s.terpenes[0]?.name ?? null })),
    terpeneChart: strain.terpenes.map((t) => ({
      name: t.name,
      percentage: t.percentage,
      shareOfProfile: sum > 0 ? Math.round((t.percentage / sum) * 1000) / 10 : 0,
      catalogAverage: averages![t.name] ?? null,
      aromas: TERPENE_INFO[t.name]?.aromas ?? [],
      effects: TERPENE_INFO[t.name]?.effects ?? [],
    })),
    sources,
    universe,
    heroImageUrl: hero?.webpUrl ?? null,
  };
  const json = JSON.stringify(data);
  completeCache.set(slug, { data, json });
  return { data, json, cached: false };
}

export async function universeRecord(db: Queryable, slug: string) {
  const u = await universeBySlug(db, slug);
  if (!u) throw ApiError.notFound('strain', slug);
  const strain = u.strainId ? ((await getStrainsByIds(db, [u.strainId]))[0] ?? null) : null;
  return {
    name: u.name,
    slug: u.slug,
    type: u.type,
    sources: u.sources,
    completeness: u.completeness,
    inCatalog: Boolean(strain),
    strain,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  };
}
