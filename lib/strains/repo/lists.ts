/**
 * The catalog's paged lists (filters, by type, by terpene, popularity, provenance), its name
 * search and its statistics: the SQL behind the list routes, whose checks live in
 * lib/strains/service.ts.
 */
import type { Queryable } from '@/lib/db';
import { rowToStrain, STRAIN_COLUMNS, type StrainRow } from '@/lib/strains/repo/row';
import type { Strain, StrainType } from '@/lib/strains/types';
import type { z } from 'zod';
import type { CatalogStatsSchema } from '@/lib/strains/schemas';

export type CatalogStats = z.output<typeof CatalogStatsSchema>;

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/** A list's filters, already checked and normalised (terpenes by their catalog names). */
export interface StrainFilter {
  type?: StrainType;
  terpenes: string[];
  effects: string[];
  aromas: string[];
  minThc?: number;
  maxThc?: number;
  sort?: 'popularity' | 'name' | 'thc';
  order?: 'asc' | 'desc';
}

async function pageOf(
  db: Queryable,
  where: string[],
  params: unknown[],
  orderBy: string,
  limit: number,
  offset: number,
  extraCols = '',
): Promise<Page<Strain & { share?: number | null }>> {
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  params.push(limit, offset);
  const r = await db.query<StrainRow & { total: number; share?: number | null }>(
    `SELECT ${STRAIN_COLUMNS}${extraCols}, count(*) OVER () AS total FROM strains s ${w}
     ORDER BY ${orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let total = Number(r.rows[0]?.total ?? 0);
  if (r.rows.length === 0 && offset > 0) {
    // Past the end: the window function saw no rows, so count separately for honest meta.
    const c = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM strains s ${w}`, params.slice(0, -2));
    total = Number(c.rows[0]?.n ?? 0);
  }
  return {
    items: r.rows.map((row): Strain & { share?: number | null } =>
      row.share !== undefined ? { ...rowToStrain(row), share: row.share === null ? null : Number(row.share) } : rowToStrain(row),
    ),
    total,
    limit,
    offset,
  };
}

export async function filteredStrains(db: Queryable, f: StrainFilter, limit: number, offset: number): Promise<Page<Strain>> {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => (params.push(v), `$${params.length}`);
  if (f.type) where.push(`s.type = ${p(f.type)}`);
  for (const name of f.terpenes) where.push(`(s.terpene_map ? ${p(name)} OR s.dominant_terpene = $${params.length})`);
  if (f.effects.length) where.push(`s.effects @> ${p(f.effects)}::text[]`);
  if (f.aromas.length) where.push(`s.aromas @> ${p(f.aromas)}::text[]`);
  if (f.minThc !== undefined) where.push(`s.thc >= ${p(f.minThc)}`);
  if (f.maxThc !== undefined) where.push(`s.thc <= ${p(f.maxThc)}`);
  const dir = (d: 'asc' | 'desc') => (f.order ?? d).toUpperCase();
  const orderBy =
    f.sort === 'name'
      ? `s.canonical_name COLLATE "C" ${dir('asc')}, s.slug`
      : f.sort === 'thc'
        ? `s.thc ${dir('desc')} NULLS LAST, s.popularity_score DESC, s.slug`
        : `s.popularity_score ${dir('desc')}, s.name, s.slug`;
  return pageOf(db, where, params, orderBy, limit, offset);
}

/** Strains of one (checked) type, most popular first. */
export function strainPageByType(db: Queryable, type: StrainType, limit: number, offset: number): Promise<Page<Strain>> {
  return pageOf(db, ['s.type = $1'], [type], 's.popularity_score DESC, s.name, s.slug', limit, offset);
}

/** Strains carrying a (catalog-named) terpene, largest share first; strains known only to be led by it follow. */
export async function strainPageByTerpene(
  db: Queryable,
  terpene: string,
  opts: { minPct?: number; limit: number; offset: number },
): Promise<Page<Strain & { share: number | null }>> {
  const where = opts.minPct !== undefined ? [`(s.terpene_map ->> $1)::numeric >= $2`] : [`(s.terpene_map ? $1 OR s.dominant_terpene = $1)`];
  const params: unknown[] = opts.minPct !== undefined ? [terpene, opts.minPct] : [terpene];
  const page = await pageOf(
    db,
    where,
    params,
    `(s.terpene_map ->> $1)::numeric DESC NULLS LAST, (s.dominant_terpene = $1) DESC, s.popularity_score DESC, s.slug`,
    opts.limit,
    opts.offset,
    `, (s.terpene_map ->> $1)::numeric AS share`,
  );
  return { ...page, items: page.items.map((s) => ({ ...s, share: s.share ?? null })) };
}

export async function popularStrains(db: Queryable, limit: number, offset: number): Promise<Page<Strain>> {
  return pageOf(db, [], [], 's.popularity_score DESC, s.name, s.slug', limit, offset);
}

export interface PopularityEntry {
  rank: number;
  slug: string;
  name: string;
  type: string | null;
  popularityScore: number;
  highFamily: string | null;
}

