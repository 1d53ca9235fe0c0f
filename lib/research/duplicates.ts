import type { Queryable } from '@/lib/db';
import { matchProducts } from '@/lib/strains/match';

/** docs/contract.md §7: a catalog name counts as the same strain at trigram similarity ≥ 0.8. */
export const DUPLICATE_SIMILARITY = 0.8;

export interface CatalogDuplicate {
  slug: string;
  name: string;
  pass: 'exact' | 'slug' | 'trigram';
  similarity: number | null;
}

/** The catalog strain a submitted name already names (exact name or alias, slug, trigram ≥ 0.8). */
export async function findCatalogDuplicate(db: Queryable, name: string): Promise<CatalogDuplicate | null> {
  const [m] = await matchProducts(db, [{ name, category: 'Flower' }]);
  if (!m?.strain || !m.pass) return null;
  if (m.pass === 'trigram' && (m.similarity ?? 0) < DUPLICATE_SIMILARITY) return null;
  return { slug: m.strain.slug, name: m.strain.name, pass: m.pass, similarity: m.similarity };
}
