/** The research-paper library (lib/research/papers) as the chat's `searchPapers` tool sees it. */
import type { Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { searchPapers } from '@/lib/research/papers';
import type { PapersPort } from '@/lib/chat/tools';

export async function papersPort(db: Queryable): Promise<PapersPort | null> {
  return {
    async search({ query, terpene, strain, limit }) {
      const run = async (q: string | undefined) => {
        try {
          return (await searchPapers(db, { q, terpene, strain, limit })).items;
        } catch (e) {
          // An unknown strain or terpene label is "nothing found" to the assistant.
          if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return [];
          throw e;
        }
      };
      let items = await run(query || undefined);
      // Full-text search wants every word: a long question that finds nothing is retried on its
      // most specific word (the longest), so "myrcene sedation evidence" still finds the myrcene papers.
      const words = (query ?? '').split(/\s+/).filter((w) => w.length > 3);
      if (items.length === 0 && words.length > 1) items = await run([...words].sort((a, b) => b.length - a.length)[0]);
      return items.map((p) => ({
        id: p.id,
        title: p.title,
        year: p.year,
        authors: p.authors,
        journal: p.journal,
        studyType: p.studyType,
        abstract: p.abstract,
        doi: p.doi,
        url: p.url,
      }));
    },
  };
}
