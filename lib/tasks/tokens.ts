import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { serviceSigningSecret } from '@/lib/auth';
import { authFailure } from '@/lib/auth/flat';
import type { Queryable } from '@/lib/db';
import { ApiError, type FlatError } from '@/lib/errors';

/**
 * Tokens the local runner mints in place of Trigger.dev's public tokens: a run-scoped read token
 * (1 hour, `token_use: 'run'`) and a one-time trigger token (10 minutes, `token_use: 'trigger'`,
 * its `jti` spent in `task_trigger_tokens`). `token_use` keeps both from passing as user tokens.
 */
export const RUN_TOKEN_TTL_S = 3600;
export const TRIGGER_TOKEN_TTL_S = 600;
const ISSUER = 'cannabis-intelligence-api';

function secret(): Uint8Array {
  const s = serviceSigningSecret();
  if (!s) throw new ApiError('TRIGGER_UNAVAILABLE', 'No signing secret is configured for run tokens (TOKEN_SIGNING_SECRET or SUPABASE_JWT_SECRET)');
  return s;
}

export async function signRunToken(runId: string, ttlSeconds = RUN_TOKEN_TTL_S): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_use: 'run', run_id: runId, scopes: [`read:runs:${runId}`] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(`run:${runId}`)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(secret());
}

export async function signTriggerToken(taskId: string, ttlSeconds = TRIGGER_TOKEN_TTL_S): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_use: 'trigger', task: taskId, scopes: [`trigger:tasks:${taskId}`], otu: true })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(`task:${taskId}`)
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(secret());
}

const unauthorized = (why: string): FlatError => authFailure(401, 'UNAUTHORIZED', why);

async function verify(token: string | null, use: 'run' | 'trigger'): Promise<JWTPayload> {
  if (!token) throw unauthorized('Authentication required');
  const key = serviceSigningSecret();
  if (!key) throw unauthorized('Run tokens are not configured');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER }));
  } catch (e) {
    throw unauthorized(e instanceof joseErrors.JWTExpired ? 'Token expired' : 'Invalid token');
  }
  if (payload.token_use !== use) throw unauthorized(use === 'run' ? 'Not a run access token' : 'Not a trigger token');
  return payload;
}

/** What a verified run token grants: reading this one run. */
export interface RunGrant {
  runId: string;
}

/** A verified, not yet spent, one-time trigger token. */
export interface TriggerGrant {
  jti: string;
  taskId: string;
  expiresAt: string;
}

/** The bearer must be a run token for exactly this run (401 flat body otherwise). */
export async function verifyRunGrant(token: string | null, runId: string): Promise<RunGrant> {
  const p = await verify(token, 'run');
  if (p.run_id !== runId) throw unauthorized('Token is not valid for this run');
  return { runId };
}

/** Verify a one-time trigger token for `taskId` (signature, use, task); spending it is separate. */
export async function verifyTriggerGrant(token: string | null, taskId: string): Promise<TriggerGrant> {
  const p = await verify(token, 'trigger');
  if (p.task !== taskId) throw unauthorized('Token is not valid for this task');
  if (typeof p.jti !== 'string' || !p.jti) throw unauthorized('Invalid token');
  return { jti: p.jti, taskId, expiresAt: new Date((p.exp ?? 0) * 1000).toISOString() };
}

/**
 * Spend a verified trigger token (a second use: 401 INVALID_TOKEN). Returns `release` to give the
 * token back when the run could not be started at all, and `bind` to record the run it started.
 */
export async function spendTriggerGrant(db: Queryable, grant: TriggerGrant): Promise<{ release: () => Promise<void>; bind: (runId: string) => Promise<void> }> {
  const r = await db.query(`INSERT INTO task_trigger_tokens (jti, task_identifier, expires_at) VALUES ($1, $2, $3::timestamptz) ON CONFLICT (jti) DO NOTHING`, [
    grant.jti,
    grant.taskId,
    grant.expiresAt,
  ]);
  if (r.rowCount === 0) throw authFailure(401, 'INVALID_TOKEN', 'Trigger token has already been used');
  return {
    release: async () => {
      await db.query('DELETE FROM task_trigger_tokens WHERE jti = $1 AND run_id IS NULL', [grant.jti]);
    },
    bind: async (runId: string) => {
      await db.query('UPDATE task_trigger_tokens SET run_id = $2 WHERE jti = $1', [grant.jti, runId]);
    },
  };
}

/** Delete spent trigger tokens past their expiry (the daily sync); how many. */
export async function purgeExpiredTriggerTokens(db: Queryable): Promise<number> {
  const r = await db.query(`DELETE FROM task_trigger_tokens WHERE expires_at < now()`);
  return r.rowCount;
}
