import type { Queryable } from '@/lib/db';
import { menuDemandBySlug } from '@/lib/shopping/repo';
import { recomputePopularityScores } from '@/lib/strains/repo';
import type { PopularityCounts } from '@/lib/admin/schemas';

/** Demand adds at most this many points to a strain's base score. */
export const DEMAND_POINTS = 15;
/** Menu scans newer than this count as demand. */
export const DEMAND_WINDOW_DAYS = 30;

/**
 * popularity_score = min(100, base + 15 · ln(1 + a) / ln(1 + max a)), where a is the number of
 * distinct dispensaries whose menu scans (last 30 days) matched the strain. The scan cache's
 * owner counts the demand; the catalog's owner rescores (lib/strains/repo.ts).
 */
export async function recomputePopularity(db: Queryable): Promise<PopularityCounts> {
  return recomputePopularityScores(db, await menuDemandBySlug(db, DEMAND_WINDOW_DAYS), DEMAND_POINTS);
}
