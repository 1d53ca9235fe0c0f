import { defineRoute, route } from '@/lib/http';
import { ScanTokenRequest, ScanTokenResponse } from '@/lib/shopping/schemas';
import { requestScanToken } from '@/lib/shopping/scan-token';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'user',
      uniformAuthCode: true,
      limit: 'moderate',
      body: ScanTokenRequest,
      validationCode: 'BAD_REQUEST',
      summary: 'Start (or join, or read from cache) a dispensary menu scan',
      description:
        'Four variants: cache hit (isCached, cachedData), de-duplication (existingRunId + publicAccessToken), server-side start (runId + publicAccessToken) and client-side (one-time triggerToken). userId must equal the token subject.',
      tags: ['shopping'],
      response: ScanTokenResponse,
      responses: { 403: 'userId is not the authenticated user', 503: 'TRIGGER_UNAVAILABLE: the scan task could not be started' },
    },
    async ({ db, body, user }) => requestScanToken(db, body, user!),
  ),
});