export async function popularityRanking(db: Queryable, limit: number, offset: number): Promise<Page<PopularityEntry>> {
  const r = await db.query<{ rank: number; slug: string; name: string; type: string | null; popularity_score: number; high_family: string | null; total: number }>(
    `SELECT rank() OVER (ORDER BY popularity_score DESC)::int AS rank, slug, name, type, popularity_score, high_family, count(*) OVER () AS total
     FROM strains ORDER BY popularity_score DESC, name, slug LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  const total = r.rows[0] ? Number(r.rows[0].total) : await countStrains(db);
  return {
    items: r.rows.map((x) => ({ rank: Number(x.rank), slug: x.slug, name: x.name, type: x.type, popularityScore: Number(x.popularity_score), highFamily: x.high_family })),
    total,
    limit,
    offset,
  };
}

async function countStrains(db: Queryable): Promise<number> {
  const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM strains');
  return Number(r.rows[0]?.n ?? 0);
}

export interface SourceEntry {
  slug: string;
  name: string;
  sourceCount: number;
  sources: { source: string; url: string | null; domain: string | null }[];
}

export async function strainsBySources(db: Queryable, limit: number, offset: number): Promise<Page<SourceEntry>> {
  const r = await db.query<{ slug: string; name: string; n: number; sources: SourceEntry['sources']; total: number }>(
    `SELECT s.slug, s.name, count(ss.id)::int AS n,
            coalesce(jsonb_agg(jsonb_build_object('source', ss.source, 'url', ss.url, 'domain', ss.domain) ORDER BY ss.source, ss.url)
                     FILTER (WHERE ss.id IS NOT NULL), '[]'::jsonb) AS sources,
            count(*) OVER () AS total
     FROM strains s LEFT JOIN strain_sources ss ON ss.strain_id = s.id
     GROUP BY s.id ORDER BY n DESC, s.popularity_score DESC, s.slug LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  const total = r.rows[0] ? Number(r.rows[0].total) : await countStrains(db);
  return {
    items: r.rows.map((x) => ({ slug: x.slug, name: x.name, sourceCount: Number(x.n), sources: typeof x.sources === 'string' ? JSON.parse(x.sources) : x.sources })),
    total,
    limit,
    offset,
  };
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Search for a canonical term (not empty), ranked by exact name, exact alias, prefix, word
 * prefix, substring and trigram similarity, popularity breaking ties.
 */
export async function strainsMatchingTerm(db: Queryable, term: string, limit: number): Promise<Page<Strain & { score: number }>> {
  // One statement outside any transaction: strain_name_hits carries the trigram threshold itself
  // (supabase/migrations/20261125070000_strain_search_function.sql).
  const r = await db.query<StrainRow & { score: number; total: number }>(
    `SELECT ${STRAIN_COLUMNS}, round((h.score + s.popularity_score / 50)::numeric, 3) AS score, count(*) OVER () AS total
     FROM strain_name_hits($1, $2) h JOIN strains s ON s.id = h.strain_id
     ORDER BY h.score + s.popularity_score / 50 DESC, s.name LIMIT $3`,
    [term, likeEscape(term), limit],
  );
  return { items: r.rows.map((row) => ({ ...rowToStrain(row), score: Number(row.score) })), total: Number(r.rows[0]?.total ?? 0), limit, offset: 0 };
}

/** The catalog's figures for GET /strains/stats/count, in one statement (without `generatedAt`). */
export async function readCatalogStats(db: Queryable): Promise<Omit<CatalogStats, 'generatedAt'>> {
  const r = await db.query<{ stats: Record<string, unknown> | string }>(
    `SELECT jsonb_build_object(
       'total', (SELECT count(*) FROM strains),
       'byType', (SELECT jsonb_object_agg(coalesce(type, 'unknown'), n) FROM (SELECT type, count(*) AS n FROM strains GROUP BY type) t),
       'withTerpeneProfile', (SELECT count(*) FROM strains WHERE jsonb_array_length(terpenes) > 0),
       'withDominantTerpene', (SELECT count(*) FROM strains WHERE dominant_terpene IS NOT NULL),
       'byHighFamily', (SELECT coalesce(jsonb_object_agg(high_family, n), '{}'::jsonb) FROM (SELECT high_family, count(*) AS n FROM strains WHERE high_family IS NOT NULL GROUP BY high_family) f),
       'universe', jsonb_build_object('total', (SELECT count(*) FROM strain_universe), 'profiled', (SELECT count(*) FROM strain_universe WHERE strain_id IS NOT NULL),
                                      'averageCompleteness', (SELECT coalesce(round(avg(completeness), 3), 0) FROM strain_universe)),
       'sources', jsonb_build_object(
         'total', (SELECT count(*) FROM strain_sources),
         'urls', (SELECT count(*) FROM strain_sources WHERE url IS NOT NULL),
         'strainsWithUrls', (SELECT count(DISTINCT strain_id) FROM strain_sources WHERE url IS NOT NULL),
         'byDomain', (SELECT coalesce(jsonb_object_agg(domain, n), '{}'::jsonb) FROM (SELECT domain, count(*) AS n FROM strain_sources WHERE domain IS NOT NULL GROUP BY domain) d),
         'bySource', (SELECT coalesce(jsonb_object_agg(source, n), '{}'::jsonb) FROM (SELECT source, count(DISTINCT strain_id) AS n FROM strain_sources GROUP BY source) b))
     ) AS stats`,
  );
  const raw = r.rows[0].stats;
  return (typeof raw === 'string' ? JSON.parse(raw) : raw) as Omit<CatalogStats, 'generatedAt'>;
}
