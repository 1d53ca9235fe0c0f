import type { LanguageModelV3 } from '@ai-sdk/provider';
import { generateObject } from 'ai';
import { z } from 'zod';
import { resolveAiProvider, textModel } from '@/lib/ai/provider';
import { logger } from '@/lib/log';
import type { Strain } from '@/lib/strains/types';
import type { ResolvedContext } from '@/lib/shopping/personalize';
import type { MatchedItem } from '@/lib/shopping/products';
import type { ProductTag, Recommendation } from '@/lib/shopping/schemas';

const WEIGHTS: Record<ProductTag, number> = {
  favorite_in_stock: 8,
  running_low: 6,
  similar_to_favorite: 3,
  matches_preferences: 3,
  great_deal: 2,
  bought_before: 1,
  new_discovery: 0.5,
};
const CONFIDENCE_BONUS = { high: 1, medium: 0.5, low: 0 } as const;

export function scoreOf(it: MatchedItem): number {
  let s = it.product.tags.reduce((a, t) => a + WEIGHTS[t], 0);
  if (it.product.matchConfidence) s += CONFIDENCE_BONUS[it.product.matchConfidence];
  if (it.strain) s += Math.min(1, it.strain.popularityScore / 100);
  return s;
}

function pct(n: number): string {
  return `${Math.round(n * 100)}%`;
}

/** A plain-language sentence from the product's tags (what made it rank). */
export function reasonFor(it: MatchedItem, ctx: ResolvedContext, similarTo: Strain | undefined, median: number | undefined): string {
  const p = it.product;
  const name = p.strainName ?? p.displayName;
  const parts: string[] = [];
  if (p.tags.includes('favorite_in_stock')) parts.push(`${name} is one of your favorites and it is in stock`);
  if (p.tags.includes('running_low')) parts.push(`you are running low on ${name} (${ctx.stashLow.get(it.key)} g left)`);
  if (p.tags.includes('similar_to_favorite') && similarTo) {
    parts.push(
      similarTo.highFamily && similarTo.highFamily === it.strain?.highFamily
        ? `it shares the ${similarTo.highFamily} profile of your favorite ${similarTo.name}`
        : `its terpene profile is close to your favorite ${similarTo.name}`,
    );
  }
  if (p.tags.includes('matches_preferences')) parts.push('it fits your type, potency, budget and category preferences');
  if (p.tags.includes('great_deal') && median && p.pricePerGram != null) {
    parts.push(`at $${p.pricePerGram.toFixed(2)}/g it is ${pct(1 - p.pricePerGram / median)} below this menu's median ${p.category.toLowerCase()} price`);
  }
  if (p.tags.includes('bought_before') && !p.tags.includes('favorite_in_stock')) parts.push('you have bought it before');
  if (!parts.length && p.tags.includes('new_discovery')) {
    parts.push(it.strain?.highFamily ? `a new ${it.strain.highFamily.toLowerCase()} strain for you to try` : 'something new for you to try');
  }
  if (!parts.length) parts.push(p.matched ? `${name} is a well-known strain on this menu` : 'available on this menu');
  const s = parts.join('; ');
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
}

/**
 * Ranked recommendations: the deterministic scorer orders the candidates (best product per
 * strain, disliked strains never), then a hosted model, when configured, may re-rank them and
 * rephrase reasons. A model failure keeps the scorer's order.
 */
export async function recommend(
  items: MatchedItem[],
  ctx: ResolvedContext,
  extra: {
    similar: Map<MatchedItem, Strain>;
    medians: Map<string, number>;
    limit: number;
    signal?: AbortSignal;
    /** Re-ranking model; default: the configured text model unless the provider is `local`. */
    model?: LanguageModelV3 | null;
  },
): Promise<Recommendation[]> {
  const best = new Map<string, { it: MatchedItem; score: number }>();
  for (const it of items) {
    if (ctx.disliked.has(it.key)) continue;
    if (!it.product.matched && !it.product.tags.some((t) => t !== 'new_discovery')) continue;
    const score = scoreOf(it);
    const prev = best.get(it.key);
    const ppg = (x: MatchedItem) => x.product.pricePerGram ?? Infinity;
    if (!prev || score > prev.score || (score === prev.score && ppg(it) < ppg(prev.it))) best.set(it.key, { it, score });
  }
  const ranked = [...best.values()].sort(
    (a, b) =>
      b.score - a.score || (a.it.product.pricePerGram ?? Infinity) - (b.it.product.pricePerGram ?? Infinity) || a.it.product.displayName.localeCompare(b.it.product.displayName),
  );
  let top = ranked.slice(0, extra.limit).map(({ it }) => ({
    it,
    reason: reasonFor(it, ctx, extra.similar.get(it), extra.medians.get(it.product.category)),
  }));
  const model = extra.model !== undefined ? extra.model : resolveAiProvider().name !== 'local' ? textModel() : null;
  if (top.length > 1 && model) top = await modelRerank(model, top, extra.signal);
  return top.map(({ it, reason }, i) => ({ product: it.product, reason, rank: i + 1 }));
}

const Rerank = z.object({ order: z.array(z.object({ index: z.number().int(), reason: z.string().min(5).max(300) })) });

async function modelRerank<T extends { it: MatchedItem; reason: string }>(model: LanguageModelV3, top: T[], signal?: AbortSignal): Promise<T[]> {
  try {
    const { object } = await generateObject({
      model,
      schema: Rerank,
      abortSignal: signal,
      prompt:
        'Re-rank these dispensary menu picks for the shopper (best first) and give each a one-sentence plain-language reason. ' +
        'Only use the indices given; keep every item at most once.\n' +
        JSON.stringify(
          top.map(({ it, reason }, index) => ({ index, name: it.product.displayName, category: it.product.category, price: it.product.price, tags: it.product.tags, why: reason })),
        ),
    });
    const seen = new Set<number>();
    const out: T[] = [];
    for (const o of object.order) {
      if (o.index < 0 || o.index >= top.length || seen.has(o.index)) continue;
      seen.add(o.index);
      out.push({ ...top[o.index], reason: o.reason });
    }
    top.forEach((t, i) => seen.has(i) || out.push(t));
    return out;
  } catch (e) {
    logger().warn({ err: e instanceof Error ? e.message : String(e) }, 'model re-rank failed; keeping scorer order');
    return top;
  }
}
