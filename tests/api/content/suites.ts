/**
 * The content groups' table-driven suites (discover, dispensaries, meta freshness, music), run on
 * PGlite (tests/api/<area>) and on real PostgreSQL (tests/integration/content).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { GET as discoverIndex } from '@/app/api/v1/discover/route';
import { GET as discoverOne } from '@/app/api/v1/discover/[slug]/route';
import { POST as createCurated } from '@/app/api/v1/admin/discover/route';
import { PATCH as patchCurated, DELETE as deleteCurated } from '@/app/api/v1/admin/discover/[slug]/route';
import { POST as refresh } from '@/app/api/v1/admin/discover/refresh/route';
import { GET as dispList } from '@/app/api/v1/dispensaries/route';
import { GET as dispOne } from '@/app/api/v1/dispensaries/[domain]/route';
import { PATCH as dispPatch } from '@/app/api/v1/admin/dispensaries/[domain]/route';
import { GET as freshness, HEAD as freshnessHead } from '@/app/api/v1/meta/freshness/route';
import { GET as strainsList } from '@/app/api/v1/strains/route';
import { GET as strainsPopular } from '@/app/api/v1/strains/popular/route';
import { GET as strainsByType } from '@/app/api/v1/strains/by-type/[type]/route';
import { GET as strainsSearch } from '@/app/api/v1/strains/search/route';
import { GET as music } from '@/app/api/v1/music/strains/[slug]/route';
import { GET as moods } from '@/app/api/v1/music/moods/route';
import { COMPUTED_LISTS, refreshDiscoverLists } from '@/lib/discover/service';
import { dispensaryScanSummary, recordDispensaryScan } from '@/lib/dispensaries/service';
import { clearMusicCache, strainMusic } from '@/lib/music/service';
import { call } from '@/tests/helpers/route';

const ADMIN = 'admin-key-for-content-tests';
const admin = { 'x-admin-key': ADMIN };
let ipN = 0;
/** A fresh client address per call keeps the limiter's buckets apart. */
const fresh = () => ({ 'x-forwarded-for': `198.51.100.${(++ipN % 250) + 1}` });

type Handler = Parameters<typeof call>[0];
type Row = [name: string, o: Parameters<typeof call>[1], status: number, check?: (b: any, r: Awaited<ReturnType<typeof call>>) => void];

function runTable(rows: Row[], handler: Handler) {
  it.each(rows)('%s', async (_name, o, status, check) => {
    const r = await call(handler, { ...o, headers: { ...fresh(), ...o.headers } });
    expect(r.status, r.text.slice(0, 300)).toBe(status);
    if (status >= 400 && status !== 401) expect(r.body.success).toBe(false);
    check?.(r.body, r);
  });
}

let db: Db;
export function setupContent(): void {
  beforeAll(async () => {
    process.env.ADMIN_API_KEY = ADMIN;
    db = await ready();
  });
}

