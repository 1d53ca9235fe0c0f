import { z } from 'zod';
import { text } from '@/lib/research/text';
import { StrainSchema } from '@/lib/strains/schemas';

/** A list slug: lower-case letters, digits and single hyphens. */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ListSlug = z.string().min(2).max(80).regex(SLUG_RE, 'lower-case letters, digits and single hyphens');
const StrainSlugs = z.array(z.string().min(1).max(200)).max(200);

export const CreateCuratedBody = z.object({ slug: ListSlug, title: text(1, 120), description: text(0, 1000).optional(), strainSlugs: StrainSlugs }).strict();
export const PatchCuratedBody = z
  .object({ title: text(1, 120).optional(), description: text(0, 1000).optional(), strainSlugs: StrainSlugs.optional() })
  .strict()
  .refine((b) => b.title !== undefined || b.description !== undefined || b.strainSlugs !== undefined, { message: 'Nothing to change: give title, description or strainSlugs' });
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** One discover list as the routes answer it (the index items, the detail's `list`). */
export const DiscoverListSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(['computed', 'curated']),
  strainCount: z.number().int(),
  updatedAt: z.string(),
});
export const DiscoverDetailSchema = z.object({ list: DiscoverListSchema, strains: z.array(StrainSchema) });
export type DiscoverList = z.output<typeof DiscoverListSchema>;

/** POST /admin/discover/refresh. */
export const RefreshResultSchema = z.object({ lists: z.number().int(), changed: z.number().int(), durationMs: z.number() });
export type RefreshResult = z.output<typeof RefreshResultSchema>;
