import { z } from 'zod';

/** Request and response schemas of the strain routes (validation and OpenAPI share them). */

export const Limit = z.coerce.number().int().min(1).max(100).default(20);
export const Offset = z.coerce.number().int().min(0).max(1_000_000).default(0);
export const PageQuery = z.object({ limit: Limit, offset: Offset });

export const TerpeneSchema = z.object({ name: z.string(), percentage: z.number() });
export const StrainSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(['indica', 'sativa', 'hybrid']).nullable(),
  thc: z.number().nullable(),
  thcMin: z.number().nullable(),
  thcMax: z.number().nullable(),
  cbd: z.number().nullable(),
  cbdMin: z.number().nullable(),
  cbdMax: z.number().nullable(),
  terpenes: z.array(TerpeneSchema),
  effects: z.array(z.string()),
  negatives: z.array(z.string()),
  helpsWith: z.record(z.string(), z.number()),
  aromas: z.array(z.string()),
  parents: z.array(z.string()),
  akas: z.array(z.string()),
  highFamily: z.string().nullable(),
  popularityScore: z.number(),
  source: z.string(),
  description: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const StrainList = z.array(StrainSchema);

const Num = z.coerce.number().min(0).max(100);
export const ListQuery = z.object({
  type: z.enum(['indica', 'sativa', 'hybrid']).optional(),
  terpene: z.string().min(1).max(200).optional(),
  effect: z.string().min(1).max(200).optional(),
  aroma: z.string().min(1).max(200).optional(),
  minThc: Num.optional(),
  maxThc: Num.optional(),
  sort: z.enum(['popularity', 'name', 'thc']).default('popularity'),
  order: z.enum(['asc', 'desc']).optional(),
  limit: Limit,
  offset: Offset,
});

export const SearchQuery = z.object({
  q: z.string().max(1000).default(''),
  limit: Limit,
});

export const SlugParams = z.object({ slug: z.string().min(1).max(200) });

export const RecommendQuery = z.object({
  q: z.string().max(500).optional(),
  like: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

export const RecommendationSchema = z.object({ rank: z.number(), score: z.number(), reason: z.string(), strain: StrainSchema });

/** GET /strains/slug/:slug/complete. */
export const CompleteProfileSchema = z.object({
  strain: StrainSchema,
  similar: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      type: z.string().nullable(),
      highFamily: z.string().nullable(),
      thc: z.number().nullable(),
      dominantTerpene: z.string().nullable(),
    }),
  ),
  terpeneChart: z.array(
    z.object({
      name: z.string(),
      percentage: z.number(),
      shareOfProfile: z.number(),
      catalogAverage: z.number().nullable(),
      aromas: z.array(z.string()),
      effects: z.array(z.string()),
    }),
  ),
  sources: z.array(z.object({ source: z.string(), url: z.string().nullable(), domain: z.string().nullable(), addedAt: z.string() })),
  universe: z.object({ completeness: z.number(), sources: z.array(z.string()) }).nullable(),
  /** The strain's hero banner (WebP) once one was generated (POST /hero-images/generate). */
  heroImageUrl: z.string().nullable().optional(),
});

const Counts = z.record(z.string(), z.number());

/** GET /strains/stats/count. */
export const CatalogStatsSchema = z.object({
  total: z.number(),
  byType: Counts,
  withTerpeneProfile: z.number(),
  withDominantTerpene: z.number(),
  byHighFamily: Counts,
  universe: z.object({ total: z.number(), profiled: z.number(), averageCompleteness: z.number() }),
  sources: z.object({ total: z.number(), urls: z.number(), strainsWithUrls: z.number(), byDomain: Counts, bySource: Counts }),
  generatedAt: z.string(),
});
