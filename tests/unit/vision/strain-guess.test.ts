import { describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { assembleLabel, assembleReceipt } from '@/lib/vision/assemble';
import { strainFromProduct } from '@/lib/vision/label-parser';
import { withoutLeadWords } from '@/lib/vision/strain-guess';
import { isTrailingNoise, trimTrailingNoise } from '@/lib/vision/strain-noise';
import type { ParsedLabel, ParsedReceipt } from '@/lib/vision/types';

describe('strainFromProduct: pack and form words at the end are the matcher noise', () => {
  it.each([
    ['ghost. Blue Magoo Sugar 28 g', 'ghost. Blue Magoo'],
    ['Dos Gringos Sour Tsunami Popcorn Buds 5pk 2.5g', 'Dos Gringos Sour Tsunami'],
    ['Seed Junky Afghan Kush Live Sugar 1g', 'Seed Junky Afghan Kush'],
    ['GMO Diamonds 1g', 'GMO'],
    // a form word that may start a strain name stays there; the matcher's end-only words go
    // (as in the matcher's own full form: 'Brown Sugar' loses its last word too)
    ['Sugar Cane Pre-Roll 1g', 'Sugar Cane'],
    ['Brown Sugar Pre-Roll 1g', 'Brown'],
    ['Blue Dream 3.5g', 'Blue Dream'],
  ])('%s → %s', (name, want) => {
    expect(strainFromProduct(name, null)).toBe(want);
  });

  it.each([
    ['Ice Cream Cake 0.5g', 'Ice Cream Cake'],
    ['Cookies and Cream Badder 7g', 'Cookies and Cream'],
    ['Vana Hash Plant Sugar 1g', 'Vana Hash Plant'],
    // a name's first word with no later kind word is still its kind
    ['Gummies Watermelon', 'Watermelon'],
  ])('a category word inside a name is the strain own: %s → %s', (name, want) => {
    expect(strainFromProduct(name, null)).toBe(want);
  });

  it.each([
    ['5pk', true],
    ['Sugar', true],
    ['Smalls', true],
    ['2.5g', true],
    ['Kush', false],
    ['Cake', false],
    ['Haze', false],
  ])('trailing noise %s: %s', (word, want) => {
    expect(isTrailingNoise(word)).toBe(want);
  });

  it('keeps one word', () => {
    expect(trimTrailingNoise('Sugar')).toBe('Sugar');
  });
});

describe('the brand in front is what the catalog could not place', () => {
  it('tries the guess less its first one to three words while four letters are left', () => {
    expect(withoutLeadWords('Seed Junky Afghan Kush')).toEqual(['Junky Afghan Kush', 'Afghan Kush', 'Kush']);
    expect(withoutLeadWords('Derived Thai')).toEqual(['Thai']);
    expect(withoutLeadWords('Pharmers OG')).toEqual([]);
  });

  const item = (productName: string) => ({
    productName,
    strainName: null,
    category: 'Flower' as const,
    grams: 3.5,
    quantity: 1,
    unitPrice: 30,
    price: 30,
    discount: null,
    thcPct: null,
    cbdPct: null,
    type: null,
    brand: null,
  });
  const receipt = (names: string[]): ParsedReceipt => ({
    dispensaryName: 'Test Store',
    orderDate: null,
    items: names.map(item),
    discount: null,
    subtotal: null,
    tax: null,
    total: null,
    coverage: 1,
  });

  it.each([
    ['Seed Junky Apple Fritter Wax 7g', 'Apple Fritter'],
    // (A maker's words are words no strain name uses: 'Dos' is one, of Do-Si-Dos.)
    ['Qwxz Gringos Sour Diesel Popcorn Buds 5pk 2.5g', 'Sour Diesel'],
    ['Pharmers Quality Jack Herer Smalls 3.5g', 'Jack Herer'],
    ['Blue Dream 3.5g', 'Blue Dream'],
    // a brand of two words, the first no strain name uses, the second one a strain name uses ('Ape')
    ['Stoned Ape Do-Si-Dos Whole Flower 7g', 'Do-Si-Dos'],
  ])('receipt item %s → %s', async (printed, want) => {
    const data = await assembleReceipt(await ready(), receipt([printed]), { engine: 'text', engineConfidence: null, attemptId: null });
    expect(data.items[0].strain?.name).toBe(want);
    expect(data.items[0].strainName).toBe(want);
  });

  it.each([
    // the guess cut a catalog name short ('Chocolate' read as the edible kind): the printed name's match
    ['Chocolate Thai 28 g', 'Chocolate Thai'],
    // a lower-case brand with its full stop before the strain is the brand ('ghost.' styles itself so)
    ['ghost. Maui Wowie 3.5g', 'Maui Wowie'],
    ['ghost. Blue Magoo Sugar 28 g', 'Blue Magoo'],
  ])('receipt item %s → %s (the printed name; the brand mark)', async (printed, want) => {
    const data = await assembleReceipt(await ready(), receipt([printed]), { engine: 'text', engineConfidence: null, attemptId: null });
    expect(data.items[0].strain?.name).toBe(want);
    expect(data.items[0].strainName).toBe(want);
  });

  it.each([
    // Words in front that strain names use are the strain's own (issue 13's wrong matches): no retry.
    'Animal Sour Diesel 3.5g',
    'AJs Sour Diesel 3.5g',
    'Dos Gringos Sour Diesel Popcorn Buds 5pk 2.5g',
  ])('%s is not matched by the name after its first words', async (printed) => {
    const data = await assembleReceipt(await ready(), receipt([printed]), { engine: 'text', engineConfidence: null, attemptId: null });
    expect(data.items[0].strain).toBeNull();
  });

  it.each([
    // one word left must be the strain's own catalog name, not a word of an alias or a longer name
    'Rainbow Sherbet Preroll 1g',
    'Mandarin Cookies Pre-Roll 1g',
  ])('%s is not matched by its last word', async (printed) => {
    const data = await assembleReceipt(await ready(), receipt([printed]), { engine: 'text', engineConfidence: null, attemptId: null });
    expect(data.items[0].strain).toBeNull();
  });

  it('a label whose strain has a maker in front', async () => {
    const parsed = {
      strainName: 'Seed Junky Apple Fritter',
      productName: 'Seed Junky Apple Fritter Flower',
      brand: null,
      category: 'Flower',
      coverage: 0.5,
    } as unknown as ParsedLabel;
    const data = await assembleLabel(await ready(), parsed, 'ocr', 0.9);
    expect(data.strain?.name).toBe('Apple Fritter');
  });
});
