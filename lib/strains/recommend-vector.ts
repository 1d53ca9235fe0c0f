import type { Strain, Terpene } from '@/lib/strains/types';

export type Vector = Record<string, number>;

/** Terpene shares scaled so the leading terpene is 1 (cosine compares shape, not strength). */
export function terpeneVector(terpenes: Terpene[]): Vector {
  const max = Math.max(0, ...terpenes.map((t) => t.percentage));
  const v: Vector = {};
  if (max <= 0) return v;
  for (const t of terpenes) if (t.percentage > 0) v[t.name] = (v[t.name] ?? 0) + t.percentage / max;
  return v;
}

/** Effects listed first weigh more (sources list the most reported effects first). */
export function effectVector(effects: string[]): Vector {
  const v: Vector = {};
  effects.slice(0, 8).forEach((e, i) => {
    v[e] = 1 - i * 0.08;
  });
  return v;
}

export function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [k, x] of Object.entries(a)) {
    na += x * x;
    const y = b[k];
    if (y !== undefined) dot += x * y;
  }
  for (const y of Object.values(b)) nb += y * y;
  if (na === 0 || nb === 0) return 0;
  return dot / Math.sqrt(na * nb);
}

/** One vector per strain: terpene dimensions (t:) weighted above effect dimensions (e:). */
export function profileVector(s: Pick<Strain, 'terpenes' | 'effects'>, effectWeight = 0.6): Vector {
  const v: Vector = {};
  for (const [k, x] of Object.entries(terpeneVector(s.terpenes))) v[`t:${k}`] = x;
  for (const [k, x] of Object.entries(effectVector(s.effects))) v[`e:${k}`] = x * effectWeight;
  return v;
}
