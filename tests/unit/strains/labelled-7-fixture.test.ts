/**
 * The seventh, blind labelled matching set (tests/fixtures/matching/labelled-7.json, split blind-7):
 * its shape, and that it repeats no name of an earlier set and no store blind-3 to blind-6
 * were drawn from (docs/matching.md, "The seventh labelled set, blind").
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface Item {
  name: string;
  brand: string | null;
  category: string;
  section: string;
  group: string;
  listing?: string;
  split: string;
  strain: string | null;
  source: string;
}

const dir = path.join(process.cwd(), 'tests', 'fixtures', 'matching');
const read = (f: string) => (JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { items: Item[] }).items;
const key = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const seven = read('labelled-7.json');
const earlier = ['labelled.json', 'labelled-2.json', 'labelled-3.json', 'labelled-4.json', 'labelled-5.json', 'labelled-6.json'].flatMap(read);

describe('labelled-7.json (blind-7)', () => {
  it('holds 250 items of split blind-7, each with its store, section and a label or null', () => {
    expect(seven).toHaveLength(250);
    for (const x of seven) {
      expect(x.split).toBe('blind-7');
      expect(x.listing).toMatch(/_menu\.json$/);
      expect(['Flower', 'Pre-Roll', 'Vape', 'Concentrate', 'Edible', 'Other']).toContain(x.section);
      expect(x.strain === null || (typeof x.strain === 'string' && x.strain.trim() === x.strain && x.strain.length > 0)).toBe(true);
      expect(x.source).toMatch(/^blind-7( \(hard case: [a-z]+\))?$/);
    }
  });

  it('repeats no name within itself or of an earlier set', () => {
    const names = seven.map((x) => key(x.name));
    expect(new Set(names).size).toBe(names.length);
    const seen = new Set(earlier.map((x) => key(x.name)));
    expect(names.filter((n) => seen.has(n))).toEqual([]);
  });

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
