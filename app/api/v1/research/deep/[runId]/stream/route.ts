import { z } from 'zod';
import { eventStreamResponse, defineRoute, route } from '@/lib/http';
import { streamDeepRun } from '@/lib/research/deep/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'run-token',
      limit: 'moderate',
      params: z.object({ runId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
      stream: true,
      summary: 'Server-sent deep-research updates (event: update) until the run ends',
      description: 'Authorization: Bearer <publicAccessToken>. First the current state, then every metadata change, then the final state with the report.',
      tags: ['research'],
    },
    async ({ db, params, signal }) => eventStreamResponse(await streamDeepRun(db, params.runId), signal),
  ),
});
