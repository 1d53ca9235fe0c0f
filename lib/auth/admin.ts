import { createHash } from 'node:crypto';
import { config, isDevelopment } from '@/lib/config';
import { ApiError } from '@/lib/errors';
import { consume, peek } from '@/lib/ratelimit';
import { hasValidAdminSession } from '@/lib/auth/admin-session';
import { developmentBypass } from '@/lib/auth/bypass';
import { safeEqual } from '@/lib/auth/compare';
import { authFailure } from '@/lib/auth/flat';

/** Failed admin-key attempts allowed per key prefix in this window, whatever the address. */
const FAILURE_WINDOW_MS = 10 * 60_000;

/**
 * Guessing is slowed by one window per key *prefix* shared by every address: only a guess that
 * shares the real key's first characters can succeed, and all such guesses count together, while
 * nobody who does not know the prefix can lock the real key out. Keyed by a hash so the bucket
 * names never reveal characters of anything tried.
 */
function failureBucket(given: string): string {
  return `adminfail:${createHash('sha256').update(given.slice(0, 4)).digest('base64url').slice(0, 16)}`;
}

function failureWindow() {
  return { limit: config().ratelimit.adminFailureLimit, windowMs: FAILURE_WINDOW_MS };
}

function locked(retryAfter: number): ApiError {
  return new ApiError('RATE_LIMIT_EXCEEDED', 'Too many failed admin key attempts; try again later', { retryAfter }, { headers: { 'Retry-After': String(retryAfter) } });
}

/**
 * The one admin-key comparison (X-Admin-Key and the dashboard sign-in). Both configured keys are
 * compared in constant time; a failure counts in the key prefix's window and, once the window is
 * spent, every attempt with that prefix answers 429 until it resets.
 */
export async function verifyAdminKey(given: string): Promise<boolean> {
  const { adminApiKey, adminBypassKey } = config().auth;
  const bucket = failureBucket(given);
  const state = await peek(bucket, failureWindow());
  if (state.limited) throw locked(state.retryAfter);
  const a = adminApiKey !== undefined && safeEqual(given, adminApiKey);
  const b = adminBypassKey !== undefined && safeEqual(given, adminBypassKey);
  if (a || b) return true;
  const after = await consume(bucket, failureWindow());
  if (after.limited) throw locked(after.retryAfter);
  return false;
}

export function adminConfigured(): boolean {
  const { adminApiKey, adminBypassKey } = config().auth;
  return adminApiKey !== undefined || adminBypassKey !== undefined;
}

/** What authenticated an admin call. */
export type AdminVia = 'key' | 'session' | 'bypass';

/**
 * `X-Admin-Key` check (specification Authentication rule 1, docs/contract.md §1), or the dashboard's
 * signed session cookie. Throws the specification's flat bodies; returns how the caller got in.
 * A request that carries the header is judged by the header alone.
 */
export async function requireAdmin(req: Request): Promise<AdminVia> {
  if (developmentBypass(req)) return 'bypass';
  const given = req.headers.get('x-admin-key');
  if ((given === null || given === '') && hasValidAdminSession(req)) return 'session';
  if (!adminConfigured()) {
    if (isDevelopment()) return 'bypass'; // development is fail-open
    throw authFailure(500, 'ADMIN_AUTH_NOT_CONFIGURED', 'Admin authentication is not configured on the server');
  }
  if (given === null || given === '') {
    throw authFailure(401, 'ADMIN_AUTH_REQUIRED', 'Admin authentication required', 'Missing X-Admin-Key header');
  }
  if (!(await verifyAdminKey(given))) throw authFailure(401, 'ADMIN_AUTH_INVALID', 'Invalid admin key');
  return 'key';
}
