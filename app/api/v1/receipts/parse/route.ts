import { defineRoute, route } from '@/lib/http';
import { parseReceiptTextBody, ParseTextBody, ReceiptData } from '@/lib/vision';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'user',
      tier: 'premium',
      feature: 'receipts',
      limit: 'parse',
      body: ParseTextBody,
      summary: 'Parse a pasted or e-mailed receipt text into catalog-matched products',
      tags: ['receipts'],
      response: ReceiptData,
    },
    async ({ db, body }) => parseReceiptTextBody(db, body),
  ),
});
