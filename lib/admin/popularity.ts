import type { Queryable } from '../db';
import type { PopularityCounts } from './schemas';

/** Demand adds at most this many points to a strain's base score. */
export const DEMAND_POINTS = 15;
/** Menu scans newer than this count as demand. */
export const DEMAND_WINDOW_DAYS = 30;

/**
 * popularity_score = min(100, base + 15 · ln(1 + a) / ln(1 + max a)), where a is the number of
 * distinct dispensaries whose menu scans (last 30 days) matched the strain. The base is the score
 * an import or seed supplied; when someone other than this job changed the score, that becomes
 * the new base. Three set-based statements whatever the catalog size.
 */
export async function recomputePopularity(db: Queryable): Promise<PopularityCounts> {
  const rebased = await db.query(
    `INSERT INTO strain_popularity (strain_id, base_score, computed_score)
     SELECT s.id, s.popularity_score, NULL FROM strains s
     ON CONFLICT (strain_id) DO UPDATE SET base_score = EXCLUDED.base_score, computed_score = NULL
       WHERE strain_popularity.computed_score IS DISTINCT FROM EXCLUDED.base_score
         AND strain_popularity.base_score IS DISTINCT FROM EXCLUDED.base_score`,
  );
  const demand = await db.query<{ strains: number; with_demand: number }>(
    `WITH products AS (
       SELECT c.website_domain, p->>'strainSlug' AS slug
         FROM scan_cache c,
              jsonb_array_elements(CASE WHEN jsonb_typeof(c.scan_results->'products') = 'array' THEN c.scan_results->'products' ELSE '[]'::jsonb END) p
        WHERE c.scanned_at > now() - ($1::int * interval '1 day') AND p->>'strainSlug' IS NOT NULL
     ), counts AS (
       SELECT s.id, count(DISTINCT pr.website_domain)::int AS n
         FROM strains s LEFT JOIN products pr ON pr.slug = s.slug GROUP BY s.id
     ), upd AS (
       UPDATE strain_popularity sp SET menu_appearances = c.n, computed_at = now()
         FROM counts c WHERE sp.strain_id = c.id
       RETURNING c.n
     )
     SELECT count(*)::int AS strains, count(*) FILTER (WHERE n > 0)::int AS with_demand FROM upd`,
    [DEMAND_WINDOW_DAYS],
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
    [DEMAND_POINTS],
  );
  const d = demand.rows[0];
  return { strains: Number(d?.strains ?? 0), withDemand: Number(d?.with_demand ?? 0), rebased: rebased.rowCount, updated: updated.rowCount };
}
