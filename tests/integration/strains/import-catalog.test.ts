import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { importStrains } from '@/lib/strains/import';
import { parseCatalogRecords, readRecords } from '@/lib/strains/import-parse';
import { GET as search } from '@/app/api/v1/strains/search/route';
import { GET as byTerpene } from '@/app/api/v1/strains/by-terpene/[terpene]/route';
import { call } from '@/tests/helpers/route';

const CSV = path.resolve(process.cwd(), '..', 'shared', 'data', 'catalog', 'strains.csv');

// "Done when": after importing the shared catalog, typo search and terpene synonyms still work.
describe.runIf(fs.existsSync(CSV))('import of the shared 4,754-strain catalog', () => {
  it('imports in one pass and keeps search and by-terpene right', async () => {
    const db = await ready();
    const s = await importStrains(db, parseCatalogRecords(readRecords(fs.readFileSync(CSV, 'utf8'), 'csv')), 'strains');
    expect(s.inserted + s.updated + s.skipped.length).toBe(4754);
    expect(s.skipped.every((x) => /alias of/.test(x.reason))).toBe(true);
    const r = await call(search, { path: '/api/v1/strains/search', query: { q: 'blu dreem' } });
    expect(r.body.data[0].name).toBe('Blue Dream');
    const t = await call(byTerpene, { path: '/api/v1/strains/by-terpene/b-myrcene', params: { terpene: 'b-myrcene' }, query: { limit: 20 } });
    expect(t.status).toBe(200);
    expect(t.body.meta.pagination.total).toBeGreaterThan(500);
    for (const x of t.body.data) expect(x.terpenes[0].name).toBe('myrcene');
  });
});
