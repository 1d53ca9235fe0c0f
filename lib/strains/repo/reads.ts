/**
 * Reads of the catalog (`strains`, with `strain_names` for aliases): by slug or id, the
 * neighbours of a strain, and what other areas read from the catalog through the owner.
 */
import type { Queryable } from '@/lib/db';
import { cosine, profileVector } from '@/lib/strains/recommend-vector';
import { rowToStrain, STRAIN_COLUMNS, type StrainRow } from '@/lib/strains/repo/row';
import type { Strain } from '@/lib/strains/types';

export async function getStrainBySlug(db: Queryable, slug: string): Promise<Strain | null> {
  const r = await db.query<StrainRow>(`SELECT ${STRAIN_COLUMNS} FROM strains s WHERE s.slug = $1`, [slug]);
  return r.rows[0] ? rowToStrain(r.rows[0]) : null;
}

export async function getStrainsByIds(db: Queryable, ids: string[]): Promise<Strain[]> {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (valid.length === 0) return [];
  const r = await db.query<StrainRow>(`SELECT ${STRAIN_COLUMNS} FROM strains s WHERE s.id = ANY($1::uuid[])`, [valid]);
  const byId = new Map(r.rows.map((row) => [row.id, rowToStrain(row)]));
  return valid.map((id) => byId.get(id)).filter((s): s is Strain => Boolean(s));
}

/**
 * Strains nearest to `strain` by cosine over its terpene and effect vector. Candidates share a
 * leading terpene or an effect (index-backed), ranked in process; ties go to the more popular.
 */
