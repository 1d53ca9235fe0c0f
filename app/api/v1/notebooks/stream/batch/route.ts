import { eventStreamResponse, defineRoute, route } from '@/lib/http';
import { BatchRequest } from '@/lib/notebooks/input';
import { streamBatch } from '@/lib/notebooks/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      summary: 'Stream several notebook sections in the order given (batch_start, section events, batch_complete)',
      tags: ['notebooks'],
      auth: 'user',
      tier: 'premium',
      feature: 'notebooks',
      limit: 'notebook',
      stream: true,
      body: BatchRequest,
      responses: { 503: 'Streaming unavailable (flat body {error, code: SERVICE_UNAVAILABLE})' },
    },
    async ({ db, body, user, requestId, signal }) => eventStreamResponse(await streamBatch(body, { db, userId: user.sub, requestId }), signal),
  ),
});
