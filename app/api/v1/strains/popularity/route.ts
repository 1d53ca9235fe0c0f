import { z } from 'zod';
import { CDN, defineRoute, route, paginated } from '@/lib/http';
import { popularityRanking } from '@/lib/strains/repo';
import { PageQuery } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      query: PageQuery,
      summary: 'Popularity ranking: rank and score of each strain',
      tags: ['strains'],
      cache: CDN.catalog,
      response: z.array(
        z.object({ rank: z.number(), slug: z.string(), name: z.string(), type: z.string().nullable(), popularityScore: z.number(), highFamily: z.string().nullable() }),
      ),
    },
    async ({ db, query }) => {
      const page = await popularityRanking(db, query.limit, query.offset);
      return paginated(page.items, page);
    },
  ),
});
