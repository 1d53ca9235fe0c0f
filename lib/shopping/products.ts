import type { Queryable } from '@/lib/db';
import { enqueueResearch } from '@/lib/research/queue';
import type { ScrapedProduct } from '@/lib/scrape/types';
import { matchProducts, normalizeProductName, productKind, type MatchResult } from '@/lib/strains/match';
import { slugify } from '@/lib/strains/slug';
import type { Strain } from '@/lib/strains/types';
import type { Discovery, Product } from '@/lib/shopping/schemas';

/** A menu product with its match, before tags (the strain is kept for personalisation). */
export interface MatchedItem {
  product: Product;
  strain: Strain | null;
  /** Identity for comparing with the user's lists: the strain slug, else the slug of the cleaned name. */
  key: string;
}

function titleCase(s: string): string {
  return s.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

export function pricePerGram(p: Pick<ScrapedProduct, 'priceValue' | 'weightGrams'>): number | null {
  if (p.priceValue === null || p.weightGrams === null || p.weightGrams <= 0 || p.priceValue <= 0) return null;
  return Math.round((p.priceValue / p.weightGrams) * 100) / 100;
}

export function toProduct(s: ScrapedProduct, m: MatchResult | null): Product {
  const strain = m?.strain ?? null;
  const cleaned = normalizeProductName(s.rawName, { brand: s.brand });
  return {
    rawName: s.rawName,
    displayName: strain?.name ?? (cleaned ? titleCase(cleaned) : s.rawName.trim()),
    category: s.category,
    price: s.price,
    regularPrice: s.regularPrice ?? null,
    matched: strain !== null,
    matchConfidence: strain ? (m?.confidence ?? null) : null,
    strainId: strain?.id ?? null,
    strainSlug: strain?.slug ?? null,
    strainName: strain?.name ?? null,
    highFamily: strain?.highFamily ?? null,
    tags: [],
    brand: s.brand,
    priceValue: s.priceValue,
    weightGrams: s.weightGrams,
    pricePerGram: pricePerGram(s),
    thcPct: s.thcPct,
    cbdPct: s.cbdPct,
    strainType: s.strainType ?? strain?.type ?? null,
    url: s.url,
  };
}

/** Every product through the catalog matcher in one set-based call (one statement per pass). */
export async function matchMenu(db: Queryable, scraped: ScrapedProduct[]): Promise<MatchedItem[]> {
  const results = await matchProducts(
    db,
    scraped.map((s) => ({ name: s.rawName, category: s.category, brand: s.brand })),
  );
  return scraped.map((s, i) => {
    const m = results[i] ?? null;
    const product = toProduct(s, m);
    const strain = m?.strain ?? null;
    return { product, strain, key: strain?.slug ?? slugify(m?.cleaned || normalizeProductName(s.rawName, { brand: s.brand })) };
  });
}

/** Unmatched products that name a strain: flower and pre-rolls whose cleaned name is a plausible strain name. */
export function isFlowerLike(p: Product): boolean {
  if (p.matched || (p.category !== 'Flower' && p.category !== 'Pre-Roll')) return false;
  if (productKind(p.category, p.rawName) !== 'strain') return false;
  const cleaned = normalizeProductName(p.rawName, { brand: p.brand ?? null });
  return /\p{L}.*\p{L}/u.test(cleaned);
}

/**
 * Queue each unmatched flower-like product for research once (the queue itself refuses a name
 * that is already open) and report every unmatched product as a discovery.
 */
export async function queueUnmatched(db: Queryable, unmatched: Product[], ctx: { domain: string; dispensaryName: string; runId: string | null }): Promise<Discovery[]> {
  const flower = unmatched.filter(isFlowerLike);
  const names = new Map<string, Product>();
  for (const p of flower) {
    const name = titleCase(normalizeProductName(p.rawName, { brand: p.brand ?? null }));
    if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), { ...p, displayName: name });
  }
  const queued = new Set<string>();
  if (names.size) {
    const entries = [...names.entries()];
    const res = await enqueueResearch(
      db,
      entries.map(([, p]) => ({
        name: p.displayName,
        source: 'menu-scan' as const,
        metadata: { domain: ctx.domain, dispensaryName: ctx.dispensaryName, rawName: p.rawName, category: p.category, runId: ctx.runId },
      })),
    );
    // Results come back in input order.
    res.forEach((r, i) => {
      if (r.queued || r.alreadyQueued) queued.add(entries[i][0]);
    });
  }
  return unmatched.map((p) => {
    const name = titleCase(normalizeProductName(p.rawName, { brand: p.brand ?? null })).toLowerCase();
    return { rawName: p.rawName, category: p.category, price: p.price, queued: isFlowerLike(p) && queued.has(name) };
  });
}
