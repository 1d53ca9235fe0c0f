import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  canonicalCategory,
  categorize,
  dedupeProducts,
  extractPriceText,
  parseCbdPct,
  parsePrice,
  parseStrainType,
  parseThcPct,
  parseWeightGrams,
  splitBrand,
  toScrapedProduct,
} from '@/lib/scrape/normalize';

describe('categorize', () => {
  it.each([
    ['OMC - Blue Dream 3.5g', null, 'Flower'],
    ['Kush Mints - Top Shelf - 3.5G', null, 'Flower'], // "mints" is a strain word without a dose
    ['Cookies and Cream 3.5g', null, 'Flower'],
    ['Ice Cream Cake', 'Flower', 'Flower'],
    ['Packwoods - Blue Dream - Infused Pre Roll - [2.5g]', null, 'Pre-Roll'],
    ['Score 420 T Mac Preroll 1g', 'Flower', 'Pre-Roll'], // pre-rolls filed under Flower
    ['Northern Lights 0.7g Blend Joint', null, 'Pre-Roll'],
    ['Cupid OG - 1.0g Cartridge', null, 'Vape'],
    ['Las Frescas Disposable Vape - Blue Razz', null, 'Vape'],
    ['Wedding Cake | Live Resin Cart 1g', 'Flower', 'Vape'],
    ['Pharmicated - 1g Badder - Lemon Cherry Gelato', null, 'Concentrate'],
    ['Resin Heads - Grease Bucket - Rosin - [1g]', null, 'Concentrate'],
    ['100mg Cantaloupe Hash Rosin Gummies', null, 'Edible'],
    ['GH COOKIES - PB Butterscotch 100MG', null, 'Edible'],
    ['Karma Lemonade citrus blast 100mg', null, 'Edible'],
    ['DARK CHOCOLATE BAR - 25mg', null, 'Edible'],
    ['CBD Relief Balm 1oz', null, 'Topical'],
    ['1:1 THC:CBD Tincture 30ml', null, 'Tincture'],
    ['GNOMAD Slouch Beanie', null, 'Other'],
    ['JUICY J BLUEBERRY HEMP ROLLING PAPERS', null, 'Other'],
    ['Humboldt - Banana Mango 10pk Seeds', null, 'Other'],
    ['Lemonade', 'Flower', 'Flower'],
    ['Lemonade', null, 'Other'],
    ['Anything', 'Vape Pens', 'Vape'],
    ['Anything', 'Edibles', 'Edible'],
    ['Anything', 'Gear', 'Other'],
    ['Anything', 'Pre Rolls', 'Pre-Roll'],
    ['Mystery', 'Topicals', 'Topical'],
    ['Blue Dream (Hybrid)', null, 'Flower'],
    ['Headspace Hash Holes Sweet Tea X Garlicane 1.6g', null, 'Pre-Roll'], // a hash hole is a joint
    ['ORANGE SANDALWOOD SOAKING SALTS 100MG', null, 'Topical'],
    ['Sunbaked - Lip Butter - 10mg THC 20mg CBD', null, 'Topical'],
    ['Shake2Bake- THC Shooter- Sugar Free Peach- 100mg', null, 'Edible'], // sugar-free is no sugar concentrate
    ['Strawberry Star Dawg - Live Sugar - 1g', null, 'Concentrate'],
    ['Big J - LSD - Lemon Sour Diesel', 'Flower', 'Pre-Roll'], // a J is a joint
    ['Little J Wookies - Under 25 Percent', 'Flower', 'Pre-Roll'],
    ['Twax Banana Cream', 'Flower', 'Pre-Roll'],
    ['4 Pack Super Lemon OG 2g', 'Flower', 'Pre-Roll'], // flower is not sold in packs
    ['Single 1pk', 'Flower', 'Pre-Roll'],
    ['Gummies 10pk', 'Edibles', 'Edible'],
    ['J Balvin OG 3.5g', 'Flower', 'Flower'],
    ['Vana | Sleep Tincture | 500mg THC', 'Edibles', 'Tincture'], // filed with edibles, still a tincture
    ['Camino Sours 100mg', 'Edibles', 'Edible'],
  ])('%s (hint %s) → %s', (name, hint, expected) => {
    expect(categorize(name, hint)).toBe(expected);
  });

  it.each([
    ['edibles', 'Edible'],
    ['PRE-ROLLS', 'Pre-Roll'],
    ['flower', 'Flower'],
    ['Concentrate', 'Concentrate'],
    ['nonsense', null],
    ['', null],
  ])('canonicalCategory(%s) → %s', (label, expected) => {
    expect(canonicalCategory(label)).toBe(expected);
  });
});

describe('prices', () => {
  it.each([
    ['$35.00', 35, '$35.00'],
    ['$35', 35, '$35'],
    ['Price: $1,200.50 / oz', 1200.5, '$1,200.50'],
    ['USD 12.5', 12.5, 'USD 12.5'],
    ['$0.00', null, '$0.00'],
    ['call for price', null, null],
  ])('%s → %s', (text, value, snippet) => {
    expect(parsePrice(text)).toBe(value);
    expect(extractPriceText(text)).toBe(snippet);
  });
  it('accepts numbers and bare numeric strings', () => {
    expect(parsePrice(31.456)).toBe(31.46);
    expect(parsePrice('40')).toBe(40);
    expect(parsePrice(-3)).toBeNull();
    expect(parsePrice(null)).toBeNull();
  });
});

