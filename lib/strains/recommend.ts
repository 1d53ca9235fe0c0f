import { generateText, Output } from 'ai';
import { z } from 'zod';
import type { Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { logger } from '@/lib/log';
import { parseIntent, potencyFits, type Intent } from '@/lib/strains/intent';
import { cosine, profileVector } from '@/lib/strains/recommend-vector';
import { getStrainBySlug, recommendationCandidates } from '@/lib/strains/repo';
import { TERPENE_INFO } from '@/lib/strains/terpenes';
import type { Strain } from '@/lib/strains/types';

export { terpeneVector, effectVector, profileVector, cosine, type Vector } from '@/lib/strains/recommend-vector';

export interface Recommendation {
  rank: number;
  score: number;
  reason: string;
  strain: Strain;
}

export interface RecommendationResult {
  items: Recommendation[];
  intent: Intent | null;
  like: string | null;
  engine: 'deterministic' | 'model';
}

const list = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

/** Terpenes whose known aromas answer the wanted aromas (citrus → limonene). */
function aromaTerpenes(aromas: string[]): string[] {
  return Object.entries(TERPENE_INFO)
    .filter(([, info]) => info.aromas.some((a) => aromas.includes(a)))
    .map(([name]) => name);
}

function scoreIntent(s: Strain, intent: Intent): { score: number; why: string[] } {
  const why: string[] = [];
  let score = 0;
  const eff = intent.effects.filter((e) => s.effects.includes(e));
  if (eff.length) {
    score += eff.reduce((a, e) => a + 1 - s.effects.indexOf(e) * 0.08, 0) * 2;
    why.push(`${list(eff)} effects`);
  }
  const avoid = intent.avoidEffects.filter((e) => s.effects.slice(0, 4).includes(e));
  score -= avoid.length * 2.5;
  const aro = intent.aromas.filter((a) => s.aromas.includes(a));
  const viaTerp = aromaTerpenes(intent.aromas).filter((t) => s.terpenes.slice(0, 2).some((x) => x.name === t));
  if (aro.length) {
    score += Math.min(3, aro.length) * 1.5;
    why.push(`${list(aro.slice(0, 3))} aroma`);
  } else if (viaTerp.length) {
    score += 1;
    why.push(`${viaTerp[0]}-forward terpenes (${TERPENE_INFO[viaTerp[0]].aromas.slice(0, 2).join('/')} notes)`);
  }
  for (const h of intent.helps) {
    const share = s.helpsWith[h];
    if (share) {
      score += Math.min(1.5, share / 20);
      why.push(`often reported for ${h}`);
    }
  }
  if (intent.type) {
    if (s.type === intent.type) {
      score += 1.5;
      why.push(`${intent.type} as asked`);
    } else score -= 1;
  }
  const fit = potencyFits(intent.potency, s.thc);
  score += fit * 1.5;
  if (fit > 0 && s.thc !== null) why.push(`${intent.potency === 'low' ? 'gentler' : intent.potency === 'high' ? 'strong' : 'moderate'} THC (${s.thc}%)`);
  return { score, why };
}

/**
 * Deterministic recommendations: free text parsed into an intent and scored against catalog
 * strains, and/or `like` a strain by terpene+effect cosine. With a hosted model configured the
 * model may re-rank the shortlist and write the reasons; any model failure keeps these.
 */
export async function recommendStrains(db: Queryable, opts: { q?: string; like?: string; limit: number; signal?: AbortSignal }): Promise<RecommendationResult> {
  const q = opts.q?.trim() ?? '';
  const likeSlug = opts.like?.trim() ?? '';
  if (!q && !likeSlug) throw new ApiError('BAD_REQUEST', 'Provide q (what you are looking for) or like (a strain slug)', { parameters: ['q', 'like'] });
  const target = likeSlug ? await getStrainBySlug(db, likeSlug) : null;
  if (likeSlug && !target) throw ApiError.notFound('strain', likeSlug);
  const intent = q ? parseIntent(q) : null;

  const effects = [...(intent?.effects ?? []), ...(target?.effects ?? [])];
  const aromas = intent?.aromas ?? [];
  const terps = [...(target?.terpenes.slice(0, 3).map((t) => t.name) ?? []), ...aromaTerpenes(aromas)];
  const candidates = await recommendationCandidates(db, { effects, aromas, terpenes: terps });
  const tv = target ? profileVector(target) : null;
  const scored = candidates
    .filter((s) => s.id !== target?.id)
    .map((s) => {
      const why: string[] = [];
      let score = 0;
      if (intent) {
        const x = scoreIntent(s, intent);
        score += x.score;
        why.push(...x.why);
      }
      if (tv && target) {
        const c = cosine(tv, profileVector(s));
        score += c * 6;
        const shared = s.terpenes
          .slice(0, 3)
          .map((t) => t.name)
          .filter((n) => target.terpenes.slice(0, 3).some((t) => t.name === n));
        const sharedEff = s.effects.filter((e) => target.effects.includes(e)).slice(0, 3);
        if (c > 0)
          why.push(
            `profile ${Math.round(c * 100)}% similar to ${target.name}${shared.length ? ` (shares ${list(shared)})` : ''}${sharedEff.length ? `, also ${list(sharedEff)}` : ''}`,
          );
      }
      score += s.popularityScore / 100; // well-known strains break ties
      return { strain: s, score, why };
    })
    .filter((x) => x.why.length > 0)
    .sort((a, b) => b.score - a.score || b.strain.popularityScore - a.strain.popularityScore);

  const items: Recommendation[] = scored.slice(0, opts.limit).map((x, i) => ({
    rank: i + 1,
    score: Math.round(x.score * 100) / 100,
    reason: `${x.strain.name}: ${x.why.join('; ')}.`.replace(/^./, (c) => c.toUpperCase()),
    strain: x.strain,
  }));
  const base: RecommendationResult = { items, intent, like: target?.slug ?? null, engine: 'deterministic' };
  return (
    (await modelRerank(
      base,
      q,
      scored.slice(0, Math.max(opts.limit * 2, 10)).map((x) => x.strain),
      opts.signal,
    )) ?? base
  );
}

const Reranked = z.object({ picks: z.array(z.object({ slug: z.string(), reason: z.string().min(3).max(400) })).max(20) });

async function modelRerank(base: RecommendationResult, q: string, shortlist: Strain[], signal?: AbortSignal): Promise<RecommendationResult | null> {
  if (shortlist.length === 0) return null;
  const { resolveAiProvider, textModel } = await import('@/lib/ai/provider');
  if (resolveAiProvider().name === 'local') return null;
  const model = textModel();
  if (!model) return null;
  try {
    const brief = shortlist.map((s) => ({
      slug: s.slug,
      name: s.name,
      type: s.type,
      thc: s.thc,
      terpenes: s.terpenes.slice(0, 3).map((t) => t.name),
      effects: s.effects.slice(0, 5),
      aromas: s.aromas.slice(0, 4),
    }));
    const { output } = await generateText({
      model,
      output: Output.object({ schema: Reranked }),
      system:
        'You recommend cannabis strains from a given shortlist only. Rank the best matches for the request and give each a one-sentence plain-language reason grounded in the listed facts.',
      prompt: `Request: ${JSON.stringify(q || `strains like ${base.like}`)}\nShortlist: ${JSON.stringify(brief)}\nReturn up to ${base.items.length} picks.`,
      abortSignal: signal ? AbortSignal.any([signal, AbortSignal.timeout(15_000)]) : AbortSignal.timeout(15_000),
      maxRetries: 1,
    });
    const bySlug = new Map(shortlist.map((s) => [s.slug, s]));
    const seen = new Set<string>();
    const items = output.picks
      .filter((p) => bySlug.has(p.slug) && !seen.has(p.slug) && seen.add(p.slug))
      .slice(0, base.items.length)
      .map((p, i) => ({ rank: i + 1, score: base.items.find((x) => x.strain.slug === p.slug)?.score ?? 0, reason: p.reason, strain: bySlug.get(p.slug)! }));
    return items.length ? { ...base, items, engine: 'model' } : null;
  } catch (e) {
    logger().warn({ err: e instanceof Error ? e.message : String(e) }, 'recommendation re-rank failed; deterministic answer kept');
    return null;
  }
}
