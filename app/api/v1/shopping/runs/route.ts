import { z } from 'zod';
import { defineRoute } from '@/lib/http';
import { bearerToken } from '@/lib/auth';
import { ScanTaskInput } from '@/lib/shopping/schemas';
import { startRunWithTriggerToken } from '@/lib/shopping/runs';

export const dynamic = 'force-dynamic';

export const POST = defineRoute(
  {
    // The bearer is the one-time trigger token from scan-token, verified in the handler.
    auth: 'none',
    limit: 'moderate',
    body: ScanTaskInput,
    validationCode: 'BAD_REQUEST',
    summary: 'Start a menu scan with a one-time trigger token (local runner)',
    description: 'Authorization: Bearer <triggerToken>. A second use of the token answers 401 INVALID_TOKEN.',
    tags: ['shopping'],
    response: z.object({ runId: z.string(), publicAccessToken: z.string() }),
    responses: { 503: 'TRIGGER_UNAVAILABLE: the scan task could not be started' },
  },
  async ({ db, body, req }) => startRunWithTriggerToken(db, body, bearerToken(req)),
);
