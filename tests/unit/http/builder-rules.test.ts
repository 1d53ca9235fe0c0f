/**
 * The rules the route builder applies to every route: input strings PostgreSQL can store, typed
 * context, response checks, the run/trigger token modes, CORS, the dashboard cookie's same-origin
 * rule, the admin-key guessing window, and database failures by class.
 */
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { UserClaims } from '@/lib/auth';
import { ADMIN_SESSION_COOKIE, createAdminSession } from '@/lib/auth/admin-session';
import type { Db } from '@/lib/db';
import { defineRoute, route, type RouteContext } from '@/lib/http';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { signRunToken, signTriggerToken } from '@/lib/tasks';
import { call } from '@/tests/helpers/route';
import { startWellInsideWindow } from '@/tests/helpers/limit-window';

const Any = z.unknown();
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  setLimitStore(null);
});

describe('input strings: no NUL, no lone surrogate, anywhere (400 VALIDATION_ERROR, by one rule)', () => {
  const echo = defineRoute({ body: z.record(z.string(), z.unknown()), query: z.record(z.string(), z.unknown()), limit: false, db: false, response: Any }, async ({ body }) => body);
  it.each([
    ['NUL in a body string', { body: { a: { b: ['ok', 'x\u0000y'] } } }, ['a', 'b', 1], 'body', /NUL/],
    ['NUL in a body key', { body: { 'k\u0000': 1 } }, ['k\u0000'], 'body', /NUL/],
    ['lone high surrogate in a body string', { body: { name: 'Blue \ud800 Dream' } }, ['name'], 'body', /surrogate/],
    ['lone low surrogate', { body: { name: '\udc00' } }, ['name'], 'body', /surrogate/],
    ['NUL in the query', { body: {}, query: { q: 'a\u0000b' } }, ['q'], 'query', /NUL/],
  ])('%s', async (_name, req, path, location, message) => {
    const r = await call(echo, { path: '/x', ...req });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    expect(r.body.error.details[0]).toMatchObject({ path, location });
    expect(r.body.error.details[0].message).toMatch(message);
  });
  it('a surrogate pair (an emoji) is fine', async () => {
    const r = await call(echo, { path: '/x', body: { name: 'Blue Dream 🌿' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ name: 'Blue Dream 🌿' });
  });
  it('a deeply nested body is checked without overflowing the stack', async () => {
    const depth = 20_000;
    const r = await call(echo, { path: '/x', body: `{"deep":${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)}}` });
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].path).toHaveLength(depth + 1);
  });
  it('an undecodable path is 400 BAD_REQUEST', async () => {
    const r = await call(echo, { path: '/api/v1/strains/slug/%C3%28', body: {} });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'BAD_REQUEST', details: { segment: '%C3%28' } });
  });
});

describe('typed context', () => {
  it('types user, db and params from the options (compile-time)', () => {
    type UserCtx = RouteContext<{ auth: 'user'; response: typeof Any }>;
    type PremiumCtx = RouteContext<{ tier: 'premium'; response: typeof Any }>;
    type PublicCtx = RouteContext<{ response: typeof Any; params: z.ZodObject<{ slug: z.ZodString }> }>;
    type AdminNoDb = RouteContext<{ auth: 'admin'; db: false; response: typeof Any }>;
    expectTypeOf<UserCtx['user']>().toEqualTypeOf<UserClaims>();
    expectTypeOf<PremiumCtx['user']>().toEqualTypeOf<UserClaims>();
    expectTypeOf<PublicCtx['user']>().toEqualTypeOf<UserClaims | null>();
    expectTypeOf<PublicCtx['params']>().toEqualTypeOf<{ slug: string }>();
    expectTypeOf<UserCtx>().toHaveProperty('db').toEqualTypeOf<Db>();
    expectTypeOf<AdminNoDb>().not.toHaveProperty('db');
    expectTypeOf<AdminNoDb['user']>().toEqualTypeOf<null>();
  });

  it("checks a handler's answer against `response` at compile time", () => {
    // @ts-expect-error — a string is not { n: number }
    defineRoute({ limit: false, db: false, response: z.object({ n: z.number() }) }, async () => 'nope');
    // @ts-expect-error — a route must declare what it answers
    defineRoute({ limit: false, db: false }, async () => 1);
    expect(true).toBe(true);
  });

  it('checks the answer at run time outside production (never silently)', async () => {
    const drift = defineRoute({ limit: false, db: false, response: z.object({ n: z.number() }) }, async () => ({ n: 'one' }) as unknown as { n: number });
    const r = await call(drift, { path: '/x' });
    expect(r.status).toBe(500);
    expect(r.body.error.code).toBe('INTERNAL_ERROR');
    process.env.APP_ENV = 'production';
    const p = await call(drift, { path: '/x' });
    expect(p.status).toBe(200); // production trusts the tested handler and skips the check
  });
});

