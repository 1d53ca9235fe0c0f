import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeSections, potencyChart, spendSummary, terpeneChart, typeDistribution } from '@/lib/notebooks/computed';

const items = [
  {
    strainName: 'A',
    grams: 3.5,
    price: 35,
    thcPct: 20,
    cbdPct: 1,
    type: 'indica',
    terpenes: [
      { name: 'beta-Myrcene', percentage: 0.6 },
      { name: 'Limonene', percentage: 0.2 },
    ],
  },
  {
    strainName: 'B',
    grams: 7,
    price: 56,
    thcPct: 26,
    type: 'Sativa',
    terpenes: [
      { name: 'limonene', percentage: 0.5 },
      { name: 'alpha-pinene', percentage: 0.1 },
      { name: 'beta-pinene', percentage: 0.05 },
    ],
  },
  { strainName: 'C', grams: 1 },
];

describe('computed sections', () => {
  it('spend summary: totals, price per gram, shares, extremes', () => {
    const s = spendSummary(items);
    expect(s).toMatchObject({ totalSpent: 91, itemsSpent: 91, totalGrams: 11.5, averagePricePerGram: 8.67 });
    expect(s.items.map((i) => i.pricePerGram)).toEqual([10, 8, null]);
    expect(s.items[0].shareOfSpend).toBeCloseTo(38.5, 1);
    expect(s.cheapestPerGram).toEqual({ strainName: 'B', pricePerGram: 8 });
    expect(s.mostExpensivePerGram).toEqual({ strainName: 'A', pricePerGram: 10 });
    expect(spendSummary(items, { totalSpent: 99.5 }).totalSpent).toBe(99.5);
    expect(spendSummary([]).averagePricePerGram).toBeNull();
  });

  it('terpene chart: gram-weighted over items with data, names normalised, alpha+beta summed', () => {
    const t = terpeneChart(items);
    expect(t.itemsWithTerpenes).toBe(2);
    expect(t.gramsWithTerpenes).toBe(10.5);
    const by = Object.fromEntries(t.terpenes.map((x) => [x.name, x.weightedPercentage]));
    expect(by.limonene).toBeCloseTo((3.5 * 0.2 + 7 * 0.5) / 10.5, 3);
    expect(by.myrcene).toBeCloseTo((3.5 * 0.6) / 10.5, 3);
    expect(by.pinene).toBeCloseTo((7 * 0.15) / 10.5, 3);
    expect(t.terpenes[0].name).toBe('limonene');
    expect(t.terpenes.reduce((s, x) => s + x.share, 0)).toBeCloseTo(100, 0);
  });

  it('potency chart: ranges, weighted averages and THC milligrams', () => {
    const p = potencyChart(items);
    expect(p.thc).toEqual({ min: 20, max: 26, weightedAverage: 24, spread: 6 });
    expect(p.cbd.max).toBe(1);
    expect(p.items.map((i) => i.thcMg)).toEqual([700, 1820, null]);
    expect(p.totalThcMg).toBe(2520);
  });

  it('type distribution: by grams, unknown kept apart, dominant type', () => {
    const d = typeDistribution(items);
    expect(d.types).toEqual([
      { type: 'indica', grams: 3.5, count: 1, share: 30.4 },
      { type: 'sativa', grams: 7, count: 1, share: 60.9 },
      { type: 'unknown', grams: 1, count: 1, share: 8.7 },
    ]);
    expect(d.dominantType).toBe('sativa');
  });

  it('property: shares sum to ~100 and weighted averages stay inside [min, max]', () => {
    const item = fc.record({
      strainName: fc.string({ minLength: 1, maxLength: 8 }),
      grams: fc.double({ min: 0.1, max: 28, noNaN: true }),
      thcPct: fc.option(fc.double({ min: 0, max: 35, noNaN: true }), { nil: undefined }),
      type: fc.constantFrom('indica', 'sativa', 'hybrid', undefined),
      terpenes: fc.array(fc.record({ name: fc.constantFrom('myrcene', 'limonene', 'pinene', 'linalool'), percentage: fc.double({ min: 0.01, max: 2, noNaN: true }) }), {
        maxLength: 4,
      }),
    });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 8 }), (xs) => {
        const all = computeSections(xs);
        const shares = all.type_distribution.types.reduce((s, t) => s + t.share, 0);
        expect(Math.abs(shares - 100)).toBeLessThan(0.5);
        const { min, max, weightedAverage } = all.potency_chart.thc;
        if (weightedAverage !== null) {
          expect(weightedAverage).toBeGreaterThanOrEqual((min as number) - 0.05);
          expect(weightedAverage).toBeLessThanOrEqual((max as number) + 0.05);
        }
        if (all.terpene_chart.terpenes.length) expect(Math.abs(all.terpene_chart.terpenes.reduce((s, t) => s + t.share, 0) - 100)).toBeLessThan(0.5);
      }),
    );
  });
});
