import type { Queryable } from '@/lib/db';
import type { RunError, RunRecord, RunStatus } from '@/lib/tasks/types';

/** SQL over `task_runs`. Every function takes the Db so tests can pass their own. */

interface Row {
  id: string;
  task_identifier: string;
  status: RunStatus;
  runner: 'local' | 'trigger';
  payload: unknown;
  metadata: Record<string, unknown> | null;
  metadata_version: number;
  output: unknown;
  error: RunError | null;
  idempotency_key: string | null;
  tags: string[] | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function toRecord(r: Row): RunRecord {
  return {
    id: r.id,
    taskIdentifier: r.task_identifier,
    status: r.status,
    runner: r.runner,
    payload: r.payload,
    metadata: r.metadata ?? {},
    metadataVersion: r.metadata_version,
    output: r.output ?? null,
    error: r.error ?? null,
    idempotencyKey: r.idempotency_key,
    tags: r.tags ?? [],
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
  };
}

const COLS = `id, task_identifier, status, runner, payload, metadata, metadata_version, output, error,
  idempotency_key, tags, created_at, updated_at, started_at, finished_at`;

export interface InsertRun {
  id: string;
  taskIdentifier: string;
  runner: 'local' | 'trigger';
  payload: unknown;
  idempotencyKey: string | null;
  tags: string[];
  ownerPid: number;
  ownerHost: string;
  instanceId: string;
  deadlineMs: number | null;
  timeoutCode: string | null;
}

/**
 * Insert a QUEUED run unless an active run holds the same idempotency key; the unique partial
 * index decides, so two instances racing get exactly one row. Returns null on conflict.
 */
export async function insertRun(db: Queryable, r: InsertRun): Promise<RunRecord | null> {
  const res = await db.query<Row>(
    `INSERT INTO task_runs (id, task_identifier, runner, payload, idempotency_key, tags, owner_pid, owner_host, instance_id,
       heartbeat_at, deadline_at, timeout_code)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6::text[], $7, $8, $9, now(),
       CASE WHEN $10::bigint IS NULL THEN NULL ELSE now() + ($10::bigint * interval '1 millisecond') END, $11)
     ON CONFLICT (task_identifier, idempotency_key) WHERE idempotency_key IS NOT NULL AND status IN ('QUEUED', 'EXECUTING')
     DO NOTHING
     RETURNING ${COLS}`,
    [r.id, r.taskIdentifier, r.runner, JSON.stringify(r.payload ?? {}), r.idempotencyKey, r.tags, r.ownerPid, r.ownerHost, r.instanceId, r.deadlineMs, r.timeoutCode],
  );
  return res.rows[0] ? toRecord(res.rows[0]) : null;
}

export async function findActiveByKey(db: Queryable, taskIdentifier: string, key: string): Promise<RunRecord | null> {
  const res = await db.query<Row>(
    `SELECT ${COLS} FROM task_runs WHERE task_identifier = $1 AND idempotency_key = $2 AND status IN ('QUEUED', 'EXECUTING')
     ORDER BY created_at DESC LIMIT 1`,
    [taskIdentifier, key],
  );
  return res.rows[0] ? toRecord(res.rows[0]) : null;
}

export async function getRunRow(db: Queryable, id: string): Promise<RunRecord | null> {
  const res = await db.query<Row>(`SELECT ${COLS} FROM task_runs WHERE id = $1`, [id]);
  return res.rows[0] ? toRecord(res.rows[0]) : null;
}

export async function listRunRows(
  db: Queryable,
  opts: { limit: number; offset?: number; taskIdentifier?: string; status?: RunStatus; payloadContains?: Record<string, unknown> },
): Promise<{ items: RunRecord[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (opts.taskIdentifier) where.push(`task_identifier = $${params.push(opts.taskIdentifier)}`);
  if (opts.status) where.push(`status = $${params.push(opts.status)}`);
  // Runs whose payload has these fields (e.g. { userId } for one user's scans).
  if (opts.payloadContains) where.push(`payload @> $${params.push(JSON.stringify(opts.payloadContains))}::jsonb`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM task_runs ${w}`, params);
  const res = await db.query<Row>(`SELECT ${COLS} FROM task_runs ${w} ORDER BY created_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    opts.limit,
    opts.offset ?? 0,
  ]);
  return { items: res.rows.map(toRecord), total: total.rows[0]?.n ?? 0 };
}

/** QUEUED → EXECUTING; a deadline (time limit + 30 s grace) lets any instance end a wedged run. */
export async function markExecuting(db: Queryable, id: string, timeoutMs: number | null): Promise<boolean> {
  const r = await db.query(
    `WITH u AS (
       UPDATE task_runs SET status = 'EXECUTING', started_at = now(), updated_at = now(), heartbeat_at = now(),
         metadata_version = metadata_version + 1,
         deadline_at = CASE WHEN $2::bigint IS NULL THEN NULL ELSE now() + (($2::bigint + 30000) * interval '1 millisecond') END
       WHERE id = $1 AND status = 'QUEUED'
       RETURNING id, metadata_version, status, metadata, updated_at)
     ${LOG_EVENT}`,
    [id, timeoutMs],
  );
  return r.rowCount > 0;
}

/** Append the run's current state to its event log (one row per version). */
const LOG_EVENT = `INSERT INTO task_run_events (run_id, version, status, metadata, created_at)
  SELECT id, metadata_version, status, metadata, updated_at FROM u ON CONFLICT DO NOTHING`;

/** Store the whole metadata object; ignored once the run has finished (late writes of a timed-out task). */
export async function writeMetadata(db: Queryable, id: string, metadata: Record<string, unknown>): Promise<boolean> {
  const r = await db.query(
    `WITH u AS (
       UPDATE task_runs SET metadata = $2::jsonb, metadata_version = metadata_version + 1, updated_at = now()
       WHERE id = $1 AND status IN ('QUEUED', 'EXECUTING')
       RETURNING id, metadata_version, status, metadata, updated_at)
     ${LOG_EVENT}`,
    [id, JSON.stringify(metadata)],
  );
  return r.rowCount > 0;
}

export interface RunEvent {
  version: number;
  status: RunStatus;
  metadata: Record<string, unknown>;
  createdAt: string;
}

export async function runEventsAfter(db: Queryable, id: string, version: number): Promise<RunEvent[]> {
  const r = await db.query<{ version: number; status: RunStatus; metadata: Record<string, unknown>; created_at: Date }>(
    'SELECT version, status, metadata, created_at FROM task_run_events WHERE run_id = $1 AND version > $2 ORDER BY version',
    [id, version],
  );
  return r.rows.map((e) => ({ version: e.version, status: e.status, metadata: e.metadata, createdAt: new Date(e.created_at).toISOString() }));
}

/** Finish a run once: only an active run moves to a final status. */
export async function finishRun(
  db: Queryable,
  id: string,
  status: Exclude<RunStatus, 'QUEUED' | 'EXECUTING'>,
  result: { output?: unknown; error?: RunError | null; metadata?: Record<string, unknown> },
): Promise<boolean> {
  const r = await db.query(
    `WITH u AS (
       UPDATE task_runs SET status = $2, output = $3::jsonb, error = $4::jsonb,
         metadata = COALESCE($5::jsonb, metadata), metadata_version = metadata_version + 1,
         finished_at = now(), updated_at = now()
       WHERE id = $1 AND status IN ('QUEUED', 'EXECUTING')
       RETURNING id, metadata_version, status, metadata, updated_at)
     ${LOG_EVENT}`,
    [
      id,
      status,
      result.output === undefined ? null : JSON.stringify(result.output),
      result.error ? JSON.stringify(result.error) : null,
      result.metadata ? JSON.stringify(result.metadata) : null,
    ],
  );
  return r.rowCount > 0;
}

export async function heartbeat(db: Queryable, instanceId: string): Promise<void> {
  await db.query(`UPDATE task_runs SET heartbeat_at = now() WHERE instance_id = $1 AND status IN ('QUEUED', 'EXECUTING')`, [instanceId]);
}

/** Delete finished runs (and, by cascade, their events) older than `olderThanMs` (daily sync). */
export async function pruneFinishedRuns(db: Queryable, olderThanMs = 7 * 24 * 3600 * 1000): Promise<number> {
  const r = await db.query(
    `DELETE FROM task_runs WHERE status IN ('COMPLETED', 'FAILED', 'TIMED_OUT')
       AND finished_at < now() - ($1::bigint * interval '1 millisecond')`,
    [olderThanMs],
  );
  return r.rowCount;
}

/** An active run as the orphan recovery (lib/tasks/instance.ts) judges it. */
export interface ActiveRow {
  id: string;
  runner: 'local' | 'trigger';
  owner_pid: number | null;
  owner_host: string | null;
  instance_id: string | null;
  heartbeat_stale: boolean;
  past_deadline: boolean;
}

/**
 * Active runs owned by another instance than `selfId`, or past their deadline, with whether their
 * heartbeat is older than `staleMs` and whether their deadline passed.
 */
export async function activeRunsToCheck(db: Queryable, staleMs: number, selfId: string): Promise<ActiveRow[]> {
  const r = await db.query<ActiveRow>(
    `SELECT id, runner, owner_pid, owner_host, instance_id,
       (heartbeat_at IS NULL OR heartbeat_at < now() - ($1::bigint * interval '1 millisecond')) AS heartbeat_stale,
       (deadline_at IS NOT NULL AND deadline_at < now()) AS past_deadline
     FROM task_runs WHERE status IN ('QUEUED', 'EXECUTING') AND (instance_id IS DISTINCT FROM $2 OR deadline_at < now())`,
    [staleMs, selfId],
  );
  return r.rows;
}

/** End the runs among `ids` that are still active; how many. A timed-out run keeps its task's own timeout code (SCAN_TIMEOUT for the scan). */
export async function endActiveRuns(
  db: Queryable,
  ids: string[],
  status: 'FAILED' | 'TIMED_OUT' | 'COMPLETED',
  error: { code: string; message: string } | null,
  extraMeta: object | null,
): Promise<number> {
  const u = await db.query(
    `UPDATE task_runs SET status = $2, finished_at = now(), updated_at = now(),
       error = CASE WHEN $3::jsonb IS NULL THEN NULL
                    WHEN $2 = 'TIMED_OUT' THEN jsonb_set($3::jsonb, '{code}', to_jsonb(COALESCE(timeout_code, $3::jsonb->>'code')))
                    ELSE $3::jsonb END,
       metadata = metadata || COALESCE($4::jsonb, '{}'::jsonb), metadata_version = metadata_version + 1
     WHERE id = ANY($1::text[]) AND status IN ('QUEUED', 'EXECUTING')`,
    [ids, status, error ? JSON.stringify(error) : null, extraMeta ? JSON.stringify(extraMeta) : null],
  );
  return u.rowCount;
}
