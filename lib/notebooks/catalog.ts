/** The analysis' catalog port over the real catalog (lib/strains) and the database. */
import type { Queryable } from '@/lib/db';
import { matchProducts } from '@/lib/strains/match';
import { catalogTerpeneAverages, similarStrains } from '@/lib/strains/repo';
import type { CatalogPort } from '@/lib/notebooks/analysis';

export function dbCatalog(db: Queryable): CatalogPort {
  let averages: Promise<Record<string, number>> | undefined;
  return {
    async match(names) {
      const results = await matchProducts(db, names);
      return results.map((r) => ({ strain: r.strain, confidence: r.confidence }));
    },
    // One query per analysis at most; the averages do not change within a request.
    terpeneAverages: () => (averages ??= catalogTerpeneAverages(db)),
    similar: (profile, limit) => similarStrains(db, profile, limit),
  };
}
