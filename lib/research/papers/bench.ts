import type { Queryable } from '@/lib/db';
import { searchPapers } from '@/lib/research/papers/service';

/**
 * For `npm run bench:chat` (owned by the chat area): representative papers-search requests, as
 * route paths (for an HTTP load generator) and as an in-process loop over `searchPapers`.
 */
export const PAPERS_BENCH_QUERIES: ReadonlyArray<Record<string, string>> = [
  { q: 'entourage effect' },
  { q: 'myrcene sedation' },
  { terpene: 'limonene' },
  { cannabinoid: 'cbd', effect: 'anxiety' },
  { strain: 'blue-dream' },
  { q: 'terpenes', studyType: 'review', yearFrom: '2015' },
];

/** `/api/v1/research/papers?…` paths, one per representative query. */
export function papersBenchPaths(): string[] {
  return PAPERS_BENCH_QUERIES.map((q) => `/api/v1/research/papers?${new URLSearchParams(q).toString()}`);
}

/** Run the representative searches `rounds` times in-process; returns searches per second. */
export async function benchPapersSearch(db: Queryable, rounds = 50): Promise<{ searches: number; ms: number; perSecond: number }> {
  const t = performance.now();
  let searches = 0;
  for (let i = 0; i < rounds; i++) {
    for (const q of PAPERS_BENCH_QUERIES) {
      await searchPapers(db, { ...q, limit: 20 });
      searches++;
    }
  }
  const ms = performance.now() - t;
  return { searches, ms, perSecond: searches / (ms / 1000) };
}
