import { z } from 'zod';
import { config, isDevelopment, isProduction } from '@/lib/config';
import { signUserToken } from '@/lib/auth';
import { ApiError, defineRoute, route } from '@/lib/http';

export const dynamic = 'force-dynamic';

const Query = z.object({
  tier: z.enum(['premium', 'free']).default('premium'),
  user: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.@-]+$/)
    .default('dev-user'),
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  /** Development only: a user token for the demo pages. Production answers 404. */
  GET: defineRoute(
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
      // Never in production, whatever the environment says; DEMO_SESSION=true only opens it in a
      // test environment (APP_ENV=test).
      if (isProduction() || (!isDevelopment() && !config().server.demoSession)) throw ApiError.notFound('route', url.pathname);
      const ttlSeconds = 3600;
      const token = await signUserToken({ sub: query.user, tier: query.tier, ttlSeconds });
      return { token, userId: query.user, tier: query.tier, expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString() };
    },
  ),
});
