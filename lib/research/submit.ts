import type { Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { logger } from '@/lib/log';
import { startTask } from '@/lib/tasks';
import { findCatalogDuplicate } from '@/lib/research/duplicates';
import { hostedModelConfigured, verifyStrainName } from '@/lib/research/model';
import { implausibleReason, REJECTION_MESSAGES, type RejectionReason } from '@/lib/research/plausibility';
import { cleanName } from '@/lib/research/names';
import { enqueueResearch, findOpenSubmission } from '@/lib/research/queue';
import { bindRun } from '@/lib/research/repo';
import type { StrainSubmission, SubmitResult } from '@/lib/research/schemas';
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
