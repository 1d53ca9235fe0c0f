/**
 * What the research routes call: a submission from the public (POST /research/strains/submit)
 * and its review by an admin (approve into the catalog, or reject).
 */
import type { Db, Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { logger } from '@/lib/log';
import { upsertStrain } from '@/lib/strains/repo';
import { startTask } from '@/lib/tasks';
import { findCatalogDuplicate } from '@/lib/research/duplicates';
import { hostedModelConfigured, verifyStrainName } from '@/lib/research/model';
import { implausibleReason, REJECTION_MESSAGES, type RejectionReason } from '@/lib/research/plausibility';
import { cleanName } from '@/lib/research/names';
import { enqueueResearch, findOpenSubmission } from '@/lib/research/queue';
import { bindRun, getSubmission, markApproved, markRejected } from '@/lib/research/repo';
import type { ApproveBody, ApproveResult, StrainSubmission, Submission, SubmitResult } from '@/lib/research/schemas';
import { STRAIN_RESEARCH_TASK } from '@/lib/research/task';

function reject(reason: RejectionReason, extra?: Record<string, unknown>): ApiError {
  return new ApiError('STRAIN_REJECTED', REJECTION_MESSAGES[reason], { reason, ...extra });
}

/**
 * POST /research/strains/submit (docs/contract.md §7): catalog duplicate → plausibility → queue
 * duplicate → model verification (hosted model only) → queue → start the research task.
 * Cheap checks run first so the model is asked only about new, plausible names.
 */
export async function submitStrain(db: Queryable, input: StrainSubmission, opts: { signal?: AbortSignal } = {}): Promise<SubmitResult> {
  const name = cleanName(input.strainName);
  // The catalog first: a listed strain is a duplicate even when its name would fail a rule
  // (G13 has one letter; Alaskan Thunder Fuck is a real cultivar).
  const inCatalog = await findCatalogDuplicate(db, name);
  if (inCatalog) {
    return {
      status: 'duplicate',
      submissionId: null,
      strain: { slug: inCatalog.slug, name: inCatalog.name },
      message: `${inCatalog.name} is already in the catalog`,
    };
  }
  const why = implausibleReason(name);
  if (why) throw reject(why);

  const open = await findOpenSubmission(db, name);
  if (open) {
    return { status: 'duplicate', submissionId: open.id, strain: null, message: `${open.strainName} is already queued for research` };
  }

  if (hostedModelConfigured()) {
    const v = await verifyStrainName(name, opts.signal);
    if (v.verdict === 'implausible') throw reject('model_verification_failed', { model: v.reason });
  }

  const metadata = { ...(input.metadata ?? {}) };
  const [q] = await enqueueResearch(db, [{ name, source: input.source, metadata }]);
  if (!q.queued) {
    // Another request queued the same name between our check and our insert.
    return { status: 'duplicate', submissionId: q.submissionId, strain: null, message: `${name} is already queued for research` };
  }
  try {
    const { runId } = await startTask(STRAIN_RESEARCH_TASK, { submissionId: q.submissionId }, { idempotencyKey: `research:${q.submissionId}`, tags: ['research'] });
    await bindRun(db, q.submissionId!, runId);
  } catch (e) {
    // The row is durable: POST /trigger/pipeline (or the daily cron) researches it later.
    logger().warn({ submissionId: q.submissionId, err: e instanceof Error ? e.message : String(e) }, 'research task not started; left queued');
  }
  return { status: 'queued', submissionId: q.submissionId, strain: null, message: `${name} was queued for research` };
}

async function load(db: Db, id: string): Promise<Submission> {
  const s = await getSubmission(db, id);
  if (!s) throw ApiError.notFound('submission', id);
  return s;
}

/** Move a `pending_review` draft into the catalog with source `research`, in one transaction. */
export async function approveSubmission(db: Db, id: string, body: ApproveBody): Promise<ApproveResult> {
  const sub = await load(db, id);
  if (sub.status !== 'pending_review' || !sub.draft) {
    throw new ApiError('BAD_REQUEST', `Only a submission in pending_review can be approved; this one is ${sub.status}`, { status: sub.status });
  }
  const d = { ...sub.draft, ...(body?.overrides ?? {}) };
  return db.transaction(async (tx) => {
    const up = await upsertStrain(
      tx,
      {
        name: d.name,
        type: d.type,
        thc: d.thc,
        cbd: d.cbd,
        terpenes: d.terpenes,
        effects: d.effects,
        aromas: d.aromas,
        parents: d.parents,
        description: d.description,
      },
      'research',
    );
    const submission = await markApproved(tx, id, up, body?.note ?? null);
    // A concurrent reviewer got there first: roll the catalog write back with this error.
    if (!submission) throw new ApiError('BAD_REQUEST', 'The submission was reviewed concurrently', { status: 'changed' });
    return { submission, strain: { id: up.id, slug: up.slug, name: d.name, inserted: up.inserted } };
  });
}

/** Close a submission without touching the catalog (from any state that is not already final). */
export async function rejectSubmission(db: Db, id: string, note: string | undefined): Promise<Submission> {
  const sub = await load(db, id);
  if (sub.status === 'approved' || sub.status === 'rejected') {
    throw new ApiError('BAD_REQUEST', `This submission is already ${sub.status}`, { status: sub.status });
  }
  const rejected = await markRejected(db, id, note ?? null);
  if (!rejected) throw new ApiError('BAD_REQUEST', 'The submission was reviewed concurrently', { status: 'changed' });
  return rejected;
}
