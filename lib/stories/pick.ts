/**
 * The day's strain (DECISIONS §11): weighted by popularity and by how complete the catalog record
 * is, drawn with a generator seeded by the date (the same date always draws the same way), and
 * never a strain that had a story within 30 days of that date.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '@/lib/db';
import { popularStrains } from '@/lib/strains/repo';
import { storySlugsAround } from '@/lib/stories/repo';
import type { Strain } from '@/lib/strains/types';

export const CANDIDATES = 300;
export const NO_REPEAT_DAYS = 30;

/** 0..1: the share of the record's story-relevant fields that are filled. */
export function completeness(s: Strain): number {
  const checks = [
    s.type !== null,
    s.thc !== null || s.thcMax !== null,
    s.cbd !== null || s.cbdMax !== null,
    s.terpenes.length >= 2,
    s.terpenes.some((t) => t.percentage > 0),
    s.effects.length >= 2,
    s.aromas.length >= 1,
    s.parents.length >= 1,
    Object.keys(s.helpsWith).length >= 1,
    Boolean(s.description && s.description.length > 40),
  ];
  return checks.filter(Boolean).length / checks.length;
}

/** xorshift-style generator seeded by the date's SHA-256. */
export function dateRng(date: string): () => number {
  let x = createHash('sha256').update(`daily-story:${date}`).digest().readUInt32LE(0) || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x1_0000_0000;
  };
}

export function weightOf(s: Strain, maxPopularity: number): number {
  const pop = maxPopularity > 0 ? Math.max(0, s.popularityScore) / maxPopularity : 0;
  const c = completeness(s);
  // Popularity and completeness both count; a bare record is very unlikely, never impossible.
  return (0.15 + pop) * (0.05 + c * c);
}

export function drawStrain(date: string, candidates: Strain[], exclude: Set<string>): Strain | null {
  const pool = candidates.filter((s) => !exclude.has(s.slug));
  if (!pool.length) return null;
  const max = Math.max(...pool.map((s) => s.popularityScore));
  const weights = pool.map((s) => weightOf(s, max));
  const total = weights.reduce((a, b) => a + b, 0);
  let x = dateRng(date)() * total;
  for (const [i, w] of weights.entries()) {
    x -= w;
    if (x <= 0) return pool[i];
  }
  return pool.at(-1) ?? null;
}

/** Slugs with a story within NO_REPEAT_DAYS of `date` (either side), from the stories table. */
export function recentSlugs(db: Queryable, date: string): Promise<Set<string>> {
  return storySlugsAround(db, date, NO_REPEAT_DAYS);
}

export async function pickStrainForDate(db: Queryable, date: string): Promise<Strain | null> {
  const page = await popularStrains(db, CANDIDATES, 0);
  return drawStrain(date, page.items, await recentSlugs(db, date));
}
