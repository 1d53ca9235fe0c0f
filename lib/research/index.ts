export { enqueueResearch, findOpenSubmission, OPEN_STATUSES, type EnqueueItem, type EnqueueResult, type ResearchSource } from '@/lib/research/queue';
export { submitStrain } from '@/lib/research/submit';
export {
  StrainSubmissionSchema,
  SubmitResultSchema,
  DraftSchema,
  SubmissionSchema,
  ApproveResultSchema,
  SUBMISSION_STATUSES,
  PRODUCT_TYPES,
  type StrainSubmission,
  type SubmitResult,
  type StrainDraft,
  type Submission,
  type SubmissionStatus,
  type ApproveResult,
} from '@/lib/research/schemas';
export { implausibleReason, containsProfanity, REJECTION_MESSAGES, type RejectionReason } from '@/lib/research/plausibility';
export { runStrainResearch, strainResearchTask, STRAIN_RESEARCH_TASK, type StrainResearchOutput } from '@/lib/research/task';
export { approveSubmission, rejectSubmission, ApproveBodySchema, RejectBodySchema } from '@/lib/research/review';
export { getSubmission, listSubmissions } from '@/lib/research/repo';
