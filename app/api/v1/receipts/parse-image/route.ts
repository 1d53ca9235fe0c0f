import { defineRoute, route, IMAGE_MAX_BYTES } from '@/lib/http';
import { parseReceiptImage, ParseImageBody, ReceiptData } from '@/lib/vision';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'user',
      tier: 'premium',
      feature: 'receipts',
      limit: 'parse',
      maxBytes: IMAGE_MAX_BYTES,
      body: ParseImageBody,
      summary: 'Parse a receipt photo into catalog-matched products',
      description:
        'Offline OCR by default, a vision model when AI_PROVIDER names one. `attemptId` makes the call idempotent per user: the same id with the same image answers the stored result; with another image, 400.',
      tags: ['receipts'],
      response: ReceiptData,
      responses: { 413: 'Body over 12 MB', 503: 'OCR engine temporarily unavailable (retry)' },
    },
    async ({ db, body, user, signal }) => parseReceiptImage(db, user!.sub, body, signal),
  ),
});
