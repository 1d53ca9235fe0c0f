/**
 * CDN caching (issue 15): public GET routes declare `cache: { sMaxAge, swr }`; nothing that takes
 * credentials is ever public — checked over every route module in the generated manifest — and a
 * signed-in caller's answer from a public route is private.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CDN, defineRoute, type NextHandler } from '@/lib/http';
import { takesCredentials } from '@/lib/http/cors';
import { ROUTE_MODULES } from '@/lib/http/route-manifest';
import { call, userToken } from '@/tests/helpers/route';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function declared(): { path: string; method: string; handler: NextHandler }[] {
  const out: { path: string; method: string; handler: NextHandler }[] = [];
  for (const m of ROUTE_MODULES) {
    for (const method of METHODS) {
      const h = m.module[method] as NextHandler | undefined;
      if (h?.routeMeta) out.push({ path: m.path, method, handler: h });
    }
  }
  return out;
}

describe('Cache-Control policy over the route manifest', () => {
  const all = declared();

  it('finds the routes', () => {
    expect(all.length).toBeGreaterThan(40);
  });

  it('no route that takes credentials (user, premium, admin, secrets, run/trigger tokens) declares a public cache', () => {
    const offenders = all.filter(({ handler }) => handler.routeMeta.options.cache && takesCredentials(handler.routeMeta.options)).map((r) => `${r.method} ${r.path}`);
    expect(offenders).toEqual([]);
  });

  it('only GET routes declare a cache', () => {
    expect(all.filter(({ method, handler }) => method !== 'GET' && handler.routeMeta.options.cache).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('the catalog reads, statistics and the static section list are CDN-cacheable', () => {
    const cached = new Map(all.filter((r) => r.method === 'GET' && r.handler.routeMeta.options.cache).map((r) => [r.path, r.handler.routeMeta.options.cache]));
    for (const p of [
      '/api/v1/strains',
      '/api/v1/strains/search',
      '/api/v1/strains/slug/{slug}',
      '/api/v1/strains/popular',
      '/api/v1/strains/by-type/{type}',
      '/api/v1/strains/by-terpene/{terpene}',
    ])
      expect(cached.get(p), p).toEqual(CDN.catalog);
    expect(cached.get('/api/v1/strains/slug/{slug}/complete')).toEqual(CDN.profile);
    expect(cached.get('/api/v1/strains/stats/count')).toEqual({ sMaxAge: 1800, swr: 3600 });
    expect(cached.get('/api/v1/notebooks/stream/sections')).toEqual(CDN.static);
    expect(cached.has('/api/v1/health')).toBe(false);
  });

  it('a route that takes credentials cannot be given a public cache', () => {
    for (const auth of ['user', 'admin', 'api-key', 'cron', 'internal'] as const) {
      expect(() => defineRoute({ auth, cache: CDN.catalog, db: false, response: z.unknown() }, async () => 'x')).toThrow(/only for public routes/);
    }
    expect(() => defineRoute({ tier: 'premium', cache: CDN.catalog, db: false, response: z.unknown() }, async () => 'x')).toThrow(/only for public routes/);
  });
});

describe('Cache-Control on answers', () => {
  const pub = defineRoute({ cache: { sMaxAge: 60, swr: 600 }, limit: false, db: false, response: z.object({ n: z.number() }) }, async () => ({ n: 1 }));
  const failing = defineRoute({ cache: { sMaxAge: 60, swr: 600 }, limit: false, db: false, response: z.unknown() }, async () => {
    throw new Error('boom');
  });
  const user = defineRoute({ auth: 'user', limit: false, db: false, response: z.object({ n: z.number() }) }, async () => ({ n: 2 }));

  it('anonymous GET of a public route: public, s-maxage, stale-while-revalidate, any origin', async () => {
    const r = await call(pub, { path: '/x' });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, s-maxage=60, stale-while-revalidate=600');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('a signed-in caller of a public route gets a private answer', async () => {
    const r = await call(pub, { path: '/x', headers: { authorization: `Bearer ${await userToken('cache-user', 'free')}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('errors are never cached publicly', async () => {
    const r = await call(failing, { path: '/x' });
    expect(r.status).toBe(500);
    expect(r.headers.get('cache-control')).toBeNull();
  });

  it('an authenticated route answers private, no-store (success and failure)', async () => {
    const ok = await call(user, { path: '/x', headers: { authorization: `Bearer ${await userToken('cache-user', 'free')}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('private, no-store');
    const denied = await call(user, { path: '/x' });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('cache-control')).toBe('private, no-store');
  });
});
