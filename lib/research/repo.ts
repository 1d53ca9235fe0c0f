import type { Queryable } from '@/lib/db';
import { SUBMISSION_STATUSES, type StrainDraft, type Submission, type SubmissionStatus } from '@/lib/research/schemas';

export type { Submission, SubmissionStatus } from '@/lib/research/schemas';

interface Row {
  id: string;
  strain_name: string;
  source: string;
  status: SubmissionStatus;
  metadata: Record<string, unknown> | string | null;
  draft: StrainDraft | string | null;
  run_id: string | null;
  attempts: number;
  error: { code: string; message: string } | string | null;
  review_note: string | null;
  reviewed_at: Date | string | null;
  strain_slug: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const SUBMISSION_COLUMNS = `id, strain_name, source, status, metadata, draft, run_id, attempts, error, review_note, reviewed_at, strain_slug, created_at, updated_at`;

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export function rowToSubmission(r: Row): Submission {
  return {
    id: r.id,
    strainName: r.strain_name,
    source: r.source,
    status: r.status,
    metadata: json(r.metadata) ?? {},
    draft: json(r.draft),
    runId: r.run_id,
    attempts: Number(r.attempts),
    error: json(r.error),
    reviewNote: r.review_note,
    reviewedAt: iso(r.reviewed_at),
    strainSlug: r.strain_slug,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

export async function getSubmission(db: Queryable, id: string): Promise<Submission | null> {
  if (!isUuid(id)) return null;
  const r = await db.query<Row>(`SELECT ${SUBMISSION_COLUMNS} FROM research_submissions WHERE id = $1`, [id]);
  return r.rows[0] ? rowToSubmission(r.rows[0]) : null;
}

export async function listSubmissions(
  db: Queryable,
  opts: { status?: SubmissionStatus; limit: number; offset: number },
): Promise<{ items: Submission[]; total: number; counts: Record<string, number> }> {
  const where = opts.status ? 'WHERE status = $3' : '';
  const params: unknown[] = [opts.limit, opts.offset];
  if (opts.status) params.push(opts.status);
  const [items, counts] = await Promise.all([
    db.query<Row & { total: number }>(
      `SELECT ${SUBMISSION_COLUMNS}, count(*) OVER () AS total FROM research_submissions ${where}
       ORDER BY (status = 'pending_review') DESC, created_at DESC, id LIMIT $1 OFFSET $2`,
      params,
    ),
    db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM research_submissions GROUP BY status`),
  ]);
  let total = Number(items.rows[0]?.total ?? 0);
  if (items.rows.length === 0 && opts.offset > 0) {
    const c = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM research_submissions ${opts.status ? 'WHERE status = $1' : ''}`, opts.status ? [opts.status] : []);
    total = Number(c.rows[0]?.n ?? 0);
  }
  const byStatus: Record<string, number> = Object.fromEntries(SUBMISSION_STATUSES.map((s) => [s, 0]));
  for (const c of counts.rows) byStatus[c.status] = Number(c.n);
  return { items: items.rows.map(rowToSubmission), total, counts: byStatus };
}

/** The research figures of GET /meta/freshness (see CATALOG_FRESHNESS_SQL in lib/strains/repo.ts). */
export const RESEARCH_FRESHNESS_SQL = {
  pending: `(SELECT count(*)::int FROM research_submissions WHERE status IN ('pending', 'researching', 'pending_review'))`,
  latestApprovedAt: `(SELECT max(coalesce(reviewed_at, updated_at)) FROM research_submissions WHERE status = 'approved')`,
} as const;

// ---------- The queue's writes (enqueue, claim, draft, review) and the pipeline's reads ----------

/** Statuses that count as "already in the queue" (a name in one of them is never queued twice). */
const OPEN_SQL = `status IN ('pending', 'researching', 'pending_review')`;
/** Queued, or researching by a run that stopped reporting `$1` ms ago (the pipeline picks it up). */
const PICKABLE_SQL = `(status = 'pending' OR (status = 'researching' AND updated_at < now() - ($1::int * interval '1 millisecond')))`;

/** Insert the rows whose name key has no open submission; the new ids by name key. */
export async function insertQueued(db: Queryable, rows: Array<{ strain_name: string; name_key: string; source: string; metadata: unknown }>): Promise<Map<string, string>> {
  const r = await db.query<{ id: string; name_key: string }>(
    `INSERT INTO research_submissions (strain_name, name_key, source, metadata)
     SELECT x.strain_name, x.name_key, x.source, COALESCE(x.metadata, '{}'::jsonb)
       FROM jsonb_to_recordset($1::jsonb) AS x(strain_name text, name_key text, source text, metadata jsonb)
     ON CONFLICT (name_key) WHERE ${OPEN_SQL} DO NOTHING
     RETURNING id, name_key`,
    [JSON.stringify(rows)],
  );
  return new Map(r.rows.map((x) => [x.name_key, x.id]));
}

/** The open submissions' ids by name key. */
export async function openIdsByKey(db: Queryable, keys: string[]): Promise<Map<string, string>> {
  const r = await db.query<{ id: string; name_key: string }>(`SELECT id, name_key FROM research_submissions WHERE name_key = ANY($1::text[]) AND ${OPEN_SQL}`, [keys]);
  return new Map(r.rows.map((x) => [x.name_key, x.id]));
}

/** The oldest open submission of a name key. */
export async function findOpenByKey(db: Queryable, key: string): Promise<{ id: string; strainName: string; status: string } | null> {
  const r = await db.query<{ id: string; strain_name: string; status: string }>(
    `SELECT id, strain_name, status FROM research_submissions WHERE name_key = $1 AND ${OPEN_SQL} ORDER BY created_at LIMIT 1`,
    [key],
  );
  const row = r.rows[0];
  return row ? { id: row.id, strainName: row.strain_name, status: row.status } : null;
}

/** Record the run started for a submission (the first one wins). */
export async function bindRun(db: Queryable, id: string, runId: string): Promise<void> {
  await db.query(`UPDATE research_submissions SET run_id = coalesce(run_id, $2) WHERE id = $1`, [id, runId]);
}

/**
 * Claim a submission for a research run: pending, or researching by this run or by one silent
 * for `staleMs`. Null when it cannot be claimed.
 */
export async function claimSubmission(db: Queryable, id: string, runId: string | null, staleMs: number): Promise<Submission | null> {
  const r = await db.query<Row>(
    `UPDATE research_submissions
        SET status = 'researching', run_id = coalesce($2, run_id), attempts = attempts + 1, error = NULL, updated_at = now()
      WHERE id = $1
        AND (status = 'pending' OR (status = 'researching' AND (updated_at < now() - ($3::int * interval '1 millisecond') OR run_id = $2)))
      RETURNING ${SUBMISSION_COLUMNS}`,
    [id, runId, staleMs],
  );
  return r.rows[0] ? rowToSubmission(r.rows[0]) : null;
}

export async function submissionStatus(db: Queryable, id: string): Promise<string | null> {
  const r = await db.query<{ status: string }>(`SELECT status FROM research_submissions WHERE id = $1`, [id]);
  return r.rows[0]?.status ?? null;
}

/** The run's draft, while the submission is still researching. */
export async function saveDraft(db: Queryable, id: string, draft: StrainDraft): Promise<void> {
  await db.query(`UPDATE research_submissions SET status = 'pending_review', draft = $2::jsonb, updated_at = now() WHERE id = $1 AND status = 'researching'`, [
    id,
    JSON.stringify(draft),
  ]);
}

export async function markFailed(db: Queryable, id: string, error: { code: string; message: string }): Promise<void> {
  await db.query(`UPDATE research_submissions SET status = 'failed', error = $2::jsonb, updated_at = now() WHERE id = $1`, [id, JSON.stringify(error)]);
}

/** Approve a submission awaiting review as the given catalog strain; null when it was reviewed concurrently. */
export async function markApproved(db: Queryable, id: string, strain: { id: string; slug: string }, note: string | null): Promise<Submission | null> {
  const r = await db.query<Row>(
    `UPDATE research_submissions
        SET status = 'approved', strain_id = $2, strain_slug = $3, review_note = $4, reviewed_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'pending_review'
      RETURNING ${SUBMISSION_COLUMNS}`,
    [id, strain.id, strain.slug, note],
  );
  return r.rows[0] ? rowToSubmission(r.rows[0]) : null;
}

/** Reject a submission not yet approved or rejected; null when it was reviewed concurrently. */
export async function markRejected(db: Queryable, id: string, note: string | null): Promise<Submission | null> {
  const r = await db.query<Row>(
    `UPDATE research_submissions SET status = 'rejected', review_note = $2, reviewed_at = now(), updated_at = now()
      WHERE id = $1 AND status NOT IN ('approved', 'rejected') RETURNING ${SUBMISSION_COLUMNS}`,
    [id, note],
  );
  return r.rows[0] ? rowToSubmission(r.rows[0]) : null;
}

/** Failed submissions under `maxAttempts` back to pending; how many. */
export async function requeueFailed(db: Queryable, maxAttempts: number): Promise<number> {
  const r = await db.query(`UPDATE research_submissions SET status = 'pending', updated_at = now() WHERE status = 'failed' AND attempts < $1`, [maxAttempts]);
  return r.rowCount;
}

/** Researching submissions whose run stopped reporting `staleMs` ago back to pending; how many. */
export async function requeueStale(db: Queryable, staleMs: number): Promise<number> {
  const r = await db.query(
    `UPDATE research_submissions SET status = 'pending', updated_at = now()
      WHERE status = 'researching' AND updated_at < now() - ($1::int * interval '1 millisecond')`,
    [staleMs],
  );
  return r.rowCount;
}

/** The ids the pipeline may research (see PICKABLE_SQL), oldest first. */
export async function pickableIds(db: Queryable, staleMs: number, limit: number): Promise<string[]> {
  const r = await db.query<{ id: string }>(`SELECT id FROM research_submissions WHERE ${PICKABLE_SQL} ORDER BY created_at, id LIMIT $2`, [staleMs, limit]);
  return r.rows.map((x) => x.id);
}

export async function countPickable(db: Queryable, staleMs: number): Promise<number> {
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM research_submissions WHERE ${PICKABLE_SQL}`, [staleMs]);
  return Number(r.rows[0]?.n ?? 0);
}
