/**
 * The seventh, blind labelled matching set (tests/fixtures/matching/labelled-7.json, split blind-7):
 * its shape, and that it repeats no name of an earlier set and no store blind-3 to blind-6
 * were drawn from (docs/matching.md, "The seventh labelled set, blind").
 */
import { describe, expect, it } from 'vitest';
import { labelledSetBasics, readLabelled } from '@/tests/helpers/labelled-set';

const seven = readLabelled('labelled-7.json');
const earlier = ['labelled.json', 'labelled-2.json', 'labelled-3.json', 'labelled-4.json', 'labelled-5.json', 'labelled-6.json'].flatMap(readLabelled);

describe('labelled-7.json (blind-7)', () => {
  labelledSetBasics(seven, 'blind-7', earlier);

  it('comes from at most 30 stores (the 30 least used; 27 hold a drawn item), none of blind-3 to blind-6 were drawn from', () => {
    const used = new Set(earlier.map((x) => x.listing).filter(Boolean));
    const stores = new Set(seven.map((x) => x.listing));
    expect(stores.size).toBe(27);
    expect([...stores].filter((s) => used.has(s))).toEqual([]);
  });

  it('is weighted to hard shapes, a product line or maker code among them, and labels a strain in over half its items', () => {
    expect(seven.filter((x) => x.source.includes('hard case')).length).toBe(160);
    const labelled = seven.filter((x) => x.strain).length;
    expect(labelled).toBeGreaterThan(125);
    expect(seven.filter((x) => /hard case: (line|code)/.test(x.source)).length).toBe(40);
  });
});
