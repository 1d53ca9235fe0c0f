import { env, isDevelopment } from '../config/env';
import { hasValidAdminSession } from './admin-session';
import { developmentBypass } from './bypass';
import { safeEqual } from './compare';
import { authFailure } from './flat';

/**
 * `X-Admin-Key` check (specification Authentication rule 1, DECISIONS §1). Throws a FlatError
 * with the specification's status and code; returns normally when the caller is an admin.
 */
export function requireAdmin(req: Request): void {
  if (developmentBypass(req)) return;
  // The dashboard's signed, httpOnly session cookie (lib/auth/admin-session.ts) stands in for the key.
  if (hasValidAdminSession(req)) return;
  const configured = env('ADMIN_API_KEY');
  const bypassKey = env('ADMIN_BYPASS_KEY');
  if (!configured && !bypassKey) {
    if (isDevelopment()) return; // development is fail-open
    throw authFailure(500, 'ADMIN_AUTH_NOT_CONFIGURED', 'Admin authentication is not configured on the server');
  }
  const given = req.headers.get('x-admin-key');
  if (given === null || given === '') {
    throw authFailure(401, 'ADMIN_AUTH_REQUIRED', 'Admin authentication required', 'Missing X-Admin-Key header');
  }
  const matches = (configured !== undefined && safeEqual(given, configured)) || (bypassKey !== undefined && safeEqual(given, bypassKey));
  if (!matches) throw authFailure(401, 'ADMIN_AUTH_INVALID', 'Invalid admin key');
}

/** Non-throwing form for pages (the dashboard's sign-in). */
export function isAdminKey(given: string): boolean {
  const configured = env('ADMIN_API_KEY');
  const bypassKey = env('ADMIN_BYPASS_KEY');
  return (configured !== undefined && safeEqual(given, configured)) || (bypassKey !== undefined && safeEqual(given, bypassKey));
}
