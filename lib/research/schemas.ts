import { z } from 'zod';
import { text } from '@/lib/research/text';

export const PRODUCT_TYPES = ['flower', 'preroll', 'concentrate', 'vape', 'edible', 'tincture', 'topical', 'unknown'] as const;

const Percent = z.number().min(0).max(100);

/** The specification's "Strain submission input" table, bound for bound. */
export const StrainSubmissionSchema = z.object({
  strainName: text(2, 200),
  source: z.enum(['website', 'api']).default('website'),
  metadata: z
    .object({
      terpenes: z
        .array(z.object({ name: text(1, 60), percentage: Percent }))
        .max(20)
        .optional(),
      cannabinoids: z.object({ thc: Percent.optional(), cbd: Percent.optional() }).optional(),
      productType: z.enum(PRODUCT_TYPES).optional(),
    })
    .optional(),
});

export type StrainSubmission = z.output<typeof StrainSubmissionSchema>;
export type SubmissionMetadata = NonNullable<StrainSubmission['metadata']>;

export const SubmitResultSchema = z.object({
  status: z.enum(['queued', 'duplicate']),
  submissionId: z.string().nullable(),
  strain: z.object({ slug: z.string(), name: z.string() }).nullable(),
  message: z.string(),
});
export type SubmitResult = z.output<typeof SubmitResultSchema>;

/** The profile a research run drafts for review (stored as research_submissions.draft). */
export const DraftSchema = z.object({
  name: z.string(),
  slug: z.string(),
  type: z.enum(['indica', 'sativa', 'hybrid']).nullable(),
  thc: z.number().nullable(),
  cbd: z.number().nullable(),
  terpenes: z.array(z.object({ name: z.string(), percentage: z.number() })),
  effects: z.array(z.string()),
  aromas: z.array(z.string()),
  parents: z.array(z.string()),
  highFamily: z.string().nullable(),
  description: z.string(),
  engine: z.enum(['local', 'model']),
  confidence: z.number().min(0).max(1),
  /** Where each field came from: submitted, relatives, universe, terpene-info, model, or none. */
  provenance: z.record(z.string(), z.string()),
  relatives: z.array(z.object({ slug: z.string(), name: z.string(), similarity: z.number() })),
  notes: z.array(z.string()),
});
export type StrainDraft = z.output<typeof DraftSchema>;

export const SUBMISSION_STATUSES = ['pending', 'researching', 'pending_review', 'approved', 'rejected', 'failed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A research submission as the admin review routes answer it. */
export const SubmissionSchema = z.object({
  id: z.string(),
  strainName: z.string(),
  source: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  metadata: z.record(z.string(), z.unknown()),
  draft: DraftSchema.nullable(),
  runId: z.string().nullable(),
  attempts: z.number().int(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  strainSlug: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Submission = z.output<typeof SubmissionSchema>;

export const ApproveResultSchema = z.object({
  submission: SubmissionSchema,
  strain: z.object({ id: z.string(), slug: z.string(), name: z.string(), inserted: z.boolean() }),
});
export type ApproveResult = z.output<typeof ApproveResultSchema>;

/** Edits a reviewer may make while approving; anything left out keeps the draft's value. */
export const ApproveBodySchema = z
  .object({
    note: text(0, 2000).optional(),
    overrides: z
      .object({
        name: text(2, 200).optional(),
        type: z.enum(['indica', 'sativa', 'hybrid']).nullable().optional(),
        thc: z.number().min(0).max(100).nullable().optional(),
        cbd: z.number().min(0).max(100).nullable().optional(),
        terpenes: z
          .array(z.object({ name: text(1, 60), percentage: z.number().min(0).max(100) }))
          .max(20)
          .optional(),
        effects: z.array(text(1, 60)).max(20).optional(),
        aromas: z.array(text(1, 60)).max(20).optional(),
        parents: z.array(text(1, 200)).max(5).optional(),
        description: text(0, 4000).optional(),
      })
      .optional(),
  })
  .optional();
export type ApproveBody = z.output<typeof ApproveBodySchema>;

export const RejectBodySchema = z.object({ note: text(0, 2000).optional() }).optional();
