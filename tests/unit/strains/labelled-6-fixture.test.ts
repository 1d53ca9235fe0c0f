/**
 * The sixth, blind labelled matching set (tests/fixtures/matching/labelled-6.json, split blind-6):
 * its shape, and that it repeats no name of an earlier set and no store blind-3, blind-4 or blind-5
 * were drawn from (docs/matching.md, "The sixth labelled set, blind").
 */
import { describe, expect, it } from 'vitest';
import { labelledSetBasics, readLabelled } from '@/tests/helpers/labelled-set';

const six = readLabelled('labelled-6.json');
const earlier = ['labelled.json', 'labelled-2.json', 'labelled-3.json', 'labelled-4.json', 'labelled-5.json'].flatMap(readLabelled);

describe('labelled-6.json (blind-6)', () => {
  labelledSetBasics(six, 'blind-6', earlier);

  it('comes from 30 stores none of blind-3, blind-4 or blind-5 were drawn from', () => {
    const used = new Set(earlier.map((x) => x.listing).filter(Boolean));
    const stores = new Set(six.map((x) => x.listing));
    expect(stores.size).toBe(30);
    expect([...stores].filter((s) => used.has(s))).toEqual([]);
  });

  it('is weighted to hard shapes and names a catalog strain in about a quarter of its items', () => {
    expect(six.filter((x) => x.source.includes('hard case')).length).toBe(140);
    const labelled = six.filter((x) => x.strain).length;
    expect(labelled).toBeGreaterThan(100);
  });
});
