import { z } from 'zod';
import { PLATFORMS } from '@/lib/social/length';

/** Request and response schemas of the social draft routes (DECISIONS §11). */

export const DRAFT_KINDS = ['strain_spotlight', 'daily_story', 'new_strain', 'blog_post', 'discover_list'] as const;
export const DRAFT_STATUSES = ['draft', 'approved', 'scheduled', 'published', 'rejected'] as const;
export const SOURCE_KINDS = ['story', 'strain', 'blog_post', 'discover_list'] as const;

export type DraftKind = (typeof DRAFT_KINDS)[number];
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const PlatformSchema = z.enum(PLATFORMS);
export const DraftStatusSchema = z.enum(DRAFT_STATUSES);
export const DraftKindSchema = z.enum(DRAFT_KINDS);

export const SocialDraftSchema = z.object({
  id: z.string(),
  platform: PlatformSchema,
  kind: DraftKindSchema,
  text: z.string(),
  hashtags: z.array(z.string()),
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  status: DraftStatusSchema,
  scheduledFor: z.string().nullable(),
  publishedAt: z.string().nullable(),
  source: z.object({ kind: z.enum(SOURCE_KINDS), id: z.string() }),
  version: z.number().int(),
  /** The composed post's length as the platform counts it, and the platform's limit. */
  length: z.object({ count: z.number().int(), limit: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SocialDraft = z.output<typeof SocialDraftSchema>;

export const DraftListQuery = z.object({
  status: DraftStatusSchema.optional(),
  platform: PlatformSchema.optional(),
  kind: DraftKindSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type DraftListQuery = z.output<typeof DraftListQuery>;

/** A hashtag without its `#`: letters, digits and underscores, 1–100 characters. */
export const Hashtag = z
  .string()
  .trim()
  .transform((s) => s.replace(/^#/, ''))
  .pipe(z.string().regex(/^[\p{L}\p{N}_]{1,100}$/u, 'a hashtag is letters, digits and underscores'));

export const DraftUpdateSchema = z
  .object({
    id: z.uuid(),
    version: z.number().int().min(1),
    text: z.string().min(1).max(63206).optional(),
    hashtags: z.array(Hashtag).max(30).optional(),
    status: DraftStatusSchema.optional(),
    scheduledFor: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict();
export type DraftUpdate = z.output<typeof DraftUpdateSchema>;

export const PatchDraftsBody = z
  .object({ updates: z.array(DraftUpdateSchema).min(1).max(50) })
  .strict()
  .refine((b) => new Set(b.updates.map((u) => u.id)).size === b.updates.length, { message: 'each draft may appear once in a batch', path: ['updates'] });

export const PatchDraftsResult = z.object({ updated: z.array(SocialDraftSchema) });

export const SocialStatsSchema = z.object({
  byStatus: z.record(z.string(), z.number()),
  byPlatform: z.record(z.string(), z.number()),
  scheduledNext7Days: z.number(),
  publishedLast30Days: z.number(),
  createdLast24h: z.number(),
});
export type SocialStats = z.output<typeof SocialStatsSchema>;

export const GenerateDraftsBody = z
  .object({
    /** Sources newer than this are drafted (default: the last 7 days). */
    since: z.iso.datetime({ offset: true }).optional(),
    platforms: z.array(PlatformSchema).min(1).max(5).optional(),
  })
  .strict()
  .optional();

export const GenerateDraftsResult = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  sources: z.array(z.object({ kind: z.enum(SOURCE_KINDS), id: z.string(), title: z.string() })),
  drafts: z.array(SocialDraftSchema),
});
export type GenerateDraftsResult = z.output<typeof GenerateDraftsResult>;
