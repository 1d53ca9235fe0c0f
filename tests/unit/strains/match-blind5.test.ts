/**
 * Rows from the fifth, blind labelled set (tests/fixtures/matching/labelled-5.json, split blind-5)
 * and the two wrong `high` answers of the menu bench on cards without a brand: the general causes,
 * each with the product, the catalog it is matched against, and the expected answer
 * (docs/matching.md, "The fifth labelled set").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { upsertStrain } from '@/lib/strains/repo';
import { type MatchRow, menuAnswers } from '@/tests/helpers/match-rows';

beforeAll(async () => {
  const db = await ready();
  // Blue Dream is in the seed.
  const names = ['Green Hornet', 'Coconut Oil', 'Cannatonic', 'Ripple', 'Slurricane', 'Grape Pie', 'Sublime', 'Acapulco Gold', 'Strawberry Limeade', 'Fruity Pebbles'];
  for (const name of names) await upsertStrain(db, { name, type: 'hybrid' }, 'test');
});

const rows = (table: MatchRow[]) =>
  it.each<MatchRow>(table)('%j → %s %s', async (item, strain, confidence) => {
    expect((await menuAnswers([item]))[0]).toEqual({ strain, confidence });
  });

describe('the first segment of a name is the first outside brackets', () => {
  rows([
    // a bracket's text is read first; the brand before ' - ' still leads the name
    [{ name: 'Green Hornet - Mixed Fruit Sour Gummies 100mg THC (Hybrid)', category: 'Edibles' }, null, null],
    [{ name: 'Green Hornet - Trifecta - Gummies - [100mg]', category: 'Edibles' }, null, null],
    // a strain segment with a bracket is matched as before
    [{ name: 'Blue Dream (Hybrid) 3.5g', category: 'Flower' }, 'Blue Dream', 'high'],
  ]);
});

describe("a catalog name holding a product-form word gives way to another segment's clean name", () => {
  rows([
    // no category (a card without one): the oil is the product, Cannatonic the strain
    [{ name: 'Coconut Oil - Cannatonic (CBD Rich Hybrid)' }, 'Cannatonic', 'high'],
    [{ name: 'Coconut Oil - Cannatonic (CBD Rich Hybrid)', category: 'Edibles' }, 'Cannatonic', 'high'],
    // alone, or filed under a strain category, the catalog name stands
    [{ name: 'Coconut Oil 3.5g' }, 'Coconut Oil', 'high'],
    [{ name: 'Coconut Oil - Cannatonic', category: 'Flower' }, 'Coconut Oil', 'high'],
  ]);
});

describe('one word beside a dose in mg is the maker', () => {
  rows([
    // no category and no brand: a dosed product that is no flower, vape or concentrate
    [{ name: 'Balanced 100mg 100mg- Ripple' }, null, null],
    [{ name: 'Balanced 100mg 100mg- Ripple', category: 'Other' }, null, null],
    // a cart's dose, or a strain type written in the name, keep the segment a strain's
    [{ name: 'Balanced 500mg Cart - Ripple' }, 'Ripple', 'high'],
    [{ name: 'Balanced 100mg - Ripple (Hybrid)' }, 'Ripple', 'high'],
  ]);
});

describe('two strains named apart are none of them', () => {
  rows([
    // a hash hole of two strains
    [{ name: 'PV Farms | Slurricane/ Grape Pie | 2g Hash Hole', category: 'Flower' }, null, null],
    // a one-word line name beside the strain does not count ('Sublime' is a catalog strain too)
    [{ name: 'MVE - Sublime Infused - Acapulco Gold - 1g - Pre Roll', brand: 'Mesilla Valley Extracts', category: 'Flower' }, 'Acapulco Gold', 'high'],
    // the same name twice is one strain
    [{ name: 'Grape Pie | Grape Pie 3.5g', category: 'Flower' }, 'Grape Pie', 'high'],
  ]);
});

describe("'limeade' is a flavour word", () => {
  rows([
    [{ name: 'Gonzo Kush - 100mg Gummy - Strawberry Limeade - 20g', brand: 'Gonzo Kush', category: 'Edibles' }, null, null],
    [{ name: 'Strawberry Limeade 3.5g', category: 'Flower' }, 'Strawberry Limeade', 'high'],
  ]);
});

describe("a vape's 'GoPen' is a form word", () => {
  rows([
    [{ name: 'Fruity Pebbles Distillate GoPen 1G', brand: 'Pharmers', category: 'Vape Pens' }, 'Fruity Pebbles', 'high'],
    [{ name: 'Go Pen Fruity Pebbles', category: 'Vape Pens' }, 'Fruity Pebbles', 'high'],
  ]);
});