// ---------------------------------------------------------------------------------------------
export function discoverSuite(): void {
  describe('GET /discover', () => {
    runTable(
      [
        [
          'default page: at least eight computed lists',
          { path: '/api/v1/discover' },
          200,
          (b, r) => {
            expect(b.meta.pagination).toMatchObject({ limit: 20, offset: 0 });
            expect(b.meta.pagination.total).toBeGreaterThanOrEqual(8);
            const computed = b.data.filter((l: any) => l.kind === 'computed');
            expect(computed.length).toBeGreaterThanOrEqual(8);
            for (const slug of [
              'trending-this-week',
              'newest',
              'high-cbd',
              'complete-lab-profiles',
              'family-relaxing',
              'family-uplifting',
              'family-balancing',
              'family-focusing',
              'family-energizing',
              'family-calming',
            ])
              expect(b.data.map((l: any) => l.slug)).toContain(slug);
            for (const l of b.data) {
              expect(Object.keys(l).sort()).toEqual(['description', 'kind', 'slug', 'strainCount', 'title', 'updatedAt']);
              expect(l.updatedAt).toMatch(/Z$/);
            }
            expect(b.data.find((l: any) => l.slug === 'newest').strainCount).toBe(50);
            expect(r.headers.get('x-ratelimit-limit')).toBe('300');
          },
        ],
        [
          'limit 1 offset 1',
          { path: '/api/v1/discover', query: { limit: 1, offset: 1 } },
          200,
          (b) => {
            expect(b.data).toHaveLength(1);
            expect(b.meta.pagination).toMatchObject({ limit: 1, offset: 1, hasMore: true });
          },
        ],
        [
          'kind=computed',
          { path: '/api/v1/discover', query: { kind: 'computed', limit: 100 } },
          200,
          (b) => {
            expect(b.data.every((l: any) => l.kind === 'computed')).toBe(true);
            expect(b.data).toHaveLength(COMPUTED_LISTS.length);
          },
        ],
        [
          'past the end',
          { path: '/api/v1/discover', query: { offset: 500 } },
          200,
          (b) => {
            expect(b.data).toEqual([]);
            expect(b.meta.pagination.hasMore).toBe(false);
          },
        ],
        ['limit 0', { path: '/api/v1/discover', query: { limit: 0 } }, 400],
        ['limit 101', { path: '/api/v1/discover', query: { limit: 101 } }, 400],
        ['offset -1', { path: '/api/v1/discover', query: { offset: -1 } }, 400],
        ['unknown kind', { path: '/api/v1/discover', query: { kind: 'other' } }, 400],
      ],
      discoverIndex,
    );
  });

  describe('GET /discover/:slug', () => {
    const one = (slug: string, query: Record<string, number> = {}) => ({ path: `/api/v1/discover/${slug}`, params: { slug }, query });
    runTable(
      [
        [
          'newest: a page of strains, newest first',
          one('newest', { limit: 5 }),
          200,
          (b) => {
            expect(b.data.list).toMatchObject({ slug: 'newest', kind: 'computed', strainCount: 50 });
            expect(b.data.strains).toHaveLength(5);
            const created = b.data.strains.map((s: any) => s.createdAt);
            expect([...created].sort().reverse()).toEqual(created);
            expect(b.meta.pagination).toMatchObject({ limit: 5, offset: 0, total: 50, hasMore: true });
          },
        ],
        [
          'family list: only that family',
          one('family-relaxing', { limit: 100 }),
          200,
          (b) => {
            expect(b.data.strains.length).toBeGreaterThan(0);
            expect(b.data.strains.every((s: any) => s.highFamily === 'Relaxing')).toBe(true);
            expect(b.data.strains.length).toBe(b.data.list.strainCount);
          },
        ],
        [
          'high-cbd: every strain has ≥ 4% CBD',
          one('high-cbd', { limit: 100 }),
          200,
          (b) => {
            for (const s of b.data.strains) expect(Math.max(s.cbd ?? 0, s.cbdMax ?? 0)).toBeGreaterThanOrEqual(4);
          },
        ],
        [
          'complete-lab-profiles: all have terpenes',
          one('complete-lab-profiles', { limit: 20 }),
          200,
          (b) => {
            expect(b.data.strains).toHaveLength(20);
            expect(b.data.strains.every((s: any) => s.terpenes.length > 0)).toBe(true);
          },
        ],
        [
          'last page',
          one('newest', { limit: 20, offset: 40 }),
          200,
          (b) => {
            expect(b.data.strains).toHaveLength(10);
            expect(b.meta.pagination.hasMore).toBe(false);
          },
        ],
        ['unknown list', one('no-such-list'), 404, (b) => expect(b.error.code).toBe('NOT_FOUND')],
        ['limit 101', one('newest', { limit: 101 }), 400],
        ['offset -5', one('newest', { offset: -5 }), 400],
      ],
      discoverOne,
    );

    it('pages do not overlap and cover the list in order', async () => {
      const a = await call(discoverOne, { ...one('newest', { limit: 25 }), headers: fresh() });
      const b = await call(discoverOne, { ...one('newest', { limit: 25, offset: 25 }), headers: fresh() });
      const slugs = [...a.body.data.strains, ...b.body.data.strains].map((s: any) => s.slug);
      expect(new Set(slugs).size).toBe(50);
    });
  });

  describe('curated lists (admin key)', () => {
    const body = { slug: 'staff-picks', title: 'Staff picks', description: 'What we like', strainSlugs: ['blue-dream', 'og-kush'] };
    const path = '/api/v1/admin/discover';
    it.each<[string, Record<string, string>, unknown, number, string?]>([
      ['no key', {}, body, 401, 'ADMIN_AUTH_REQUIRED'],
      ['wrong key', { 'x-admin-key': 'nope' }, body, 401, 'ADMIN_AUTH_INVALID'],
      ['unknown strain slug', admin, { ...body, slug: 'bad-list', strainSlugs: ['blue-dream', 'no-such-strain-xyz'] }, 400, 'BAD_REQUEST'],
      ['computed slug', admin, { ...body, slug: 'newest' }, 409, 'CONFLICT'],
      ['bad slug', admin, { ...body, slug: 'Not A Slug' }, 400, 'VALIDATION_ERROR'],
      ['missing title', admin, { slug: 'x-list', strainSlugs: [] }, 400, 'VALIDATION_ERROR'],
      ['unknown field', admin, { ...body, slug: 'x-list', extra: 1 }, 400, 'VALIDATION_ERROR'],
      ['201 created', admin, body, 201],
      ['taken slug', admin, body, 409, 'CONFLICT'],
    ])('POST %s', async (_n, headers, b, status, code) => {
      const r = await call(createCurated, { path, method: 'POST', body: b, headers: { ...fresh(), ...headers } });
      expect(r.status, r.text).toBe(status);
      if (code) expect(r.body.code ?? r.body.error?.code).toBe(code);
    });

    it('the created list is listed and served, members in the given order', async () => {
      const idx = await call(discoverIndex, { path: '/api/v1/discover', query: { kind: 'curated' }, headers: fresh() });
      expect(idx.body.data.map((l: any) => l.slug)).toContain('staff-picks');
      const r = await call(discoverOne, { path: '/api/v1/discover/staff-picks', params: { slug: 'staff-picks' }, headers: fresh() });
      expect(r.body.data.list).toMatchObject({ kind: 'curated', strainCount: 2, title: 'Staff picks' });
      expect(r.body.data.strains.map((s: any) => s.slug)).toEqual(['blue-dream', 'og-kush']);
    });

    const p = (slug: string, b: unknown, headers: Record<string, string> = admin) =>
      call(patchCurated, { path: `${path}/${slug}`, method: 'PATCH', params: { slug }, body: b, headers: { ...fresh(), ...headers } });
    it.each<[string, string, unknown, number, Record<string, string>?]>([
      ['no key', 'staff-picks', { title: 'x' }, 401, {}],
      ['unknown list', 'nope-list', { title: 'x' }, 404],
      ['computed list', 'newest', { title: 'x' }, 403],
      ['empty patch', 'staff-picks', {}, 400],
      ['unknown strain', 'staff-picks', { strainSlugs: ['no-such-strain-xyz'] }, 400],
      ['reorder and retitle', 'staff-picks', { title: 'Staff picks 2', strainSlugs: ['og-kush', 'blue-dream', 'og-kush'] }, 200],
    ])('PATCH %s', async (_n, slug, b, status, headers) => {
      const r = await p(slug, b, headers ?? admin);
      expect(r.status, r.text).toBe(status);
    });

    it('PATCH took effect (duplicates collapsed)', async () => {
      const r = await call(discoverOne, { path: '/api/v1/discover/staff-picks', params: { slug: 'staff-picks' }, headers: fresh() });
      expect(r.body.data.list.title).toBe('Staff picks 2');
      expect(r.body.data.strains.map((s: any) => s.slug)).toEqual(['og-kush', 'blue-dream']);
    });

    const d = (slug: string, headers: Record<string, string> = admin) =>
      call(deleteCurated, { path: `${path}/${slug}`, method: 'DELETE', params: { slug }, headers: { ...fresh(), ...headers } });
    it('DELETE: key required, computed refused, curated removed (freshness moves), then 404', async () => {
      expect((await d('staff-picks', {})).status).toBe(401);
      expect((await d('newest')).status).toBe(403);
      const before = (await call(freshness, { path: '/api/v1/meta/freshness', headers: fresh() })).body.data.discover.updatedAt;
      const gone = await d('staff-picks');
      const after = (await call(freshness, { path: '/api/v1/meta/freshness', headers: fresh() })).body.data.discover.updatedAt;
      expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
      expect(gone.status).toBe(200);
      expect(gone.body.data).toEqual({ slug: 'staff-picks', deleted: true });
      expect((await d('staff-picks')).status).toBe(404);
      const r = await call(discoverOne, { path: '/api/v1/discover/staff-picks', params: { slug: 'staff-picks' }, headers: fresh() });
      expect(r.status).toBe(404);
    });

    it('POST /admin/discover/refresh: key required; a second refresh changes nothing (idempotent)', async () => {
      expect((await call(refresh, { path: '/api/v1/admin/discover/refresh', method: 'POST', headers: fresh() })).status).toBe(401);
      const a = await call(refresh, { path: '/api/v1/admin/discover/refresh', method: 'POST', headers: { ...fresh(), ...admin } });
      expect(a.status).toBe(200);
      expect(a.body.data.lists).toBe(COMPUTED_LISTS.length);
      const b = await refreshDiscoverLists(db);
      expect(b.changed).toBe(0);
    });
  });
}

