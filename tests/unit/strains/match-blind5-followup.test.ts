/**
 * Follow-up rows of the fifth labelled set (tests/fixtures/matching/labelled-5.json, split blind-5,
 * not blind any more): the general causes left after its first fixes (docs/matching.md, "The
 * fifth labelled set", after).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { matchProducts } from '@/lib/strains/match';
import { upsertStrain } from '@/lib/strains/repo';
import { type MatchRow } from '@/tests/helpers/match-rows';

beforeAll(async () => {
  const db = await ready();
  await upsertStrain(db, { name: 'I-95', type: 'hybrid' }, 'test');
  await upsertStrain(db, { name: 'Runtz', type: 'hybrid', thc: 19 }, 'test');
  await upsertStrain(db, { name: 'Harlequin', type: 'sativa', thc: 5, cbd: 9 }, 'test');
  for (const name of ['Strawberry', 'Blackberry Kush', 'Cherry Kush', 'Kush Mints', 'Coconut Oil', 'Cannatonic']) await upsertStrain(db, { name, type: 'hybrid' }, 'test');
});

const rows = (table: MatchRow[]) =>
  it.each<MatchRow>(table)('%j → %s %s', async (item, strain, confidence) => {
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

const menuOf = async (names: string[]) =>
  (
    await matchProducts(
      await ready(),
      names.map((name) => ({ name, category: 'Flower' })),
    )
  ).map((r) => r.strain?.name ?? null);

describe('a word after three or more different flavours in one menu is a line of flavoured products', () => {
  it("'<flavour> <line>' is no strain", async () => {
    expect(await menuOf(['STRAWBERRY BUBLY', 'CHERRY BUBLY', 'BLACKBERRY BUBLY', 'Blue Dream 3.5g'])).toEqual([null, null, null, 'Blue Dream']);
  });
  it('after other words than flavours, the line word goes as before', async () => {
    expect(await menuOf(['Strawberry Zorbly', 'Blue Dream Zorbly', 'Runtz Zorbly'])).toEqual(['Strawberry', 'Blue Dream', 'Runtz']);
  });
  it('a strain word after flavours is no line', async () => {
    expect(await menuOf(['Blackberry Kush 3.5g', 'Cherry Kush 3.5g', 'Strawberry Kush 3.5g'])).toEqual(['Blackberry Kush', 'Cherry Kush', null]);
  });
});

describe('a display weighed and filed as flower is the flower', () => {
  rows([
    [{ name: 'Display - Kush Mints - 3.5 grams - 3.50 grams', category: 'Flower' }, 'Kush Mints', 'high'],
    // no weight, or gear's category: a display case
    [{ name: 'Display - Kush Mints', category: 'Flower' }, null, null],
    [{ name: 'Kush Mints Display 3.5g', category: 'Other' }, null, null],
    [{ name: 'Kush Mints Display 3.5g', category: 'Gear' }, null, null],
  ]);
});

describe('under a strain category, a product-form catalog name gives way to a segment the name marks with a strain type', () => {
  rows([
    // an edible a scraper filed under Flower (from the type word): the marked segment is the strain
    [{ name: 'Coconut Oil - Cannatonic (CBD Rich Hybrid)', category: 'Flower' }, 'Cannatonic', 'high'],
    [{ name: 'Coconut Oil | Cannatonic [Hybrid]', category: 'Flower' }, 'Cannatonic', 'high'],
    // unmarked, or the type marking the catalog name itself, the catalog name stands
    [{ name: 'Coconut Oil - Cannatonic', category: 'Flower' }, 'Coconut Oil', 'high'],
    [{ name: 'Coconut Oil (Hybrid) - Cannatonic', category: 'Flower' }, 'Coconut Oil', 'high'],
  ]);
});
