import { z } from 'zod';
import type { Db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { upsertStrain } from '@/lib/strains/repo';
import { text } from '@/lib/research/text';
import { getSubmission, markApproved, markRejected } from '@/lib/research/repo';
import type { ApproveResult, Submission } from '@/lib/research/schemas';

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
