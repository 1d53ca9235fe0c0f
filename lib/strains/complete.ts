import type { Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { registerCache, TtlCache } from '@/lib/strains/cache';
import { getHeroImage } from '@/lib/hero/repo';
import { catalogTerpeneAverages, getStrainBySlug, getStrainsByIds, similarStrains } from '@/lib/strains/repo';
import { TERPENE_INFO } from '@/lib/strains/terpenes';
import type { z } from 'zod';
import type { CompleteProfileSchema } from '@/lib/strains/schemas';

export type CompleteProfile = z.output<typeof CompleteProfileSchema>;

/** A cached profile with its JSON text, made once: a hit is answered without serialising it again. */
const completeCache = registerCache(new TtlCache<{ data: CompleteProfile; json: string }>(15 * 60_000, 2000));
const averagesCache = registerCache(new TtlCache<Record<string, number>>(15 * 60_000, 1));

/** Drop one strain's cached profile (its hero image changed). */
export function forgetCompleteProfile(slug: string): void {
  completeCache.delete(slug);
}

/** The full profile of a strain and its JSON text (`JSON.stringify(data)`); cached 15 minutes per slug. */
export async function completeProfile(db: Queryable, slug: string): Promise<{ data: CompleteProfile; json: string; cached: boolean }> {
  const hit = completeCache.get(slug);
  if (hit) return { data: hit.data, json: hit.json, cached: true };
  const strain = await getStrainBySlug(db, slug);
  if (!strain) throw ApiError.notFound('strain', slug);
  let averages = averagesCache.get('all');
  if (!averages) {
    averages = await catalogTerpeneAverages(db);
    averagesCache.set('all', averages);
  }
  const [similar, sources, universe, hero] = await Promise.all([
    similarStrains(db, strain, 6),
    db.query<{ source: string; url: string | null; domain: string | null; created_at: Date | string }>(
      'SELECT source, url, domain, created_at FROM strain_sources WHERE strain_id = $1 ORDER BY created_at, source',
      [strain.id],
    ),
    db.query<{ completeness: number; sources: string[] }>('SELECT completeness, sources FROM strain_universe WHERE strain_id = $1 LIMIT 1', [strain.id]),
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
    sources: sources.rows.map((r) => ({ source: r.source, url: r.url, domain: r.domain, addedAt: new Date(r.created_at).toISOString() })),
    universe: universe.rows[0] ? { completeness: Number(universe.rows[0].completeness), sources: universe.rows[0].sources } : null,
    heroImageUrl: hero?.webpUrl ?? null,
  };
  const json = JSON.stringify(data);
  completeCache.set(slug, { data, json });
  return { data, json, cached: false };
}

export async function universeRecord(db: Queryable, slug: string) {
  const r = await db.query<{
    name: string;
    slug: string;
    type: string | null;
    sources: string[];
    completeness: number;
    strain_id: string | null;
    created_at: Date;
    updated_at: Date;
  }>('SELECT name, slug, type, sources, completeness, strain_id, created_at, updated_at FROM strain_universe WHERE slug = $1', [slug]);
  const u = r.rows[0];
  if (!u) throw ApiError.notFound('strain', slug);
  const strain = u.strain_id ? ((await getStrainsByIds(db, [u.strain_id]))[0] ?? null) : null;
  return {
    name: u.name,
    slug: u.slug,
    type: u.type,
    sources: u.sources ?? [],
    completeness: Number(u.completeness),
    inCatalog: Boolean(strain),
    strain,
    createdAt: new Date(u.created_at).toISOString(),
    updatedAt: new Date(u.updated_at).toISOString(),
  };
}
