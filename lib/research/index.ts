export { enqueueResearch, findOpenSubmission, OPEN_STATUSES, type EnqueueItem, type EnqueueResult, type ResearchSource } from './queue';
export { submitStrain } from './submit';
export { StrainSubmissionSchema, SubmitResultSchema, DraftSchema, PRODUCT_TYPES, type StrainSubmission, type SubmitResult, type StrainDraft } from './schema';
export { implausibleReason, containsProfanity, REJECTION_MESSAGES, type RejectionReason } from './plausibility';
export { runStrainResearch, strainResearchTask, STRAIN_RESEARCH_TASK, type StrainResearchOutput } from './task';
export { approveSubmission, rejectSubmission, ApproveBodySchema, RejectBodySchema } from './review';
export { getSubmission, listSubmissions, SUBMISSION_STATUSES, type Submission, type SubmissionStatus } from './repo';
