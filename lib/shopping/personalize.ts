import type { Queryable } from '@/lib/db';
import { matchProducts, normalizeProductName } from '@/lib/strains/match';
import { cosine, terpeneVector } from '@/lib/strains/recommend-vector';
import { getStrainsBySlugs } from '@/lib/strains/repo';
import { slugify } from '@/lib/strains/slug';
import type { Strain } from '@/lib/strains/types';
import type { MatchedItem } from '@/lib/shopping/products';
import type { ProductTag, UserContext } from '@/lib/shopping/schemas';

/** The user's lists reduced to strain keys (slug when known, else the slug of the cleaned name). */
export interface ResolvedContext {
  favorites: Map<string, string>;
  stashLow: Map<string, number>;
  /** Recent orders and everything in the stash: what the user has bought. */
  bought: Set<string>;
  ordered: Set<string>;
  disliked: Set<string>;
  favoriteStrains: Strain[];
  preferences: NonNullable<UserContext['preferences']> | null;
}

export const RUNNING_LOW_GRAMS = 3.5;
export const SIMILAR_COSINE = 0.9;
export const GREAT_DEAL_DISCOUNT = 0.2;

/** Resolve every named strain in the context with one matcher call and one strain lookup. */
export async function resolveContext(db: Queryable, uc: UserContext | undefined): Promise<ResolvedContext> {
  const entries: Array<{ list: 'fav' | 'stash' | 'order' | 'dislike'; name: string; slug: string | null; grams: number | null }> = [];
  for (const f of uc?.favorites ?? []) entries.push({ list: 'fav', name: f.name, slug: f.slug ?? null, grams: null });
  for (const s of uc?.stashItems ?? []) entries.push({ list: 'stash', name: s.name, slug: s.slug ?? null, grams: s.remainingGrams ?? null });
  for (const o of uc?.recentOrders ?? []) entries.push({ list: 'order', name: o.name, slug: o.slug ?? null, grams: null });
  for (const d of uc?.dislikes ?? []) entries.push({ list: 'dislike', name: d.name, slug: d.slug ?? null, grams: null });

  const unresolved = entries.filter((e) => !e.slug);
  const matched = unresolved.length
    ? await matchProducts(
        db,
        unresolved.map((e) => e.name),
      )
    : [];
  const keyOf = new Map<(typeof entries)[number], string>();
  unresolved.forEach((e, i) => keyOf.set(e, matched[i]?.strain?.slug ?? slugify(normalizeProductName(e.name) || e.name)));
  for (const e of entries) if (e.slug) keyOf.set(e, e.slug.toLowerCase());

  const ctx: ResolvedContext = {
    favorites: new Map(),
    stashLow: new Map(),
    bought: new Set(),
    ordered: new Set(),
    disliked: new Set(),
    favoriteStrains: [],
    preferences: uc?.preferences ?? null,
  };
  for (const e of entries) {
    const k = keyOf.get(e)!;
    if (!k) continue;
    if (e.list === 'fav') ctx.favorites.set(k, e.name);
    if (e.list === 'stash' && e.grams !== null && e.grams < RUNNING_LOW_GRAMS) ctx.stashLow.set(k, e.grams);
    if (e.list === 'stash') ctx.bought.add(k);
    if (e.list === 'order') {
      ctx.bought.add(k);
      ctx.ordered.add(k);
    }
    if (e.list === 'dislike') ctx.disliked.add(k);
  }
  if (ctx.favorites.size) {
    ctx.favoriteStrains = await getStrainsBySlugs(db, [...ctx.favorites.keys()]);
  }
  return ctx;
}

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Median price per gram per category (a category needs three priced products to have one). */
export function categoryMedians(items: MatchedItem[]): Map<string, number> {
  const by = new Map<string, number[]>();
  for (const { product } of items) {
    if (product.pricePerGram == null) continue;
    by.set(product.category, [...(by.get(product.category) ?? []), product.pricePerGram]);
  }
  const out = new Map<string, number>();
  for (const [c, xs] of by) if (xs.length >= 3) out.set(c, median(xs)!);
  return out;
}

function inRange(v: number | null | undefined, r: { min?: number | null; max?: number | null } | null | undefined): boolean | null {
  if (!r || (r.min == null && r.max == null)) return null; // not given
  if (v == null) return false;
  return (r.min == null || v >= r.min) && (r.max == null || v <= r.max);
}

const catKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/s$/, '');

/** Every given preference holds for the product (type, THC range, budget, category); false when none is given. */
export function matchesPreferences(item: MatchedItem, prefs: ResolvedContext['preferences']): boolean {
  if (!prefs) return false;
  const checks: boolean[] = [];
  const p = item.product;
  if (prefs.preferredTypes?.length) {
    const t = (p.strainType ?? item.strain?.type ?? '').toLowerCase();
    checks.push(prefs.preferredTypes.some((x) => x.toLowerCase() === t));
  }
  const thc = inRange(p.thcPct ?? item.strain?.thc ?? null, prefs.thcRange);
  if (thc !== null) checks.push(thc);
  const budget = inRange(p.priceValue ?? null, prefs.budgetRange);
  if (budget !== null) checks.push(budget);
  if (prefs.preferredCategories?.length) checks.push(prefs.preferredCategories.some((c) => catKey(c) === catKey(p.category)));
  return checks.length > 0 && checks.every(Boolean);
}

function similarToFavorite(item: MatchedItem, ctx: ResolvedContext): Strain | null {
  const s = item.strain;
  if (!s) return null;
  const v = terpeneVector(s.terpenes);
  for (const f of ctx.favoriteStrains) {
    if (f.slug === s.slug) continue;
    if (s.highFamily && f.highFamily && s.highFamily === f.highFamily) return f;
    if (Object.keys(v).length && cosine(v, terpeneVector(f.terpenes)) >= SIMILAR_COSINE) return f;
  }
  return null;
}

/** The tags of docs/contract.md §6, set on each product in place. Returns the favourite each similar product resembles. */
export function tagProducts(items: MatchedItem[], ctx: ResolvedContext): Map<MatchedItem, Strain> {
  const medians = categoryMedians(items);
  const similar = new Map<MatchedItem, Strain>();
  for (const it of items) {
    const tags: ProductTag[] = [];
    const isFav = ctx.favorites.has(it.key);
    if (isFav) tags.push('favorite_in_stock');
    if (ctx.stashLow.has(it.key)) tags.push('running_low');
    if (ctx.ordered.has(it.key)) tags.push('bought_before');
    const sim = similarToFavorite(it, ctx);
    if (sim) {
      tags.push('similar_to_favorite');
      similar.set(it, sim);
    }
    if (matchesPreferences(it, ctx.preferences)) tags.push('matches_preferences');
    // Never bought: not in recent orders and not in the stash.
    if (!ctx.bought.has(it.key) && !isFav && !ctx.disliked.has(it.key)) tags.push('new_discovery');
    const med = medians.get(it.product.category);
    if (med && it.product.pricePerGram != null && it.product.pricePerGram <= med * (1 - GREAT_DEAL_DISCOUNT)) tags.push('great_deal');
    it.product.tags = tags;
  }
  return similar;
}
