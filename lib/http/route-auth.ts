import { bearerToken, requireAdmin, requireInternal, requirePremium, requireUser, optionalUser, type AdminVia, type InternalSecretName, type UserClaims } from '@/lib/auth';
import { ApiError } from '@/lib/errors';
import { verifyRunGrant, verifyTriggerGrant, type RunGrant, type TriggerGrant } from '@/lib/tasks/tokens';

/**
 * Who may call a route (every auth rule lives here and in lib/auth, none in a handler):
 * - `public`: anyone; a valid user token, when sent, keys the rate limit by user;
 * - `none`: anyone, and any token is ignored (the dashboard session routes, the dev token);
 * - `user`: a Supabase access token (with `tier: 'premium'`, a paid one);
 * - `admin`: `X-Admin-Key` (or the dashboard's session cookie, same-origin writes only);
 * - `api-key` | `cron` | `internal`: the internal bearer secrets of docs/contract.md §1;
 * - `run-token`: the run-scoped token of the run named by the `runId` path parameter;
 * - `trigger-token`: a one-time trigger token for the route's `triggerTask` (spent by the handler).
 */
export type AuthMode = 'public' | 'none' | 'user' | 'admin' | 'api-key' | 'cron' | 'internal' | 'run-token' | 'trigger-token';

export interface AuthOptions {
  auth?: AuthMode;
  /** User routes: every token failure answers 401 UNAUTHORIZED (shopping, docs/contract.md §1). */
  uniformAuthCode?: boolean;
  tier?: 'premium';
  feature?: string;
  /** The task a `trigger-token` route's token must be scoped to. */
  triggerTask?: string;
}

export interface AuthResult {
  user: UserClaims | null;
  secret: InternalSecretName | null;
  admin: AdminVia | null;
  run: RunGrant | null;
  trigger: TriggerGrant | null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A dashboard session cookie travels with any request the browser makes to this origin, so a
 * write it authenticates must come from a page of this origin (SameSite=Strict is the first
 * defence, this the second). Calls with the key in `X-Admin-Key` are not affected.
 */
function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers.get('sec-fetch-site');
  if (site === 'same-origin') return;
  const origin = req.headers.get('origin');
  const host = req.headers.get('host');
  if (!site && origin && host) {
    try {
      if (new URL(origin).host === host) return;
    } catch {
      /* refused below */
    }
  }
  throw new ApiError('FORBIDDEN', 'Cross-site request refused: a dashboard session may only write from this origin', { reason: 'cross-site' });
}

const ANONYMOUS: Readonly<AuthResult> = Object.freeze({ user: null, secret: null, admin: null, run: null, trigger: null });

/**
 * The answer of `authenticate` when it needs no await: a `public` route called without an
 * Authorization header, or a `none` route without a tier (every token ignored). Null when the
 * full check must run.
 */
export function anonymousCall(req: Request, o: AuthOptions): Readonly<AuthResult> | null {
  if (o.tier !== undefined) return null;
  const auth = o.auth ?? 'public';
  if (auth === 'none') return ANONYMOUS;
  if (auth === 'public' && !req.headers.has('authorization')) return ANONYMOUS;
  return null;
}

export async function authenticate(req: Request, o: AuthOptions, rawParams: Record<string, string | string[]>, routeId: string): Promise<AuthResult> {
  const out: AuthResult = { user: null, secret: null, admin: null, run: null, trigger: null };
  switch (o.auth ?? 'public') {
    case 'admin':
      out.admin = await requireAdmin(req);
      if (out.admin === 'session') assertSameOrigin(req);
      break;
    case 'api-key':
    case 'cron':
    case 'internal':
      out.secret = requireInternal(req, o.auth as 'api-key' | 'cron' | 'internal');
      break;
    case 'user':
      out.user = await requireUser(req, { uniformCode: o.uniformAuthCode });
      break;
    case 'public':
      out.user = await optionalUser(req);
      break;
    case 'run-token': {
      const runId = rawParams.runId;
      out.run = await verifyRunGrant(bearerToken(req), typeof runId === 'string' ? runId : '');
      break;
    }
    case 'trigger-token':
      if (!o.triggerTask) throw new Error(`${routeId}: a trigger-token route must name its triggerTask`);
      out.trigger = await verifyTriggerGrant(bearerToken(req), o.triggerTask);
      break;
    case 'none':
      break;
  }
  if (o.tier === 'premium') {
    out.user ??= await requireUser(req, { uniformCode: o.uniformAuthCode });
    requirePremium(out.user, o.feature ?? routeId);
  }
  return out;
}
