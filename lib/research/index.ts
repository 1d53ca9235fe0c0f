export { enqueueResearch, findOpenSubmission, OPEN_STATUSES, type EnqueueItem, type EnqueueResult, type ResearchSource } from '@/lib/research/queue';
export { submitStrain, approveSubmission, rejectSubmission } from '@/lib/research/service';
export {
  StrainSubmissionSchema,
  SubmitResultSchema,
  DraftSchema,
  SubmissionSchema,
  ApproveResultSchema,
  ApproveBodySchema,
  RejectBodySchema,
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
export { getSubmission, listSubmissions } from '@/lib/research/repo';
