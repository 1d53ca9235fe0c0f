import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as scanToken } from '@/app/api/v1/shopping/scan-token/route';
import { POST as startRun } from '@/app/api/v1/shopping/runs/route';
import { GET as getRun } from '@/app/api/v1/shopping/runs/[runId]/route';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { saveCachedScan } from '@/lib/shopping/repo';
import { categoriesHash } from '@/lib/shopping/domain';
import { localRunner } from '@/lib/tasks';
import { authHeader, call } from '@/tests/helpers/route';
import { occupyRunner, sampleOutput } from '@/tests/api/shopping/helpers';

let db: Db;
let blocker: { release: () => Promise<void> };
beforeAll(async () => {
  db = await ready();
  blocker = await occupyRunner();
});
afterAll(async () => {
  await blocker.release();
  await localRunner().drain();
});
afterEach(() => {
  delete process.env.TASK_RUNNER;
  delete process.env.TRIGGER_SECRET_KEY;
});

let n = 0;
const uniqueHost = () => `shop${++n}-${Date.now().toString(36)}.example`;
const body = (host: string, over: Record<string, unknown> = {}) => ({
  dispensaryName: 'Green Leaf',
  menuUrls: [`https://www.${host}/menu`],
  userId: 'user-1',
  ...over,
});
const post = async (b: unknown, headers?: Record<string, string>) =>
  call(scanToken, { path: '/api/v1/shopping/scan-token', method: 'POST', body: b, headers: headers ?? (await authHeader('user-1', 'free')) });

describe('POST /shopping/scan-token errors', () => {
  it.each([
    ['no token', undefined, { authorization: '' }, 401, 'UNAUTHORIZED'],
    ['garbage token', undefined, { authorization: 'Bearer not.a.jwt' }, 401, 'UNAUTHORIZED'],
    ['missing dispensaryName', { menuUrls: ['https://a.example/menu'], userId: 'user-1' }, null, 400, 'BAD_REQUEST'],
    ['empty dispensaryName', { dispensaryName: ' ', menuUrls: ['https://a.example/menu'], userId: 'user-1' }, null, 400, 'BAD_REQUEST'],
    ['missing menuUrls', { dispensaryName: 'x', userId: 'user-1' }, null, 400, 'BAD_REQUEST'],
    ['empty menuUrls', { dispensaryName: 'x', menuUrls: [], userId: 'user-1' }, null, 400, 'BAD_REQUEST'],
    ['ftp menu URL', { dispensaryName: 'x', menuUrls: ['ftp://a.example/menu'], userId: 'user-1' }, null, 400, 'BAD_REQUEST'],
    ['javascript: menu URL', { dispensaryName: 'x', menuUrls: ['javascript:alert(1)'], userId: 'user-1' }, null, 400, 'BAD_REQUEST'],
    ['missing userId', { dispensaryName: 'x', menuUrls: ['https://a.example/menu'] }, null, 400, 'BAD_REQUEST'],
    ['forceRefresh not boolean', { dispensaryName: 'x', menuUrls: ['https://a.example/menu'], userId: 'user-1', forceRefresh: 'yes' }, null, 400, 'BAD_REQUEST'],
    ['websiteDomain of another site', { dispensaryName: 'x', menuUrls: ['https://a.example/menu'], userId: 'user-1', websiteDomain: 'b.example' }, null, 400, 'BAD_REQUEST'],
    ['userId of someone else', { dispensaryName: 'x', menuUrls: ['https://a.example/menu'], userId: 'user-2' }, null, 403, 'FORBIDDEN'],
    ['body not JSON', '{"dispensaryName":', null, 400, 'BAD_REQUEST'],
  ])('%s → %i %s', async (_name, b, headers, status, code) => {
    const r = await post(b ?? body(uniqueHost()), headers ?? undefined);
    expect(r.status).toBe(status);
    expect(r.body.success).toBe(false);
    if (status === 401) {
      expect(r.body).toMatchObject({ success: false, code }); // flat body
      expect(typeof r.body.error).toBe('string');
    } else {
      expect(r.body.error.code).toBe(code);
      expect(r.body.meta.path).toBe('/api/v1/shopping/scan-token');
    }
    if (status === 400 && typeof b === 'object' && b && !('websiteDomain' in b)) expect(Array.isArray(r.body.error.details)).toBe(true);
  });

  it('an expired user token is 401 UNAUTHORIZED (uniform shopping code), saying why', async () => {
    const { signUserToken } = await import('@/lib/auth');
    const t = await signUserToken({ sub: 'user-1', ttlSeconds: -10 });
    const r = await post(body(uniqueHost()), { authorization: `Bearer ${t}` });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ success: false, code: 'UNAUTHORIZED', error: 'Token expired' });
  });

  it('a run token is not a user token', async () => {
    const { signRunToken } = await import('@/lib/tasks');
    const r = await post(body(uniqueHost()), { authorization: `Bearer ${await signRunToken('run_x')}` });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('UNAUTHORIZED');
  });

  it.each([
    ['server-side', { triggerServerSide: true }],
    ['client-side', {}],
  ])('503 TRIGGER_UNAVAILABLE when the runner cannot start (%s, trigger runner without a key)', async (_n, extra) => {
    process.env.TASK_RUNNER = 'trigger';
    const r = await post(body(uniqueHost(), extra));
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('TRIGGER_UNAVAILABLE');
  });
});

