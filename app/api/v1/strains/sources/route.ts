import { z } from 'zod';
import { CDN, defineRoute, route, paginated } from '@/lib/http';
import { strainsBySources } from '@/lib/strains/repo';
import { PageQuery } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      query: PageQuery,
      summary: 'Strains ranked by source coverage, with their sources',
      tags: ['strains'],
      cache: CDN.catalog,
      response: z.array(
        z.object({
          slug: z.string(),
          name: z.string(),
          sourceCount: z.number(),
          sources: z.array(z.object({ source: z.string(), url: z.string().nullable(), domain: z.string().nullable() })),
        }),
      ),
    },
    async ({ db, query }) => {
      const page = await strainsBySources(db, query.limit, query.offset);
      return paginated(page.items, page);
    },
  ),
});
