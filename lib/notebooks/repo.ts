/** Saved notebooks: a finished batch, readable again by the user who ran it. */
import type { Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';

export interface SavedNotebookInput {
  userId: string;
  requestId: string;
  sectionKeys: string[];
  results: Record<string, unknown>;
  errors: Record<string, string>;
  computed: Record<string, unknown>;
  orderInput: unknown;
  completedSections: number;
  totalSections: number;
  provider: string;
  model: string;
}

export interface SavedNotebook {
  id: string;
  requestId: string;
  sectionKeys: string[];
  completedSections: number;
  totalSections: number;
  results: Record<string, unknown>;
  errors: Record<string, string>;
  computed: Record<string, unknown>;
  order: unknown;
  provider: string;
  model: string;
  createdAt: string;
}

interface Row {
  id: string;
  request_id: string;
  section_keys: string[];
  completed_sections: number;
  total_sections: number;
  results: Record<string, unknown>;
  errors: Record<string, string>;
  computed: Record<string, unknown>;
  order_input: unknown;
  provider: string;
  model: string;
  created_at: Date | string;
}

export async function saveNotebook(db: Queryable, n: SavedNotebookInput): Promise<string> {
  const r = await db.query<{ id: string }>(
    `INSERT INTO notebooks (user_id, request_id, section_keys, results, errors, computed, order_input, completed_sections, total_sections, provider, model)
     VALUES ($1, $2, $3::text[], $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, $8, $9, $10, $11) RETURNING id`,
    [
      n.userId,
      n.requestId,
      n.sectionKeys,
      JSON.stringify(n.results),
      JSON.stringify(n.errors),
      JSON.stringify(n.computed),
      JSON.stringify(n.orderInput ?? {}),
      n.completedSections,
      n.totalSections,
      n.provider,
      n.model,
    ],
  );
  return r.rows[0].id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The notebook if `userId` owns it; anyone else (or a malformed id) gets the same 404. */
export async function getNotebookForUser(db: Queryable, id: string, userId: string): Promise<SavedNotebook> {
  const notFound = ApiError.notFound('notebook', id, 'NOTEBOOK_NOT_FOUND');
  if (!UUID.test(id)) throw notFound;
  const r = await db.query<Row>(
    `SELECT id, request_id, section_keys, completed_sections, total_sections, results, errors, computed, order_input, provider, model, created_at
     FROM notebooks WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  const row = r.rows[0];
  if (!row) throw notFound;
  return {
    id: row.id,
    requestId: row.request_id,
    sectionKeys: row.section_keys,
    completedSections: Number(row.completed_sections),
    totalSections: Number(row.total_sections),
    results: row.results,
    errors: row.errors,
    computed: row.computed,
    order: row.order_input,
    provider: row.provider,
    model: row.model,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export interface NotebookSummary {
  id: string;
  requestId: string;
  sectionKeys: string[];
  completedSections: number;
  totalSections: number;
  provider: string;
  model: string;
  createdAt: string;
}

/** The user's notebooks, newest first (summaries; the full notebook is GET /notebooks/:id). */
export async function listNotebooksForUser(db: Queryable, userId: string, page: { limit: number; offset: number }): Promise<{ items: NotebookSummary[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<Omit<Row, 'results' | 'errors' | 'computed' | 'order_input'>>(
      `SELECT id, request_id, section_keys, completed_sections, total_sections, provider, model, created_at
       FROM notebooks WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM notebooks WHERE user_id = $1', [userId]),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    items: rows.rows.map((row) => ({
      id: row.id,
      requestId: row.request_id,
      sectionKeys: row.section_keys,
      completedSections: Number(row.completed_sections),
      totalSections: Number(row.total_sections),
      provider: row.provider,
      model: row.model,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}
