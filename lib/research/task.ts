import { z } from 'zod';
import type { Queryable } from '@/lib/db';
import type { MetadataPort, TaskDefinition } from '@/lib/tasks/types';
import { TaskFailure } from '@/lib/tasks/types';
import { draftLocally } from '@/lib/research/draft';
import { gatherEvidence } from '@/lib/research/evidence';
import { draftWithModel, hostedModelConfigured } from '@/lib/research/model';
import { claimSubmission, markFailed, saveDraft, submissionStatus } from '@/lib/research/repo';
import type { SubmissionMetadata } from '@/lib/research/schemas';

export const STRAIN_RESEARCH_TASK = 'strain-research';
export const StrainResearchInputSchema = z.object({ submissionId: z.string().uuid() });
export type StrainResearchInput = z.output<typeof StrainResearchInputSchema>;

export interface StrainResearchOutput {
  submissionId: string;
  status: 'pending_review' | 'skipped';
  engine: 'local' | 'model' | null;
  confidence: number | null;
  reason?: string;
}

/** A `researching` row untouched this long belongs to a dead run and may be claimed again. */
export const STALE_RESEARCH_MS = 10 * 60_000;

interface RunCtx {
  runId?: string;
  metadata?: MetadataPort;
  signal?: AbortSignal;
  db?: Queryable;
}

async function defaultDb(): Promise<Queryable> {
  const { ready } = await import('@/lib/bootstrap');
  return ready();
}

/**
 * Research one submission: claim it (pending, or researching but stale), gather what the catalog
 * knows, draft a profile (model when configured, else locally) and leave it `pending_review`.
 * The same function runs in the local runner, on Trigger.dev and from POST /trigger/pipeline.
 */
export async function runStrainResearch(input: StrainResearchInput, ctx: RunCtx = {}): Promise<StrainResearchOutput> {
  const db = ctx.db ?? (await defaultDb());
  const md = ctx.metadata;
  md?.set('stage', 'claim').set('progress', 5).set('submissionId', input.submissionId);
  const sub = await claimSubmission(db, input.submissionId, ctx.runId ?? null, STALE_RESEARCH_MS);
  if (!sub) {
    const status = await submissionStatus(db, input.submissionId);
    const reason = status ? `submission is ${status}` : 'submission not found';
    md?.set('stage', 'complete').set('progress', 100).set('status', 'skipped');
    await md?.flush();
    return { submissionId: input.submissionId, status: 'skipped', engine: null, confidence: null, reason };
  }
  try {
    md?.set('stage', 'gather').set('progress', 20).set('strainName', sub.strainName);
    const evidence = await gatherEvidence(db, sub.strainName);
    md?.set('stage', 'draft').set('progress', 50).set('relatives', evidence.relatives.length);
    const metadata = sub.metadata as SubmissionMetadata;
    const local = draftLocally(sub.strainName, metadata, evidence);
    const draft = hostedModelConfigured() ? await draftWithModel(sub.strainName, metadata, evidence, local, ctx.signal) : local;
    if (ctx.signal?.aborted) throw new TaskFailure('TASK_ABORTED', 'The research run was aborted');
    await saveDraft(db, sub.id, draft);
    md?.set('stage', 'complete').set('progress', 100).set('status', 'pending_review').set('engine', draft.engine);
    await md?.flush();
    return { submissionId: sub.id, status: 'pending_review', engine: draft.engine, confidence: draft.confidence };
  } catch (e) {
    const error = { code: e instanceof TaskFailure ? e.code : 'RESEARCH_FAILED', message: e instanceof Error ? e.message : String(e) };
    await markFailed(db, sub.id, error);
    throw e;
  }
}

export const strainResearchTask: TaskDefinition<StrainResearchInput, StrainResearchOutput> = {
  id: STRAIN_RESEARCH_TASK,
  schema: StrainResearchInputSchema,
  timeoutMs: 120_000,
  run: (input, ctx) => runStrainResearch(input, { runId: ctx.runId, metadata: ctx.metadata, signal: ctx.signal }),
};
