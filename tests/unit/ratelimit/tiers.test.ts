import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineRoute } from '@/lib/http';
import { MemoryStore, setLimitStore, TIERS, type LimitStore, type TierName } from '@/lib/ratelimit';
import { authHeader, call } from '@/tests/helpers/route';
import { startWellInsideWindow } from '@/tests/helpers/limit-window';

const saved = { ...process.env };
beforeEach(() => setLimitStore(new MemoryStore()));
afterEach(() => {
  process.env = { ...saved };
  setLimitStore(null);
  vi.useRealTimers();
});

const routeFor = (tier: TierName) => defineRoute({ response: z.unknown(), limit: tier, db: false }, async () => 'ok');

describe('tier limits', () => {
  it.each(Object.entries(TIERS) as [TierName, { limit: number; windowMs: number }][])('%s: limit and window', async (tier, { limit, windowMs }) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Math.ceil(Date.now() / windowMs) * windowMs + 1000)); // start of a window
    const route = routeFor(tier);
    const hit = () => call(route, { path: `/api/v1/${tier}`, headers: { 'x-forwarded-for': '203.0.113.9' } });
    for (let i = 1; i <= limit; i++) {
      const r = await hit();
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBe(String(limit));
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(limit - i));
    }
    const over = await hit();
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(over.body.error.message).toBe('Rate limit exceeded');
    const retry = Number(over.headers.get('retry-after'));
    expect(retry).toBe(over.body.error.details.retryAfter);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(windowMs / 1000);
    expect(retry).toBeGreaterThan(windowMs / 1000 - 5);
    expect(new Date(over.headers.get('x-ratelimit-reset')!).toISOString()).toBe(over.headers.get('x-ratelimit-reset'));
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    // the next window opens again
    vi.setSystemTime(Date.now() + windowMs);
    expect((await hit()).status).toBe(200);
  });
});

describe('client keys and buckets', () => {
  const route = routeFor('strict');
  it('keys by verified user before IP, by IP before anonymous', async () => {
    await startWellInsideWindow();
    for (let i = 0; i < 10; i++) await call(route, { path: '/r', headers: { 'x-forwarded-for': '198.51.100.1, 10.0.0.1' } });
    expect((await call(route, { path: '/r', headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(429);
    // another IP has its own bucket
    expect((await call(route, { path: '/r', headers: { 'x-forwarded-for': '198.51.100.2' } })).status).toBe(200);
    // a signed-in user from the exhausted IP is counted by user id
    expect((await call(route, { path: '/r', headers: { 'x-forwarded-for': '198.51.100.1', ...(await authHeader('u-9', 'free')) } })).status).toBe(200);
    // without any address every caller shares the anonymous bucket
    for (let i = 0; i < 10; i++) await call(route, { path: '/r' });
    expect((await call(route, { path: '/r' })).status).toBe(429);
  });
  it('limitBy ip ignores the user id', async () => {
    const r = defineRoute({ response: z.unknown(), limit: 'submission', limitBy: 'ip', db: false }, async () => 'ok');
    await startWellInsideWindow();
    for (let i = 0; i < 5; i++) expect((await call(r, { path: '/s', headers: { 'x-forwarded-for': '192.0.2.7', ...(await authHeader(`u${i}`)) } })).status).toBe(200);
    expect((await call(r, { path: '/s', headers: { 'x-forwarded-for': '192.0.2.7', ...(await authHeader('other')) } })).status).toBe(429);
  });
  it('error responses of a limited route carry the headers too; a 401 carries none', async () => {
    const failing = defineRoute({ response: z.unknown(), limit: 'moderate', db: false }, async () => {
      throw new Error('x');
    });
    const r = await call(failing, { path: '/f' });
    expect(r.status).toBe(500);
    expect(r.headers.get('x-ratelimit-limit')).toBe('60');
    const authed = defineRoute({ response: z.unknown(), auth: 'user', limit: 'moderate', db: false }, async () => 'ok');
    const u = await call(authed, { path: '/u' });
    expect(u.status).toBe(401);
    expect(u.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('per-API-key limiter', () => {
  it('counts internal bearer keys per key, default 100/min, and answers the flat 429', async () => {
    process.env.API_KEY = 'key-a';
    const r = defineRoute({ response: z.unknown(), auth: 'api-key', db: false }, async () => 'ok');
    const h = { authorization: 'Bearer key-a' };
    await startWellInsideWindow(10_000);
    for (let i = 0; i < 100; i++) expect((await call(r, { path: '/api/v1/admin/x', headers: h })).status).toBe(200);
    const over = await call(r, { path: '/api/v1/admin/x', headers: h });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ error: 'Rate limit exceeded', retryAfter: Number(over.headers.get('retry-after')) });
  });
  it('API_KEY_LIMITS configures a key', async () => {
    process.env.CRON_SECRET = 'cron-1';
    process.env.API_KEY_LIMITS = JSON.stringify({ CRON_SECRET: { limit: 3, windowSeconds: 60 } });
    const r = defineRoute({ response: z.unknown(), auth: 'cron', db: false }, async () => 'ok');
    const h = { authorization: 'Bearer cron-1' };
    await startWellInsideWindow();
    for (let i = 0; i < 3; i++) expect((await call(r, { path: '/api/v1/cron/x', headers: h })).status).toBe(200);
    const over = await call(r, { path: '/api/v1/cron/x', headers: h });
    expect(over.status).toBe(429);
    expect(over.headers.get('x-ratelimit-limit')).toBe('3');
  });
});

describe('switches and failures', () => {
  it('is off in development and on localhost outside production', async () => {
    const r = routeFor('strict');
    process.env.APP_ENV = 'development';
    for (let i = 0; i < 15; i++) expect((await call(r, { path: '/d' })).status).toBe(200);
    process.env.APP_ENV = 'test';
    for (let i = 0; i < 15; i++) expect((await call(r, { path: '/d', host: 'localhost:3001' })).status).toBe(200);
    process.env.APP_ENV = 'production';
    let last = 0;
    await startWellInsideWindow();
    for (let i = 0; i < 11; i++) last = (await call(r, { path: '/d', host: 'localhost:3001' })).status;
    expect(last).toBe(429);
  });
  it('a store that throws lets the request through', async () => {
    const broken: LimitStore = { name: 'broken', hit: async () => Promise.reject(new Error('ECONNREFUSED')), peek: async () => Promise.reject(new Error('ECONNREFUSED')) };
    setLimitStore(broken);
    const r = await call(routeFor('strict'), { path: '/b' });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-limit')).toBe('10');
  });
});
