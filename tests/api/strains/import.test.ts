import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { importStrains, importUniverse } from '@/lib/strains/import';
import { parseCatalogRecords, parseUniverseRecords, readRecords } from '@/lib/strains/import-parse';
import { findUniverseByName, getStrainBySlug } from '@/lib/strains/repo';

const sample = fs.readFileSync(path.join(__dirname, '../../fixtures/strains/import-sample.csv'), 'utf8');

describe('catalog import', () => {
  it('upserts by slug, reports bad rows, merges aliases and never wrecks seeded profiles', async () => {
    const db = await ready();
    const before = await getStrainBySlug(db, 'blue-dream');
    expect(before?.source).toBe('seed');
    const progress: number[] = [];
    const s = await importStrains(db, parseCatalogRecords(readRecords(sample, 'csv')), 'sample', { batchSize: 2, onProgress: (d) => progress.push(d) });
    expect(s).toMatchObject({ total: 6, inserted: 3, updated: 2 });
    expect(s.skipped).toEqual([{ line: 4, name: null, reason: 'missing name' }]);
    expect(s.warnings.map((w) => [w.line, w.reason.split(':')[0]])).toEqual(
      expect.arrayContaining([
        [5, 'thc ignored'],
        [5, 'effects_json ignored'],
      ]),
    );
    expect(progress.at(-1)).toBe(6);

    // Seeded Blue Dream keeps its curated profile; the import only fills what the seed lacked.
    const after = await getStrainBySlug(db, 'blue-dream');
    expect(after?.terpenes).toEqual(before?.terpenes);
    expect(after?.thc).toBe(before?.thc);
    expect(after?.source).toBe('seed');

    // GSC is an alias of Girl Scout Cookies: merged, not a new strain.
    expect(await getStrainBySlug(db, 'gsc')).toBeNull();

    // Lab medians become the profile (alpha+beta pinene summed); lab THC fills a missing thc_pct.
    const lab = await getStrainBySlug(db, 'test-lab-strain');
    expect(lab?.terpenes.map((t) => t.name)).toEqual(['myrcene', 'caryophyllene', 'limonene', 'pinene']);
    expect(lab?.thc).toBe(20.5);
    expect(lab?.highFamily).toBe('Relaxing');

    // No lab data: effects from JSON (by share), flavors → aromas, top terpene → family only.
    const kush = await getStrainBySlug(db, 'test-kush-one');
    expect(kush).toMatchObject({
      type: 'indica',
      thc: 21,
      effects: ['relaxed', 'sleepy'],
      negatives: ['dry eyes'],
      aromas: ['earthy', 'pine'],
      terpenes: [],
      highFamily: 'Relaxing',
      helpsWith: { insomnia: 30 },
    });

    // Re-import is idempotent: everything updates, nothing new.
    const again = await importStrains(db, parseCatalogRecords(readRecords(sample, 'csv')), 'sample');
    expect(again.inserted).toBe(0);
  });

  it('universe names: new ones counted, known ones gain the source', async () => {
    const db = await ready();
    const rows = parseUniverseRecords(readRecords('name,type,breeder\nZero Gravity,Hybrid,x\nBlue Dream,Hybrid,y\n,Indica,z\n', 'csv'));
    const s = await importUniverse(db, rows, 'kushy-test');
    expect(s.inserted).toBe(1);
    expect(s.updated).toBe(1);
    expect(s.skipped).toHaveLength(1);
    expect(await findUniverseByName(db, 'zero gravity')).toMatchObject({ name: 'Zero Gravity', type: 'hybrid', sources: ['kushy-test'], strainId: null });
    const bd = await findUniverseByName(db, 'Blue Dream');
    expect(bd?.sources).toEqual(expect.arrayContaining(['seed', 'kushy-test']));
    expect(bd?.strainId).toBeTruthy();
  });
});
