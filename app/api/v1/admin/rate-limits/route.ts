import { z } from 'zod';
import { defineRoute } from '@/lib/http';
import { describeLimits } from '@/lib/ratelimit';

export const dynamic = 'force-dynamic';

/** The rate-limit configuration in force, for the admin dashboard. */
export const GET = defineRoute(
  {
    auth: 'admin',
    db: false,
    summary: 'Rate-limit tiers, per-API-key windows and the active store',
    tags: ['admin'],
    response: z.object({ enabled: z.boolean(), store: z.string(), tiers: z.record(z.string(), z.object({ limit: z.number(), windowSeconds: z.number() })) }),
  },
  async () => describeLimits(),
);
