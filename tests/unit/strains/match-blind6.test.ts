/**
 * Rows from the sixth, blind labelled set (tests/fixtures/matching/labelled-6.json, split blind-6,
 * not blind any more) and blind-5's leftovers: the general causes, each with the product, the
 * catalog it is matched against, and the expected answer (docs/matching.md, "The sixth labelled
 * set").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { upsertStrain } from '@/lib/strains/repo';
import { addToUniverse } from '@/lib/strains/repo/universe';
import { type MatchRow, menuAnswers } from '@/tests/helpers/match-rows';

beforeAll(async () => {
  const db = await ready();
  // Girl Scout Cookies (aka GSC), Gelato and Blue Dream are in the seed.
  const names = ['White Runtz', 'Runtz', 'B4', 'I-95', 'Apple Fritter', 'Tangie', 'Hawaiian', 'Limoncello', 'Peaches and Cream', 'Apples and Bananas', 'Sensi Star', 'Lemon Slush'];
  for (const name of names) await upsertStrain(db, { name, type: 'hybrid' }, 'test');
  // the universe lists these spellings as names of their own, as the Kushy universe does
  await addToUniverse(db, [{ name: 'Peaches & Cream', source: 'test' }]);
});

const rows = (table: MatchRow[]) =>
  it.each<MatchRow>(table)('%j → %s %s', async (item, strain, confidence) => {
    expect((await menuAnswers([item]))[0]).toEqual({ strain, confidence });
  });

describe('a maker or code glued to the strain by a hyphen', () => {
  rows([
    [{ name: 'Perico-White Runtz 1g', category: 'Flower' }, 'White Runtz', 'high'],
    [{ name: 'SC420-Runtz Preroll 1g', category: 'Flower' }, 'Runtz', 'high'],
    // blind-5's leftover: the code glued to a short name of letters and digits
    [{ name: 'SC420-I95 1g', category: 'Flower' }, 'I-95', 'high'],
    // a hyphen inside a name joins a strain's own words; the rest must be a catalog name
    [{ name: 'White-Runtz 3.5g', category: 'Flower' }, 'White Runtz', 'high'],
    [{ name: 'Perico-Zorbex 1g', category: 'Flower' }, null, null],
  ]);
});

describe("a strain's initials glued to its last word", () => {
  rows([
    [{ name: 'Bloom GSCookies', brand: 'BLOOM', category: 'Vape Pens' }, 'Girl Scout Cookies', 'high'],
    [{ name: 'GSCookies 3.5g', category: 'Flower' }, 'Girl Scout Cookies', 'high'],
  ]);
});

describe('a maker before a weight, then a one-word name', () => {
  rows([
    [{ name: 'KPUFF 1G GELATO', category: 'Vape Pens' }, 'Gelato', 'high'],
    // without the weight the one-word name may end a new strain's name
    [{ name: 'KPUFF GELATO', category: 'Vape Pens' }, null, null],
  ]);
});

describe('a decade before the name is the era of its cut', () => {
  rows([
    [{ name: "90's Sensi Star", category: 'Flower' }, 'Sensi Star', 'high'],
    [{ name: '90s Sensi Star Pre Roll 1g', category: 'Flower' }, 'Sensi Star', 'high'],
  ]);
});

describe("a concentrate's 'Live Slush' and a blunt's 'Phusewood' are forms", () => {
  rows([
    [{ name: 'Pharmers - Apple Fritter Live Slush', brand: 'Pharmers Quality Concentrates', category: 'Concentrates' }, 'Apple Fritter', 'high'],
    [{ name: 'Tangie Natural Phusewood 2.5g', category: 'Flower' }, 'Tangie', 'high'],
    [{ name: 'Tangie | Phusewood', category: 'Flower' }, 'Tangie', 'high'],
    // a strain named '… Slush' stays that strain
    [{ name: 'Lemon Slush 3.5g', category: 'Flower' }, 'Lemon Slush', 'high'],
  ]);
});

describe("'Hawaiian' and 'Limoncello' are an edible's flavours", () => {
  rows([
    [{ name: 'Hawaiian [20pk] (500mg)', brand: 'Pharmers', category: 'Edibles' }, null, null],
    [{ name: 'Pharmers Quality Hard Knox / 100mg / Hawaiian', category: 'Edibles' }, null, null],
    [{ name: 'Limoncello - Hybrid [10pk] (100mg)', brand: 'Wana Edibles', category: 'Edibles' }, null, null],
    // flower of those names is the strain
    [{ name: 'Hawaiian 3.5g', category: 'Flower' }, 'Hawaiian', 'high'],
    [{ name: 'Limoncello 1g Cart', category: 'Vape Pens' }, 'Limoncello', 'high'],
  ]);
});

describe("a name of 'X and Y' written with its '&' dropped", () => {
  rows([
    [{ name: 'LW Organics - Apples & Bananas Blunt', brand: 'LW Organics', category: 'Flower' }, 'Apples and Bananas', 'high'],
    // blind-5's leftover: the universe lists the '&' spelling as a name of its own
    [{ name: 'Peaches & Cream 1g Cart', category: 'Vape Pens' }, 'Peaches and Cream', 'high'],
  ]);
});
