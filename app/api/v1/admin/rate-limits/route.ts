import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { describeLimits } from '@/lib/ratelimit';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  /** The rate-limit configuration in force, for the admin dashboard. */
  GET: defineRoute(
    {
      auth: 'admin',
      db: false,
      summary: 'Rate-limit tiers, per-API-key windows and the active store',
      tags: ['admin'],
      response: z.object({ enabled: z.boolean(), store: z.string(), tiers: z.record(z.string(), z.object({ limit: z.number(), windowSeconds: z.number() })) }),
    },
    async () => describeLimits(),
  ),
});
