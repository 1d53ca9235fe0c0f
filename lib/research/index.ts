export { enqueueResearch, findOpenSubmission, OPEN_STATUSES, type EnqueueItem, type EnqueueResult, type ResearchSource } from './queue';
export { submitStrain } from './submit';
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
} from './schemas';
export { implausibleReason, containsProfanity, REJECTION_MESSAGES, type RejectionReason } from './plausibility';
export { runStrainResearch, strainResearchTask, STRAIN_RESEARCH_TASK, type StrainResearchOutput } from './task';
export { approveSubmission, rejectSubmission, ApproveBodySchema, RejectBodySchema } from './review';
export { getSubmission, listSubmissions } from './repo';
