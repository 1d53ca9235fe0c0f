import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { CachedScanRecord } from '@/lib/shopping/schemas';
import { cachedScanFor } from '@/lib/shopping/scan-token';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'user',
      uniformAuthCode: true,
      limit: 'moderate',
      params: z.object({ domain: z.string().min(1).max(253) }),
      query: z.object({
        categoriesHash: z
          .string()
          .regex(/^[0-9a-f]{16}$/)
          .optional(),
      }),
      summary: 'The newest unexpired cached scan of a dispensary domain',
      tags: ['shopping'],
      response: CachedScanRecord,
    },
    async ({ db, params, query }) => cachedScanFor(db, params.domain, query.categoriesHash),
  ),
});
