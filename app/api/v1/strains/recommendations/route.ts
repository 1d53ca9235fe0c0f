import { z } from 'zod';
import { CDN, defineRoute, route, ok } from '@/lib/http';
import { recommendStrains } from '@/lib/strains/recommend';
import { RecommendationSchema, RecommendQuery } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      limit: 'strict',
      query: RecommendQuery,
      summary: 'Recommendations from free text (q: effects, aromas, type, potency) and/or like=<slug> (terpene+effect cosine), each with a plain-language reason',
      tags: ['strains'],
      cache: CDN.catalog,
      response: z.array(RecommendationSchema),
    },
    async ({ db, query, signal }) => {
      const r = await recommendStrains(db, { q: query.q, like: query.like, limit: query.limit, signal });
      return ok(r.items, { meta: { engine: r.engine, intent: r.intent, like: r.like } });
    },
  ),
});
