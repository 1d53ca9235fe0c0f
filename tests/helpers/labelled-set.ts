import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/** One item of a hand-labelled matching set (tests/fixtures/matching/labelled-*.json). */
export interface LabelledItem {
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

/** The items of one labelled set file. */
export const readLabelled = (file: string): LabelledItem[] => (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { items: LabelledItem[] }).items;

const nameKey = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The checks every blind set shares: its size (250, unless the stores left hold fewer unused names:
 * blind-8) and split, each item's store, section and label (or null), a source naming the split and
 * its hard case, and no name repeated within itself or of an earlier set.
 */
export function labelledSetBasics(set: readonly LabelledItem[], split: string, earlier: readonly LabelledItem[], size = 250): void {
  it(`holds ${size} items of split ${split}, each with its store, section and a label or null`, () => {
    expect(set).toHaveLength(size);
    for (const x of set) {
      expect(x.split).toBe(split);
      expect(x.listing).toMatch(/_menu\.json$/);
      expect(['Flower', 'Pre-Roll', 'Vape', 'Concentrate', 'Edible', 'Other']).toContain(x.section);
      expect(x.strain === null || (typeof x.strain === 'string' && x.strain.trim() === x.strain && x.strain.length > 0)).toBe(true);
      expect(x.source).toMatch(new RegExp(`^${split}( \\(hard case: [a-z]+\\))?$`));
    }
  });

  it('repeats no name within itself or of an earlier set', () => {
    const names = set.map((x) => nameKey(x.name));
    expect(new Set(names).size).toBe(names.length);
    const seen = new Set(earlier.map((x) => nameKey(x.name)));
    expect(names.filter((n) => seen.has(n))).toEqual([]);
  });
}