export async function similarStrains(db: Queryable, strain: Strain, limit = 5): Promise<Strain[]> {
  const terps = strain.terpenes.slice(0, 3).map((t) => t.name);
  const r = await db.query<StrainRow>(
    `SELECT ${STRAIN_COLUMNS} FROM strains s
     WHERE s.id <> $1 AND (s.terpene_map ?| $2::text[] OR s.effects && $3::text[])
     ORDER BY s.popularity_score DESC LIMIT 600`,
    [strain.id, terps, strain.effects],
  );
  const target = profileVector(strain);
  return r.rows
    .map((row) => rowToStrain(row))
    .map((s) => ({ s, score: cosine(target, profileVector(s)) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || b.s.popularityScore - a.s.popularityScore)
    .slice(0, Math.max(0, limit))
    .map((x) => x.s);
}

/** Mean share of each terpene across profiled strains (a strain without it counts as 0). */
export async function catalogTerpeneAverages(db: Queryable): Promise<Record<string, number>> {
  const r = await db.query<{ name: string; avg: number }>(
    `WITH p AS (SELECT terpene_map FROM strains WHERE terpene_map <> '{}'::jsonb)
     SELECT e.key AS name, round(sum(e.value::numeric) / (SELECT count(*) FROM p), 4) AS avg
     FROM p, jsonb_each_text(p.terpene_map) e GROUP BY e.key ORDER BY avg DESC`,
  );
  return Object.fromEntries(r.rows.map((x) => [x.name, Number(x.avg)]));
}

// ---------- For other areas: what they read from and write to the catalog ----------

/** Catalog strains with these slugs (any order; unknown slugs are absent). */
export async function getStrainsBySlugs(db: Queryable, slugs: string[]): Promise<Strain[]> {
  const r = await db.query<StrainRow>(`SELECT ${STRAIN_COLUMNS} FROM strains s WHERE s.slug = ANY($1::text[])`, [slugs]);
  return r.rows.map(rowToStrain);
}

/** Catalog ids of the given slugs, in the given order; the unknown slugs separately. */
export async function resolveStrainSlugs(db: Queryable, slugs: string[]): Promise<{ ids: string[]; unknown: string[] }> {
  const r = await db.query<{ slug: string; id: string }>(`SELECT slug, id FROM strains WHERE slug = ANY($1::text[])`, [slugs]);
  const by = new Map(r.rows.map((x) => [x.slug, x.id]));
  return { ids: slugs.filter((s) => by.has(s)).map((s) => by.get(s)!), unknown: slugs.filter((s) => !by.has(s)) };
}

/**
 * Catalog strains whose name is near `canonical` (trigram similarity, or word similarity for a
 * parent's name inside it), the name itself excluded, nearest first.
 */
export async function strainsNamedLike(db: Queryable, canonical: string, limit: number): Promise<Array<{ strain: Strain; similarity: number }>> {
  const r = await db.query<StrainRow & { sim: number }>(
    `SELECT ${STRAIN_COLUMNS}, greatest(similarity(s.canonical_name, $1), word_similarity(s.canonical_name, $1)) AS sim
       FROM strains s
      WHERE s.canonical_name <> $1
        AND greatest(similarity(s.canonical_name, $1), word_similarity(s.canonical_name, $1)) >= 0.35
      ORDER BY sim DESC, s.popularity_score DESC, s.name
      LIMIT $2`,
    [canonical, limit],
  );
  return r.rows.map((row) => ({ strain: rowToStrain(row), similarity: Number(row.sim) }));
}

/** The catalog's most common type and mean THC / CBD (one aggregate statement). */
export async function catalogAggregates(db: Queryable): Promise<{ typeMode: string | null; thcMean: number | null; cbdMean: number | null }> {
  const r = await db.query<{ type_mode: string | null; thc: number | null; cbd: number | null }>(
    `SELECT (SELECT type FROM strains WHERE type IS NOT NULL GROUP BY type ORDER BY count(*) DESC, type LIMIT 1) AS type_mode,
            avg(thc)::float8 AS thc, avg(cbd)::float8 AS cbd FROM strains`,
  );
  const a = r.rows[0];
  return {
    typeMode: a?.type_mode ?? null,
    thcMean: a?.thc === null || a?.thc === undefined ? null : Number(a.thc),
    cbdMean: a?.cbd === null || a?.cbd === undefined ? null : Number(a.cbd),
  };
}

/** Menu demand per strain slug: how many dispensaries listed it (parallel arrays, for `unnest`). */
export interface SlugDemand {
  slugs: string[];
  counts: number[];
}

/** The orders the discover lists draw from the catalog. */
export type StrainRanking = { by: 'demand' } | { by: 'newest' } | { by: 'popularity' } | { by: 'family'; family: string } | { by: 'cbd' } | { by: 'completeness' };

/** `$1` is the size; `$2` the family, or `$2`/`$3` the demand (slugs, dispensary counts). */
const RANKING_SQL: Record<StrainRanking['by'], string> = {
  demand: `WITH d AS (SELECT * FROM unnest($2::text[], $3::int[]) AS d(slug, n))
           SELECT s.id FROM strains s LEFT JOIN d ON d.slug = s.slug
            ORDER BY coalesce(d.n, 0) DESC, s.popularity_score DESC, s.slug LIMIT $1`,
  newest: `SELECT s.id FROM strains s ORDER BY s.created_at DESC, s.slug LIMIT $1`,
  popularity: `SELECT s.id FROM strains s ORDER BY s.popularity_score DESC, s.slug LIMIT $1`,
  family: `SELECT s.id FROM strains s WHERE s.high_family = $2 ORDER BY s.popularity_score DESC, s.slug LIMIT $1`,
  cbd: `SELECT s.id FROM strains s WHERE greatest(coalesce(s.cbd, 0), coalesce(s.cbd_max, 0)) >= 4
         ORDER BY greatest(coalesce(s.cbd, 0), coalesce(s.cbd_max, 0)) DESC, s.popularity_score DESC, s.slug LIMIT $1`,
  completeness: `SELECT s.id FROM strains s WHERE jsonb_array_length(s.terpenes) > 0
         ORDER BY strain_completeness(s) DESC, jsonb_array_length(s.terpenes) DESC, s.popularity_score DESC, s.slug LIMIT $1`,
};

/** The ids of the first `size` strains in `ranking` (`demand` is read by the demand ranking only). */
export async function rankedStrainIds(db: Queryable, ranking: StrainRanking, size: number, demand: SlugDemand): Promise<string[]> {
  const params: unknown[] = ranking.by === 'demand' ? [size, demand.slugs, demand.counts] : ranking.by === 'family' ? [size, ranking.family] : [size];
  return (await db.query<{ id: string }>(RANKING_SQL[ranking.by], params)).rows.map((r) => r.id);
}

/**
 * Scalar SQL expressions for GET /meta/freshness, which reads every area's figures in one
 * statement (one round trip): each owner exports the expressions over its own tables. The
 * catalog's time also moves on deletes: the version row is stamped by every catalog write.
 */
export const CATALOG_FRESHNESS_SQL = {
  count: `(SELECT count(*)::int FROM strains)`,
  updatedAt: `greatest((SELECT max(updated_at) FROM strains), (SELECT updated_at FROM catalog_version))`,
  popularityComputedAt: `(SELECT max(computed_at) FROM strain_popularity)`,
} as const;

/**
 * Candidates of a recommendation: strains sharing an effect, an aroma or a terpene (leading or in
 * the profile) with the request, every strain when it names none; the 1,500 most popular.
 */
export async function recommendationCandidates(db: Queryable, f: { effects: string[]; aromas: string[]; terpenes: string[] }): Promise<Strain[]> {
  const r = await db.query<StrainRow>(
    `SELECT ${STRAIN_COLUMNS} FROM strains s
     WHERE ($1::text[] = '{}' AND $2::text[] = '{}' AND $3::text[] = '{}')
        OR s.effects && $1::text[] OR s.aromas && $2::text[] OR s.terpene_map ?| $3::text[] OR s.dominant_terpene = ANY($3::text[])
     ORDER BY s.popularity_score DESC LIMIT 1500`,
    [f.effects, f.aromas, f.terpenes],
  );
  return r.rows.map(rowToStrain);
}

/** The catalog strains these canonical names are an alias of, by alias (one lookup per batch). */
export async function strainsByAlias(db: Queryable, canonicalNames: string[]): Promise<Map<string, { name: string; slug: string; strain_name: string }>> {
  const r = await db.query<{ name: string; slug: string; strain_name: string }>(
    `SELECT n.name, s.slug, s.name AS strain_name FROM strain_names n JOIN strains s ON s.id = n.strain_id
     WHERE n.is_alias AND n.name = ANY($1::text[])`,
    [canonicalNames],
  );
  return new Map(r.rows.map((x) => [x.name, x]));
}
