import { z } from 'zod';
import { defineRoute } from '@/lib/http';
import { bearerToken } from '@/lib/auth';
import { RunViewSchema } from '@/lib/shopping/schemas';
import { getRunForToken } from '@/lib/shopping/runs';

export const dynamic = 'force-dynamic';

export const GET = defineRoute(
  {
    // The bearer is the run-scoped publicAccessToken, verified in the handler.
    auth: 'none',
    limit: 'moderate',
    params: z.object({ runId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
    summary: 'A scan run: status, progress metadata, output, error',
    description: 'Authorization: Bearer <publicAccessToken> (scoped to this run, 1 hour).',
    tags: ['shopping'],
    response: RunViewSchema,
  },
  async ({ db, params, req }) => getRunForToken(db, params.runId, bearerToken(req)),
);
