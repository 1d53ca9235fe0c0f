import { z } from 'zod';
import { eventStreamResponse, defineRoute, route } from '@/lib/http';
import { streamRun } from '@/lib/shopping/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'run-token',
      limit: 'moderate',
      params: z.object({ runId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
      stream: true,
      summary: 'Server-sent run updates (event: update) until the run ends',
      description: 'Authorization: Bearer <publicAccessToken>. First the current state, then every metadata change, then the final state.',
      tags: ['shopping'],
    },
    async ({ db, params, signal }) => eventStreamResponse(await streamRun(db, params.runId), signal),
  ),
});
