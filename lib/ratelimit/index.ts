import { config } from '@/lib/config';
import { warnOnce } from '@/lib/log';
import { MemoryStore, type LimitResult, type LimitStore } from '@/lib/ratelimit/store';
import { API_KEY_DEFAULT, TIERS, type TierName, type Window } from '@/lib/ratelimit/tiers';

export { TIERS, API_KEY_DEFAULT, type TierName, type Window } from '@/lib/ratelimit/tiers';
export { MemoryStore, type LimitStore, type LimitResult } from '@/lib/ratelimit/store';

const g = globalThis as unknown as { __ciLimitStore?: Promise<LimitStore> };

async function createStore(): Promise<LimitStore> {
  const timeoutMs = config().ratelimit.timeoutMs;
  const redisUrl = config().ratelimit.redisUrl;
  if (redisUrl) {
    const { ioredisStore } = await import('@/lib/ratelimit/upstash-store');
    return (await ioredisStore(redisUrl, timeoutMs)).store;
  }
  const restUrl = config().ratelimit.upstashUrl;
  const restToken = config().ratelimit.upstashToken;
  if (restUrl && restToken) {
    const { upstashRestStore } = await import('@/lib/ratelimit/upstash-store');
    return upstashRestStore(restUrl, restToken, timeoutMs);
  }
  return new MemoryStore();
}

export function limitStore(): Promise<LimitStore> {
  g.__ciLimitStore ??= createStore();
  return g.__ciLimitStore;
}

/** Tests and tools swap the store (e.g. a fresh MemoryStore between cases). */
export function setLimitStore(store: LimitStore | null): void {
  g.__ciLimitStore = store ? Promise.resolve(store) : undefined;
}

export function rateLimitingEnabled(): boolean {
  return config().ratelimit.enabled;
}

export interface LimitDecision {
  limited: boolean;
  headers: Record<string, string>;
  /** Whole seconds until the window resets, at least 1. */
  retryAfter: number;
}

function decision(r: LimitResult): LimitDecision {
  const retryAfter = Math.max(1, Math.ceil((r.reset - Date.now()) / 1000));
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(r.limit),
    'X-RateLimit-Remaining': String(Math.max(0, r.remaining)),
    'X-RateLimit-Reset': new Date(r.reset).toISOString(),
  };
  if (!r.success) headers['Retry-After'] = String(retryAfter);
  return { limited: !r.success, headers, retryAfter };
}

/**
 * Ask the store about `key` in `window`. A store that errors or times out lets the request through
 * (logged once per store): rate limiting must never take the API down.
 */
async function ask(key: string, window: Window, op: 'hit' | 'peek'): Promise<LimitDecision> {
  let store: LimitStore | undefined;
  try {
    store = await limitStore();
    return decision(await store[op](key, window.limit, window.windowMs));
  } catch (err) {
    warnOnce(`ratelimit:${store?.name ?? 'init'}`, { err: String(err) }, 'rate-limit store failed; allowing requests');
    const reset = Math.floor(Date.now() / window.windowMs) * window.windowMs + window.windowMs;
    return decision({ success: true, limit: window.limit, remaining: window.limit, reset });
  }
}

/** Count one request against `key` in `window`. */
export const consume = (key: string, window: Window): Promise<LimitDecision> => ask(key, window, 'hit');

/** The window's state without counting a request. */
export const peek = (key: string, window: Window): Promise<LimitDecision> => ask(key, window, 'peek');

export function tierWindow(tier: TierName): Window {
  return TIERS[tier];
}

/** `<tier>:<route id>:<client key>` (docs/contract.md §2). */
export function bucketKey(tier: string, routeId: string, clientKey: string): string {
  return `${tier}:${routeId}:${clientKey}`;
}

/**
 * Per-API-key windows from API_KEY_LIMITS, a JSON object keyed by secret name
 * (`API_KEY`, `CRON_SECRET`): `{ "API_KEY": { "limit": 500, "windowSeconds": 60 } }`.
 */
export function apiKeyWindow(secretName: string): Window {
  const entry = config().ratelimit.apiKeyLimits[secretName];
  return entry ? { limit: entry.limit, windowMs: (entry.windowSeconds ?? 60) * 1000 } : API_KEY_DEFAULT;
}

/** The configuration in force, for the admin dashboard and docs. */
export async function describeLimits() {
  const secs = (w: Window) => ({ limit: w.limit, windowSeconds: w.windowMs / 1000 });
  let store = 'unavailable';
  try {
    store = (await limitStore()).name;
  } catch {
    /* reported as unavailable */
  }
  return {
    enabled: rateLimitingEnabled(),
    store,
    tiers: Object.fromEntries(Object.entries(TIERS).map(([k, w]) => [k, secs(w)])),
    apiKeys: { default: secs(API_KEY_DEFAULT), API_KEY: secs(apiKeyWindow('API_KEY')), CRON_SECRET: secs(apiKeyWindow('CRON_SECRET')) },
    developmentBypass: 'off in development and, outside production (or with ALLOW_LOCALHOST_BYPASS=true), for localhost hosts',
  };
}
