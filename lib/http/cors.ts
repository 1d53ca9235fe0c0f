import { config } from '@/lib/config';
import type { AuthOptions } from '@/lib/http/route-auth';

/**
 * Cross-origin callers (web frontends on other origins). Public reads answer any origin, without
 * credentials; a route that takes a user token, an admin key, a bearer secret or a run/trigger
 * token answers only the origins listed in CORS_ORIGINS. Tokens travel in headers, never cookies,
 * so no route allows credentials.
 */
export const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, Accept, X-Admin-Key, X-Request-Id, Last-Event-ID, If-None-Match';
export const CORS_EXPOSE_HEADERS = 'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Cache, ETag, x-vercel-ai-ui-message-stream';
export const CORS_MAX_AGE = '600';

let origins: { raw: string | undefined; set: Set<string> } | undefined;
function allowedOrigins(): Set<string> {
  const raw = config().server.corsOrigins;
  if (!origins || origins.raw !== raw) {
    origins = {
      raw,
      set: new Set(
        (raw ?? '')
          .split(',')
          .map((s) => s.trim().replace(/\/$/, '').toLowerCase())
          .filter(Boolean),
      ),
    };
  }
  return origins.set;
}

export function takesCredentials(o: AuthOptions): boolean {
  const auth = o.auth ?? 'public';
  return o.tier !== undefined || (auth !== 'public' && auth !== 'none');
}

/** The Access-Control-Allow-Origin value for this caller, or null to give none (the browser refuses). */
export function allowOrigin(origin: string | null, credentialed: boolean): string | null {
  if (!origin) return null;
  if (!credentialed) return '*';
  return allowedOrigins().has(origin.toLowerCase()) ? origin : null;
}

/** Add the CORS answer to a response of a route declared with `o`. */
export function applyCors(res: Response, req: Request, o: AuthOptions): void {
  const origin = req.headers.get('origin');
  if (!origin) return;
  const credentialed = takesCredentials(o);
  const allow = allowOrigin(origin, credentialed);
  if (credentialed) res.headers.append('Vary', 'Origin');
  if (!allow) return;
  res.headers.set('Access-Control-Allow-Origin', allow);
  res.headers.set('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
}
