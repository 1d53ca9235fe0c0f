import { z } from 'zod';
import { envBool, isDevelopment } from '@/lib/config/env';
import { signUserToken } from '@/lib/auth';
import { ApiError, defineRoute } from '@/lib/http';

export const dynamic = 'force-dynamic';

const Query = z.object({
  tier: z.enum(['premium', 'free']).default('premium'),
  user: z.string().min(1).max(100).regex(/^[A-Za-z0-9_.@-]+$/).default('dev-user'),
});

/** Development only: a user token for the demo pages. Production answers 404. */
export const GET = defineRoute(
  {
    summary: 'Development session token (development only; 404 in production)',
    tags: ['dev'],
    auth: 'none',
    limit: false,
    db: false,
    query: Query,
    response: z.object({ token: z.string(), userId: z.string(), tier: z.string(), expiresAt: z.string() }),
  },
  async ({ query, url }) => {
    // DEMO_SESSION=true (off by default) lets the e2e run against a production build use the demo token.
    if (!isDevelopment() && !envBool('DEMO_SESSION')) throw ApiError.notFound('route', url.pathname);
    const ttlSeconds = 3600;
    const token = await signUserToken({ sub: query.user, tier: query.tier, ttlSeconds });
    return { token, userId: query.user, tier: query.tier, expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString() };
  },
);
