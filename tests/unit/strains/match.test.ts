import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import type { Queryable } from '@/lib/db';
import { confidenceFor, matchProducts, normalizeProductName } from '@/lib/strains/match';
import { addToUniverse, upsertStrain } from '@/lib/strains/repo';

describe('normalizeProductName strips menu noise', () => {
  it.each<[string, string | null, string]>([
    ['OMC - Granddaddy Purple', null, 'granddaddy purple'],
    ['Acai Sherbert - 25% THC', null, 'acai sherbert'],
    ['Cupid OG - 1.0g Cartridge', null, 'cupid og'],
    ['Blue Dream 3.5g', null, 'blue dream'],
    ['Sour Diesel 1/8 oz', null, 'sour diesel'],
    ['Jack Herer Pre-Roll 1g', null, 'jack herer'],
    ['Gelato Live Resin Cart (H)', null, 'gelato'],
    ['Wedding Cake Flower [3.5g]', null, 'wedding cake'],
    ['Pharmicated - 1g Badder - Lemon Cherry Gelato', null, 'lemon cherry gelato'],
    ['Packwoods - Apple Mintz - Infused Pre Roll - [2.5g]', 'Packwoods', 'apple mintz'],
    ['Enchanted Botanicals - Blue Dream', 'Enchanted Botanicals', 'blue dream'],
    ['Daft Republic | 28g Mylar | FROSTED SUNSET', 'Daft Republic Co', 'frosted sunset'],
    ['Flower Lot- Moby Dick- 26% THC', 'Flower Lot', 'moby dick'],
    ['GlueBall 14g Flower', null, 'glueball'],
    ['Cereal Milk THC: 22.1%', null, 'cereal milk'],
  ])('%s → %s', (name, brand, cleaned) => {
    expect(normalizeProductName(name, { brand })).toBe(cleaned);
  });
});

describe('confidence thresholds', () => {
  it.each<[number, string | null]>([
    [0.39, null],
    [0.4, null],
    [0.4001, 'low'],
    [0.6, 'low'],
    [0.6001, 'medium'],
    [0.95, 'medium'],
  ])('similarity %s → %s', (sim, conf) => expect(confidenceFor(sim)).toBe(conf));
});

describe('matchProducts (three passes, set-based)', () => {
  beforeAll(async () => {
    const db = await ready();
    await upsertStrain(db, { name: 'Abcde', type: 'hybrid' }, 'test');
    await upsertStrain(db, { name: 'Zorbla', type: 'indica' }, 'test');
    await upsertStrain(db, { name: 'Gravity', type: 'hybrid', akas: ['Grav OG'] }, 'test');
    await addToUniverse(db, [{ name: 'Zero Gravity', source: 'test' }]);
  });

  it('similarity at exactly 0.4 and 0.6 (checked in SQL first)', async () => {
    const db = await ready();
    const s = await db.query<{ a: number; b: number; c: number }>(
      `SELECT round(similarity('abcde', 'abcdxyz')::numeric, 4) AS a, round(similarity('zorbla', 'zorblaxy')::numeric, 4) AS b, round(similarity('zorbla', 'zorblax')::numeric, 4) AS c`,
    );
    expect(s.rows[0]).toEqual({ a: 0.4, b: 0.6, c: 0.6667 });
    const [at04, at06, above06] = await matchProducts(db, ['abcdxyz', 'zorblaxy', 'zorblax']);
    expect(at04).toMatchObject({ pass: null, confidence: null, strain: null });
    expect(at06).toMatchObject({ pass: 'trigram', similarity: 0.6, confidence: 'low' });
    expect(at06.strain?.name).toBe('Zorbla');
    expect(above06).toMatchObject({ pass: 'trigram', similarity: 0.6667, confidence: 'medium' });
  });

  it.each<[string, string | { name: string; category?: string; brand?: string }, string | null, string | null, string | null]>([
    ['exact pass', 'Blue Dream', 'exact', 'high', 'Blue Dream'],
    ['exact pass after noise stripping', 'OMC - Granddaddy Purple 3.5g', 'exact', 'high', 'Granddaddy Purple'],
    ['alias through the exact pass', 'GDP', 'exact', 'high', 'Granddaddy Purple'],
    ['alias with noise', 'Sour D - 1g Cart', 'exact', 'high', 'Sour Diesel'],
    ['slug pass', 'AK 47', 'slug', 'high', 'AK-47'],
    ['slug pass after noise stripping', 'Do Si Dos 3.5g', 'slug', 'high', 'Do-Si-Dos'],
    ['numbers are part of a name', 'Cinderella 99 - 1g', 'exact', 'high', 'Cinderella 99'],
    ['trigram pass (typo)', 'Granddady Purpel', 'trigram', 'medium', 'Granddaddy Purple'],
    ['one name inside the other plus a word is at most low', 'Congo Bubblegum', 'trigram', 'low', 'Bubblegum'],
    ['a universe strain the catalog lacks stays unmatched', 'Zero Gravity', null, null, null],
    ['edible flavour is not a strain', { name: 'Watermelon Gummies 100mg', category: 'Edibles' }, null, null, null],
    ['edible naming a real strain still matches', { name: 'Coconut Oil - Cannatonic (CBD Rich Hybrid)', category: 'Edibles' }, 'exact', 'high', 'Cannatonic'],
    ['accessories never match', { name: 'Blue Dream Rolling Papers', category: 'Gear' }, null, null, null],
    ['a cross is not its parent', 'Sour Diesel x Kush Mints 3.5g', null, null, null],
    ['nothing at all', 'Qwxz Plumbus Deluxe', null, null, null],
    ['empty name', '', null, null, null],
  ])('%s', async (_n, item, pass, confidence, strain) => {
    const [r] = await matchProducts(await ready(), [item]);
    expect(r.pass).toBe(pass);
    expect(r.confidence).toBe(confidence);
    expect(r.strain?.name ?? null).toBe(strain);
    if (pass === 'exact' || pass === 'slug') expect(r.similarity).toBe(1);
  });

  it('keeps input order, one round trip per pass for many products', async () => {
    const db = await ready();
    let queries = 0;
    const counting: Queryable = {
      query: <T,>(sql: string, p?: unknown[]) => {
        queries++;
        return db.query<T>(sql, p);
      },
      exec: (sql: string) => db.exec(sql),
    };
    const names = Array.from({ length: 120 }, (_, i) => (i % 3 === 0 ? 'Blue Dream 3.5g' : i % 3 === 1 ? 'Granddady Purpel' : `Unknown Thing ${i}`));
    const out = await matchProducts(counting, names);
    expect(out.map((r) => r.input)).toEqual(names);
    expect(out.filter((r) => r.strain?.name === 'Blue Dream')).toHaveLength(40);
    // exact, slug, set_config for the trigram threshold, trigram: never one query per product
    expect(queries).toBeLessThanOrEqual(4);
  });
});
