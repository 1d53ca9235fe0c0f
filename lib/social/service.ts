import type { Db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { checkLength } from '@/lib/social/length';
import { lockDrafts, rowToDraft, updateDraft, type DraftChanges } from '@/lib/social/repo';
import type { DraftStatus, DraftUpdate, SocialDraft } from '@/lib/social/schemas';

/**
 * The status transitions of a draft (DECISIONS §11). Anything not listed answers 422
 * INVALID_STATE_TRANSITION. Sending the status a draft already has is no transition (the other
 * fields are edited), except on a published draft, which is final: every update of it is 422.
 */
export const TRANSITIONS: Record<DraftStatus, readonly DraftStatus[]> = {
  draft: ['approved', 'rejected'],
  approved: ['scheduled', 'draft', 'rejected'],
  scheduled: ['published', 'approved'],
  rejected: ['draft'],
  published: [],
};

export function canTransition(from: DraftStatus, to: DraftStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Apply one update to the row it names (already locked); throws the error the batch answers. */
function plan(current: SocialDraft, u: DraftUpdate, now: number): DraftChanges {
  if (current.version !== u.version) {
    throw new ApiError('CONFLICT', `Draft ${u.id} was changed by someone else (version ${current.version}, not ${u.version})`, {
      id: u.id,
      expectedVersion: u.version,
      currentVersion: current.version,
      current,
    });
  }
  if (current.status === 'published') {
    throw new ApiError('INVALID_STATE_TRANSITION', 'A published draft is final', { id: u.id, from: 'published', to: u.status ?? 'published', allowed: [] });
  }
  const to = u.status ?? current.status;
  if (to !== current.status && !canTransition(current.status, to)) {
    throw new ApiError('INVALID_STATE_TRANSITION', `A ${current.status} draft cannot become ${to}`, { id: u.id, from: current.status, to, allowed: TRANSITIONS[current.status] });
  }
  if (u.scheduledFor && Date.parse(u.scheduledFor) <= now) {
    throw new ApiError('VALIDATION_ERROR', 'scheduledFor must be in the future', [{ path: ['updates', u.id, 'scheduledFor'], message: 'must be in the future', location: 'body' }]);
  }
  let scheduledFor = u.scheduledFor === undefined ? current.scheduledFor : u.scheduledFor;
  if (to === 'scheduled') {
    if (!scheduledFor)
      throw new ApiError('VALIDATION_ERROR', 'A scheduled draft needs scheduledFor', [
        { path: ['updates', u.id, 'scheduledFor'], message: 'required to schedule', location: 'body' },
      ]);
    if (current.status !== 'scheduled' && Date.parse(scheduledFor) <= now) {
      throw new ApiError('VALIDATION_ERROR', 'scheduledFor must be in the future', [
        { path: ['updates', u.id, 'scheduledFor'], message: 'must be in the future', location: 'body' },
      ]);
    }
  } else if (to !== 'published') {
    // Leaving the schedule (or never on it) forgets the time, unless it is being set for later.
    if (current.status === 'scheduled' && u.scheduledFor === undefined) scheduledFor = null;
  }
  const text = u.text ?? current.text;
  const hashtags = u.hashtags ?? current.hashtags;
  const len = checkLength(current.platform, { text, hashtags, link: current.link });
  if (!len.fits && (u.text !== undefined || u.hashtags !== undefined)) {
    throw new ApiError('VALIDATION_ERROR', `The post is ${len.length} long as ${current.platform} counts it; the limit is ${len.limit}`, [
      {
        path: ['updates', u.id, 'text'],
        message: `too long for ${current.platform}: ${len.length} > ${len.limit}`,
        location: 'body',
        platform: current.platform,
        length: len.length,
        limit: len.limit,
      },
    ]);
  }
  return {
    text,
    hashtags,
    status: to,
    scheduledFor,
    publishedAt: to === 'published' ? new Date(now).toISOString() : current.publishedAt,
  };
}

/**
 * PATCH /social/drafts: every update or none. The drafts are locked in one transaction (in id
 * order) and each update must carry the version it read; the first failure (404, 409, 422, 400)
 * rolls the whole batch back.
 */
export async function patchDrafts(db: Db, updates: DraftUpdate[]): Promise<SocialDraft[]> {
  return db.transaction(async (tx) => {
    const rows = await lockDrafts(
      tx,
      updates.map((u) => u.id),
    );
    const now = Date.now();
    const out: SocialDraft[] = [];
    for (const u of updates) {
      const row = rows.get(u.id);
      if (!row) throw ApiError.notFound('draft', u.id);
      const changes = plan(rowToDraft(row), u, now);
      const saved = await updateDraft(tx, u.id, u.version, changes);
      // The row is locked, so this only happens without row locks (never on PostgreSQL).
      if (!saved) throw new ApiError('CONFLICT', `Draft ${u.id} was changed by someone else`, { id: u.id, expectedVersion: u.version });
      out.push(saved);
    }
    return out;
  });
}
