import { SignJWT, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { config, jwtSecret } from '@/lib/config';
import { ApiError } from '@/lib/errors';
import { authFailure } from '@/lib/auth/flat';
import { bearerToken } from '@/lib/auth/internal';

export interface UserClaims {
  sub: string;
  tier: 'premium' | 'free';
  email?: string;
  raw: JWTPayload;
}

type Jwks = ReturnType<typeof createRemoteJWKSet>;
const jwksCache = new Map<string, Jwks>();

function jwks(): Jwks | null {
  const base = config().auth.supabaseUrl;
  if (!base) return null;
  const url = `${base.replace(/\/$/, '')}/auth/v1/.well-known/jwks.json`;
  let set = jwksCache.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { cacheMaxAge: 10 * 60_000 });
    jwksCache.set(url, set);
  }
  return set;
}

export class TokenError extends Error {
  constructor(
    readonly code: 'UNAUTHORIZED' | 'INVALID_TOKEN' | 'TOKEN_EXPIRED',
    message: string,
  ) {
    super(message);
  }
}

/** Verify a Supabase-style access token: HS256 with the shared secret, else the project's JWKS. */
export async function verifyUserToken(token: string): Promise<UserClaims> {
  let payload: JWTPayload;
  try {
    const secret = jwtSecret();
    if (secret) {
      ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] }));
    } else {
      const set = jwks();
      if (!set) throw new TokenError('UNAUTHORIZED', 'Token verification is not configured');
      ({ payload } = await jwtVerify(token, set, { algorithms: ['RS256', 'ES256'] }));
    }
  } catch (e) {
    if (e instanceof TokenError) throw e;
    if (e instanceof joseErrors.JWTExpired) throw new TokenError('TOKEN_EXPIRED', 'Token expired');
    throw new TokenError('INVALID_TOKEN', 'Invalid token');
  }
  // Tokens this service mints for runs and one-time triggers are not user identities.
  if (payload.token_use !== undefined) throw new TokenError('INVALID_TOKEN', 'Invalid token: not a user access token');
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new TokenError('INVALID_TOKEN', 'Invalid token: no subject');
  const appMeta = (payload.app_metadata ?? {}) as Record<string, unknown>;
  return {
    sub: payload.sub,
    tier: appMeta.subscription_tier === 'premium' ? 'premium' : 'free',
    email: typeof payload.email === 'string' ? payload.email : undefined,
    raw: payload,
  };
}

/**
 * Require a user token. `uniformCode` (shopping routes) answers every failure with
 * 401 UNAUTHORIZED, the `error` text saying why (docs/contract.md §1).
 */
export async function requireUser(req: Request, opts: { uniformCode?: boolean } = {}): Promise<UserClaims> {
  const token = bearerToken(req);
  if (!token) throw authFailure(401, 'UNAUTHORIZED', 'Authentication required');
  try {
    return await verifyUserToken(token);
  } catch (e) {
    const err = e instanceof TokenError ? e : new TokenError('INVALID_TOKEN', 'Invalid token');
    const code = opts.uniformCode ? 'UNAUTHORIZED' : err.code;
    throw authFailure(401, code, err.message);
  }
}

/** Best effort: the verified user when a valid token is present, else null (for rate-limit keys). */
export async function optionalUser(req: Request): Promise<UserClaims | null> {
  const token = bearerToken(req);
  if (!token) return null;
  try {
    return await verifyUserToken(token);
  } catch {
    return null;
  }
}

export function requirePremium(user: UserClaims, feature: string): void {
  if (user.tier !== 'premium') {
    throw new ApiError('INSUFFICIENT_PERMISSIONS', 'A premium subscription is required for this feature', {
      requiredTier: 'premium',
      feature,
    });
  }
}

export function parseTtl(ttl: string): number {
  const m = /^(\d+)\s*([smhd]?)$/.exec(ttl.trim());
  if (!m) throw new Error(`Invalid ttl: ${ttl} (use e.g. 30m, 1h, 7d)`);
  const n = Number(m[1]);
  return n * ({ s: 1, m: 60, h: 3600, d: 86400, '': 1 } as const)[m[2] as 's' | 'm' | 'h' | 'd' | ''];
}

/** Mint a user token signed with SUPABASE_JWT_SECRET (development tooling, tests). */
export async function signUserToken(opts: { sub: string; tier?: 'premium' | 'free'; ttlSeconds?: number; secret?: string; email?: string }): Promise<string> {
  const secret = opts.secret ?? jwtSecret();
  if (!secret) throw new Error('SUPABASE_JWT_SECRET is not set');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    role: 'authenticated',
    email: opts.email,
    app_metadata: { provider: 'email', subscription_tier: opts.tier ?? 'free' },
    user_metadata: {},
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(opts.sub)
    .setAudience('authenticated')
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.ttlSeconds ?? 3600))
    .sign(new TextEncoder().encode(secret));
}

/** Secret for the tokens this service mints itself (run-scoped and one-time trigger tokens). */
export function serviceSigningSecret(): Uint8Array | null {
  const s = config().auth.tokenSigningSecret ?? jwtSecret();
  return s ? new TextEncoder().encode(s) : null;
}
