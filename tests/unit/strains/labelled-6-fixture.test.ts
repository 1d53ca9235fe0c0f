/**
 * The sixth, blind labelled matching set (tests/fixtures/matching/labelled-6.json, split blind-6):
 * its shape, and that it repeats no name of an earlier set and no store blind-3, blind-4 or blind-5
 * were drawn from (docs/matching.md, "The sixth labelled set, blind").
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
const six = read('labelled-6.json');
const earlier = ['labelled.json', 'labelled-2.json', 'labelled-3.json', 'labelled-4.json', 'labelled-5.json'].flatMap(read);

describe('labelled-6.json (blind-6)', () => {
  it('holds 250 items of split blind-6, each with its store, section and a label or null', () => {
    expect(six).toHaveLength(250);
    for (const x of six) {
      expect(x.split).toBe('blind-6');
      expect(x.listing).toMatch(/_menu\.json$/);
      expect(['Flower', 'Pre-Roll', 'Vape', 'Concentrate', 'Edible', 'Other']).toContain(x.section);
      expect(x.strain === null || (typeof x.strain === 'string' && x.strain.trim() === x.strain && x.strain.length > 0)).toBe(true);
      expect(x.source).toMatch(/^blind-6( \(hard case: [a-z]+\))?$/);
    }
  });

  it('repeats no name within itself or of an earlier set', () => {
    const names = six.map((x) => key(x.name));
    expect(new Set(names).size).toBe(names.length);
    const seen = new Set(earlier.map((x) => key(x.name)));
    expect(names.filter((n) => seen.has(n))).toEqual([]);
  });

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
