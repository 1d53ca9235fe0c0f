import { describe, expect, it } from 'vitest';
import { analyzeOrder } from '@/lib/notebooks/analysis';
import { SECTION_WRITERS } from '@/lib/notebooks/local-analyst';
import { SECTION_SCHEMAS } from '@/lib/notebooks/schemas';
import { AI_SECTION_KEYS, AI_SECTIONS, ALL_SECTIONS, getSection, isComputedSectionKey } from '@/lib/notebooks/sections';
import { fakeCatalog, ORDER } from '@/tests/unit/notebooks/fixtures';

describe('section registry', () => {
  it('sixteen sections in docs/contract.md §3 order, twelve ai, each ai with a schema and writer', () => {
    expect(ALL_SECTIONS.map((s) => s.order)).toEqual([...Array(16)].map((_, i) => i + 1));
    expect(AI_SECTIONS).toHaveLength(12);
    expect(ALL_SECTIONS.filter((s) => s.strategy === 'computed').map((s) => s.key)).toEqual(['spend_summary', 'terpene_chart', 'potency_chart', 'type_distribution']);
    for (const k of AI_SECTION_KEYS) {
      expect(SECTION_SCHEMAS[k]).toBeDefined();
      expect(SECTION_WRITERS[k]).toBeTypeOf('function');
      expect(getSection(k)!.estimatedTokens).toBeGreaterThan(0);
    }
    expect(getSection('value_analysis')).toMatchObject({ label: 'Value analysis', tab: 'shopping', order: 14 });
    expect(isComputedSectionKey('potency_chart')).toBe(true);
  });
});

describe('analyzeOrder', () => {
  it('enriches the item without label data from its catalog match', async () => {
    const a = await analyzeOrder(ORDER, fakeCatalog);
    const gdp = a.items[2];
    expect(gdp).toMatchObject({ strainName: 'Granddaddy Purple', type: 'indica', thcPct: 19, cbdPct: 0.1, topTerpene: 'myrcene', highFamily: 'Relaxing' });
    expect(gdp.sources).toEqual({ type: 'catalog', potency: 'catalog', terpenes: 'catalog', effects: 'catalog' });
    expect(gdp.catalog).toEqual({ slug: 'granddaddy-purple', name: 'Granddaddy Purple', confidence: 'high' });
    // Label data wins over the catalog and is normalised.
    expect(a.items[0].terpenes.map((t) => t.name)).toEqual(['myrcene', 'pinene', 'caryophyllene']);
    expect(a.items[0].sources.terpenes).toBe('order');
  });

  it('computes totals, spreads, tallies and neighbours', async () => {
    const a = await analyzeOrder(ORDER, fakeCatalog);
    expect(a.order).toEqual({ dispensaryName: 'Green Leaf', orderDate: '2026-11-20', itemCount: 3, totalGrams: 11.5, totalSpent: 130, averagePricePerGram: 11.3 });
    expect(a.items.map((i) => i.pricePerGram)).toEqual([12.86, 10, 15]);
    expect(a.potency.thc).toEqual({ min: 19, max: 24.5, weightedAverage: 23, spread: 5.5 });
    expect(a.types.dominantType).toBe('sativa');
    expect(a.effects[0]).toMatchObject({ name: 'happy', count: 2, grams: 10.5 });
    expect(a.aromas.find((t) => t.name === 'berry')).toMatchObject({ count: 2, strains: ['Blue Dream', 'Granddaddy Purple'] });
    expect(a.similarities[0]).toMatchObject({ a: 'Blue Dream', b: 'Granddaddy Purple' });
    expect(Object.keys(a.catalogTerpeneAverages)).toEqual(expect.arrayContaining(['myrcene', 'limonene']));
    // Ordered strains are never suggested back; best terpene match first.
    expect(a.candidates.map((c) => c.name)).toEqual(['OG Kush', 'Jack Herer']);
  });

  it('low-confidence matches do not enrich (they may be another strain)', async () => {
    const catalog = { ...fakeCatalog, match: async (names: string[]) => names.map(() => ({ strain: null, confidence: null })) };
    const low = { ...fakeCatalog, match: async (names: string[]) => (await fakeCatalog.match(names)).map((m) => ({ ...m, confidence: m.strain ? ('low' as const) : null })) };
    for (const c of [catalog, low]) {
      const a = await analyzeOrder(ORDER, c);
      expect(a.items[2]).toMatchObject({ type: null, thcPct: null, terpenes: [], sources: { potency: 'unknown' } });
    }
  });

  it('an empty order still yields a valid section for every writer', async () => {
    const a = await analyzeOrder({}, fakeCatalog);
    expect(a.order.itemCount).toBe(0);
    for (const k of AI_SECTION_KEYS) expect(SECTION_SCHEMAS[k].safeParse(SECTION_WRITERS[k](a)).success, k).toBe(true);
  });

  it('every writer validates for the realistic order and is deterministic', async () => {
    const a = await analyzeOrder(ORDER, fakeCatalog);
    const b = await analyzeOrder(structuredClone(ORDER), fakeCatalog);
    for (const k of AI_SECTION_KEYS) {
      const out = SECTION_WRITERS[k](a);
      expect(SECTION_SCHEMAS[k].safeParse(out).success, k).toBe(true);
      expect(SECTION_WRITERS[k](b)).toEqual(out);
    }
  });
});
