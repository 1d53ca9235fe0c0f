import { z } from 'zod';
import { defineRoute, route, paginated } from '@/lib/http';
import { listCachedScans } from '@/lib/shopping/repo';
import { CacheListItemSchema } from '@/lib/shopping/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'admin',
      limit: 'moderate',
      query: z.object({
        limit: z.coerce.number().int().min(1).max(200).default(50),
        offset: z.coerce.number().int().min(0).max(100_000).default(0),
        includeExpired: z.enum(['true', 'false']).default('false'),
      }),
      response: z.array(CacheListItemSchema),
      summary: 'Scan cache entries, newest first, without their results (admin dashboard)',
      tags: ['admin'],
    },
    async ({ db, query }) => {
      const { items, total } = await listCachedScans(db, { limit: query.limit, offset: query.offset, includeExpired: query.includeExpired === 'true' });
      return paginated(items, { limit: query.limit, offset: query.offset, total });
    },
  ),
});
