import { config, isDevelopment, isProduction } from '@/lib/config';

/** True when the request's Host header names localhost or 127.0.0.1. */
export function hostIsLocal(req: Request): boolean {
  const host = (req.headers.get('host') ?? '').toLowerCase();
  return host.includes('localhost') || host.includes('127.0.0.1');
}

/**
 * The specification's development bypass (docs/contract.md §1, deliberate change): always in
 * development; by Host only outside production, or in production with ALLOW_LOCALHOST_BYPASS=true,
 * because the Host header is client-controlled. Governs admin/bearer checks and rate limiting.
 */
export function developmentBypass(req: Request): boolean {
  if (isDevelopment()) return true;
  if (!hostIsLocal(req)) return false;
  return !isProduction() || config().auth.allowLocalhostBypass;
}
