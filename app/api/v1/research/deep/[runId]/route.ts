import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { DeepRunViewSchema } from '@/lib/research/deep/schemas';
import { getDeepRun } from '@/lib/research/deep/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      // The bearer is the run-scoped publicAccessToken from POST /research/deep.
      auth: 'run-token',
      limit: 'moderate',
      params: z.object({ runId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
      summary: 'A deep-research run: status, stage metadata, the report (output) once complete, error',
      description:
        'Authorization: Bearer <publicAccessToken> (scoped to this run, 1 hour). Metadata `{ stage: plan | search | read | synthesize | complete, progress 0–100, message, sourcesFound }`.',
      tags: ['research'],
      response: DeepRunViewSchema,
    },
    async ({ db, params }) => getDeepRun(db, params.runId),
  ),
});
