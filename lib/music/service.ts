import { z } from 'zod';
import type { Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { registerCache, TtlCache } from '@/lib/strains/cache';
import { getStrainBySlug } from '@/lib/strains/repo';
import { normalizeTerpeneName } from '@/lib/strains/terpenes';
import type { Strain } from '@/lib/strains/types';
import type { MoodsSchema, StrainMusic } from '@/lib/music/schemas';
import { EFFECT_SHIFTS, TERPENE_MOODS, TYPE_MOODS, type TerpeneMood } from '@/lib/music/table';

export { EFFECT_SHIFTS, TERPENE_MOODS, TYPE_MOODS } from '@/lib/music/table';

/** The specification's cache lifetime for music answers. */
export const MUSIC_CACHE_TTL_MS = 15 * 60 * 1000;

export { MoodsSchema, StrainMusicSchema, type StrainMusic } from '@/lib/music/schemas';

export const RULES = [
  'Blend: the rows of the strain’s known terpenes (at most the three largest), weighted by their share of the profile.',
  'No known terpene: the strain type’s fallback row (hybrid when the type is unknown).',
  'Type: indica lowers energy by 0.08 and tempo by 6 BPM, sativa raises them as much.',
  'Effects: each reported effect in the effects table adds its shifts and its activity.',
  'Energy, valence and acousticness are clamped to 0–1 and rounded to two decimals; genres and activities keep the order of their weight, five at most.',
  'seeds: the three first genres, the mood values and the middle of the tempo range, in the parameter names of recommendation APIs.',
];

export function moodsTable(): z.output<typeof MoodsSchema> {
  return {
    terpenes: TERPENE_MOODS.map((t) => ({ ...t })),
    types: TYPE_MOODS.map((t) => ({ type: t.type, energyShift: t.energyShift, tempoShift: t.tempoShift, fallback: { ...t.base } })),
    effects: EFFECT_SHIFTS.map((e) => ({
      effect: e.effect,
      energy: e.energy ?? 0,
      valence: e.valence ?? 0,
      acousticness: e.acousticness ?? 0,
      tempo: e.tempo ?? 0,
      activity: e.activity ?? null,
    })),
    rules: RULES,
  };
}

const clamp01 = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 100) / 100;
const BY_TERPENE = new Map(TERPENE_MOODS.map((t) => [t.terpene, t]));
const BY_EFFECT = new Map(EFFECT_SHIFTS.map((e) => [e.effect, e]));

/** The soundtrack of a strain by the table (pure: the same strain always gets the same answer). */
export function strainMusic(s: Pick<Strain, 'slug' | 'name' | 'type' | 'terpenes' | 'effects'>): StrainMusic {
  const known = new Map<string, number>();
  for (const t of s.terpenes ?? []) {
    const name = normalizeTerpeneName(t.name) ?? t.name.toLowerCase();
    const pct = Number(t.percentage);
    if (BY_TERPENE.has(name) && Number.isFinite(pct) && pct > 0) known.set(name, (known.get(name) ?? 0) + pct);
  }
  const top = [...known.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3);
  const sum = top.reduce((a, [, p]) => a + p, 0);
  const type = TYPE_MOODS.find((t) => t.type === s.type) ?? TYPE_MOODS.find((t) => t.type === 'hybrid')!;
  const rows: Array<{ row: Omit<TerpeneMood, 'terpene' | 'family'>; w: number }> = top.length
    ? top.map(([n, p]) => ({ row: BY_TERPENE.get(n)!, w: p / sum }))
    : [{ row: type.base, w: 1 }];

  let energy = 0,
    valence = 0,
    acoustic = 0,
    tMin = 0,
    tMax = 0;
  const genreW = new Map<string, number>();
  const activityW = new Map<string, number>();
  for (const { row, w } of rows) {
    energy += row.energy * w;
    valence += row.valence * w;
    acoustic += row.acousticness * w;
    tMin += row.tempoBpm.min * w;
    tMax += row.tempoBpm.max * w;
    row.genres.forEach((g, i) => genreW.set(g, (genreW.get(g) ?? 0) + w * (1 - i * 0.2)));
    row.activities.forEach((a, i) => activityW.set(a, (activityW.get(a) ?? 0) + w * (1 - i * 0.2)));
  }
  let tempoShift = 0;
  if (top.length) {
    energy += type.energyShift;
    tempoShift += type.tempoShift;
  }
  const effects = (s.effects ?? []).map((e) => e.toLowerCase()).filter((e) => BY_EFFECT.has(e));
  for (const e of effects) {
    const x = BY_EFFECT.get(e)!;
    energy += x.energy ?? 0;
    valence += x.valence ?? 0;
    acoustic += x.acousticness ?? 0;
    tempoShift += x.tempo ?? 0;
    if (x.activity) activityW.set(x.activity, (activityW.get(x.activity) ?? 0) + 0.5);
  }
  const min = Math.max(40, Math.round(tMin + tempoShift));
  const max = Math.max(min + 5, Math.round(tMax + tempoShift));
  const rank = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([k]) => k);
  const genres = rank(genreW);
  const activities = rank(activityW);
  const mood = { energy: clamp01(energy), valence: clamp01(valence), acousticness: clamp01(acoustic) };
  const feel = mood.energy >= 0.65 ? 'upbeat' : mood.energy <= 0.35 ? 'slow, unhurried' : 'mid-tempo';
  const tone = mood.valence >= 0.7 ? 'bright' : mood.valence <= 0.4 ? 'moody' : 'warm';
  const led = top.length ? `its ${top.map(([n]) => n).join(', ')} profile` : `its ${s.type ?? 'hybrid'} type`;
  return {
    strain: { slug: s.slug, name: s.name, type: s.type ?? null },
    mood,
    tempoBpm: { min, max },
    genres,
    activities,
    description: `${s.name}: ${feel}, ${tone} music (${min}–${max} BPM) from ${led} — ${genres.slice(0, 3).join(', ')} for ${activities.slice(0, 2).join(' or ')}.`,
    seeds: { seed_genres: genres.slice(0, 3), target_energy: mood.energy, target_valence: mood.valence, target_tempo: Math.round((min + max) / 2) },
    basis: { terpenes: top.map(([name, p]) => ({ name, weight: Math.round((p / sum) * 1000) / 1000 })), type: s.type ?? null, effects },
  };
}

const cache = registerCache(new TtlCache<StrainMusic>(MUSIC_CACHE_TTL_MS, 5000));

/** GET /music/strains/:slug: answered from the 15-minute cache when it can be. */
export async function musicForStrain(db: Queryable, slug: string): Promise<{ data: StrainMusic; hit: boolean }> {
  const key = slug.toLowerCase();
  const hit = cache.get(key);
  if (hit) return { data: hit, hit: true };
  const strain = await getStrainBySlug(db, key);
  if (!strain) throw ApiError.notFound('strain', slug, 'STRAIN_NOT_FOUND');
  const data = strainMusic(strain);
  cache.set(key, data);
  return { data, hit: false };
}

export function clearMusicCache(): void {
  cache.clear();
}
