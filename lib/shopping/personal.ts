import type { Queryable } from '@/lib/db';
import { config } from '@/lib/config';
import { getStrainsByIds } from '@/lib/strains/repo';
import { normalizeProductName } from '@/lib/strains/match';
import { slugify } from '@/lib/strains/slug';
import { categoryMedians, resolveContext, tagProducts } from '@/lib/shopping/personalize';
import type { MatchedItem } from '@/lib/shopping/products';
import { recommend } from '@/lib/shopping/recommend';
import type { Product, ScanTaskOutput, UserContext } from '@/lib/shopping/schemas';

/**
 * DECISIONS §12: personal data never travels through the cache. The cached record holds the menu
 * (products with matches, discoveries, stats, screenshot) with `tags: []` and
 * `recommendations: []`; tags and recommendations are computed for each caller on every answer.
 */
export function withoutPersonalData(o: ScanTaskOutput): ScanTaskOutput {
  const strip = (p: Product): Product => ({ ...p, tags: [] });
  return {
    ...o,
    products: o.products.map(strip),
    matchedProducts: o.matchedProducts.map(strip),
    unmatchedProducts: o.unmatchedProducts.map(strip),
    recommendations: [],
  };
}

/** A cached scan personalised for this caller: tags and recommendations from their own context only. */
export async function personalizeCached(db: Queryable, output: ScanTaskOutput, userContext: UserContext | undefined, signal?: AbortSignal): Promise<ScanTaskOutput> {
  const base = withoutPersonalData(output);
  if (base.products.length === 0) return base;
  const ids = [...new Set(base.products.map((p) => p.strainId).filter((x): x is string => Boolean(x)))];
  const strains = new Map((await getStrainsByIds(db, ids)).map((s) => [s.id, s]));
  const items: MatchedItem[] = base.products.map((p) => {
    const strain = p.strainId ? (strains.get(p.strainId) ?? null) : null;
    return { product: { ...p, tags: [] }, strain, key: strain?.slug ?? p.strainSlug ?? slugify(normalizeProductName(p.rawName, { brand: p.brand ?? null })) };
  });
  const ctx = await resolveContext(db, userContext);
  const similar = tagProducts(items, ctx);
  const recommendations = await recommend(items, ctx, { similar, medians: categoryMedians(items), limit: config().tasks.scanRecommendations, signal });
  const products = items.map((i) => i.product);
  return { ...base, products, matchedProducts: products.filter((p) => p.matched), unmatchedProducts: products.filter((p) => !p.matched), recommendations };
}
