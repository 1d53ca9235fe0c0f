import { z } from 'zod';
import { defineRoute, route, paginated } from '@/lib/http';
import { DispensarySchema, listDispensaries, PLATFORMS } from '@/lib/dispensaries/service';
import { text } from '@/lib/research/text';

export const dynamic = 'force-dynamic';

const Query = z.object({
  q: text(1, 100).optional(),
  platform: z.enum(PLATFORMS).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'public',
      query: Query,
      summary: 'Dispensaries seen by menu scans (q matches name or domain), most recently scanned first',
      tags: ['dispensaries'],
      response: z.array(DispensarySchema),
    },
    async ({ db, query }) => {
      const { items, total } = await listDispensaries(db, query);
      return paginated(items, { limit: query.limit, offset: query.offset, total });
    },
  ),
});
