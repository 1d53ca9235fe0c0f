/**
 * The strain endpoints' table-driven suite, run on PGlite (tests/api/strains) and on real
 * PostgreSQL (tests/integration/strains): one source of truth for both databases.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { addToUniverse, upsertStrain } from '@/lib/strains/repo';
import { clearCatalogCaches } from '@/lib/strains/cache';
import { GET as list } from '@/app/api/v1/strains/route';
import { GET as search } from '@/app/api/v1/strains/search/route';
import { GET as popular } from '@/app/api/v1/strains/popular/route';
import { GET as popularity } from '@/app/api/v1/strains/popularity/route';
import { GET as sources } from '@/app/api/v1/strains/sources/route';
import { GET as bySlug } from '@/app/api/v1/strains/slug/[slug]/route';
import { GET as complete } from '@/app/api/v1/strains/slug/[slug]/complete/route';
import { GET as byTerpene } from '@/app/api/v1/strains/by-terpene/[terpene]/route';
import { GET as byType } from '@/app/api/v1/strains/by-type/[type]/route';
import { GET as recommendations } from '@/app/api/v1/strains/recommendations/route';
import { GET as stats } from '@/app/api/v1/strains/stats/count/route';
import { GET as universe } from '@/app/api/v1/strains/universe/slug/[slug]/route';
import { call } from '@/tests/helpers/route';

type Q = Record<string, string | number | undefined>;

function expectEnvelope(body: { success: boolean; meta: { timestamp: string; requestId: string } }) {
  expect(typeof body.success).toBe('boolean');
  expect(body.meta.timestamp).toMatch(/Z$/);
  expect(body.meta.requestId).toBeTruthy();
}

export function strainEndpointSuite(): void {
  beforeAll(async () => {
    const db = await ready();
    clearCatalogCaches();
    await upsertStrain(
      db,
      {
        name: 'Gravity',
        type: 'hybrid',
        thc: 17,
        terpenes: [{ name: 'myrcene', percentage: 0.4 }],
        effects: ['relaxed'],
        sourceUrls: ['https://www.example.org/strains/gravity', 'https://labs.example.com/gravity'],
      },
      'test',
    );
    await addToUniverse(db, [
      { name: 'Zero Gravity', type: 'Hybrid', source: 'test' },
      { name: 'Unprofiled Haze', source: 'test' },
    ]);
  });

  describe('GET /strains', () => {
    it.each<[string, Q, (b: any) => void]>([
      [
        'default page',
        {},
        (b) => {
          expect(b.data).toHaveLength(20);
          expect(b.meta.pagination).toMatchObject({ limit: 20, offset: 0, hasMore: true });
          expect(b.meta.pagination.total).toBeGreaterThanOrEqual(150);
          const pops = b.data.map((s: any) => s.popularityScore);
          expect([...pops].sort((x: number, y: number) => y - x)).toEqual(pops);
        },
      ],
      ['type filter', { type: 'indica', limit: 100 }, (b) => expect(b.data.every((s: any) => s.type === 'indica')).toBe(true)],
      [
        'terpene synonym filter',
        { terpene: 'b-caryophyllene', limit: 100 },
        (b) => {
          expect(b.data.length).toBeGreaterThan(0);
          expect(b.data.every((s: any) => s.terpenes.some((t: any) => t.name === 'caryophyllene'))).toBe(true);
        },
      ],
      [
        'combined filters',
        { type: 'sativa', effect: 'energetic', minThc: 15, maxThc: 25, sort: 'thc', order: 'asc', limit: 100 },
        (b) => {
          expect(b.data.length).toBeGreaterThan(0);
          for (const s of b.data) {
            expect(s.type).toBe('sativa');
            expect(s.effects).toContain('energetic');
            expect(s.thc).toBeGreaterThanOrEqual(15);
            expect(s.thc).toBeLessThanOrEqual(25);
          }
          const thc = b.data.map((s: any) => s.thc);
          expect([...thc].sort((x: number, y: number) => x - y)).toEqual(thc);
        },
      ],
      ['aroma filter', { aroma: 'citrus', limit: 100 }, (b) => expect(b.data.every((s: any) => s.aromas.includes('citrus'))).toBe(true)],
      [
        'sort by name',
        { sort: 'name', limit: 5 },
        (b) => {
          const names = b.data.map((s: any) => s.name.toLowerCase());
          expect(names).toEqual([...names].sort());
        },
      ],
      [
        'offset past the end',
        { offset: 100000 },
        (b) => {
          expect(b.data).toEqual([]);
          expect(b.meta.pagination).toMatchObject({ offset: 100000, hasMore: false });
          expect(b.meta.pagination.total).toBeGreaterThanOrEqual(150);
        },
      ],
      ['limit 100', { limit: 100 }, (b) => expect(b.data).toHaveLength(100)],
      ['SQL-looking filter value', { effect: "relaxed'; DROP TABLE strains; --" }, (b) => expect(b.data).toEqual([])],
    ])('%s', async (_name, query, check) => {
      const r = await call(list, { path: '/api/v1/strains', query });
      expect(r.status).toBe(200);
      expectEnvelope(r.body);
      expect(r.headers.get('x-ratelimit-limit')).toBe('300');
      check(r.body);
    });

    it.each<[string, Q, string, string | null]>([
      ['limit 0', { limit: 0 }, 'VALIDATION_ERROR', 'limit'],
      ['limit 101', { limit: 101 }, 'VALIDATION_ERROR', 'limit'],
      ['limit not a number', { limit: 'ten' }, 'VALIDATION_ERROR', 'limit'],
      ['negative offset', { offset: -1 }, 'VALIDATION_ERROR', 'offset'],
      ['unknown type', { type: 'ruderalis' }, 'VALIDATION_ERROR', 'type'],
      ['unknown sort', { sort: 'price' }, 'VALIDATION_ERROR', 'sort'],
      ['minThc over 100', { minThc: 101 }, 'VALIDATION_ERROR', 'minThc'],
      ['unknown terpene', { terpene: 'unobtainium' }, 'BAD_REQUEST', null],
    ])('400 on %s', async (_n, query, code, path) => {
      const r = await call(list, { path: '/api/v1/strains', query });
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.error.code).toBe(code);
      if (path) expect(r.body.error.details.some((d: any) => d.path.includes(path))).toBe(true);
      expect(r.body.meta.path).toBe('/api/v1/strains');
    });
  });

  describe('GET /strains/search', () => {
    it.each<[string, string, string]>([
      ['typo', 'blu dreem', 'Blue Dream'],
      ['exact', 'Blue Dream', 'Blue Dream'],
      ['case and spaces', '  SOUR   diesel ', 'Sour Diesel'],
      ['alias', 'GDP', 'Granddaddy Purple'],
      ['prefix', 'granddad', 'Granddaddy Purple'],
      ['punctuation', 'gorilla glue #4', 'Gorilla Glue #4'],
    ])('%s: %s → %s first', async (_n, q, first) => {
      const r = await call(search, { path: '/api/v1/strains/search', query: { q } });
      expect(r.status).toBe(200);
      expect(r.body.data[0].name).toBe(first);
      expect(r.body.meta.pagination).toMatchObject({ limit: 20, offset: 0 });
      expect(r.body.meta.pagination.total).toBeGreaterThanOrEqual(r.body.data.length);
    });

    it.each<[string, Q]>([
      ['unicode', { q: 'Blüe Dréam 🌿' }],
      ['very long q', { q: 'blue dream '.repeat(80) }],
      ['SQL-looking', { q: "' OR 1=1; DROP TABLE strains; --" }],
      ['LIKE wildcards', { q: '%_%' }],
    ])('%s answers 200 without error', async (_n, query) => {
      const r = await call(search, { path: '/api/v1/strains/search', query });
      expect(r.status).toBe(200);
      expect(Array.isArray(r.body.data)).toBe(true);
      const again = await call(list, { path: '/api/v1/strains', query: { limit: 1 } });
      expect(again.body.meta.pagination.total).toBeGreaterThan(0);
    });

    it('LIKE wildcards are literal', async () => {
      const r = await call(search, { path: '/api/v1/strains/search', query: { q: '%' } });
      expect(r.body.data).toEqual([]);
    });

    it('respects limit', async () => {
      const r = await call(search, { path: '/api/v1/strains/search', query: { q: 'kush', limit: 3 } });
      expect(r.body.data).toHaveLength(3);
      expect(r.body.data.every((s: any) => /kush/i.test(s.name) || s.akas.some((a: string) => /kush/i.test(a)))).toBe(true);
    });

    it.each<[string, Q, string]>([
      ['empty q', { q: '' }, 'BAD_REQUEST'],
      ['blank q', { q: '   ' }, 'BAD_REQUEST'],
      ['missing q', {}, 'BAD_REQUEST'],
      ['q over 1000 characters', { q: 'x'.repeat(1001) }, 'VALIDATION_ERROR'],
      ['limit 101', { q: 'kush', limit: 101 }, 'VALIDATION_ERROR'],
    ])('400 on %s', async (_n, query, code) => {
      const r = await call(search, { path: '/api/v1/strains/search', query });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(code);
    });
  });

  describe('GET /strains/slug/:slug', () => {
    it('answers the strain', async () => {
      const r = await call(bySlug, { path: '/api/v1/strains/slug/blue-dream', params: { slug: 'blue-dream' } });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ slug: 'blue-dream', name: 'Blue Dream', type: 'hybrid', highFamily: expect.any(String) });
      expect(r.body.data.terpenes[0].name).toBe('myrcene');
    });
    it('the cached, pre-serialised answer is the same envelope; ETag, 304 with the CDN policy, a new tag after a write', async () => {
      const db = await ready();
      await upsertStrain(db, { name: 'Etag Kush', type: 'indica', thc: 17 }, 'test');
      const path = '/api/v1/strains/slug/etag-kush';
      const params = { slug: 'etag-kush' };
      const a = await call(bySlug, { path, params });
      const b = await call(bySlug, { path, params });
      expect(a.status).toBe(200);
      expectEnvelope(a.body);
      expect(Object.keys(a.body)).toEqual(['success', 'data', 'meta']);
      expect(Object.keys(a.body.meta)).toEqual(['timestamp', 'requestId']);
      expect(a.body.meta.requestId).toBe(a.headers.get('x-request-id'));
      expect(b.body.meta.requestId).not.toBe(a.body.meta.requestId);
      expect(b.body.data).toEqual(a.body.data);
      expect(a.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(a.headers.get('cache-control')).toBe('public, s-maxage=300, stale-while-revalidate=3600');
      const etag = a.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      expect(b.headers.get('etag')).toBe(etag);

      const c = await call(bySlug, { path, params, headers: { 'if-none-match': `"other", W/${etag}` } });
      expect(c.status).toBe(304);
      expect(c.text).toBe('');
      expect(c.headers.get('etag')).toBe(etag);
      expect(c.headers.get('cache-control')).toBe('public, s-maxage=300, stale-while-revalidate=3600');

      // A catalog write changes the record: the cached text and its tag are made again.
      await upsertStrain(db, { name: 'Etag Kush', type: 'indica', thc: 18.5 }, 'test');
      const d = await call(bySlug, { path, params, headers: { 'if-none-match': etag as string } });
      expect(d.status).toBe(200);
      expect(d.body.data.thc).toBe(18.5);
      expect(d.headers.get('etag')).not.toBe(etag);
    });
    it.each([['nope'], ["x' OR '1'='1"], ['ünïcode'], ['a'.repeat(200)]])('404 shape for %s', async (slug) => {
      const r = await call(bySlug, { path: `/api/v1/strains/slug/${encodeURIComponent(slug)}`, params: { slug } });
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: 'NOT_FOUND', message: `Strain not found: ${slug}`, details: { resource: 'strain', id: slug } });
    });
  });

  describe('GET /strains/slug/:slug/complete', () => {
    it('MISS then HIT with the CDN header on both', async () => {
      clearCatalogCaches();
      const a = await call(complete, { path: '/api/v1/strains/slug/granddaddy-purple/complete', params: { slug: 'granddaddy-purple' } });
      const b = await call(complete, { path: '/api/v1/strains/slug/granddaddy-purple/complete', params: { slug: 'granddaddy-purple' } });
      expect(a.status).toBe(200);
      expect(a.headers.get('x-cache')).toBe('MISS');
      expect(b.headers.get('x-cache')).toBe('HIT');
      for (const r of [a, b]) expect(r.headers.get('cache-control')).toBe('public, s-maxage=900, stale-while-revalidate=86400');
      expect(b.body.data).toEqual(a.body.data);
      // A hit answers the cached JSON text: the same bytes JSON.stringify gives the envelope.
      for (const r of [a, b]) expect(r.text).toBe(JSON.stringify({ success: true, data: r.body.data, meta: r.body.meta }));
      const d = a.body.data;
      expect(d.strain.slug).toBe('granddaddy-purple');
      expect(d.similar.length).toBeGreaterThan(0);
      expect(d.similar.map((s: any) => s.slug)).not.toContain('granddaddy-purple');
      expect(d.terpeneChart[0]).toMatchObject({ name: d.strain.terpenes[0].name, percentage: d.strain.terpenes[0].percentage });
      expect(d.terpeneChart[0].catalogAverage).toBeGreaterThan(0);
      expect(d.sources.map((s: any) => s.source)).toContain('seed');
    });
    it('404 with the strain shape', async () => {
      const r = await call(complete, { path: '/api/v1/strains/slug/no-such/complete', params: { slug: 'no-such' } });
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Strain not found: no-such', details: { resource: 'strain', id: 'no-such' } });
    });
  });

  describe('GET /strains/by-terpene/:terpene', () => {
    it.each([['b-myrcene'], ['beta-Myrcene'], ['Myrcene'], ['β-myrcene']])('%s → myrcene, largest share first', async (terpene) => {
      const r = await call(byTerpene, { path: `/api/v1/strains/by-terpene/${terpene}`, params: { terpene }, query: { limit: 10 } });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-terpene')).toBe('myrcene');
      const shares = r.body.data.map((s: any) => s.share);
      expect(shares.length).toBe(10);
      expect([...shares].sort((x: number, y: number) => y - x)).toEqual(shares);
      expect(r.body.data[0].terpenes[0].name).toBe('myrcene');
    });
    it('minPct filters by share', async () => {
      const r = await call(byTerpene, { path: '/api/v1/strains/by-terpene/limonene', params: { terpene: 'limonene' }, query: { minPct: 0.4, limit: 100 } });
      expect(r.body.data.length).toBeGreaterThan(0);
      expect(r.body.data.every((s: any) => s.share >= 0.4)).toBe(true);
    });
    it('unknown terpene → 400 with the known list', async () => {
      const r = await call(byTerpene, { path: '/api/v1/strains/by-terpene/kryptonite', params: { terpene: 'kryptonite' } });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('BAD_REQUEST');
      expect(r.body.error.details.knownTerpenes).toContain('myrcene');
    });
  });

  describe('GET /strains/by-type/:type', () => {
    it.each([['indica'], ['Sativa'], ['HYBRID']])('%s', async (type) => {
      const r = await call(byType, { path: `/api/v1/strains/by-type/${type}`, params: { type }, query: { limit: 50 } });
      expect(r.status).toBe(200);
      expect(r.body.data.length).toBeGreaterThan(0);
      expect(r.body.data.every((s: any) => s.type === type.toLowerCase())).toBe(true);
    });
    it.each([['ruderalis'], ['indica;--'], ['']])('400 for %j', async (type) => {
      const r = await call(byType, { path: `/api/v1/strains/by-type/${type}`, params: { type } });
      expect(r.status).toBe(400);
      expect(['BAD_REQUEST', 'VALIDATION_ERROR']).toContain(r.body.error.code);
    });
  });

  describe('ranked lists', () => {
    it('popular is sorted by score and paginated', async () => {
      const r = await call(popular, { path: '/api/v1/strains/popular', query: { limit: 5, offset: 5 } });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBe('300');
      expect(r.body.meta.pagination).toMatchObject({ limit: 5, offset: 5, hasMore: true });
    });
    it('popularity gives rank and score', async () => {
      const r = await call(popularity, { path: '/api/v1/strains/popularity', query: { limit: 3 } });
      expect(r.body.data[0]).toMatchObject({ rank: 1, popularityScore: expect.any(Number) });
      expect(r.body.data[0].popularityScore).toBeGreaterThanOrEqual(r.body.data[2].popularityScore);
      expect(r.headers.get('x-ratelimit-limit')).toBe('60');
    });
    it('sources ranks by coverage with the sources', async () => {
      const r = await call(sources, { path: '/api/v1/strains/sources', query: { limit: 1 } });
      expect(r.body.data[0].slug).toBe('gravity');
      expect(r.body.data[0].sourceCount).toBe(2);
      expect(r.body.data[0].sources.map((s: any) => s.domain).sort()).toEqual(['example.org', 'labs.example.com']);
    });
    it.each([
      ['popular', popular],
      ['popularity', popularity],
      ['sources', sources],
    ] as const)('%s: limit 0 → 400', async (name, h) => {
      const r = await call(h, { path: `/api/v1/strains/${name}`, query: { limit: 0 } });
      expect(r.status).toBe(400);
    });
  });

  describe('GET /strains/recommendations', () => {
    it('free text becomes effects, aromas and potency with reasons', async () => {
      const r = await call(recommendations, { path: '/api/v1/strains/recommendations', query: { q: 'something for sleep with citrus taste, not too strong' } });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBe('10');
      expect(r.body.meta.engine).toBe('deterministic');
      expect(r.body.meta.intent).toMatchObject({ potency: 'low' });
      expect(r.body.meta.intent.effects).toContain('sleepy');
      expect(r.body.meta.intent.aromas).toContain('citrus');
      expect(r.body.data.length).toBe(5);
      expect(r.body.data[0].rank).toBe(1);
      for (const x of r.body.data) expect(x.reason.length).toBeGreaterThan(10);
      expect(r.body.data.some((x: any) => x.strain.effects.includes('sleepy'))).toBe(true);
    });
    it('like=<slug> ranks by profile similarity', async () => {
      const r = await call(recommendations, { path: '/api/v1/strains/recommendations', query: { like: 'blue-dream', limit: 3 } });
      expect(r.status).toBe(200);
      expect(r.body.data).toHaveLength(3);
      expect(r.body.data.map((x: any) => x.strain.slug)).not.toContain('blue-dream');
      expect(r.body.data[0].reason).toMatch(/similar to Blue Dream/);
    });
    it.each<[string, Q, number, string]>([
      ['neither q nor like', {}, 400, 'BAD_REQUEST'],
      ['unknown like', { like: 'no-such-strain' }, 404, 'NOT_FOUND'],
      ['limit 21', { q: 'sleep', limit: 21 }, 400, 'VALIDATION_ERROR'],
    ])('%s', async (_n, query, status, code) => {
      const r = await call(recommendations, { path: '/api/v1/strains/recommendations', query });
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe(code);
    });
  });

  describe('GET /strains/stats/count and universe', () => {
    it('stats: totals, types, universe, source domains; cached', async () => {
      clearCatalogCaches();
      const a = await call(stats, { path: '/api/v1/strains/stats/count' });
      const b = await call(stats, { path: '/api/v1/strains/stats/count' });
      expect(a.status).toBe(200);
      expect(a.headers.get('x-cache')).toBe('MISS');
      expect(b.headers.get('x-cache')).toBe('HIT');
      const d = a.body.data;
      expect(d.total).toBeGreaterThanOrEqual(150);
      expect(d.byType.indica + d.byType.sativa + d.byType.hybrid + (d.byType.unknown ?? 0)).toBe(d.total);
      expect(d.universe.total).toBeGreaterThan(d.total);
      expect(d.sources.byDomain).toMatchObject({ 'example.org': 1, 'labs.example.com': 1 });
    });
    it.each<[string, number, (b: any) => void]>([
      ['blue-dream', 200, (b) => expect(b.data).toMatchObject({ slug: 'blue-dream', inCatalog: true, strain: { name: 'Blue Dream' } })],
      ['zero-gravity', 200, (b) => expect(b.data).toMatchObject({ name: 'Zero Gravity', type: 'hybrid', inCatalog: false, strain: null, sources: ['test'] })],
      [
        'no-such-name',
        404,
        (b) => expect(b.error).toMatchObject({ code: 'NOT_FOUND', message: 'Strain not found: no-such-name', details: { resource: 'strain', id: 'no-such-name' } }),
      ],
    ])('universe %s', async (slug, status, check) => {
      const r = await call(universe, { path: `/api/v1/strains/universe/slug/${slug}`, params: { slug } });
      expect(r.status).toBe(status);
      check(r.body);
    });
  });
}