// ---------------------------------------------------------------------------------------------
const USER_MARKERS = ['user-secret-7f3a', 'Secret Favourite Kush', 'secret-favourite-kush', 'secret-stash'];

/** A scan summary as the pipeline builds it, from a scan that carried a user's data. */
function fixtureScan(domain: string, scannedAt: string, over: { name?: string; menuUrls?: string[] } = {}) {
  const input = {
    dispensaryName: over.name ?? 'Green Fixture Co',
    websiteDomain: domain,
    menuUrls: over.menuUrls ?? [`https://dutchie.com/embedded-menu/${domain.split('.')[0]}?menuType=rec`],
    userId: USER_MARKERS[0],
    userContext: { favorites: [{ name: USER_MARKERS[1], slug: USER_MARKERS[2] }], stashItems: [{ name: USER_MARKERS[3], slug: USER_MARKERS[3] }] },
  };
  const prod = (category: string, slug: string | null, ppg: number | null) => ({
    rawName: slug ?? 'Mystery',
    displayName: slug ?? 'Mystery',
    category,
    price: ppg ? `$${ppg}` : null,
    matched: slug !== null,
    matchConfidence: slug ? 'high' : null,
    strainId: null,
    strainSlug: slug,
    strainName: slug ? slug.replace(/-/g, ' ') : null,
    highFamily: null,
    tags: ['bought_before', 'similar_to_favorite'],
    pricePerGram: ppg,
  });
  const output = {
    scannedAt,
    products: [
      prod('Flower', 'blue-dream', 10),
      prod('Flower', 'blue-dream', 12),
      prod('Flower', 'og-kush', 14),
      prod('Flower', null, 20),
      prod('Vape', 'og-kush', 60),
      prod('Vape', 'gelato', 50),
      prod('Edible', null, null),
    ],
    recommendations: [{ reason: `because ${USER_MARKERS[0]} likes it` }],
  };
  return dispensaryScanSummary(input, output);
}

