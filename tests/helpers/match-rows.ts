import { ready } from '@/lib/bootstrap';
import { matchProducts, type MatchInput } from '@/lib/strains/match';

/** A matching table row: the product, the strain it should match (or none) and the confidence. */
export type MatchRow = [MatchInput, string | null, 'high' | 'medium' | null];

/** Match a whole menu at once (so menu-level rules see every item) and keep each answer's strain and confidence. */
export async function menuAnswers(menu: MatchInput[]): Promise<{ strain: string | null; confidence: string | null }[]> {
  const res = await matchProducts(await ready(), menu);
  return res.map((r) => ({ strain: r.strain?.name ?? null, confidence: r.confidence }));
}
