import { env, envBool, envInt } from '../config/env';
import { warnOnce } from '../log';
import { MemoryStore, type LimitResult, type LimitStore } from './store';
import { API_KEY_DEFAULT, TIERS, type TierName, type Window } from './tiers';

export { TIERS, API_KEY_DEFAULT, type TierName, type Window } from './tiers';
export { MemoryStore, type LimitStore, type LimitResult } from './store';

const g = globalThis as unknown as { __ciLimitStore?: Promise<LimitStore> };

async function createStore(): Promise<LimitStore> {
  const timeoutMs = envInt('RATE_LIMIT_TIMEOUT_MS', 1000);
  const redisUrl = env('REDIS_URL');
  if (redisUrl) {
    const { ioredisStore } = await import('./upstash-store');
    return (await ioredisStore(redisUrl, timeoutMs)).store;
  }
  const restUrl = env('UPSTASH_REDIS_REST_URL');
  const restToken = env('UPSTASH_REDIS_REST_TOKEN');
  if (restUrl && restToken) {
    const { upstashRestStore } = await import('./upstash-store');
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
  return envBool('RATE_LIMIT_ENABLED', true);
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
 * Count one request against `key` in `window`. A store that errors or times out lets the request
 * through (logged once per store): rate limiting must never take the API down.
 */
export async function consume(key: string, window: Window): Promise<LimitDecision> {
  let store: LimitStore | undefined;
  try {
    store = await limitStore();
    return decision(await store.hit(key, window.limit, window.windowMs));
  } catch (err) {
    warnOnce(`ratelimit:${store?.name ?? 'init'}`, { err: String(err) }, 'rate-limit store failed; allowing requests');
    const reset = Math.floor(Date.now() / window.windowMs) * window.windowMs + window.windowMs;
    return decision({ success: true, limit: window.limit, remaining: window.limit, reset });
  }
}

export function tierWindow(tier: TierName): Window {
  return TIERS[tier];
}

/** `<tier>:<route id>:<client key>` (DECISIONS §2). */
export function bucketKey(tier: string, routeId: string, clientKey: string): string {
  return `${tier}:${routeId}:${clientKey}`;
}

/**
 * Per-API-key windows from API_KEY_LIMITS, a JSON object keyed by secret name
 * (`API_KEY`, `CRON_SECRET`): `{ "API_KEY": { "limit": 500, "windowSeconds": 60 } }`.
 */
export function apiKeyWindow(secretName: string): Window {
  const raw = env('API_KEY_LIMITS');
  if (!raw) return API_KEY_DEFAULT;
  try {
    const parsed = JSON.parse(raw) as Record<string, { limit?: number; windowSeconds?: number }>;
    const entry = parsed[secretName];
    if (!entry || typeof entry.limit !== 'number') return API_KEY_DEFAULT;
    return { limit: entry.limit, windowMs: (entry.windowSeconds ?? 60) * 1000 };
  } catch {
    warnOnce('api-key-limits', {}, 'API_KEY_LIMITS is not valid JSON; using the default of 100 per minute');
    return API_KEY_DEFAULT;
  }
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
