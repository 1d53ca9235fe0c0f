/**
 * Rows from the seventh, blind labelled set (tests/fixtures/matching/labelled-7.json, split blind-7,
 * not blind any more) and blind-6's leftovers: the general causes, each with the product, the
 * catalog it is matched against, and the expected answer (docs/matching.md, "The seventh labelled
 * set").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { upsertStrain } from '@/lib/strains/repo';
import { type MatchRow, menuAnswers } from '@/tests/helpers/match-rows';

beforeAll(async () => {
  const db = await ready();
  const names = [
    'Oreoz',
    'Concord Cream',
    'Mac 1',
    'Runtz',
    'Trifecta',
    'Cannatonic',
    'Cake Batter',
    'Harlequin',
    'Tahoe OG',
    'Tahoe Hydro OG',
    'The One',
    'Strawberry Cough',
    'Trainwreck',
    'Bonanza',
    'Banana',
  ];
  for (const name of names) await upsertStrain(db, { name, type: 'hybrid' }, 'test');
  // (the catalog bootstrap can take minutes on a loaded shared machine)
}, 300_000);

const rows = (table: MatchRow[]) =>
  it.each<MatchRow>(table)('%j → %s %s', async (item, strain, confidence) => {
    expect((await menuAnswers([item]))[0]).toEqual({ strain, confidence });
  });

describe('a pre-packaged jar is packaging, not a segment naming the strain', () => {
  rows([
    [{ name: 'Growers Circle - Oreoz - Pre Package - [3.5g]', brand: 'Growers Circle', category: 'Flower' }, 'Oreoz', 'high'],
    [{ name: 'Oreoz Prepackaged 3.5g', category: 'Flower' }, 'Oreoz', 'high'],
  ]);
});

describe('a number written as a word is the number', () => {
  rows([
    [{ name: 'OMC - Mac One - 5g - Shake', brand: 'OMC', category: 'Flower' }, 'Mac 1', 'high'],
    [{ name: 'Mac One 3.5g', category: 'Flower' }, 'Mac 1', 'high'],
    // a number the catalog does not hold after the name is still another phenotype
    [{ name: 'Runtz One 3.5g', category: 'Flower' }, null, null],
    // a catalog name ending in the word stays that name
    [{ name: 'The One 3.5g', category: 'Flower' }, 'The One', 'high'],
  ]);
});

describe('an edible naming a blend of three or more cannabinoids is a formula, not a strain', () => {
  rows([
    [{ name: 'Green Hornet - Trifecta - Gummies - [100mg] - CBG-CBD-THC', brand: 'Green Hornet', category: 'Edibles' }, null, null],
    [{ name: 'Harlequin Tincture CBD/CBG/THC 300mg', category: 'Edibles' }, null, null],
    // a strain named beside a ratio of two is still the strain (a CBD-rich strain's tincture or syringe)
    [{ name: 'Syringe-Cannatonic 1:1 .5g', brand: 'Ultra Health Brand', category: 'Concentrates' }, 'Cannatonic', 'high'],
    [{ name: 'MCT Tincture – Cannatonic (CBD-Rich Hybrid)', category: 'Edibles' }, 'Cannatonic', 'high'],
  ]);
});

describe('a form word that ends a catalog name stays in it', () => {
  rows([
    [{ name: 'Cake Batter Hydro Cured Sugar', category: 'Concentrates' }, 'Cake Batter', 'high'],
    [{ name: 'Cake Batter 1g', category: 'Concentrates' }, 'Cake Batter', 'high'],
    // a catalog name holding the growing word is still found whole
    [{ name: 'Tahoe Hydro OG 3.5g', category: 'Flower' }, 'Tahoe Hydro OG', 'high'],
  ]);
});

describe('two makers joined by a slash before the name', () => {
  rows([
    [{ name: 'BCCNM/Bonanza Strawberry Cough 500mg Disposable', category: 'Concentrates' }, 'Strawberry Cough', 'high'],
    [{ name: 'BCCNM/Bonanza Trainwreck 500mg Disposable', category: 'Concentrates' }, 'Trainwreck', 'high'],
    // strain words on both sides of the slash, or no catalog name after the pair: no answer
    [{ name: 'Banana/Bonanza Runtz 1g', category: 'Flower' }, null, null],
    [{ name: 'BCCNM/Bonanza Zorbex 1g', category: 'Flower' }, null, null],
  ]);
});
