/**
 * Rows from the third, blind labelled set (tests/fixtures/matching/labelled-3.json, split blind-3):
 * the general causes its blind run showed, each with the product, the catalog it is matched
 * against, and the expected answer (docs/matching.md, "The third labelled set").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { addToUniverse, upsertStrain } from '@/lib/strains/repo';
import { type MatchRow, menuAnswers } from '@/tests/helpers/match-rows';

beforeAll(async () => {
  const db = await ready();
  // Gary Payton, Girl Scout Cookies (aka GSC), Blue Dream, Sour Diesel and Gelato are in the seed.
  for (const name of [
    'Modified Grapes',
    'Blueberry Cookies',
    'Nightmare Cookies',
    'Super Lemon OG',
    'Lemon Cake',
    'The Don Mega',
    'The Cube',
    'The Cookie Jar',
    'Cookie Jar',
    'The White Angel',
    '5 Star',
  ])
    await upsertStrain(db, { name, type: 'hybrid' }, 'test');
  // 'everest' is a word of universe names, as in the Kushy universe; 'White Angel' a universe strain.
  await addToUniverse(db, [
    { name: 'Everest Queen', source: 'test' },
    { name: 'Everest Bud', source: 'test' },
    { name: 'White Angel', source: 'test' },
  ]);
});

describe('menu noise the blind-3 names showed', () => {
  it.each<MatchRow>([
    // a hash grade: '5*', '6 Star'
    [{ name: 'Oregon Genetics Wax - Gary Payton Rosin 5*', brand: 'OCC ABQ LLC Manufacturing', category: 'Concentrates' }, 'Gary Payton', 'high'],
    [{ name: 'Gary Payton Hash 6 Star', category: 'Concentrates' }, 'Gary Payton', 'high'],
    // a number without the star stays in the name (a phenotype)
    [{ name: 'Gary Payton 5', category: 'Flower' }, null, null],
    // a strain named by a grade keeps it
    [{ name: '5 Star 3.5g', category: 'Flower' }, '5 Star', 'high'],
    // 'Refined' beside a form word is the form; the rest is a spelling of Modified Grapes
    [{ name: 'Modified Grape 1.0g Refined Resin', brand: 'Under Dawg', category: 'Concentrates' }, 'Modified Grapes', 'medium'],
    // a cart's 'Live' after the name
    [{ name: 'Airo - Blue Dream Live - Cartridge - [1g]', brand: 'Airo Brands', category: 'Vape Pens' }, 'Blue Dream', 'high'],
    // 'by' left once the brand at the end is gone
    [{ name: 'INJOY- Blueberry Cookies Disposable 2g by Cure Injoy', brand: 'Cure Injoy', category: 'Vape Pens' }, 'Blueberry Cookies', 'high'],
    // a joint's size
    [{ name: 'Big J Nightmare Cookies', category: 'Flower' }, 'Nightmare Cookies', 'high'],
    [{ name: 'Little J Super Lemon OG - Over 25 Percent', category: 'Flower' }, 'Super Lemon OG', 'high'],
  ])('%j → %s %s', async (item, strain, confidence) => {
    expect((await menuAnswers([item]))[0]).toEqual({ strain, confidence });
  });
});

describe("a whole segment that is another product's brand field is that brand", () => {
  // catalog: Girl Scout Cookies (GSC), Lemon Cake; universe: Everest Queen, Everest Bud. The real
  // menu writes '| Everest' after every flower and fills the brand field on some of them only.
  it('GSC - Under 25 Percent | Everest beside Lemon Cake - … | Everest (brand Everest) → Girl Scout Cookies (high)', async () => {
    const got = await menuAnswers([
      { name: 'GSC - Under 25 Percent | Everest', category: 'Flower' },
      { name: 'Lemon Cake - Under 25 Percent | Everest', brand: 'Everest', category: 'Flower' },
    ]);
    expect(got).toEqual([
      { strain: 'Girl Scout Cookies', confidence: 'high' },
      { strain: 'Lemon Cake', confidence: 'high' },
    ]);
  });

  it('not when a catalog name uses its word (Dream Team: dream)', async () => {
    const got = await menuAnswers([
      { name: 'GSC | Dream Team', category: 'Flower' },
      { name: 'Lemon Cake | Dream Team', brand: 'Dream Team', category: 'Flower' },
    ]);
    expect(got[0]).toEqual({ strain: null, confidence: null });
  });

  it('not without a brand field: five such flowers, none with a brand, leave GSC unmatched', async () => {
    const names = ['GSC', 'Lemon Cake', 'Blue Dream', 'Sour Diesel', 'Gelato'].map((s) => `${s} - Under 25 Percent | Everest`);
    const got = await menuAnswers(names.map((name) => ({ name, category: 'Flower' })));
    expect(got[0]).toEqual({ strain: null, confidence: null });
  });
});

describe("a catalog name of 'The' and two or more words is found without 'The'", () => {
  it.each<MatchRow>([
    [{ name: 'Don Mega', brand: 'PurLife', category: 'Flower' }, 'The Don Mega', 'high'],
    [{ name: '710 LoHco Wax / 1g / Live Sugar / Don Mega', category: 'Concentrates' }, 'The Don Mega', 'high'],
    // one word is not enough ('Cube' could be anything)
    [{ name: 'Cube', category: 'Flower' }, null, null],
    // the rest is a catalog name of its own, or a universe strain
    [{ name: 'Cookie Jar', category: 'Flower' }, 'Cookie Jar', 'high'],
    [{ name: 'White Angel', category: 'Flower' }, null, null],
  ])('%j → %s %s', async (item, strain, confidence) => {
    expect((await menuAnswers([item]))[0]).toEqual({ strain, confidence });
  });
});
