import type { Queryable } from '@/lib/db';
import { strongEtag } from '@/lib/http/conditional';
import { updateInChunks } from '@/lib/db/batch';
import { terpeneVector, effectVector, profileVector, cosine } from '@/lib/strains/recommend-vector';
import { cachedCatalogRead } from '@/lib/strains/read-cache';
import { rowToStrain, STRAIN_COLUMNS, type StrainRow } from '@/lib/strains/row';
import { canonicalName, slugify } from '@/lib/strains/slug';
import type { Strain, StrainInput, Terpene } from '@/lib/strains/types';
import { toRow, upsertStrainRows, type UpsertResult } from '@/lib/strains/upsert';

export { STRAIN_COLUMNS, rowToStrain, type StrainRow } from '@/lib/strains/row';
export { toRow, upsertStrainRows, CURATED_SOURCES, type UpsertResult } from '@/lib/strains/upsert';

export async function getStrainBySlug(db: Queryable, slug: string): Promise<Strain | null> {
  const r = await db.query<StrainRow>(`SELECT ${STRAIN_COLUMNS} FROM strains s WHERE s.slug = $1`, [slug]);
  return r.rows[0] ? rowToStrain(r.rows[0]) : null;
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

export async function getStrainsByIds(db: Queryable, ids: string[]): Promise<Strain[]> {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (valid.length === 0) return [];
  const r = await db.query<StrainRow>(`SELECT ${STRAIN_COLUMNS} FROM strains s WHERE s.id = ANY($1::uuid[])`, [valid]);
  const byId = new Map(r.rows.map((row) => [row.id, rowToStrain(row)]));
  return valid.map((id) => byId.get(id)).filter((s): s is Strain => Boolean(s));
}

/** Insert or merge one strain by slug (highFamily computed from its terpenes). */
export async function upsertStrain(db: Queryable, input: StrainInput, source: string): Promise<UpsertResult> {
  const row = toRow(input, source);
  if (!row.name || !row.slug) throw new Error('A strain needs a name');
  const urls = input.sourceUrls?.length ? new Map([[row.slug, input.sourceUrls]]) : undefined;
  const [res] = await upsertStrainRows(db, [row], source, urls);
  return res;
}

/**
 * Add names to the universe of known strains (one statement for the whole list). Returns how
 * many names were new. A name already known gains the source; a catalog profile is never touched.
 */
export async function addToUniverse(db: Queryable, rows: { name: string; type?: string | null; source: string }[]): Promise<number> {
  const bySlug = new Map<string, { slug: string; name: string; canonical_name: string; type: string | null; source: string }>();
  for (const r of rows) {
    const name = String(r.name ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    const slug = slugify(name);
    if (!slug || name.length > 200) continue;
    const t = (r.type ?? '').trim().toLowerCase();
    bySlug.set(slug, { slug, name, canonical_name: canonicalName(name), type: ['indica', 'sativa', 'hybrid'].includes(t) ? t : null, source: r.source });
  }
  if (bySlug.size === 0) return 0;
  const r = await db.query<{ inserted: boolean }>(
    `INSERT INTO strain_universe (slug, name, canonical_name, type, sources, completeness)
     SELECT x.slug, x.name, x.canonical_name, x.type, ARRAY[x.source], CASE WHEN x.type IS NULL THEN 0 ELSE 0.1 END
     FROM jsonb_to_recordset($1::jsonb) AS x(slug text, name text, canonical_name text, type text, source text)
     ON CONFLICT (slug) DO UPDATE SET
       type = coalesce(strain_universe.type, EXCLUDED.type),
       sources = CASE WHEN EXCLUDED.sources[1] = ANY (strain_universe.sources) THEN strain_universe.sources
                      ELSE strain_universe.sources || EXCLUDED.sources END,
       completeness = CASE WHEN strain_universe.strain_id IS NULL THEN greatest(strain_universe.completeness, EXCLUDED.completeness)
                           ELSE strain_universe.completeness END,
       updated_at = now()
     RETURNING (xmax = 0) AS inserted`,
    [JSON.stringify([...bySlug.values()])],
  );
  return r.rows.filter((x) => x.inserted).length;
}

export interface UniverseRecord {
  name: string;
  slug: string;
  type: string | null;
  sources: string[];
  completeness: number;
  strainId: string | null;
}

export async function findUniverseByName(db: Queryable, name: string): Promise<UniverseRecord | null> {
  const r = await db.query<{ name: string; slug: string; type: string | null; sources: string[]; completeness: number; strain_id: string | null }>(
    `SELECT name, slug, type, sources, completeness, strain_id FROM strain_universe
     WHERE slug = $1 OR canonical_name = $2 ORDER BY (slug = $1) DESC LIMIT 1`,
    [slugify(name), canonicalName(name)],
  );
  const u = r.rows[0];
  return u ? { name: u.name, slug: u.slug, type: u.type, sources: u.sources ?? [], completeness: Number(u.completeness), strainId: u.strain_id } : null;
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

export { terpeneVector, effectVector, cosine };

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

// ---------- Popularity (the daily sync and POST /admin/backfill popularity) ----------

export interface PopularityUpdate {
  strains: number;
  withDemand: number;
  rebased: number;
  updated: number;
}

/**
 * popularity_score = min(100, base + points · ln(1 + a) / ln(1 + max a)), where a is the strain's
 * menu demand. The base is the score an import or seed supplied; when someone other than this job
 * changed the score, that becomes the new base. Three set-based statements whatever the catalog
 * size.
 */
export async function recomputePopularityScores(db: Queryable, demand: SlugDemand, points: number): Promise<PopularityUpdate> {
  const rebased = await db.query(
    `INSERT INTO strain_popularity (strain_id, base_score, computed_score)
     SELECT s.id, s.popularity_score, NULL FROM strains s
     ON CONFLICT (strain_id) DO UPDATE SET base_score = EXCLUDED.base_score, computed_score = NULL
       WHERE strain_popularity.computed_score IS DISTINCT FROM EXCLUDED.base_score
         AND strain_popularity.base_score IS DISTINCT FROM EXCLUDED.base_score`,
  );
  const counted = await db.query<{ strains: number; with_demand: number }>(
    `WITH d AS (SELECT * FROM unnest($1::text[], $2::int[]) AS d(slug, n)),
     counts AS (
       SELECT s.id, coalesce(d.n, 0)::int AS n FROM strains s LEFT JOIN d ON d.slug = s.slug
     ), upd AS (
       UPDATE strain_popularity sp SET menu_appearances = c.n, computed_at = now()
         FROM counts c WHERE sp.strain_id = c.id
       RETURNING c.n
     )
     SELECT count(*)::int AS strains, count(*) FILTER (WHERE n > 0)::int AS with_demand FROM upd`,
    [demand.slugs, demand.counts],
  );
  const updated = await db.query(
    `WITH m AS (SELECT greatest(max(menu_appearances), 1) AS mx FROM strain_popularity),
     calc AS (
       SELECT sp.strain_id,
              round(least(100, sp.base_score + $1::numeric * ln(1 + sp.menu_appearances) / ln(1 + m.mx))::numeric, 2) AS score
         FROM strain_popularity sp, m
     ), w AS (
       UPDATE strain_popularity sp SET computed_score = calc.score FROM calc WHERE sp.strain_id = calc.strain_id
     )
     UPDATE strains s SET popularity_score = calc.score, updated_at = now()
       FROM calc WHERE s.id = calc.strain_id AND s.popularity_score IS DISTINCT FROM calc.score`,
    [points],
  );
  const c = counted.rows[0];
  return { strains: Number(c?.strains ?? 0), withDemand: Number(c?.with_demand ?? 0), rebased: rebased.rowCount, updated: updated.rowCount };
}

// ---------- Derived columns (POST /admin/backfill) ----------

/** The columns the backfill jobs recompute, as stored (jsonb may arrive as text). */
export interface DerivedColumnsRow {
  id: string;
  slug: string;
  name: string;
  canonical_name: string;
  terpenes: Terpene[] | string | null;
  terpene_map: Record<string, number> | string | null;
  dominant_terpene: string | null;
  high_family: string | null;
}

export async function loadDerivedColumns(db: Queryable): Promise<DerivedColumnsRow[]> {
  const r = await db.query<DerivedColumnsRow>(`SELECT id, slug, name, canonical_name, terpenes, terpene_map, dominant_terpene, high_family FROM strains ORDER BY id`);
  return r.rows;
}

/** Rows updated. */
export function updateHighFamilies(db: Queryable, changes: Array<{ id: string; hf: string | null }>): Promise<number> {
  return updateInChunks(db, `UPDATE strains s SET high_family = x.hf, updated_at = now() FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, hf text) WHERE s.id = x.id`, changes);
}

/** Rows updated. */
export function updateSlugColumns(db: Queryable, changes: Array<{ id: string; slug: string; canonical: string }>): Promise<number> {
  return updateInChunks(
    db,
    `UPDATE strains s SET slug = x.slug, canonical_name = x.canonical, updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, slug text, canonical text) WHERE s.id = x.id`,
    changes,
  );
}

/** Rows updated. */
export function updateSearchColumns(db: Queryable, changes: Array<{ id: string; canonical: string; map: Record<string, number>; dominant: string | null }>): Promise<number> {
  return updateInChunks(
    db,
    `UPDATE strains s SET canonical_name = x.canonical, terpene_map = x.map, dominant_terpene = x.dominant, updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, canonical text, map jsonb, dominant text) WHERE s.id = x.id`,
    changes,
  );
}

/** Touch every strain without its own name row, so the catalog's trigger re-syncs its names; rows touched. */
export async function resyncMissingNames(db: Queryable): Promise<number> {
  const r = await db.query(
    `UPDATE strains s SET updated_at = now()
      WHERE NOT EXISTS (SELECT 1 FROM strain_names n WHERE n.strain_id = s.id AND NOT n.is_alias)`,
  );
  return r.rowCount;
}