describe('run-token and trigger-token modes: 401 before any validation', () => {
  beforeEach(() => {
    process.env.SUPABASE_JWT_SECRET = 'test-only-jwt-secret-0123456789abcdef0123456789';
  });
  const runRoute = defineRoute(
    {
      auth: 'run-token',
      limit: false,
      db: false,
      params: z.object({ runId: z.string().regex(/^[a-z0-9-]+$/) }),
      query: z.object({ must: z.literal('x') }),
      response: z.object({ runId: z.string() }),
    },
    async ({ run }) => ({ runId: run.runId }),
  );
  const triggerRoute = defineRoute(
    { auth: 'trigger-token', triggerTask: 'shopping-menu-scan', limit: false, db: false, body: z.object({ needed: z.string() }), response: z.object({ jti: z.string() }) },
    async ({ trigger }) => ({ jti: trigger.jti }),
  );

  it('no token: 401 even when params, query and body are all invalid', async () => {
    const a = await call(runRoute, { path: '/api/v1/shopping/runs/BAD%20ID', params: { runId: 'BAD ID' } });
    expect(a.status).toBe(401);
    expect(a.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const b = await call(triggerRoute, { path: '/api/v1/shopping/runs', body: 'not json' });
    expect(b.status).toBe(401);
  });
  it('a token for another run, or of the other kind: 401', async () => {
    const other = await signRunToken('run-b');
    const a = await call(runRoute, { path: '/api/v1/shopping/runs/run-a', params: { runId: 'run-a' }, headers: { authorization: `Bearer ${other}` }, query: { must: 'x' } });
    expect(a.status).toBe(401);
    const trig = await signTriggerToken('shopping-menu-scan');
    const b = await call(runRoute, { path: '/api/v1/shopping/runs/run-a', params: { runId: 'run-a' }, headers: { authorization: `Bearer ${trig}` }, query: { must: 'x' } });
    expect(b.status).toBe(401);
  });
  it('the right token: the grant reaches the handler; validation runs after auth', async () => {
    const t = await signRunToken('run-a');
    const bad = await call(runRoute, { path: '/api/v1/shopping/runs/run-a', params: { runId: 'run-a' }, headers: { authorization: `Bearer ${t}` } });
    expect(bad.status).toBe(400);
    const ok = await call(runRoute, { path: '/api/v1/shopping/runs/run-a', params: { runId: 'run-a' }, headers: { authorization: `Bearer ${t}` }, query: { must: 'x' } });
    expect(ok.body.data).toEqual({ runId: 'run-a' });
    const trig = await signTriggerToken('shopping-menu-scan');
    const c = await call(triggerRoute, { path: '/api/v1/shopping/runs', body: { needed: 'y' }, headers: { authorization: `Bearer ${trig}` } });
    expect(c.status).toBe(200);
    expect(typeof c.body.data.jti).toBe('string');
  });
});

describe('CORS (public reads any origin; credentialed routes only CORS_ORIGINS)', () => {
  const methods = route({
    GET: defineRoute({ limit: false, db: false, response: Any }, async () => 'public'),
    POST: defineRoute({ auth: 'admin', limit: false, db: false, response: Any }, async () => 'admin'),
  });
  beforeEach(() => {
    process.env.ADMIN_API_KEY = 'cors-admin-key';
    process.env.APP_ENV = 'production';
    process.env.TRUSTED_PROXY = 'none';
  });

  it('a public read answers any origin, without credentials, exposing the limit and id headers', async () => {
    const r = await call(methods.GET, { path: '/api/v1/strains', headers: { origin: 'https://elsewhere.example' } });
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-credentials')).toBeNull();
    expect(r.headers.get('access-control-expose-headers')).toMatch(/X-Request-Id.*X-RateLimit-Remaining.*Retry-After/);
  });
  it('a credentialed route answers only listed origins', async () => {
    const refused = await call(methods.POST, { path: '/api/v1/x', body: {}, headers: { origin: 'https://evil.example', 'x-admin-key': 'cors-admin-key' } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.headers.get('vary')).toMatch(/Origin/);
    process.env.CORS_ORIGINS = 'https://app.example, https://admin.example/';
    const allowed = await call(methods.POST, { path: '/api/v1/x', body: {}, headers: { origin: 'https://admin.example', 'x-admin-key': 'cors-admin-key' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://admin.example');
  });
  it('a preflight answers the methods, the request headers and a max age for an allowed origin', async () => {
    process.env.CORS_ORIGINS = 'https://app.example';
    const r = await call(methods.OPTIONS, {
      method: 'OPTIONS',
      path: '/api/v1/x',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-admin-key, content-type' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(r.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS, POST');
    expect(r.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Content-Type.*X-Admin-Key/);
    expect(Number(r.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    const other = await call(methods.OPTIONS, { method: 'OPTIONS', path: '/api/v1/x', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const pub = await call(methods.OPTIONS, { method: 'OPTIONS', path: '/api/v1/x', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(pub.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('admin routes: the dashboard cookie writes only from this origin; the key is unaffected', () => {
  const write = defineRoute({ auth: 'admin', limit: false, db: false, body: Any, response: Any }, async ({ admin }) => admin);
  const read = defineRoute({ auth: 'admin', limit: false, db: false, response: Any }, async ({ admin }) => admin);
  beforeEach(() => {
    process.env.ADMIN_API_KEY = 'cookie-admin-key';
    process.env.APP_ENV = 'production';
    process.env.TRUSTED_PROXY = 'none';
  });
  const cookie = () => `${ADMIN_SESSION_COOKIE}=${createAdminSession()!.value}`;

  it.each([
    ['cross-site fetch metadata', { 'sec-fetch-site': 'cross-site' }, 403],
    ['another origin', { origin: 'https://evil.example' }, 403],
    ['no origin at all', {}, 403],
    ['same-origin fetch metadata', { 'sec-fetch-site': 'same-origin' }, 200],
    ['an Origin naming this host', { origin: 'http://api.test' }, 200],
  ])('cookie write with %s → %s', async (_n, headers, status) => {
    const r = await call(write, { path: '/api/v1/admin/x', method: 'POST', body: {}, headers: { cookie: cookie(), ...headers } });
    expect(r.status).toBe(status);
    if (status === 403) expect(r.body.error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'cross-site' } });
    else expect(r.body.data).toBe('session');
  });
  it('cookie reads and key writes are not affected', async () => {
    expect((await call(read, { path: '/api/v1/admin/x', headers: { cookie: cookie(), 'sec-fetch-site': 'cross-site' } })).body.data).toBe('session');
    const byKey = await call(write, { path: '/api/v1/admin/x', method: 'POST', body: {}, headers: { 'x-admin-key': 'cookie-admin-key', origin: 'https://elsewhere.example' } });
    expect(byKey.body.data).toBe('key');
  });
});

describe('admin key guessing: one window per key prefix, whatever the address', () => {
  const admin = defineRoute({ auth: 'admin', limit: false, db: false, response: Any }, async () => 'in');
  beforeEach(() => {
    process.env.ADMIN_API_KEY = 'k3y-the-real-admin-key';
    process.env.ADMIN_FAILURE_LIMIT = '5';
    process.env.APP_ENV = 'production';
    process.env.TRUSTED_PROXY = 'hops:1';
    setLimitStore(new MemoryStore());
  });
  it("failures sharing the real key's prefix lock it (429) from every address; other prefixes do not", async () => {
    const statuses: number[] = [];
    await startWellInsideWindow();
    for (let i = 0; i < 7; i++) {
      const r = await call(admin, { path: '/api/v1/admin/x', headers: { 'x-admin-key': `k3y-guess-${i}`, 'x-forwarded-for': `198.51.100.${i}` } });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]); // five failures allowed, then locked
    const locked = await call(admin, { path: '/api/v1/admin/x', headers: { 'x-admin-key': 'k3y-the-real-admin-key', 'x-forwarded-for': '203.0.113.1' } });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // someone guessing other prefixes cannot lock the real key out, and gets 401s
    process.env.ADMIN_API_KEY = 'zzz-another-key';
    const other = await call(admin, { path: '/api/v1/admin/x', headers: { 'x-admin-key': 'zzz-another-key' } });
    expect(other.status).toBe(200);
  });
});

describe('database failures by class answer DATABASE_ERROR', () => {
  const throws = (e: unknown) => defineRoute({ limit: false, db: false, response: Any }, async () => Promise.reject(e));
  it.each([
    ['terminated backend (pg error, 57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' })],
    ['deadlock (40P01)', Object.assign(new Error('deadlock detected'), { code: '40P01', severity: 'ERROR' })],
    ['not accepting connections (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03', severity: 'FATAL' })],
    ['pool cannot connect', new Error('timeout exceeded when trying to connect')],
    ['connection lost mid-query', new Error('Connection terminated unexpectedly')],
  ])('%s', async (_n, err) => {
    const r = await call(throws(err), { path: '/x' });
    expect(r.status).toBe(500);
    expect(r.body.error.code).toBe('DATABASE_ERROR');
    expect(r.body.error.message).toBe('Database operation failed');
  });
  it('ECONNREFUSED from something that is not the database is still INTERNAL_ERROR', async () => {
    const r = await call(throws(Object.assign(new Error('fetch failed'), { code: 'ECONNREFUSED' })), { path: '/x' });
    expect(r.body.error.code).toBe('INTERNAL_ERROR');
  });
});
