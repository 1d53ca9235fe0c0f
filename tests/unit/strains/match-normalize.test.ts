import { describe, expect, it } from 'vitest';
import { buildMenuContext, normalizeCandidates, normalizeProductName, productKind } from '@/lib/strains/normalize';

describe('normalizeProductName: the strain segment, menu noise removed', () => {
  it.each<[string, string | null, string]>([
    // brands (the product's own brand field, at the start or the end, in any spelling)
    ['OMC - Granddaddy Purple', null, 'granddaddy purple'],
    ['Enchanted Botanicals - Blue Dream', 'Enchanted Botanicals', 'blue dream'],
    ['Daft Republic | 28g Mylar | FROSTED SUNSET', 'Daft Republic Co', 'frosted sunset'],
    ['Pharmers Quality 1G Girl Scout Cookies Dispo Pen', 'Pharmers Quality Concentrates', 'girl scout cookies'],
    ['Headspace - Chicle - 2.5g Infused Blunt', 'Head Space', 'chicle'],
    ['Sour Diesel 1G 510 93.4% Sativa cart elevated', 'Elevated RX', 'sour diesel'],
    // weights, prices, potency
    ['Acai Sherbert - 25% THC', null, 'acai sherbert'],
    ['Blue Dream 3.5g', null, 'blue dream'],
    ['Sour Diesel 1/8 oz', null, 'sour diesel'],
    ['$50 Banana Frosting 1/2 oz 27.1% hybrid Indica', null, 'banana frosting'],
    ['Grape Ape .5 Cart', null, 'grape ape'],
    ['Cereal Milk THC: 22.1%', null, 'cereal milk'],
    ['Live Rosin VAPE .50gr Sour Cream Cake', null, 'sour cream cake'],
    // pack sizes
    ['Hippy Trout Critical Kush 0.7g Pre-Roll (5-pack) 3.5g - Indica', 'Hippy Trout', 'critical kush'],
    ['Kush Mints 0.5g Pre-Roll 5 Pack', null, 'kush mints'],
    ['Strawberry Lemonade 1:1 [10 pack]', 'Wana', 'strawberry lemonade'],
    ['Packwoods|Mini Bursts|Black Cherry Gelato|5pk', null, 'black cherry gelato'],
    // type codes
    ['Gelato Live Resin Cart (H)', null, 'gelato'],
    ['Oreoz (I-H) | 3.5g Pre-packed Flower', null, 'oreoz'],
    ['Vana | 1g Disposable | Blue Dream | Sativa-Hybrid', 'Vana', 'blue dream'],
    ['Zkittles-Indica', null, 'zkittles'],
    // forms, including the ones that are also strain words
    ['Cupid OG - 1.0g Cartridge', null, 'cupid og'],
    ['Wedding Cake Flower [3.5g]', null, 'wedding cake'],
    ['Cured GMO Diamonds 1g', 'Ten10', 'gmo'],
    ['1g Terp Sugar-Amnesia', 'Under Dawg', 'amnesia'],
    ['Sugar Cane', 'Don Verde', 'sugar cane'],
    ['Triple Chocolate Chip Terp (Terp) | Pharmers (REC)', null, 'triple chocolate chip'],
    ['1g Cartridge-Mango Kush', 'Cartology', 'mango kush'],
    // names keep their own words and numbers
    ['Animal Mint Cake', null, 'animal mint cake'],
    ['Rainbow #1', null, 'rainbow #1'],
    ['Cinderella 99 - 1g', null, 'cinderella 99'],
    ['Pharmicated - 1g Badder - Lemon Cherry Gelato', null, 'lemon cherry gelato'],
  ])('%s (brand %s) → %s', (name, brand, cleaned) => {
    expect(normalizeProductName(name, { brand })).toBe(cleaned);
  });

  it('keeps the brand-stripped, the plain and the branded forms as candidates, strain segment first', () => {
    const n = normalizeCandidates('Ghost Train Haze 2g All-In-One Vape', { brand: 'ghost.' });
    expect(n.cleaned).toBe('train haze');
    expect(n.candidates.map((c) => c.text)).toContain('ghost train haze');
    const side = normalizeCandidates('Bloom Classic Surf All-In-One 500mg | King Louis', { brand: 'BLOOM' });
    expect(side.candidates.find((c) => c.text === 'king louis')).toBeDefined();
  });
});

describe('menu context: repeated brands and lines are noise, strain words never', () => {
  const menu = [
    'Fiore 1000mg Blackberry Kush',
    'Fiore Grape Stomper 0.5G Cart',
    'Fiore 500mg Bomb Pop Cartridge',
    'Cheech and Chong - StaDankOHHH - Pre Pack - Zephyr - [7g]',
    'Cheech and Chong - AhhBerry - Pre-Packed Flower',
    'Cheech and Chong - Pre-roll - 1g - Mangonada',
    'Pink Kush',
    'Pink Runtz',
    'Pink Zkittles',
  ].map((name) => ({ name }));
  const strainWords = new Set(['pink', 'kush', 'runtz', 'blackberry', 'grape', 'bomb', 'cheese', 'and', 'chong']);
  const ctx = buildMenuContext(menu, { wordUse: (w) => (strainWords.has(w) ? 5 : 0), isKnownName: () => false });

  it.each<[string, string]>([
    ['Fiore Grape Stomper 0.5G Cart', 'grape stomper'],
    ['Cheech and Chong - AhhBerry - Pre-Packed Flower', 'ahhberry'],
    ['Pink Zkittles', 'pink zkittles'],
  ])('%s → %s', (name, cleaned) => expect(normalizeProductName(name, { context: ctx })).toBe(cleaned));

  it('without the menu the unknown leading word stays', () => {
    expect(normalizeProductName('Fiore Grape Stomper 0.5G Cart')).toBe('fiore grape stomper');
  });
});

describe('productKind', () => {
  it.each<[string | null, string, string]>([
    ['Flower', 'Blue Dream 3.5g', 'strain'],
    ['Edibles', 'Watermelon Gummies 100mg', 'edible'],
    ['Flower', 'Fast Asleep - Dream Berry [10 pack] (with Melatonin)', 'non-strain'],
    ['Tinctures', 'Sleep Drops with Melatonin 300mg', 'non-strain'],
    ['Gear', 'Blue Dream Rolling Papers', 'non-strain'],
    ['Other', 'Seed Junky - Blackberry Pie Display', 'non-strain'],
    ['Flower', 'Rooster - Baby Yoda 7g (Outdoor Grown May Contain Seeds)', 'strain'],
    [null, 'Chocolate Bar 100mg', 'edible'],
  ])('%s / %s → %s', (category, name, kind) => expect(productKind(category, name)).toBe(kind));
});
