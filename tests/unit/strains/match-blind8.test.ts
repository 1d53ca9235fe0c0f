/**
 * Rows from the eighth, blind labelled set (tests/fixtures/matching/labelled-8.json, split blind-8,
 * not blind any more) and blind-6's leftovers: the general causes, each with the product, the
 * catalog it is matched against, and the expected answer (docs/matching.md, "The eighth labelled
 * set").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { upsertStrain } from '@/lib/strains/repo';
import { type MatchRow, menuAnswers } from '@/tests/helpers/match-rows';

beforeAll(async () => {
  const db = await ready();
  const names = ['White Widow', 'Durban Poison', 'Watermelon', 'Gelonade', 'Cherry OG', 'Jack Herer', 'Granddaddy Purple', 'Classic Twist'];
  for (const name of names) await upsertStrain(db, { name, type: 'hybrid' }, 'test');
  // (the catalog bootstrap can take minutes on a loaded shared machine)
}, 300_000);

const rows = (table: MatchRow[]) =>
  it.each<MatchRow>(table)('%j → %s %s', async (item, strain, confidence) => {
    expect((await menuAnswers([item]))[0]).toEqual({ strain, confidence });
  });

describe('an oil or tincture named by its strain after the carrier', () => {
  rows([
    [{ name: 'Cannabis Infused MCT Oil White Widow', brand: 'Herbal Potions', category: 'Edibles' }, 'White Widow', 'high'],
    [{ name: 'Medical Cannabis Infused MCT Oil Durban Poison', brand: 'Herbal Potions', category: 'Edibles' }, 'Durban Poison', 'high'],
    // a flavour after the carrier is no strain, as in every edible
    [{ name: 'Cannabis Infused MCT Oil Watermelon', category: 'Edibles' }, null, null],
    // the flavour before the form is still the flavour
    [{ name: 'Watermelon Gummies 100mg', category: 'Edibles' }, null, null],
  ]);
});

describe("'discount' is a price word, like 'sale'", () => {
  rows([[{ name: 'Discount Dabs Gelonade Cured Sugar', category: 'Concentrates' }, 'Gelonade', 'high']]);
});

describe('a short word that differs is another word, not a misspelling', () => {
  rows([
    // OGK is OG Kush: Cherry OG Kush, which the catalog lacks, not Cherry OG
    [{ name: 'Wax-Cherry OGK .5g', brand: 'Ultra Health Brand', category: 'Concentrates' }, null, null],
    [{ name: 'Wax-Cherry OG .5g', brand: 'Ultra Health Brand', category: 'Concentrates' }, 'Cherry OG', 'high'],
  ]);
});

describe("a line's form qualifiers before a catalog name of two or more words", () => {
  rows([
    [{ name: 'SURF Classic Granddaddy Purple 0.5g', category: 'Vape Pens' }, 'Granddaddy Purple', 'high'],
    [{ name: 'Classic Jack Herer _ 0.5g', category: 'Vape Pens' }, 'Jack Herer', 'high'],
    // a catalog name starting with a qualifier is found whole
    [{ name: 'Classic Twist 1g', category: 'Flower' }, 'Classic Twist', 'high'],
  ]);
});
