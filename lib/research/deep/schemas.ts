import { z } from 'zod';

/** Deep research (DECISIONS §11): request, run metadata and output. Shared by routes, task and pages. */

export const DEEP_RESEARCH_TASK = 'deep-research';
export const DEEP_STAGES = ['plan', 'search', 'read', 'synthesize', 'complete'] as const;
export type DeepStage = (typeof DEEP_STAGES)[number];

export const DeepResearchRequest = z.object({
  question: z.string().trim().min(10, 'question must be at least 10 characters').max(1000, 'question must be at most 1000 characters'),
  strainSlugs: z.array(z.string().trim().min(1).max(200)).max(5, 'at most 5 strains').optional(),
});
export type DeepResearchRequest = z.output<typeof DeepResearchRequest>;

/** The task's input: the request plus whose scan history it may read. */
export const DeepResearchInput = z.object({
  question: z.string().min(10).max(1000),
  strainSlugs: z.array(z.string().min(1).max(200)).max(5).default([]),
  userId: z.string().min(1).max(200),
});
export type DeepResearchInput = z.output<typeof DeepResearchInput>;

export const DeepResearchStarted = z.object({ runId: z.string(), publicAccessToken: z.string() });

export const SOURCE_KINDS = ['paper', 'strain', 'scan'] as const;
export const DeepSourceSchema = z.object({
  id: z.string(),
  kind: z.enum(SOURCE_KINDS),
  title: z.string(),
  url: z.string().nullable(),
  year: z.number().int().nullable(),
});
export type DeepSource = z.output<typeof DeepSourceSchema>;

export const DeepSectionSchema = z.object({
  heading: z.string(),
  body: z.string(),
  citations: z.array(z.string()),
});
export type DeepSection = z.output<typeof DeepSectionSchema>;

export const DeepResearchOutput = z.object({
  question: z.string(),
  summary: z.string(),
  sections: z.array(DeepSectionSchema),
  sources: z.array(DeepSourceSchema),
  generatedAt: z.string(),
});
export type DeepResearchOutput = z.output<typeof DeepResearchOutput>;

/** What the model writes (hosted or local): the report without its sources and date. */
export const ReportDraft = z.object({
  summary: z.string().min(1).max(4000),
  sections: z
    .array(
      z.object({
        heading: z.string().min(1).max(200),
        body: z.string().min(1).max(6000),
        citations: z.array(z.string().max(200)).max(30),
      }),
    )
    .min(1)
    .max(10),
});
export type ReportDraft = z.output<typeof ReportDraft>;

export const DeepRunMetadata = z
  .object({
    stage: z.enum(DEEP_STAGES).optional(),
    progress: z.number().optional(),
    message: z.string().optional(),
    sourcesFound: z.number().optional(),
  })
  .passthrough();

/** GET /research/deep/:runId (the local realtime view of §6, output typed). */
export const DeepRunViewSchema = z.object({
  id: z.string(),
  taskIdentifier: z.string(),
  status: z.enum(['QUEUED', 'EXECUTING', 'COMPLETED', 'FAILED', 'TIMED_OUT']),
  metadata: DeepRunMetadata,
  output: DeepResearchOutput.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeepRunView = z.output<typeof DeepRunViewSchema>;
