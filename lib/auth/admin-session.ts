import { createHmac, randomBytes } from 'node:crypto';
import { config, isProduction } from '@/lib/config';
import { safeEqual } from '@/lib/auth/compare';

/**
 * Dashboard sessions: the browser never holds the admin key. Signing in exchanges the key for an
 * httpOnly cookie `<version>.<expiresAtMs>.<nonce>.<hmac>`. The HMAC key is derived from
 * ADMIN_API_KEY (or ADMIN_BYPASS_KEY when only that is set), so rotating the admin key signs
 * every dashboard out, and the cookie proves knowledge of the key without containing it.
 */
export const ADMIN_SESSION_COOKIE = 'ci_admin_session';
export const ADMIN_SESSION_TTL_SECONDS = 8 * 60 * 60;
const VERSION = 'v1';

function signingKey(): Buffer | null {
  const secret = config().auth.adminApiKey ?? config().auth.adminBypassKey;
  if (!secret) return null;
  return createHmac('sha256', secret).update('admin-session-cookie/v1').digest();
}

function mac(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** A new signed session value, or null when no admin key is configured. */
export function createAdminSession(now = Date.now(), ttlSeconds = ADMIN_SESSION_TTL_SECONDS): { value: string; expiresAt: Date } | null {
  const key = signingKey();
  if (!key) return null;
  const expires = now + ttlSeconds * 1000;
  const payload = `${VERSION}.${expires}.${randomBytes(16).toString('base64url')}`;
  return { value: `${payload}.${mac(key, payload)}`, expiresAt: new Date(expires) };
}

/** True for an untampered, unexpired session signed with the currently configured key. */
export function verifyAdminSession(value: string | undefined | null, now = Date.now()): boolean {
  if (!value || value.length > 256) return false;
  const key = signingKey();
  if (!key) return false;
  const parts = value.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) return false;
  const expires = Number(parts[1]);
  if (!Number.isSafeInteger(expires) || expires <= now) return false;
  const payload = parts.slice(0, 3).join('.');
  return safeEqual(parts[3], mac(key, payload));
}

/** The session cookie's value from a request's Cookie header. */
export function adminSessionFromRequest(req: Request): string | null {
  const header = req.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== ADMIN_SESSION_COOKIE) continue;
    // Our values are base64url and dots, never escaped: anything else (a stray `%`) is no session.
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9._-]{1,256}$/.test(value) ? value : null;
  }
  return null;
}

export function hasValidAdminSession(req: Request): boolean {
  return verifyAdminSession(adminSessionFromRequest(req));
}

/**
 * Set-Cookie header value. SameSite=Strict keeps cross-site requests from carrying the session
 * (the dashboard's CSRF defence); Secure in production so it never travels over plain HTTP.
 */
export function adminSessionCookie(value: string, maxAgeSeconds: number): string {
  const attrs = [`${ADMIN_SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`];
  if (isProduction()) attrs.push('Secure');
  return attrs.join('; ');
}

export function clearedAdminSessionCookie(): string {
  return adminSessionCookie('', 0);
}
