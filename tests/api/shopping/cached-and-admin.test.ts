import { beforeAll, describe, expect, it } from 'vitest';
import { GET as cached } from '@/app/api/v1/shopping/scan/[domain]/cached/route';
import { GET as adminRuns } from '@/app/api/v1/admin/runs/route';
import { GET as adminCache } from '@/app/api/v1/admin/scan-cache/route';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { saveCachedScan } from '@/lib/shopping/repo';
import { categoriesHash } from '@/lib/shopping/domain';
import { localRunner, registerTask } from '@/lib/tasks';
import { z } from 'zod';
import { authHeader, call } from '@/tests/helpers/route';
import { sampleOutput } from '@/tests/api/shopping/helpers';

let db: Db;
const ADMIN = 'test-admin-key-0123456789';
beforeAll(async () => {
  db = await ready();
  process.env.ADMIN_API_KEY = ADMIN;
});

const at = (hoursAgo: number) => {
  const s = new Date(Date.now() - hoursAgo * 3600_000);
  return { scannedAt: s.toISOString(), expiresAt: new Date(s.getTime() + 4 * 3600_000).toISOString() };
};
async function seed(domain: string, cats: string[], hoursAgo: number, products: number) {
  await saveCachedScan(db, {
    domain,
    categoriesHash: categoriesHash(cats),
    dispensaryName: `Shop ${domain}`,
    output: sampleOutput(domain, { ...at(hoursAgo), stats: { productsCount: products, matchedCount: products - 1, unmatchedCount: 1 } }),
    runId: null,
  });
}
const get = async (domain: string, query?: Record<string, string>) =>
  call(cached, { path: `/api/v1/shopping/scan/${domain}/cached`, params: { domain }, query, headers: await authHeader('u1', 'free') });

describe('GET /shopping/scan/:domain/cached', () => {
  it('returns the newest unexpired entry, with every record field', async () => {
    await seed('cached-a.example', [], 3, 10);
    await seed('cached-a.example', ['flower'], 1, 4);
    const r = await get('cached-a.example');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      website_domain: 'cached-a.example',
      categories_hash: categoriesHash(['flower']),
      products_count: 4,
      matched_count: 3,
      unmatched_count: 1,
      scan_results: { websiteDomain: 'cached-a.example', success: true },
    });
    expect(Date.parse(r.body.data.expires_at)).toBeGreaterThan(Date.now() + 2.9 * 3600_000);
  });

  it('?categoriesHash= selects one entry', async () => {
    const r = await get('cached-a.example', { categoriesHash: categoriesHash([]) });
    expect(r.body.data.products_count).toBe(10);
  });

  it('www. and case are folded by the domain rule', async () => {
    expect((await get('WWW.Cached-A.example')).status).toBe(200);
  });

  it.each([
    ['no entry', 'nothing-here.example', undefined],
    ['only an expired entry', 'cached-old.example', undefined],
    ['another categories hash', 'cached-a.example', { categoriesHash: categoriesHash(['vape']) }],
  ])('404 NOT_FOUND for %s', async (_n, domain, query) => {
    await seed('cached-old.example', [], 4.01, 5);
    const r = await get(domain, query);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(r.body.error.message).toBe(`Cached scan not found: ${domain}`);
  });

  it.each([
    ['no token', {}, 401],
    ['bad token', { authorization: 'Bearer x' }, 401],
  ])('%s → %i UNAUTHORIZED', async (_n, headers, status) => {
    const r = await call(cached, { path: '/api/v1/shopping/scan/a.example/cached', params: { domain: 'a.example' }, headers });
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('a malformed categoriesHash is 400', async () => {
    const r = await get('cached-a.example', { categoriesHash: 'nothex' });
    expect(r.status).toBe(400);
  });
});

describe('admin lists', () => {
  it('GET /admin/scan-cache lists entries without results; expired only on request', async () => {
    const live = await call(adminCache, { path: '/api/v1/admin/scan-cache', headers: { 'x-admin-key': ADMIN } });
    expect(live.status).toBe(200);
    const domains = live.body.data.map((e: { website_domain: string }) => e.website_domain);
    expect(domains).toContain('cached-a.example');
    expect(domains).not.toContain('cached-old.example');
    expect(live.body.data[0].scan_results).toBeUndefined();
    expect(live.body.meta.pagination).toMatchObject({ limit: 50, offset: 0, total: live.body.data.length });
    const all = await call(adminCache, { path: '/api/v1/admin/scan-cache', query: { includeExpired: 'true' }, headers: { 'x-admin-key': ADMIN } });
    const old = all.body.data.find((e: { website_domain: string }) => e.website_domain === 'cached-old.example');
    expect(old).toMatchObject({ expired: true, products_count: 5 });
  });

  it('GET /admin/runs lists runs newest first, filterable by task and status', async () => {
    const def = registerTask({ id: 'test-admin-list', schema: z.object({ i: z.number() }), run: async (x) => x.i });
    for (const i of [1, 2, 3]) await localRunner().start(def, { i }, {});
    await localRunner().drain();
    const r = await call(adminRuns, { path: '/api/v1/admin/runs', query: { limit: 2, task: 'test-admin-list', status: 'COMPLETED' }, headers: { 'x-admin-key': ADMIN } });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(2);
    expect(r.body.meta.pagination).toMatchObject({ limit: 2, offset: 0, total: 3 });
    expect(r.body.data[0]).toMatchObject({ taskIdentifier: 'test-admin-list', status: 'COMPLETED', runner: 'local' });
    expect(Date.parse(r.body.data[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(r.body.data[1].createdAt));
  });

  it.each([
    [{}, 401, 'ADMIN_AUTH_REQUIRED'],
    [{ 'x-admin-key': 'wrong' }, 401, 'ADMIN_AUTH_INVALID'],
  ])('admin key %o → %i %s', async (headers, status, code) => {
    for (const h of [adminRuns, adminCache]) {
      const r = await call(h, { path: '/api/v1/admin/runs', headers });
      expect(r.status).toBe(status);
      expect(r.body.code).toBe(code);
    }
  });
});
