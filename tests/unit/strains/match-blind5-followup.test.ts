/**
 * Follow-up rows of the fifth labelled set (tests/fixtures/matching/labelled-5.json, split blind-5,
 * not blind any more): the general causes left after its first fixes (docs/matching.md, "The
 * fifth labelled set", after).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { matchProducts, type MatchInput } from '@/lib/strains/match';
import { upsertStrain } from '@/lib/strains/repo';

type Row = [MatchInput, string | null, 'high' | 'medium' | null];

beforeAll(async () => {
  const db = await ready();
  await upsertStrain(db, { name: 'I-95', type: 'hybrid' }, 'test');
  await upsertStrain(db, { name: 'Runtz', type: 'hybrid', thc: 19 }, 'test');
  await upsertStrain(db, { name: 'Harlequin', type: 'sativa', thc: 5, cbd: 9 }, 'test');
});

const rows = (table: Row[]) =>
  it.each<Row>(table)('%j → %s %s', async (item, strain, confidence) => {
    const [r] = await matchProducts(await ready(), [item]);
    expect({ strain: r.strain?.name ?? null, confidence: r.confidence }).toEqual({ strain, confidence });
  });

describe('a short name of letters and digits is found up to spacing and punctuation', () => {
  rows([
    [{ name: '1g I95', category: 'Flower' }, 'I-95', 'high'],
    [{ name: 'I95 3.5g', category: 'Flower' }, 'I-95', 'high'],
  ]);
});

describe("a leading 'CBD' before a catalog name is a CBD version, not the strain", () => {
  rows([
    [{ name: 'P37 | CBD Runtz | 1g Preroll', category: 'Flower' }, null, null],
    [{ name: 'CBD Runtz 3.5g', category: 'Flower' }, null, null],
    // after the name, or before a strain the catalog lists as CBD-rich, the strain stands
    [{ name: 'Runtz CBD 1g Cart', category: 'Vape' }, 'Runtz', 'high'],
    [{ name: 'CBD Harlequin 3.5g', category: 'Flower' }, 'Harlequin', 'high'],
    [{ name: 'Runtz 3.5g', category: 'Flower' }, 'Runtz', 'high'],
  ]);
});
