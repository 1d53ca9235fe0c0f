import { z } from 'zod';
import { PLATFORMS } from '@/lib/dispensaries/platform';

export const DispensarySchema = z.object({
  domain: z.string(),
  name: z.string(),
  platform: z.enum(PLATFORMS),
  menuUrls: z.array(z.string()),
  lastScannedAt: z.string().nullable(),
  productsCount: z.number().int(),
  matchedRate: z.number().min(0).max(1),
  categories: z.array(z.string()),
});
export const DispensaryDetailSchema = DispensarySchema.extend({
  address: z.string().nullable(),
  website: z.string().nullable(),
  topStrains: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
  medianPricePerGram: z.record(z.string(), z.number()),
  scans: z.array(z.object({ scannedAt: z.string(), productsCount: z.number().int(), matchedCount: z.number().int() })),
});
export type Dispensary = z.output<typeof DispensarySchema>;
export type DispensaryDetail = z.output<typeof DispensaryDetailSchema>;
