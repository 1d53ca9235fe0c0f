import { z } from 'zod';

/** GET /meta/freshness: every figure read from the data. */
const ts = z.string().nullable();
export const FreshnessSchema = z.object({
  catalog: z.object({ count: z.number().int(), updatedAt: ts }),
  popularity: z.object({ computedAt: ts }),
  scans: z.object({ latestAt: ts, domains: z.number().int() }),
  research: z.object({ pending: z.number().int(), latestApprovedAt: ts }),
  papers: z.object({ count: z.number().int(), updatedAt: ts }),
  discover: z.object({ updatedAt: ts }),
  blog: z.object({ latestPublishedAt: ts }),
  stories: z.object({ latestDate: ts }),
});
export type Freshness = z.output<typeof FreshnessSchema>;
