/**
 * Rows from the second, blind labelled set (tests/fixtures/matching/labelled-2.json, split
 * blind-2): the general causes its blind run showed, each with the product, the catalog it is
 * matched against, and the expected answer (docs/matching.md, "The second labelled set").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { productKind } from '@/lib/strains/match';
import { addToUniverse, upsertStrain } from '@/lib/strains/repo';
import { type MatchRow, menuAnswers } from '@/tests/helpers/match-rows';

beforeAll(async () => {
  const db = await ready();
  // Catalog names of the rows (Blue Dream, Granddaddy Purple, Cherry Pie, Cotton Candy and
  // Strawberry Cough are in the seed), and 'PhD' as both a strain and a word of a universe name,
  // as in the shared catalog and the Kushy universe.
  for (const name of ['PHD', 'Black Mamba', 'Watermelon', 'Blue Raspberry', 'Strawberry']) await upsertStrain(db, { name, type: 'hybrid' }, 'test');
  await addToUniverse(db, [
    { name: 'Doctor PhD', source: 'test' },
    { name: 'Qrix Fjord', source: 'test' },
  ]);
});

describe('a cartridge or pod filed under Gear is a vape, not hardware', () => {
  // catalog: Black Mamba, Blue Dream. The menu repeats 'Airopro' after three or more names, so it
  // is a line's word there (as on the real menu, which files six such pods under Gear).
  const pods = ['Black Mamba Airopro Pod .5', 'Midnight Moon Airopro Pod .5', 'Pineapple Diesel Airopro Pod .5', 'Blue Dream Airopro Pod'];
  it('Black Mamba Airopro Pod .5 (Gear) on a menu of Airopro pods → Black Mamba (high)', async () => {
    const got = await menuAnswers(pods.map((name) => ({ name, category: 'Gear' })));
    expect(got[0]).toEqual({ strain: 'Black Mamba', confidence: 'high' });
    expect(got[3]).toEqual({ strain: 'Blue Dream', confidence: 'high' });
  });

  it.each<MatchRow>([
    [{ name: 'Blue Dream Pod', category: 'Gear' }, 'Blue Dream', 'high'],
    [{ name: 'Blue Dream cart', category: 'Accessories' }, 'Blue Dream', 'high'],
    // hardware stays hardware, whatever strain it names
    [{ name: 'Blue Dream Airopro Vaporizer', category: 'Gear' }, null, null],
    [{ name: 'Black Mamba Cart Battery', category: 'Accessories' }, null, null],
    [{ name: 'Blue Dream Pod Charger', category: 'Gear' }, null, null],
    [{ name: 'Black Mamba Rolling Tray', category: 'Gear' }, null, null],
  ])('%j → %s %s', async (item, strain, confidence) => {
    expect((await menuAnswers([item]))[0]).toEqual({ strain, confidence });
  });

  it('productKind', () => {
    expect(productKind('Gear', 'Black Mamba Airopro Pod .5')).toBe('strain');
    expect(productKind('Gear', 'AiroPro - Sport Vaporizer')).toBe('non-strain');
    expect(productKind('Accessories', 'PROMO - Cart Battery')).toBe('non-strain');
  });
});

describe('a one-word strain name that starts five names before different catalog strains is the menu’s brand', () => {
  // catalog: PHD (no other catalog name uses 'phd'), Blue Dream, Cherry Pie, Cotton Candy,
  // Strawberry Cough, Sour Diesel, Granddaddy Purple
  const phd = [
    'PhD Blue Dream 1g Carts',
    'PhD Cherry Pie 1g Carts',
    'PhD Cotton Candy 1g Carts',
    'PhD Strawberry Cough 1g Carts',
    'PhD Sour Diesel 1g Carts',
    'PhD Granddaddy Purple 1g BHO Wax',
  ];

  it('PhD Granddaddy Purple 1g BHO Wax on a menu of six PhD products → Granddaddy Purple (high)', async () => {
    const got = await menuAnswers(phd.map((name) => ({ name, category: 'Concentrates' })));
    expect(got).toEqual(['Blue Dream', 'Cherry Pie', 'Cotton Candy', 'Strawberry Cough', 'Sour Diesel', 'Granddaddy Purple'].map((strain) => ({ strain, confidence: 'high' })));
  });

  it('three are not enough for a known strain name: PhD Granddaddy Purple stays unmatched', async () => {
    const got = await menuAnswers(phd.slice(3).map((name) => ({ name, category: 'Concentrates' })));
    expect(got[2]).toEqual({ strain: null, confidence: null });
  });

  it('the strain itself is still matched on such a menu: PHD 3.5g → PHD', async () => {
    const got = await menuAnswers([...phd, 'PHD 3.5g'].map((name) => ({ name, category: 'Flower' })));
    expect(got[6]).toEqual({ strain: 'PHD', confidence: 'high' });
  });
});

describe('a short catalog name beside a one-word segment no strain name uses', () => {
  it.each<MatchRow>([
    // catalog: GMO. 'oddfellow' is in no strain name: the brand, though the longer segment.
    [{ name: 'OddFellow|GMO|3.5g', category: 'Flower' }, 'GMO', 'high'],
    // 'qrix' is a word of a universe name (Qrix Fjord): it may be the strain, and 'GMO' a brand.
    [{ name: 'Qrix|GMO|3.5g', category: 'Flower' }, null, null],
    // two unknown words are not one: the guard on one-word side segments holds
    [{ name: 'Oddfellow Vexla|PhD|3.5g', category: 'Flower' }, null, null],
  ])('%j → %s %s', async (item, strain, confidence) => {
    expect((await menuAnswers([item]))[0]).toEqual({ strain, confidence });
  });
});

describe('form words', () => {
  it.each<MatchRow>([
    // catalog: Granddaddy Purple. BHO (butane hash oil) is a form; no catalog or universe name holds it.
    [{ name: 'Granddaddy Purple 1g BHO Wax', category: 'Concentrates' }, 'Granddaddy Purple', 'high'],
  ])('%j → %s %s', async (item, strain, confidence) => {
    expect((await menuAnswers([item]))[0]).toEqual({ strain, confidence });
  });
});

describe('a line the menu shows to sell only flavours names flavours, not strains', () => {
  // catalog: Watermelon, Blue Raspberry, Strawberry
  const dankazine = ['Dankazine Orange', 'Dankazine Grape 300mg THC Pure', 'Dankazine Blue Raspberry', 'Dankazine Strawberry', 'Dankazine Watermelon'];

  it('Dankazine Watermelon (Concentrates) beside Dankazine Orange, Grape, Blue Raspberry, Strawberry → none', async () => {
    const got = await menuAnswers(dankazine.map((name) => ({ name, category: 'Concentrates' })));
    expect(got.map((g) => g.strain)).toEqual([null, null, null, null, null]);
  });

  it('a line that also sells a strain is a strain line: Fiore Watermelon beside Fiore Blue Dream → Watermelon', async () => {
    const got = await menuAnswers(['Fiore Watermelon', 'Fiore Blue Dream', 'Fiore Strawberry', 'Fiore Orange'].map((name) => ({ name, category: 'Vape Pens' })));
    expect(got[0]).toEqual({ strain: 'Watermelon', confidence: 'high' });
    expect(got[1]).toEqual({ strain: 'Blue Dream', confidence: 'high' });
  });

  it('a flavour-named cart on its own is still its strain: Watermelon 1g Cart → Watermelon', async () => {
    expect((await menuAnswers([{ name: 'Watermelon 1g Cart', category: 'Vape Pens' }]))[0]).toEqual({ strain: 'Watermelon', confidence: 'high' });
  });
});
