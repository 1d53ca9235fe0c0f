/**
 * What a completed scan tells about a dispensary: only facts of its menu. The type is built field
 * by field from the scan's products, so nothing of the caller (user id, user context,
 * personalised tags, recommendations, discoveries) can reach the dispensary row.
 */
export interface DispensaryScanSummary {
  domain: string;
  name: string;
  menuUrls: string[];
  scannedAt: string;
  products: Array<{ category: string; matched: boolean; strainSlug: string | null; strainName: string | null; pricePerGram: number | null }>;
}

interface ProductLike {
  category: string;
  matched: boolean;
  strainSlug: string | null;
  strainName: string | null;
  pricePerGram?: number | null;
}

/** Pick the menu facts out of a scan's input and output (the pipeline's one-line hook). */
export function dispensaryScanSummary(
  input: { websiteDomain: string; dispensaryName: string; menuUrls: string[] },
  output: { scannedAt: string; products: ProductLike[] },
): DispensaryScanSummary {
  return {
    domain: input.websiteDomain,
    name: input.dispensaryName,
    menuUrls: [...input.menuUrls],
    scannedAt: output.scannedAt,
    products: output.products.map((p) => ({
      category: p.category,
      matched: p.matched === true,
      strainSlug: p.strainSlug ?? null,
      strainName: p.strainName ?? null,
      pricePerGram: typeof p.pricePerGram === 'number' && Number.isFinite(p.pricePerGram) && p.pricePerGram > 0 ? p.pricePerGram : null,
    })),
  };
}

export function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export interface ScanFacts {
  productsCount: number;
  matchedCount: number;
  categories: string[];
  topStrains: Array<{ slug: string; name: string; count: number }>;
  medianPricePerGram: Record<string, number>;
  strainSlugs: string[];
}

/** Counts, categories, the ten most listed strains and the median price per gram by category. */
export function scanFacts(s: DispensaryScanSummary): ScanFacts {
  const byStrain = new Map<string, { slug: string; name: string; count: number }>();
  const prices = new Map<string, number[]>();
  const categories = new Set<string>();
  let matched = 0;
  for (const p of s.products) {
    categories.add(p.category);
    if (p.matched && p.strainSlug) {
      matched++;
      const e = byStrain.get(p.strainSlug) ?? { slug: p.strainSlug, name: p.strainName ?? p.strainSlug, count: 0 };
      e.count++;
      byStrain.set(p.strainSlug, e);
    } else if (p.matched) matched++;
    if (p.pricePerGram !== null) prices.set(p.category, [...(prices.get(p.category) ?? []), p.pricePerGram]);
  }
  const medianPricePerGram: Record<string, number> = {};
  for (const [c, xs] of [...prices.entries()].sort((a, b) => a[0].localeCompare(b[0]))) medianPricePerGram[c] = Math.round((median(xs) ?? 0) * 100) / 100;
  const ranked = [...byStrain.values()].sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
  return {
    productsCount: s.products.length,
    matchedCount: matched,
    categories: [...categories].sort(),
    topStrains: ranked.slice(0, 10),
    medianPricePerGram,
    strainSlugs: ranked.map((r) => r.slug),
  };
}
