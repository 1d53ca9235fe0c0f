import { z } from 'zod';

const WindowSchema = z.object({ limit: z.number(), windowSeconds: z.number() });

/** GET /admin/rate-limits: the limits in force (the admin dashboard reads this type). */
export const RateLimitsSchema = z.object({
  enabled: z.boolean(),
  store: z.string(),
  tiers: z.record(z.string(), WindowSchema),
  apiKeys: z.record(z.string(), WindowSchema),
  developmentBypass: z.string(),
});
export type RateLimits = z.output<typeof RateLimitsSchema>;
