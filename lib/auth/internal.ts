import { config, isDevelopment } from '@/lib/config';
import { developmentBypass } from '@/lib/auth/bypass';
import { safeEqual } from '@/lib/auth/compare';
import { authFailure } from '@/lib/auth/flat';

export type InternalSecretName = 'API_KEY' | 'CRON_SECRET';
export type InternalFamily = 'api-key' | 'cron' | 'internal';

const ACCEPTED: Record<InternalFamily, InternalSecretName[]> = {
  'api-key': ['API_KEY'], // /admin/*
  cron: ['CRON_SECRET'], // /cron/*
  internal: ['API_KEY', 'CRON_SECRET'], // /trigger/pipeline
};

function configuredSecrets(): Record<InternalSecretName, string | undefined> {
  const a = config().auth;
  return { API_KEY: a.apiKey, CRON_SECRET: a.cronSecret };
}

export function bearerToken(req: Request): string | null {
  const h = req.headers.get('authorization');
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m ? m[1].trim() : null;
}

/**
 * Internal bearer secret check (docs/contract.md §1). Returns the name of the secret that matched, or
 * null when the development bypass or development fail-open let the call through without one.
 */
export function requireInternal(req: Request, family: InternalFamily): InternalSecretName | null {
  if (developmentBypass(req)) return null;
  const secrets = configuredSecrets();
  const configured = ACCEPTED[family].filter((n) => secrets[n] !== undefined);
  if (configured.length === 0) {
    if (isDevelopment()) return null;
    throw authFailure(401, 'UNAUTHORIZED', 'Authentication required: the server has no secret configured for this endpoint');
  }
  const token = bearerToken(req);
  if (!token) throw authFailure(401, 'UNAUTHORIZED', 'Authentication required: missing bearer token');
  let matched: InternalSecretName | null = null;
  for (const name of configured) {
    // Compare against every configured secret so timing does not reveal which one matched.
    if (safeEqual(token, secrets[name] as string) && matched === null) matched = name;
  }
  if (!matched) throw authFailure(401, 'UNAUTHORIZED', 'Authentication required: invalid bearer token');
  return matched;
}
