import { z } from 'zod';
import { SCAN_STAGES } from '@/lib/shopping/stages';

/** Zod schemas of the specification's shopping resources (request, task input/output, Product…). */

const httpUrl = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http or https URL');

const categoryName = z.string().trim().min(1).max(60);

export const ScanTokenRequest = z.object({
  dispensaryName: z.string({ error: 'Dispensary name is required' }).trim().min(1, 'Dispensary name is required').max(200),
  websiteDomain: z.string().trim().min(1).max(253).optional(),
  menuUrls: z.array(httpUrl, { error: 'Menu URLs are required' }).min(1, 'At least one menu URL is required').max(20),
  categories: z.array(categoryName).max(20).optional(),
  userId: z.string({ error: 'User id is required' }).trim().min(1, 'User id is required').max(200),
  forceRefresh: z.boolean().optional(),
  triggerServerSide: z.boolean().optional(),
  useInteract: z.boolean().optional(),
  userContext: z.lazy(() => UserContext).optional(),
});
export type ScanTokenRequest = z.infer<typeof ScanTokenRequest>;

const nameSlug = { name: z.string().trim().min(1).max(200), slug: z.string().max(200).nullable().optional() };
const range = z.object({ min: z.number().nullable().optional(), max: z.number().nullable().optional() }).nullable().optional();

export const UserContext = z.object({
  favorites: z
    .array(z.object({ ...nameSlug, strainType: z.string().max(40).nullable().optional() }))
    .max(200)
    .optional(),
  stashItems: z
    .array(z.object({ ...nameSlug, remainingGrams: z.number().nullable().optional(), strainType: z.string().max(40).nullable().optional() }))
    .max(200)
    .optional(),
  recentOrders: z
    .array(z.object({ ...nameSlug, purchasedAt: z.string().max(40).optional() }))
    .max(500)
    .optional(),
  dislikes: z.array(z.object(nameSlug)).max(200).optional(),
  preferences: z
    .object({
      preferredTypes: z.array(z.string().max(40)).max(10).optional(),
      thcRange: range,
      budgetRange: range,
      preferredCategories: z.array(z.string().max(60)).max(10).optional(),
    })
    .nullable()
    .optional(),
});
export type UserContext = z.infer<typeof UserContext>;

/** The task input of `shopping-menu-scan` (the specification's Scan task input). */
export const ScanTaskInput = z.object({
  dispensaryName: z.string().trim().min(1).max(200),
  websiteDomain: z.string().trim().min(1).max(253),
  menuUrls: z.array(httpUrl).min(1).max(20),
  categories: z.array(categoryName).max(20).default([]),
  userId: z.string().trim().min(1).max(200),
  forceRefresh: z.boolean().default(false),
  useInteract: z.boolean().default(false),
  /** The dispensary's own site when the menu is hosted on a platform (DECISIONS §12). */
  dispensaryWebsite: z.string().trim().min(1).max(253).optional(),
  userContext: UserContext.optional(),
});
export type ScanTaskInput = z.input<typeof ScanTaskInput>;
export type ScanTaskInputParsed = z.output<typeof ScanTaskInput>;

export const PRODUCT_CATEGORIES = ['Flower', 'Concentrate', 'Edible', 'Vape', 'Pre-Roll', 'Topical', 'Tincture', 'Other'] as const;
export const PRODUCT_TAGS = ['favorite_in_stock', 'running_low', 'bought_before', 'similar_to_favorite', 'matches_preferences', 'new_discovery', 'great_deal'] as const;
export type ProductTag = (typeof PRODUCT_TAGS)[number];
export { SCAN_STAGES, type ScanStage } from '@/lib/shopping/stages';

