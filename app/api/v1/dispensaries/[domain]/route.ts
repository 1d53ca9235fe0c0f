import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { DispensaryDetailSchema, getDispensary } from '@/lib/dispensaries/service';
import { text } from '@/lib/research/text';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'public',
      params: z.object({ domain: text(1, 253) }),
      summary: 'One dispensary: top strains, median price per gram by category, the last 10 scans',
      tags: ['dispensaries'],
      response: DispensaryDetailSchema,
    },
    async ({ db, params }) => getDispensary(db, params.domain),
  ),
});
