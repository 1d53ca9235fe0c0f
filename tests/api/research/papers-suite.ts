/**
 * The research-paper endpoints' suite, run on PGlite (tests/api/research/papers.test.ts) and on
 * real PostgreSQL (tests/integration/research/papers-pg.test.ts): one source of truth for both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { GET as list } from '@/app/api/v1/research/papers/route';
import { GET as one } from '@/app/api/v1/research/papers/[id]/route';
import { getPaper, importPapers, parsePaperRecords, searchPapers, terpeneKey } from '@/lib/research/papers';
import { readRecords } from '@/lib/strains/import-parse';
import { call } from '@/tests/helpers/route';

const SEED = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'supabase', 'seed', 'papers.json'), 'utf8')) as Array<Record<string, any>>;
const get = (query: Record<string, string | number | undefined>) => call(list, { path: '/api/v1/research/papers', query });

export function papersSuite(): void {
  beforeAll(async () => {
    await ready();
  });

  describe('GET /research/papers', () => {
    it('is public, seeded with every shipped paper, newest first, with the pagination envelope', async () => {
      const r = await get({});
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
      expect(r.body.meta.pagination).toEqual({ limit: 20, offset: 0, total: SEED.length, hasMore: true });
      expect(r.body.data).toHaveLength(20);
      const years = r.body.data.map((p: any) => p.year ?? 0);
      expect([...years].sort((a, b) => b - a)).toEqual(years);
      expect(r.headers.get('x-ratelimit-limit')).toBeTruthy();
    });

    it('pages to the end and past it', async () => {
      const last = await get({ limit: 10, offset: 50 });
      expect(last.body.data).toHaveLength(SEED.length - 50);
      expect(last.body.meta.pagination).toMatchObject({ total: SEED.length, hasMore: false });
      const past = await get({ offset: 500 });
      expect(past.body.data).toEqual([]);
      expect(past.body.meta.pagination.total).toBe(SEED.length);
      const ids = new Set<string>();
      for (let off = 0; off < SEED.length; off += 25) for (const p of (await get({ limit: 25, offset: off })).body.data) ids.add(p.id);
      expect(ids.size).toBe(SEED.length);
    });

    it.each<[string, Record<string, string | number>]>([
      ['limit 0', { limit: 0 }],
      ['limit 101', { limit: 101 }],
      ['negative offset', { offset: -1 }],
      ['unknown study type', { studyType: 'anecdote' }],
      ['year not a number', { yearFrom: 'last year' }],
      ['yearFrom after yearTo', { yearFrom: 2020, yearTo: 2010 }],
      ['query too long', { q: 'x'.repeat(501) }],
    ])('400 VALIDATION_ERROR on %s', async (_name, q) => {
      const r = await get(q);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
    });

    it('full text ranks a title match on every word first', async () => {
      const r = await get({ q: 'entourage effect' });
      expect(r.status).toBe(200);
      expect(r.body.data.length).toBeGreaterThan(2);
      expect(r.body.data.length).toBeLessThan(SEED.length);
      for (const p of r.body.data) expect(p.title.toLowerCase()).toMatch(/entourage/);
      const m = await get({ q: 'myrcene' });
      expect(m.body.data.length).toBeGreaterThan(0);
      for (const p of m.body.data) expect(`${p.title} ${p.abstract ?? ''}`.toLowerCase()).toContain('myrcene');
      // Stemming: "terpenes" finds titles saying "terpene" or "terpenes".
      const t = await get({ q: 'terpenes', limit: 100 });
      expect(t.body.data.some((p: any) => /\bterpene\b/i.test(p.title))).toBe(true);
      expect(t.body.data.some((p: any) => /\bterpenes\b/i.test(p.title))).toBe(true);
      const stop = await get({ q: 'the of' });
      expect(stop.body.meta.pagination.total).toBe(SEED.length);
      const none = await get({ q: 'xylophone' });
      expect(none.body.data).toEqual([]);
      expect(none.body.meta.pagination.total).toBe(0);
    });

    it('filters by terpene under the catalog names (alpha-pinene and beta-pinene are pinene)', async () => {
      const pinene = await get({ terpene: 'pinene', limit: 100 });
      expect(pinene.body.data.length).toBeGreaterThan(0);
      for (const p of pinene.body.data) expect(p.topics.terpenes.some((t: string) => /pinene$/.test(t))).toBe(true);
      const expected = SEED.filter((p) => p.topics.terpenes.some((t: string) => t === 'alpha-pinene' || t === 'beta-pinene')).length;
      expect(pinene.body.meta.pagination.total).toBe(expected);
      const bcp = await get({ terpene: 'beta-caryophyllene', limit: 100 });
      const cary = await get({ terpene: 'Caryophyllene', limit: 100 });
      expect(bcp.body.meta.pagination.total).toBeGreaterThan(0);
      expect(cary.body.meta.pagination.total).toBe(bcp.body.meta.pagination.total);
      // A terpene the catalog does not know is matched as labelled.
      const phytol = await get({ terpene: 'phytol' });
      expect(phytol.body.data.map((p: any) => p.id)).toEqual(SEED.filter((p) => p.topics.terpenes.includes('phytol')).map((p) => p.id));
    });

    it('filters by cannabinoid (names folded), effect, study type and years, combined', async () => {
      const cbd = await get({ cannabinoid: 'CBD', limit: 100 });
      const cannabidiol = await get({ cannabinoid: 'cannabidiol', limit: 100 });
      expect(cbd.body.meta.pagination.total).toBe(SEED.filter((p) => p.topics.cannabinoids.includes('cbd')).length);
      expect(cannabidiol.body.meta.pagination.total).toBe(cbd.body.meta.pagination.total);
      const sleep = await get({ effect: 'sleep', limit: 100 });
      expect(sleep.body.meta.pagination.total).toBe(SEED.filter((p) => p.topics.effects.includes('sleep')).length);
      for (const p of sleep.body.data) expect(p.topics.effects).toContain('sleep');
      const clinical = await get({ studyType: 'clinical', limit: 100 });
      expect(clinical.body.meta.pagination.total).toBe(SEED.filter((p) => p.studyType === 'clinical').length);
      const years = await get({ yearFrom: 2015, yearTo: 2019, limit: 100 });
      expect(years.body.meta.pagination.total).toBe(SEED.filter((p) => p.year >= 2015 && p.year <= 2019).length);
      for (const p of years.body.data) expect(p.year >= 2015 && p.year <= 2019).toBe(true);
      const combined = await get({ cannabinoid: 'thc', effect: 'anxiety', studyType: 'review', limit: 100 });
      const want = SEED.filter((p) => p.topics.cannabinoids.includes('thc') && p.topics.effects.includes('anxiety') && p.studyType === 'review');
      expect(combined.body.data.map((p: any) => p.id).sort()).toEqual(want.map((p) => p.id).sort());
    });

    it("strain= finds papers through the strain's leading terpenes and cannabinoids, most shared first", async () => {
      const r = await get({ strain: 'blue-dream', limit: 100 });
      expect(r.status).toBe(200);
      expect(r.body.data.length).toBeGreaterThan(0);
      const keys = ['myrcene', 'pinene', 'caryophyllene'];
      const shares = (p: any) => new Set(p.topics.terpenes.map(terpeneKey).filter((t: string) => keys.includes(t))).size * 2 + (p.topics.cannabinoids.includes('thc') ? 1 : 0);
      for (const p of r.body.data) expect(shares(p)).toBeGreaterThan(0);
      const scores = r.body.data.map(shares);
      expect([...scores].sort((a: number, b: number) => b - a)).toEqual(scores);
      const direct = await searchPapers(await ready(), { strain: 'Blue Dream', limit: 5 });
      expect(direct.strain).toEqual({ slug: 'blue-dream', name: 'Blue Dream', terpenes: keys, cannabinoids: ['thc'] });
      // A high-CBD strain brings in the CBD papers.
      const acdc = await get({ strain: 'acdc', cannabinoid: 'cbd', limit: 100 });
      expect(acdc.body.meta.pagination.total).toBe(SEED.filter((p) => p.topics.cannabinoids.includes('cbd')).length);
    });

    it('404 STRAIN_NOT_FOUND for an unknown strain', async () => {
      const r = await get({ strain: 'no-such-strain-anywhere' });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('STRAIN_NOT_FOUND');
    });
  });

  describe('GET /research/papers/:id', () => {
    it('answers every seeded paper exactly as shipped (nulls stay null, source kept)', async () => {
      for (const rec of SEED.slice(0, 8)) {
        const r = await call(one, { path: `/api/v1/research/papers/${rec.id}`, params: { id: rec.id } });
        expect(r.status).toBe(200);
        expect(r.body.data).toEqual(rec);
      }
    });

    it.each(['no-such-paper', 'UPPER Case', '../etc'])('404 NOT_FOUND for %s', async (id) => {
      const r = await call(one, { path: `/api/v1/research/papers/${encodeURIComponent(id)}`, params: { id } });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
    });
  });

  describe('import', () => {
    it('loads JSON and CSV rows, refuses bad identifiers and duplicate DOIs, never fills a field in', async () => {
      const db = await ready();
      const json = parsePaperRecords([
        {
          id: 'test-2024-json-paper',
          title: 'A test paper on limonene and sleep',
          authors: ['Doe J'],
          year: 2024,
          doi: '10.1234/test.1',
          source: 'https://example.org/a',
          studyType: 'clinical',
          topics: { terpenes: ['d-limonene'], cannabinoids: ['Cannabidiol'], effects: ['Sleep'] },
        },
        { id: 'test-bad-doi', title: 'Bad DOI', doi: 'not-a-doi', source: 'https://example.org/b' },
        { id: 'test-dup-doi', title: 'Duplicate DOI', doi: SEED[0].doi.toUpperCase(), source: 'https://example.org/c' },
        { id: 'test-no-source', title: 'No source' },
      ]);
      const s = await importPapers(db, json, 'test');
      expect(s.inserted).toBe(1);
      expect(s.skipped.map((x) => x.line)).toEqual([3, 4, 5]);
      expect(s.skipped[1].reason).toMatch(new RegExp(`already recorded for paper ${SEED[0].id}`));
      const p = await getPaper(db, 'test-2024-json-paper');
      expect(p).toMatchObject({
        journal: null,
        volume: null,
        pmid: null,
        url: null,
        abstract: null,
        topics: { terpenes: ['d-limonene'], cannabinoids: ['cbd'], effects: ['sleep'] },
      });
      const lim = await searchPapers(db, { terpene: 'limonene', effect: 'sleep', limit: 100 });
      expect(lim.items.map((x) => x.id)).toContain('test-2024-json-paper');

      const csv =
        'id,title,authors,year,journal,doi,pmid,url,abstract,studyType,terpenes,cannabinoids,effects,source\n' +
        'test-2023-csv-paper,"Linalool, anxiety and a CSV row",Roe A;Poe B,2023,Test Journal,,12345678,https://example.org/csv,An abstract about lavender oil.,review,linalool,thc|cbd,anxiety,https://example.org/csv-src\n';
      const c = await importPapers(db, parsePaperRecords(readRecords(csv, 'csv')), 'test-csv');
      expect(c.inserted).toBe(1);
      const cp = await getPaper(db, 'test-2023-csv-paper');
      expect(cp).toMatchObject({ authors: ['Roe A', 'Poe B'], year: 2023, doi: null, pmid: '12345678', topics: { cannabinoids: ['thc', 'cbd'] } });
      // The abstract is searched too.
      const lav = await searchPapers(db, { q: 'lavender', limit: 5 });
      expect(lav.items.map((x) => x.id)).toEqual(['test-2023-csv-paper']);
      // Importing again updates in place.
      const again = await importPapers(db, parsePaperRecords(readRecords(csv, 'csv')), 'test-csv');
      expect(again).toMatchObject({ inserted: 0, updated: 1 });
    });
  });
}
