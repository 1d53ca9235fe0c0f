/**
 * The catalog's batch writes: the popularity score from menu demand (the daily sync and POST
 * /admin/backfill popularity) and the derived columns the backfill jobs recompute.
 */
import type { Queryable } from '@/lib/db';
import { updateInChunks } from '@/lib/db/batch';
import type { SlugDemand } from '@/lib/strains/repo/reads';
import type { Terpene } from '@/lib/strains/types';

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