describe('parseWeightGrams', () => {
  it.each([
    ['Blue Dream 3.5g', 3.5],
    ['[1g]', 1],
    ['1.0 G Cartridge', 1],
    ['.5g pre-roll', 0.5],
    ['28 grams', 28],
    ['Jack Herer | 1/8 oz', 3.5],
    ['an eighth', 3.5],
    ['1/4 oz', 7],
    ['quarter', 7],
    ['half oz', 14],
    ['1oz', 28],
    ['2 oz', 56],
    ['100mg gummies', null], // a dose, not a weight
    ['RAW Classic Rolling Papers 1 1/4', null], // paper size
    ['no weight', null],
  ])('%s → %s', (text, grams) => {
    expect(parseWeightGrams(text)).toBe(grams);
  });
});

describe('potency and type', () => {
  it.each([
    ['THC: 24.1%', 24.1, null],
    ['Acai Sherbert - 25% THC', 25, null],
    ['THCa 20-24%', 24, null],
    ['Total THC 27.2 %', 27.2, null],
    ['CBD 12% THC 0.5%', 0.5, 12],
    ['THC 100mg', null, null],
    ['no potency', null, null],
  ])('%s → THC %s, CBD %s', (text, thc, cbd) => {
    expect(parseThcPct(text)).toBe(thc);
    expect(parseCbdPct(text)).toBe(cbd);
  });
  it.each([
    ['Indica Dominant Hybrid', 'hybrid'],
    ['SATIVA', 'sativa'],
    ['indica', 'indica'],
    ['CBD', null],
  ])('%s → %s', (text, type) => {
    expect(parseStrainType(text)).toBe(type);
  });
});

describe('splitBrand', () => {
  it.each([
    ['OMC - Granddaddy Purple', 'OMC'],
    ['Resin Heads - Grease Bucket - Rosin - [1g]', 'Resin Heads'],
    ['Packwoods - Apple Mintz - Infused Pre Roll - [2.5g]', 'Packwoods'],
    ['Acai Sherbert - 25% THC', null],
    ['Hashito - Ice Cream Cake x Dosi Punch', null],
    ['Blue Dream', null],
    ['Vana | Sour Lemon Punch | Flower', 'Vana'],
  ])('%s → %s', (name, brand) => {
    expect(splitBrand(name).brand).toBe(brand);
  });
  it('uses known brands first', () => {
    expect(splitBrand('Seed Junky Kush Mints 3.5g', ['Seed Junky'])).toEqual({ brand: 'Seed Junky', name: 'Kush Mints 3.5g' });
  });
});

describe('toScrapedProduct', () => {
  it('reads fields from card text when the extractor had no field for them', () => {
    const p = toScrapedProduct({ name: 'Sour Diesel - Eighth', text: 'Sativa THC 24.8% $40.00 / 3.5g', brand: 'Seed Junky' });
    expect(p).toEqual({
      rawName: 'Sour Diesel - Eighth',
      brand: 'Seed Junky',
      category: 'Flower',
      price: '$40.00',
      priceValue: 40,
      regularPrice: null,
      weightGrams: 3.5,
      thcPct: 24.8,
      cbdPct: null,
      strainType: 'sativa',
      url: null,
    });
  });
  it('rejects unusable names', () => {
    expect(toScrapedProduct({ name: ' ' })).toBeNull();
    expect(toScrapedProduct({ name: '$35.00' })).toBeNull();
    expect(toScrapedProduct({ name: 'x'.repeat(300) })).toBeNull();
  });
  it('dedupes on name, price and weight', () => {
    const a = toScrapedProduct({ name: 'Blue Dream 3.5g', price: '$35' })!;
    const b = toScrapedProduct({ name: 'BLUE DREAM 3.5g', price: 35 })!;
    const c = toScrapedProduct({ name: 'Blue Dream 3.5g', price: '$30' })!;
    expect(dedupeProducts([a, b, c])).toHaveLength(2);
  });
});

// Real menus: the category the normaliser assigns, given the menu's own category label, must
// agree with the menu export's category for nearly every item.
const MENU_CSV = path.resolve(process.cwd(), '../shared/data/menus/weedmaps_nm_menu_items.csv');
describe.runIf(fs.existsSync(MENU_CSV))('categorize on the real New Mexico menu export', () => {
  it('agrees with the menu categories on ≥ 95% of items when given the menu label', () => {
    const rows = parse(fs.readFileSync(MENU_CSV), { columns: true }) as Array<Record<string, string>>;
    const truth = (r: Record<string, string>) => {
      if (/pre ?roll/i.test(r.sub_category)) return 'Pre-Roll';
      const c = r.category;
      if (c === 'Flower') return 'Flower';
      if (/vape/i.test(c)) return 'Vape';
      if (/concentrate/i.test(c)) return 'Concentrate';
      if (/edible/i.test(c)) return 'Edible';
      if (/topical/i.test(c)) return 'Topical';
      if (/tincture/i.test(c)) return 'Tincture';
      if (/gear|cultivation|other/i.test(c)) return 'Other';
      return null;
    };
    let n = 0;
    let agree = 0;
    for (const r of rows) {
      const t = truth(r);
      if (!t) continue;
      n++;
      if (categorize(r.name, r.category) === t) agree++;
    }
    expect(n).toBeGreaterThan(10_000);
    expect(agree / n).toBeGreaterThanOrEqual(0.95);
  });
});