describe('POST /shopping/scan-token rate limit', () => {
  it('is the moderate tier (60/min) keyed by the user, headers on success and on errors', async () => {
    const ok = await post(body(uniqueHost()));
    expect(ok.headers.get('x-ratelimit-limit')).toBe('60');
    const remaining = Number(ok.headers.get('x-ratelimit-remaining'));
    const forbidden = await post({ ...body(uniqueHost()), userId: 'someone-else' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('x-ratelimit-limit')).toBe('60');
    expect(Number(forbidden.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
    // another user has a bucket of their own
    const other = await post({ ...body(uniqueHost()), userId: 'user-9' }, await authHeader('user-9', 'free'));
    expect(Number(other.headers.get('x-ratelimit-remaining'))).toBe(59);
  });
});

describe('POST /shopping/scan-token variants', () => {
  it('4. client-side: a one-time trigger token, menuUrls and categoriesHash; POST /shopping/runs uses it once', async () => {
    const host = uniqueHost();
    const r = await post(body(host, { categories: ['Flower', 'vape'] }));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      isCached: false,
      existingRunId: null,
      cachedData: null,
      domain: host,
      dispensaryName: 'Green Leaf',
      categoriesHash: categoriesHash(['vape', 'flower']),
      menuUrls: [`https://www.${host}/menu`],
    });
    expect(typeof r.body.data.triggerToken).toBe('string');
    expect(r.body.data.runId).toBeUndefined();
    expect(typeof r.body.data.message).toBe('string');

    const input = { dispensaryName: 'Green Leaf', websiteDomain: host, menuUrls: [`https://www.${host}/menu`], categories: ['flower', 'vape'], userId: 'user-1' };
    const auth = { authorization: `Bearer ${r.body.data.triggerToken}` };
    const first = await call(startRun, { path: '/api/v1/shopping/runs', method: 'POST', body: input, headers: auth });
    expect(first.status).toBe(200);
    expect(first.body.data.runId).toMatch(/^run_/);
    const run = await call(getRun, {
      path: `/api/v1/shopping/runs/${first.body.data.runId}`,
      params: { runId: first.body.data.runId },
      headers: { authorization: `Bearer ${first.body.data.publicAccessToken}` },
    });
    expect(run.status).toBe(200);
    expect(run.body.data).toMatchObject({ id: first.body.data.runId, taskIdentifier: 'shopping-menu-scan', status: 'QUEUED', output: null, error: null });
    const second = await call(startRun, { path: '/api/v1/shopping/runs', method: 'POST', body: input, headers: auth });
    expect(second.status).toBe(401);
    expect(second.body).toEqual({ success: false, code: 'INVALID_TOKEN', error: 'Trigger token has already been used' });
  });

  it('3. server-side: the service starts the run and answers runId + publicAccessToken', async () => {
    const host = uniqueHost();
    const r = await post(body(host, { triggerServerSide: true }));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ isCached: false, triggerToken: null, existingRunId: null, cachedData: null, domain: host, categoriesHash: categoriesHash([]) });
    expect(r.body.data.runId).toMatch(/^run_/);
    const row = await db.query<{ payload: { websiteDomain: string; userId: string } }>('SELECT payload FROM task_runs WHERE id = $1', [r.body.data.runId]);
    expect(row.rows[0].payload).toMatchObject({ websiteDomain: host, userId: 'user-1' });
    const run = await call(getRun, {
      path: `/api/v1/shopping/runs/${r.body.data.runId}`,
      params: { runId: r.body.data.runId },
      headers: { authorization: `Bearer ${r.body.data.publicAccessToken}` },
    });
    expect(run.status).toBe(200);
  });

  it('2. de-duplication: a scan of the same domain and categories already running is returned, not started again', async () => {
    const host = uniqueHost();
    const first = await post(body(host, { triggerServerSide: true, categories: ['flower'] }));
    const again = await post(body(host, { categories: [' Flower '], menuUrls: [`https://${host}/other-page`] }));
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ existingRunId: first.body.data.runId, isCached: false, triggerToken: null, cachedData: null });
    expect(typeof again.body.data.publicAccessToken).toBe('string');
    const other = await post(body(host, { triggerServerSide: true, categories: ['vape'] }));
    expect(other.body.data.runId).toBeDefined(); // another category set is another scan
    expect(other.body.data.runId).not.toBe(first.body.data.runId);
  });

  it('the race: concurrent identical server-side requests start exactly one run', async () => {
    const host = uniqueHost();
    const rs = await Promise.all([1, 2, 3, 4].map(() => post(body(host, { triggerServerSide: true }))));
    const ids = rs.map((r) => r.body.data.runId ?? r.body.data.existingRunId);
    expect(new Set(ids).size).toBe(1);
    expect(rs.filter((r) => r.body.data.runId).length).toBe(1);
    expect(rs.filter((r) => r.body.data.existingRunId).length).toBe(3);
    const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM task_runs WHERE idempotency_key LIKE $1`, [`${host}|%`]);
    expect(count.rows[0].n).toBe(1);
  });

  it('1. cache hit (before de-duplication unless forceRefresh; de-duplication also with forceRefresh)', async () => {
    const host = uniqueHost();
    const hash = categoriesHash([]);
    await saveCachedScan(db, { domain: host, categoriesHash: hash, dispensaryName: 'Green Leaf', output: sampleOutput(host), runId: null });
    const hit = await post(body(host, { triggerServerSide: true }));
    expect(hit.status).toBe(200);
    expect(hit.body.data).toMatchObject({ isCached: true, triggerToken: null, existingRunId: null, domain: host });
    expect(hit.body.data.cachedData).toMatchObject({ website_domain: host, categories_hash: hash, scan_results: { websiteDomain: host } });
    expect(hit.body.data.runId).toBeUndefined();
    const runs = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM task_runs WHERE idempotency_key = $1`, [`${host}|${hash}`]);
    expect(runs.rows[0].n).toBe(0);

    const forced = await post(body(host, { triggerServerSide: true, forceRefresh: true }));
    expect(forced.body.data.isCached).toBe(false);
    expect(forced.body.data.runId).toMatch(/^run_/);
    // cache wins over the running scan without forceRefresh…
    expect((await post(body(host))).body.data.isCached).toBe(true);
    // …and with forceRefresh the running scan is joined
    const joined = await post(body(host, { forceRefresh: true, triggerServerSide: true }));
    expect(joined.body.data.existingRunId).toBe(forced.body.data.runId);
  });

  it('an expired cache entry is no hit', async () => {
    const host = uniqueHost();
    const old = new Date(Date.now() - 5 * 3600_000);
    await saveCachedScan(db, {
      domain: host,
      categoriesHash: categoriesHash([]),
      dispensaryName: 'Green Leaf',
      output: sampleOutput(host, { scannedAt: old.toISOString(), expiresAt: new Date(old.getTime() + 4 * 3600_000).toISOString() }),
      runId: null,
    });
    const r = await post(body(host));
    expect(r.body.data.isCached).toBe(false);
    expect(typeof r.body.data.triggerToken).toBe('string');
  });
});
