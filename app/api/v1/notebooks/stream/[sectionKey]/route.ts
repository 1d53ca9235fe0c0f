import { z } from 'zod';
import { eventStreamResponse, defineRoute, route } from '@/lib/http';
import { SectionRequest } from '@/lib/notebooks/input';
import { streamSingleSection } from '@/lib/notebooks/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      summary: 'Stream one notebook section as server-sent events (start, partial…, complete | error)',
      tags: ['notebooks'],
      auth: 'user',
      tier: 'premium',
      feature: 'notebooks',
      limit: 'strict',
      stream: true,
      params: z.object({ sectionKey: z.string().max(64) }),
      body: SectionRequest.optional(),
      responses: { 503: 'Streaming unavailable (flat body {error, code: SERVICE_UNAVAILABLE})' },
    },
    async ({ db, params, body, user, requestId, signal }) =>
      eventStreamResponse(await streamSingleSection(params.sectionKey, body ?? {}, { db, userId: user.sub, requestId }), signal),
  ),
});
