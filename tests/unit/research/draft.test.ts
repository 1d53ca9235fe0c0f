import { describe, expect, it } from 'vitest';
import { draftLocally } from '@/lib/research/draft';
import type { Evidence, Relative } from '@/lib/research/evidence';
import type { Strain } from '@/lib/strains/types';

function strain(p: Partial<Strain> & { name: string }): Strain {
  return {
    id: `id-${p.name}`,
    slug: p.name.toLowerCase().replace(/\W+/g, '-'),
    type: null,
    thc: null,
    thcMin: null,
    thcMax: null,
    cbd: null,
    cbdMin: null,
    cbdMax: null,
    terpenes: [],
    effects: [],
    negatives: [],
    helpsWith: {},
    aromas: [],
    parents: [],
    akas: [],
    highFamily: null,
    popularityScore: 0,
    source: 'seed',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...p,
  };
}
const rel = (s: Strain, similarity: number, containedInName = false): Relative => ({ strain: s, similarity, containedInName });
const priors = { typeMode: 'hybrid' as const, thcMean: 18, cbdMean: 0.2, terpeneMeans: { myrcene: 0.3, caryophyllene: 0.2 } };

describe('draftLocally', () => {
  it('takes submitted lab data first and says so', () => {
    const d = draftLocally('Test Sub', { terpenes: [{ name: 'Limonene', percentage: 0.8 }], cannabinoids: { thc: 24, cbd: 1 } }, { universe: null, relatives: [], priors });
    expect(d).toMatchObject({ thc: 24, cbd: 1, terpenes: [{ name: 'limonene', percentage: 0.8 }], highFamily: 'Uplifting', engine: 'local' });
    expect(d.provenance).toMatchObject({ terpenes: 'submitted', thc: 'submitted', cbd: 'submitted', type: 'catalog-prior' });
    expect(d.aromas).toEqual(expect.arrayContaining(['citrus']));
  });

  it('uses a parent named inside the new name, shrunk toward the catalog averages', () => {
    const parent = strain({ name: 'Blue Dream', type: 'sativa', thc: 22, terpenes: [{ name: 'pinene', percentage: 0.9 }], effects: ['creative'] });
    const loose = strain({ name: 'Blueberry', type: 'indica', thc: 10, terpenes: [{ name: 'linalool', percentage: 2 }] });
    const ev: Evidence = { universe: null, relatives: [rel(parent, 0.7, true), rel(loose, 0.4)], priors };
    const d = draftLocally('Blue Dream Haze', {}, ev);
    expect(d.parents).toEqual(['Blue Dream']);
    // (0.7 · 22 + 1 · 18) / 1.7; the loose neighbour is listed but not used.
    expect(d.thc).toBeCloseTo(19.6, 1);
    expect(d.provenance.thc).toBe('relatives');
    expect(d.terpenes.map((t) => t.name)).not.toContain('linalool');
    expect(d.terpenes[0].name).toBe('pinene');
    expect(d.relatives.map((r) => r.name)).toEqual(['Blue Dream', 'Blueberry']);
    // One parent (weight 0.7) does not outvote the catalog's type prior (1.5).
    expect(d.type).toBe('hybrid');
    expect(d.description).toContain('descended from Blue Dream');
  });

  it('falls back to the catalog prior and labels it when nothing close is known', () => {
    const d = draftLocally('Quite Novel Name', {}, { universe: null, relatives: [], priors });
    expect(d).toMatchObject({ type: 'hybrid', thc: 18, cbd: 0.2 });
    expect(d.provenance).toMatchObject({ type: 'catalog-prior', thc: 'catalog-prior', terpenes: 'catalog-prior' });
    expect(d.notes.join(' ')).toMatch(/No close relative/);
    expect(d.confidence).toBeLessThan(0.3);
  });

  it('prefers the universe record for the type', () => {
    const d = draftLocally(
      'Known Elsewhere',
      {},
      { universe: { name: 'Known Elsewhere', slug: 'known-elsewhere', type: 'Indica', sources: ['kushy'], completeness: 0.1, strainId: null }, relatives: [], priors },
    );
    expect(d.type).toBe('indica');
    expect(d.provenance.type).toBe('universe');
    expect(d.confidence).toBeGreaterThan(0.25);
  });
});
