import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { RunViewSchema } from '@/lib/shopping/schemas';
import { getRun } from '@/lib/shopping/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      // The bearer is the run-scoped publicAccessToken.
      auth: 'run-token',
      limit: 'moderate',
      params: z.object({ runId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
      summary: 'A scan run: status, progress metadata, output, error',
      description: 'Authorization: Bearer <publicAccessToken> (scoped to this run, 1 hour).',
      tags: ['shopping'],
      response: RunViewSchema,
    },
    async ({ db, params }) => getRun(db, params.runId),
  ),
});
