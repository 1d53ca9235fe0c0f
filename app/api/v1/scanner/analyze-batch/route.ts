import { defineRoute, route, IMAGE_MAX_BYTES } from '@/lib/http';
import { analyzeBatch, BatchBody, BatchData } from '@/lib/vision';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'user',
      tier: 'premium',
      feature: 'scanner',
      limit: 'scanner',
      maxBytes: IMAGE_MAX_BYTES,
      body: BatchBody,
      summary: 'Read 1 to 10 label photos; a bad image becomes an error entry, never a failed batch',
      tags: ['scanner'],
      response: BatchData,
      responses: { 413: 'Body over 12 MB' },
    },
    async ({ db, body, signal }) => analyzeBatch(db, body, signal),
  ),
});
