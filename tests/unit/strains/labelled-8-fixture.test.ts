/**
 * The eighth, blind labelled matching set (tests/fixtures/matching/labelled-8.json, split blind-8):
 * its shape, and that it repeats no name of an earlier set and no store blind-3 to blind-7 were
 * drawn from (docs/matching.md, "The eighth labelled set, blind").
 */
import { describe, expect, it } from 'vitest';
import { labelledSetBasics, readLabelled } from '@/tests/helpers/labelled-set';

const eight = readLabelled('labelled-8.json');
const earlier = ['labelled.json', 'labelled-2.json', 'labelled-3.json', 'labelled-4.json', 'labelled-5.json', 'labelled-6.json', 'labelled-7.json'].flatMap(readLabelled);

describe('labelled-8.json (blind-8)', () => {
  // The 26 stores no earlier set was drawn from hold 212 names no earlier set holds: all are taken.
  labelledSetBasics(eight, 'blind-8', earlier, 212);

  it('comes from the stores none of blind-3 to blind-7 were drawn from (18 hold an unused name)', () => {
    const used = new Set(earlier.map((x) => x.listing).filter(Boolean));
    const stores = new Set(eight.map((x) => x.listing));
    expect(stores.size).toBe(18);
    expect([...stores].filter((s) => used.has(s))).toEqual([]);
  });

  it('tags its hard shapes, a product line or maker code among them, and labels a strain in over half its items', () => {
    expect(eight.filter((x) => x.source.includes('hard case')).length).toBe(144);
    expect(eight.filter((x) => /hard case: (line|code)/.test(x.source)).length).toBe(31);
    expect(eight.filter((x) => x.strain).length).toBeGreaterThan(106);
  });
});
