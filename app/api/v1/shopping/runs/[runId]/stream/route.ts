import { z } from 'zod';
import { defineRoute } from '@/lib/http';
import { bearerToken } from '@/lib/auth';
import { streamRunForToken } from '@/lib/shopping/runs';

export const dynamic = 'force-dynamic';

export const GET = defineRoute(
  {
    auth: 'none',
    limit: 'moderate',
    params: z.object({ runId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
    stream: true,
    summary: 'Server-sent run updates (event: update) until the run ends',
    description: 'Authorization: Bearer <publicAccessToken>. First the current state, then every metadata change, then the final state.',
    tags: ['shopping'],
  },
  async ({ db, params, req, signal }) => streamRunForToken(db, params.runId, bearerToken(req), signal),
);
