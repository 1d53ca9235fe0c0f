import { defineRoute, route } from '@/lib/http';
import { describeLimits } from '@/lib/ratelimit';
import { RateLimitsSchema } from '@/lib/ratelimit/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  /** The rate-limit configuration in force, for the admin dashboard. */
  GET: defineRoute(
    {
      auth: 'admin',
      db: false,
      summary: 'Rate-limit tiers, per-API-key windows and the active store',
      tags: ['admin'],
      response: RateLimitsSchema,
    },
    async () => describeLimits(),
  ),
});
