import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { ScanTaskInput } from '@/lib/shopping/schemas';
import { startRunWithTriggerToken } from '@/lib/shopping/service';
import { SCAN_TASK_ID } from '@/lib/shopping/task';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      // The bearer is the one-time trigger token from scan-token.
      auth: 'trigger-token',
      triggerTask: SCAN_TASK_ID,
      limit: 'moderate',
      body: ScanTaskInput,
      validationCode: 'BAD_REQUEST',
      summary: 'Start a menu scan with a one-time trigger token (local runner)',
      description: 'Authorization: Bearer <triggerToken>. A second use of the token answers 401 INVALID_TOKEN.',
      tags: ['shopping'],
      response: z.object({ runId: z.string(), publicAccessToken: z.string() }),
      responses: { 503: 'TRIGGER_UNAVAILABLE: the scan task could not be started' },
    },
    async ({ db, body, trigger }) => startRunWithTriggerToken(db, body, trigger),
  ),
});
