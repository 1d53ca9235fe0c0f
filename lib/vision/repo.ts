import { randomUUID } from 'node:crypto';
import type { Queryable } from '@/lib/db';
import { config } from '@/lib/config';
import { ApiError } from '@/lib/errors';

/**
 * `attemptId` idempotency, kept in the database so every instance agrees. The row is claimed
 * (INSERT … ON CONFLICT DO NOTHING) before the engine runs: exactly one caller reads the image,
 * concurrent duplicates wait for its stored result, later retries get that result back. A claim
 * whose owner failed or went silent (older than VISION_ATTEMPT_STALE_MS) is taken over with a
 * compare-and-set on its claim token, so a crashed instance never blocks an id forever.
 */

interface AttemptRow {
  image_sha256: string;
  status: 'pending' | 'done' | 'failed';
  claim_token: string;
  result: unknown;
  age_ms: number;
}

export interface AttemptOutcome<T> {
  result: T;
  /** true when the stored result of an earlier call was answered. */
  replayed: boolean;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

export async function runAttemptOnce<T>(
  db: Queryable,
  key: { userId: string; attemptId: string; imageSha256: string },
  run: () => Promise<T>,
  opts: { signal?: AbortSignal; staleMs?: number; pollMs?: number } = {},
): Promise<AttemptOutcome<T>> {
  const staleMs = opts.staleMs ?? config().vision.attemptStaleMs;
  const pollMs = opts.pollMs ?? 150;
  const { userId, attemptId, imageSha256 } = key;

  const execute = async (token: string): Promise<AttemptOutcome<T>> => {
    try {
      const result = await run();
      await db.query(
        `UPDATE receipt_attempts SET status = 'done', result = $4::jsonb, error = NULL, updated_at = now()
          WHERE user_id = $1 AND attempt_id = $2 AND claim_token = $3`,
        [userId, attemptId, token, JSON.stringify(result)],
      );
      return { result, replayed: false };
    } catch (e) {
      const err = e instanceof ApiError ? { code: e.code, message: e.message } : { code: 'INTERNAL_ERROR', message: String((e as Error)?.message ?? e) };
      await db
        .query(`UPDATE receipt_attempts SET status = 'failed', error = $4::jsonb, updated_at = now() WHERE user_id = $1 AND attempt_id = $2 AND claim_token = $3`, [
          userId,
          attemptId,
          token,
          JSON.stringify(err),
        ])
        .catch(() => {});
      throw e;
    }
  };

  for (;;) {
    const token = randomUUID();
    const claimed = await db.query(
      `INSERT INTO receipt_attempts (user_id, attempt_id, image_sha256, claim_token) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, attempt_id) DO NOTHING RETURNING attempt_id`,
      [userId, attemptId, imageSha256, token],
    );
    if (claimed.rows.length === 1) return execute(token);

    const { rows } = await db.query<AttemptRow>(
      `SELECT image_sha256, status, claim_token, result,
              (EXTRACT(EPOCH FROM (now() - updated_at)) * 1000)::float8 AS age_ms
         FROM receipt_attempts WHERE user_id = $1 AND attempt_id = $2`,
      [userId, attemptId],
    );
    const row = rows[0];
    if (!row) continue;
    if (row.image_sha256 !== imageSha256) {
      throw new ApiError('BAD_REQUEST', 'attemptId was already used with a different image', { attemptId, reason: 'attempt-image-mismatch' });
    }
    if (row.status === 'done') return { result: row.result as T, replayed: true };
    if (row.status === 'failed' || row.age_ms > staleMs) {
      const took = await db.query(
        `UPDATE receipt_attempts SET status = 'pending', claim_token = $4, error = NULL, updated_at = now()
          WHERE user_id = $1 AND attempt_id = $2 AND claim_token = $3 RETURNING attempt_id`,
        [userId, attemptId, row.claim_token, token],
      );
      if (took.rows.length === 1) return execute(token);
      continue;
    }
    if (opts.signal?.aborted) throw new ApiError('BAD_REQUEST', 'Request aborted');
    await sleep(pollMs, opts.signal);
  }
}

/** Forget attempts older than `days` (called from maintenance; receipts are not kept forever). */
export async function purgeAttempts(db: Queryable, days = 30): Promise<number> {
  const r = await db.query(`DELETE FROM receipt_attempts WHERE created_at < now() - ($1::int * interval '1 day')`, [days]);
  return r.rowCount;
}
