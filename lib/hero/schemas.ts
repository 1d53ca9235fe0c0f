import { z } from 'zod';

/** Hero images (DECISIONS §11): 1600×900 banners for strain pages and site pages. */

export const HERO_SUBJECTS = ['strain', 'page'] as const;
export type HeroSubject = (typeof HERO_SUBJECTS)[number];
export const HERO_SIZE = { width: 1600, height: 900 } as const;

const Slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,199}$/, 'lower-case letters, digits and hyphens');

export const HeroGenerateBody = z
  .object({
    subject: z.enum(HERO_SUBJECTS),
    slug: Slug,
    /** Replaces the description built from the record; the fixed style clause is always added. */
    prompt: z.string().trim().min(3).max(1000).optional(),
  })
  .strict();

export const HeroGenerateResult = z.object({
  url: z.string(),
  webpUrl: z.string(),
  width: z.literal(HERO_SIZE.width),
  height: z.literal(HERO_SIZE.height),
  cached: z.boolean(),
});

export const HeroImageSchema = z.object({
  subject: z.enum(HERO_SUBJECTS),
  slug: z.string(),
  url: z.string(),
  webpUrl: z.string(),
  width: z.number(),
  height: z.number(),
  prompt: z.string(),
  provider: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HeroImage = z.output<typeof HeroImageSchema>;

export const HeroListQuery = z.object({
  subject: z.enum(HERO_SUBJECTS).optional(),
  slug: Slug.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
