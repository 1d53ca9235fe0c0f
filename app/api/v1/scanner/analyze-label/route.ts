import { defineRoute, route, IMAGE_MAX_BYTES } from '@/lib/http';
import { analyzeLabel, LabelData, LabelImage } from '@/lib/vision';

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
      body: LabelImage,
      summary: 'Read a cannabis product label photo',
      tags: ['scanner'],
      response: LabelData,
      responses: { 413: 'Body over 12 MB', 503: 'OCR engine temporarily unavailable (retry)' },
    },
    async ({ db, body, signal }) => analyzeLabel(db, body, signal),
  ),
});
