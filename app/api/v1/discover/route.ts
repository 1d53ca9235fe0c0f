import { z } from 'zod';
import { defineRoute, route, paginated } from '@/lib/http';
import { discoverIndex, DiscoverListSchema } from '@/lib/discover/service';
import { PageQuery } from '@/lib/discover/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'public',
      limit: 'lenient',
      query: PageQuery.extend({ kind: z.enum(['computed', 'curated']).optional() }),
      summary: 'Discover lists: curated first, then the computed ones (trending, newest, one per terpene family, high CBD, complete lab profiles…)',
      tags: ['discover'],
      response: z.array(DiscoverListSchema),
    },
    async ({ db, query }) => {
      const { items, total } = await discoverIndex(db, query);
      return paginated(items, { limit: query.limit, offset: query.offset, total });
    },
  ),
});