export function dispensarySuite(): void {
  const domain = 'greenfixture.example';
  describe('dispensary rows after fixture scans', () => {
    beforeAll(async () => {
      for (let i = 0; i < 12; i++) await recordDispensaryScan(db, fixtureScan(domain, new Date(Date.UTC(2026, 10, 1 + i, 12)).toISOString()));
      await recordDispensaryScan(
        db,
        fixtureScan('othershop.example', new Date(Date.UTC(2026, 10, 2)).toISOString(), { name: 'Other Shop', menuUrls: ['https://www.othershop.example/menu'] }),
      );
    });

    it('holds the menu facts: platform, URLs, counts, match rate, top strains, medians, last 10 scans', async () => {
      const r = await call(dispOne, { path: `/api/v1/dispensaries/${domain}`, params: { domain }, headers: fresh() });
      expect(r.status, r.text).toBe(200);
      const d = r.body.data;
      expect(d).toMatchObject({ domain, name: 'Green Fixture Co', platform: 'dutchie', productsCount: 7, categories: ['Edible', 'Flower', 'Vape'] });
      expect(d.menuUrls).toEqual([`https://dutchie.com/embedded-menu/greenfixture?menuType=rec`]);
      expect(d.matchedRate).toBeCloseTo(5 / 7, 3);
      expect(d.topStrains).toEqual([
        { slug: 'blue-dream', name: 'blue dream', count: 2 },
        { slug: 'og-kush', name: 'og kush', count: 2 },
        { slug: 'gelato', name: 'gelato', count: 1 },
      ]);
      expect(d.medianPricePerGram).toEqual({ Flower: 13, Vape: 55 });
      expect(d.scans).toHaveLength(10);
      expect(d.scans[0].scannedAt).toBe(new Date(Date.UTC(2026, 10, 12, 12)).toISOString());
      expect(d.scans[0]).toEqual({ scannedAt: d.scans[0].scannedAt, productsCount: 7, matchedCount: 5 });
      expect(d.lastScannedAt).toBe(d.scans[0].scannedAt);
    });

    it('no user data reached the tables (user id, favourites, stash, tags, recommendations)', async () => {
      const rows = await db.query(`SELECT * FROM dispensaries`);
      const scans = await db.query(`SELECT * FROM dispensary_scans`);
      const dump = JSON.stringify([rows.rows, scans.rows]);
      for (const m of USER_MARKERS) expect(dump).not.toContain(m);
      for (const tag of ['bought_before', 'similar_to_favorite']) expect(dump).not.toContain(tag);
      expect(dump).not.toContain('because');
    });

    it('a late (older) scan joins the history but does not overwrite the row', async () => {
      await recordDispensaryScan(db, fixtureScan('othershop.example', new Date(Date.UTC(2026, 9, 1)).toISOString(), { name: 'Renamed Late' }));
      const r = await call(dispOne, { path: '/api/v1/dispensaries/othershop.example', params: { domain: 'othershop.example' }, headers: fresh() });
      expect(r.body.data.name).toBe('Other Shop');
      expect(r.body.data.platform).toBe('custom');
      expect(r.body.data.scans).toHaveLength(2);
    });
  });

  describe('GET /dispensaries', () => {
    runTable(
      [
        [
          'all, most recently scanned first',
          { path: '/api/v1/dispensaries' },
          200,
          (b, r) => {
            expect(b.data.map((d: any) => d.domain)).toEqual([domain, 'othershop.example']);
            expect(Object.keys(b.data[0]).sort()).toEqual(['categories', 'domain', 'lastScannedAt', 'matchedRate', 'menuUrls', 'name', 'platform', 'productsCount']);
            expect(b.meta.pagination).toMatchObject({ limit: 20, offset: 0, total: 2, hasMore: false });
            expect(r.headers.get('x-ratelimit-limit')).toBe('60');
          },
        ],
        ['q by name', { path: '/api/v1/dispensaries', query: { q: 'other' } }, 200, (b) => expect(b.data.map((d: any) => d.domain)).toEqual(['othershop.example'])],
        ['q by domain', { path: '/api/v1/dispensaries', query: { q: 'greenfix' } }, 200, (b) => expect(b.data).toHaveLength(1)],
        ['q with LIKE characters is literal', { path: '/api/v1/dispensaries', query: { q: '%' } }, 200, (b) => expect(b.data).toHaveLength(0)],
        ['platform filter', { path: '/api/v1/dispensaries', query: { platform: 'dutchie' } }, 200, (b) => expect(b.data.every((d: any) => d.platform === 'dutchie')).toBe(true)],
        [
          'limit 1 offset 1',
          { path: '/api/v1/dispensaries', query: { limit: 1, offset: 1 } },
          200,
          (b) => {
            expect(b.data).toHaveLength(1);
            expect(b.meta.pagination.hasMore).toBe(false);
          },
        ],
        ['unknown platform', { path: '/api/v1/dispensaries', query: { platform: 'myspace' } }, 400],
        ['limit 0', { path: '/api/v1/dispensaries', query: { limit: 0 } }, 400],
        ['limit 101', { path: '/api/v1/dispensaries', query: { limit: 101 } }, 400],
        ['q too long', { path: '/api/v1/dispensaries', query: { q: 'x'.repeat(101) } }, 400],
      ],
      dispList,
    );
  });

  describe('GET /dispensaries/:domain', () => {
    runTable(
      [
        [
          'case-insensitive domain',
          { path: '/api/v1/dispensaries/GreenFixture.Example', params: { domain: 'GreenFixture.Example' } },
          200,
          (b) => expect(b.data.domain).toBe(domain),
        ],
        ['unknown domain', { path: '/api/v1/dispensaries/nope.example', params: { domain: 'nope.example' } }, 404, (b) => expect(b.error.code).toBe('NOT_FOUND')],
      ],
      dispOne,
    );
  });

  describe('PATCH /admin/dispensaries/:domain', () => {
    const patch = (d: string, body: unknown, headers: Record<string, string> = admin): Parameters<typeof call>[1] => ({
      path: `/api/v1/admin/dispensaries/${d}`,
      method: 'PATCH',
      params: { domain: d },
      body,
      headers,
    });
    runTable(
      [
        ['no key', patch(domain, { name: 'X' }, {}), 401, (b) => expect(b.code).toBe('ADMIN_AUTH_REQUIRED')],
        ['wrong key', patch(domain, { name: 'X' }, { 'x-admin-key': 'wrong' }), 401],
        ['empty body', patch(domain, {}), 400],
        ['unknown field', patch(domain, { platform: 'jane' }), 400],
        ['bad website', patch(domain, { website: 'javascript:alert(1)' }), 400],
        ['unknown domain', patch('nope.example', { name: 'X' }), 404],
        [
          'name, address, website',
          patch(domain, { name: 'Green Fixture Dispensary', address: '1 Main St, Springfield', website: 'https://greenfixture.example/' }),
          200,
          (b) => {
            expect(b.data).toMatchObject({ name: 'Green Fixture Dispensary', address: '1 Main St, Springfield', website: 'https://greenfixture.example/' });
          },
        ],
      ],
      dispPatch,
    );
    it('a corrected name survives the next scan', async () => {
      await recordDispensaryScan(db, fixtureScan(domain, new Date(Date.UTC(2026, 10, 20)).toISOString(), { name: 'Scanner Name' }));
      const r = await call(dispOne, { path: `/api/v1/dispensaries/${domain}`, params: { domain }, headers: fresh() });
      expect(r.body.data.name).toBe('Green Fixture Dispensary');
      expect(r.body.data.address).toBe('1 Main St, Springfield');
    });
  });
}

