import type { Queryable } from '../db';
import { SUBMISSION_STATUSES, type StrainDraft, type Submission, type SubmissionStatus } from './schema';

export type { Submission, SubmissionStatus } from './schema';

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
