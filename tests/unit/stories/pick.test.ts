import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { popularStrains } from '@/lib/strains/repo';
import type { Strain } from '@/lib/strains/types';
import { completeness, drawStrain, NO_REPEAT_DAYS } from '@/lib/stories/pick';
import { localStory, factsOf, wordCount, StoryText } from '@/lib/stories/write';

let candidates: Strain[];
beforeAll(async () => {
  const db = await ready();
  candidates = (await popularStrains(db, 300, 0)).items;
}, 180_000);

const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

describe("the day's strain", () => {
  it('is seeded by the date, never repeats within 30 days, and favours popular, complete records', () => {
    expect(drawStrain('2026-03-04', candidates, new Set())?.slug).toBe(drawStrain('2026-03-04', candidates, new Set())?.slug);
    const picks: string[] = [];
    for (let i = 0; i < 120; i++) {
      const exclude = new Set(picks.slice(-NO_REPEAT_DAYS));
      const s = drawStrain(day(i), candidates, exclude)!;
      expect(exclude.has(s.slug)).toBe(false);
      picks.push(s.slug);
    }
    const distinct = new Set(picks).size;
    expect(distinct).toBeGreaterThan(30);
    // Over 120 days the picks are more complete and more popular than the catalog on average.
    const bySlug = new Map(candidates.map((s) => [s.slug, s]));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(picks.map((p) => completeness(bySlug.get(p)!)))).toBeGreaterThan(mean(candidates.map(completeness)));
    expect(mean(picks.map((p) => bySlug.get(p)!.popularityScore))).toBeGreaterThan(mean(candidates.map((s) => s.popularityScore)));
  });

  it('the local writer keeps every catalog strain within 150–400 words and the schema', () => {
    for (const s of candidates) {
      const story = localStory(factsOf(s, '2026-01-01'));
      const words = wordCount(story.body);
      expect(words, s.slug).toBeGreaterThanOrEqual(150);
      expect(words, s.slug).toBeLessThanOrEqual(400);
      expect(StoryText.safeParse(story).success, s.slug).toBe(true);
    }
  });
});