// ---------------------------------------------------------------------------------------------
export function metaSuite(): void {
  describe('GET /meta/freshness', () => {
    it('answers the values read from the data, with a strong ETag and the caching header', async () => {
      const r = await call(freshness, { path: '/api/v1/meta/freshness', headers: fresh() });
      expect(r.status).toBe(200);
      const d = r.body.data;
      const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM strains`);
      expect(d.catalog.count).toBe(Number(count.rows[0].n));
      expect(d.catalog.updatedAt).toMatch(/Z$/);
      expect(Object.keys(d).sort()).toEqual(['blog', 'catalog', 'discover', 'papers', 'popularity', 'research', 'scans', 'stories']);
      expect(r.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      expect(r.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
      expect(r.headers.get('x-ratelimit-limit')).toBe('300');
    });

    it('ETag/304 round trip: same tag → 304 without a body; a change in the data → new tag and 200', async () => {
      const a = await call(freshness, { path: '/api/v1/meta/freshness', headers: fresh() });
      const tag = a.headers.get('etag')!;
      const b = await call(freshness, { path: '/api/v1/meta/freshness', headers: { ...fresh(), 'if-none-match': tag } });
      expect(b.status).toBe(304);
      expect(b.text).toBe('');
      expect(b.headers.get('etag')).toBe(tag);
      expect(b.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
      // a list of tags, a weak form, and * all match
      for (const inm of [`"nope", ${tag}`, `W/${tag}`, '*'])
        expect((await call(freshness, { path: '/api/v1/meta/freshness', headers: { ...fresh(), 'if-none-match': inm } })).status).toBe(304);
      expect((await call(freshness, { path: '/api/v1/meta/freshness', headers: { ...fresh(), 'if-none-match': '"other"' } })).status).toBe(200);
      // HEAD carries the same validator
      const h = await call(freshnessHead, { path: '/api/v1/meta/freshness', method: 'HEAD', headers: { ...fresh(), 'if-none-match': tag } });
      expect(h.status).toBe(304);

      await recordDispensaryScan(db, fixtureScan('freshness-probe.example', new Date().toISOString()));
      const c = await call(freshness, { path: '/api/v1/meta/freshness', headers: { ...fresh(), 'if-none-match': tag } });
      expect(c.status).toBe(200);
      expect(c.headers.get('etag')).not.toBe(tag);
      expect(c.body.data.scans.domains).toBe(a.body.data.scans.domains + 1);
      expect(Date.parse(c.body.data.scans.latestAt)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('the catalog time moves when a strain is written', async () => {
      const a = await call(freshness, { path: '/api/v1/meta/freshness', headers: fresh() });
      await db.query(`UPDATE strains SET description = coalesce(description, '') || ' ', updated_at = now() WHERE slug = 'blue-dream'`);
      const b = await call(freshness, { path: '/api/v1/meta/freshness', headers: { ...fresh(), 'if-none-match': a.headers.get('etag')! } });
      expect(b.status).toBe(200);
      expect(Date.parse(b.body.data.catalog.updatedAt)).toBeGreaterThanOrEqual(Date.parse(a.body.data.catalog.updatedAt));
    });
  });

  describe('conditional GET on the catalog list routes', () => {
    const cases: Array<[string, Handler, Parameters<typeof call>[1]]> = [
      ['GET /strains', strainsList, { path: '/api/v1/strains', query: { type: 'indica', limit: 5 } }],
      ['GET /strains/popular', strainsPopular, { path: '/api/v1/strains/popular' }],
      ['GET /strains/by-type/:type', strainsByType, { path: '/api/v1/strains/by-type/sativa', params: { type: 'sativa' } }],
      ['GET /strains/search', strainsSearch, { path: '/api/v1/strains/search', query: { q: 'kush' } }],
    ];
    it.each(cases)('%s: ETag, 304 on If-None-Match, new tag after a catalog write', async (_n, h, o) => {
      const a = await call(h, { ...o, headers: fresh() });
      expect(a.status).toBe(200);
      const tag = a.headers.get('etag')!;
      expect(tag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      const b = await call(h, { ...o, headers: { ...fresh(), 'if-none-match': tag } });
      expect(b.status).toBe(304);
      expect(b.text).toBe('');
      expect(b.headers.get('x-ratelimit-limit')).toBe('300');
      // another query is another representation
      const other = await call(h, { ...o, query: { ...(o.query ?? {}), limit: 7 }, headers: fresh() });
      expect(other.headers.get('etag')).not.toBe(tag);
      await db.query(`UPDATE strains SET updated_at = now() WHERE slug = 'og-kush'`);
      const c = await call(h, { ...o, headers: { ...fresh(), 'if-none-match': tag } });
      expect(c.status).toBe(200);
      expect(c.headers.get('etag')).not.toBe(tag);
    });
  });
}

// ---------------------------------------------------------------------------------------------
export function musicSuite(): void {
  describe('GET /music/strains/:slug', () => {
    beforeAll(() => clearMusicCache());
    afterAll(() => clearMusicCache());
    it('MISS then HIT, same body; shape and bounds', async () => {
      const o = { path: '/api/v1/music/strains/blue-dream', params: { slug: 'blue-dream' } };
      const a = await call(music, { ...o, headers: fresh() });
      expect(a.status, a.text).toBe(200);
      expect(a.headers.get('x-cache')).toBe('MISS');
      const b = await call(music, { ...o, headers: fresh() });
      expect(b.headers.get('x-cache')).toBe('HIT');
      expect(b.body.data).toEqual(a.body.data);
      const d = a.body.data;
      expect(d.strain.slug).toBe('blue-dream');
      for (const k of ['energy', 'valence', 'acousticness']) {
        expect(d.mood[k]).toBeGreaterThanOrEqual(0);
        expect(d.mood[k]).toBeLessThanOrEqual(1);
      }
      expect(d.tempoBpm.max).toBeGreaterThan(d.tempoBpm.min);
      expect(d.genres.length).toBeGreaterThan(0);
      expect(d.seeds.seed_genres).toEqual(d.genres.slice(0, 3));
      expect(d.seeds.target_tempo).toBe(Math.round((d.tempoBpm.min + d.tempoBpm.max) / 2));
      expect(d.seeds.target_energy).toBe(d.mood.energy);
      expect(a.headers.get('x-ratelimit-limit')).toBe('60');
    });
    runTable(
      [
        ['unknown strain', { path: '/api/v1/music/strains/no-such-strain-xyz', params: { slug: 'no-such-strain-xyz' } }, 404, (b) => expect(b.error.code).toBe('STRAIN_NOT_FOUND')],
        ['slug too long', { path: `/api/v1/music/strains/${'a'.repeat(201)}`, params: { slug: 'a'.repeat(201) } }, 400],
      ],
      music,
    );
  });

  describe('the table decides', () => {
    const base = { slug: 'x', name: 'X', effects: [] as string[] };
    it.each([
      [
        'myrcene-led indica is slow and acoustic',
        {
          ...base,
          type: 'indica' as const,
          terpenes: [
            { name: 'myrcene', percentage: 0.8 },
            { name: 'linalool', percentage: 0.2 },
          ],
        },
        (m: any) => {
          expect(m.mood.energy).toBeLessThan(0.35);
          expect(m.tempoBpm.max).toBeLessThanOrEqual(90);
          expect(m.genres[0]).toBe('chill');
        },
      ],
      [
        'terpinolene-led sativa is fast and energetic',
        {
          ...base,
          type: 'sativa' as const,
          terpenes: [
            { name: 'terpinolene', percentage: 0.6 },
            { name: 'ocimene', percentage: 0.2 },
          ],
        },
        (m: any) => {
          expect(m.mood.energy).toBeGreaterThan(0.75);
          expect(m.tempoBpm.min).toBeGreaterThanOrEqual(110);
          expect(m.genres[0]).toBe('house');
        },
      ],
      ['no terpenes: the type fallback', { ...base, type: 'hybrid' as const, terpenes: [] }, (m: any) => expect(m.basis.terpenes).toEqual([])],
      [
        'sleepy lowers energy and tempo',
        { ...base, type: 'hybrid' as const, terpenes: [{ name: 'caryophyllene', percentage: 0.5 }], effects: ['sleepy'] },
        (m: any) => {
          const plain = strainMusic({ ...base, type: 'hybrid', terpenes: [{ name: 'caryophyllene', percentage: 0.5 }] });
          expect(m.mood.energy).toBeLessThan(plain.mood.energy);
          expect(m.tempoBpm.min).toBeLessThan(plain.tempoBpm.min);
          expect(m.activities).toContain('sleep prep');
        },
      ],
    ])('%s', (_n, s, check) => check(strainMusic(s)));
  });

  describe('GET /music/moods', () => {
    it('lists the table', async () => {
      const r = await call(moods, { path: '/api/v1/music/moods', headers: fresh() });
      expect(r.status).toBe(200);
      expect(r.body.data.terpenes.map((t: any) => t.terpene)).toEqual(expect.arrayContaining(['myrcene', 'limonene', 'caryophyllene', 'pinene', 'terpinolene', 'linalool']));
      expect(r.body.data.types.map((t: any) => t.type).sort()).toEqual(['hybrid', 'indica', 'sativa']);
      expect(r.body.data.effects.length).toBeGreaterThan(5);
      expect(r.body.data.rules.length).toBeGreaterThan(3);
    });
  });
}