export const Product = z.object({
  rawName: z.string(),
  displayName: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  price: z.string().nullable(),
  /** DECISIONS §12: the struck-through / was / reg. price of a discounted product; `price` is what the buyer pays now. */
  regularPrice: z.string().nullable().optional(),
  matched: z.boolean(),
  matchConfidence: z.enum(['high', 'medium', 'low']).nullable(),
  strainId: z.string().nullable(),
  strainSlug: z.string().nullable(),
  strainName: z.string().nullable(),
  highFamily: z.string().nullable(),
  tags: z.array(z.enum(PRODUCT_TAGS)),
  // Extra facts the menu gave (allowed: the specification lists the required fields only).
  brand: z.string().nullable().optional(),
  priceValue: z.number().nullable().optional(),
  weightGrams: z.number().nullable().optional(),
  pricePerGram: z.number().nullable().optional(),
  thcPct: z.number().nullable().optional(),
  cbdPct: z.number().nullable().optional(),
  strainType: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
});
export type Product = z.infer<typeof Product>;

export const Recommendation = z.object({ product: Product, reason: z.string(), rank: z.number().int().min(1) });
export type Recommendation = z.infer<typeof Recommendation>;

export const Discovery = z.object({ rawName: z.string(), category: z.string(), price: z.string().nullable(), queued: z.boolean() });
export type Discovery = z.infer<typeof Discovery>;

export const ScanTaskOutput = z.object({
  success: z.boolean(),
  cached: z.boolean(),
  dispensaryName: z.string(),
  websiteDomain: z.string(),
  scannedAt: z.string(),
  expiresAt: z.string(),
  products: z.array(Product),
  matchedProducts: z.array(Product),
  unmatchedProducts: z.array(Product),
  recommendations: z.array(Recommendation),
  discoveries: z.array(Discovery),
  screenshotUrl: z.string().nullable(),
  extractionMethod: z.string().nullable().optional(),
  categoriesHash: z.string().optional(),
  stats: z.object({ productsCount: z.number(), matchedCount: z.number(), unmatchedCount: z.number() }),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type ScanTaskOutput = z.infer<typeof ScanTaskOutput>;

export const CachedScanRecord = z.object({
  website_domain: z.string(),
  categories_hash: z.string(),
  products_count: z.number().int(),
  matched_count: z.number().int(),
  unmatched_count: z.number().int(),
  scan_results: ScanTaskOutput,
  expires_at: z.string(),
  dispensary_name: z.string().optional(),
  scanned_at: z.string().optional(),
});
export type CachedScanRecord = z.infer<typeof CachedScanRecord>;

/** A cache entry as the admin dashboard lists it (without its results). */
export const CacheListItemSchema = CachedScanRecord.omit({ scan_results: true }).extend({ expired: z.boolean(), run_id: z.string().nullable() });
export type CacheListItem = z.infer<typeof CacheListItemSchema>;

export const ScanTokenResponse = z.object({
  triggerToken: z.string().nullable(),
  publicAccessToken: z.string().optional(),
  runId: z.string().optional(),
  existingRunId: z.string().nullable(),
  cachedData: CachedScanRecord.pick({ website_domain: true, categories_hash: true, scan_results: true, expires_at: true }).nullable(),
  isCached: z.boolean(),
  domain: z.string(),
  dispensaryName: z.string(),
  categoriesHash: z.string().optional(),
  menuUrls: z.array(z.string()).optional(),
  message: z.string().optional(),
});
export type ScanTokenResponse = z.infer<typeof ScanTokenResponse>;

export { RunViewSchema } from '@/lib/tasks/schemas';

/** What the scan writes into its run's metadata while it runs (the run view's `metadata`). */
export const ScanMetadataSchema = z.looseObject({
  currentStage: z.enum(SCAN_STAGES).optional(),
  progress: z.number().optional(),
  status: z.string().optional(),
  dispensaryName: z.string().optional(),
  domain: z.string().optional(),
  runId: z.string().optional(),
  screenshotUrl: z.string().optional(),
  extractionMethod: z.string().optional(),
  cacheHit: z.boolean().optional(),
  useInteract: z.boolean().optional(),
});
export type ScanMetadata = z.output<typeof ScanMetadataSchema>;
