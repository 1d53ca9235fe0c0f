import { z } from 'zod';

/**
 * Request and response schemas of the research-paper routes (validation, OpenAPI and the pages
 * share them). A paper has exactly the fields of supabase/seed/papers.json; unknown values are
 * null, never guessed.
 */

export const STUDY_TYPES = ['review', 'clinical', 'preclinical', 'observational', 'analytical', 'other'] as const;
export type StudyType = (typeof STUDY_TYPES)[number];

export const PAPER_ID_RE = /^[a-z0-9][a-z0-9-]{0,119}$/;

export const PaperSchema = z.object({
  id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  journal: z.string().nullable(),
  volume: z.string().nullable(),
  issue: z.string().nullable(),
  pages: z.string().nullable(),
  doi: z.string().nullable(),
  pmid: z.string().nullable(),
  url: z.string().nullable(),
  abstract: z.string().nullable(),
  studyType: z.enum(STUDY_TYPES).nullable(),
  topics: z.object({
    terpenes: z.array(z.string()),
    cannabinoids: z.array(z.string()),
    effects: z.array(z.string()),
  }),
  source: z.string(),
});
export type Paper = z.output<typeof PaperSchema>;
export const PaperList = z.array(PaperSchema);

const Label = z.string().trim().min(1).max(60);
const Year = z.coerce.number().int().min(1800).max(2200);

export const PaperSearchQuery = z
  .object({
    q: z.string().trim().max(500).optional(),
    terpene: Label.optional(),
    cannabinoid: Label.optional(),
    effect: Label.optional(),
    strain: z.string().trim().min(1).max(200).optional(),
    studyType: z.enum(STUDY_TYPES).optional(),
    yearFrom: Year.optional(),
    yearTo: Year.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((v) => v.yearFrom === undefined || v.yearTo === undefined || v.yearFrom <= v.yearTo, {
    message: 'yearFrom must not be after yearTo',
    path: ['yearFrom'],
  });
export type PaperSearchInput = z.input<typeof PaperSearchQuery>;
export type PaperSearch = z.output<typeof PaperSearchQuery>;

export const PaperParams = z.object({ id: z.string().min(1).max(200) });
