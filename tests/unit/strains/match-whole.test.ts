/**
 * A catalog name that holds a form, type or edible word is found as a whole before the noise is
 * stripped (docs/matching.md, "Catalog names that hold a form word"): stripping never turns it into
 * a shorter catalog name, nor into nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { matchProducts } from '@/lib/strains/match';
import { upsertStrain } from '@/lib/strains/repo';
import { type MatchRow } from '@/tests/helpers/match-rows';

beforeAll(async () => {
  const db = await ready();
  // Blue Dream, Chocolate Thai and Thai are in the seed.
  for (const name of ['Blue Dream CBD', 'Cake Batter', 'Gummy Bears', 'THC Bomb', 'Mexican Sativa', 'Mexican', 'Critical Plus', 'Critical Plus 2.0', 'Chili Verde'])
    await upsertStrain(db, { name, type: 'hybrid' }, 'test');
});

describe('a catalog name with a form word in it is that strain', () => {
  it.each<MatchRow>([
    // the shorter name stripping leaves is another strain: not that one
    [{ name: 'Blue Dream CBD', category: 'Flower' }, 'Blue Dream CBD', 'high'],
    [{ name: 'Blue Dream CBD 1g Cart', category: 'Vape Pens' }, 'Blue Dream CBD', 'high'],
    [{ name: 'Mexican Sativa 3.5g', category: 'Flower' }, 'Mexican Sativa', 'high'],
    // a bare decimal that is part of the name is kept (found by slug before Critical Plus by name)
    [{ name: 'Critical Plus 2.0 3.5g', category: 'Flower' }, 'Critical Plus 2.0', 'high'],
    // stripping left nothing the catalog knows
    [{ name: 'CAKE BATTER 3.5g', brand: 'Seed Junky', category: 'Flower' }, 'Cake Batter', 'high'],
    [{ name: 'Cake Batter - Flower', brand: 'Seed Junky', category: 'Flower' }, 'Cake Batter', 'high'],
    [{ name: 'THC Bomb Rosin 1g', category: 'Concentrates' }, 'THC Bomb', 'high'],
    // an edible's word inside the name, on a product filed as flower, is the strain's own
    [{ name: 'Gummy Bears 3.5g', category: 'Flower' }, 'Gummy Bears', 'high'],
    [{ name: 'Gummy Bears Gummies 100mg', category: 'Edibles' }, null, null],
    // form words still go from a name without one ('Chocolate Thai Smalls', 'Blue Dream 1.0')
    [{ name: 'Chocolate Thai Smalls 7g', category: 'Flower' }, 'Chocolate Thai', 'high'],
    [{ name: 'Blue Dream CBD Pre-Roll 1g', category: 'Flower' }, 'Blue Dream CBD', 'high'],
    [{ name: 'Mexican 3.5g', category: 'Flower' }, 'Mexican', 'high'],
    [{ name: 'Critical Plus 1.0', category: 'Flower' }, 'Critical Plus', 'high'],
    // a size after a cannabinoid word is a size, not a potency ('CBD 3.5g' left a stray 'g')
    [{ name: 'Vatos Locos Organics - Chili Verde CBD 3.5g', category: 'Flower' }, 'Chili Verde', 'high'],
  ])('%j → %s %s', async (item, strain, confidence) => {
    const [r] = await matchProducts(await ready(), [item]);
    expect({ strain: r.strain?.name ?? null, confidence: r.confidence }).toEqual({ strain, confidence });
  });
});
