import { describe, expect, it } from 'vitest';
import { formWordFor, repairFormWords } from '@/lib/vision/receipt-form-words';

describe('misread form words on receipt lines', () => {
  it.each([
    ['Happy - Pink Rozay Vape Cantnidge 1.2g $42.32', 'Happy - Pink Rozay Vape Cartridge 1.2g $42.32'], // r→n twice
    ['WYLD - Lemon Cake Shatier 1 g', 'WYLD - Lemon Cake Shatter 1 g'], // t→i
    ['Stoned Ape - Zoap Pre-Rolis 2x 0.5g', 'Stoned Ape - Zoap Pre-Rolls 2x 0.5g'], // l→i
    ['KIVA GUMRNIES 100MG', 'KIVA GUMMIES 100MG'], // m read as rn
    ['Blue Dream Flovver 3.5g', 'Blue Dream Flower 3.5g'], // w read as vv
  ])('%s → %s', (line, want) => {
    expect(repairFormWords(line)).toBe(want);
  });

  it.each([
    ['Tropical Runtz Flower 7 g'], // a letter less is no confusion: Tropical is no Topical
    ['White Whale 3.5g'], // a/o is not a confusion taken
    ['Blue Diamond Cartridge'], // strain words near a form word are form words of their own
    ['Subtotal $42.00'],
    ['Enchanted Botanicals'],
    ['Gelato Sherbet Hybrid 1g'],
    ['Grapes Shake 14g'],
    ['AJ-Sour Diesel'],
  ])('%s stays as printed', (line) => {
    expect(repairFormWords(line)).toBe(line);
  });

  it('a word as close to two form words is left alone; short words never change', () => {
    expect(formWordFor('batter')).toBeNull(); // a form word itself
    expect(formWordFor('Shaka')).toBeNull(); // k/e no confusion
    expect(formWordFor('Rosln')).toBe('rosin');
    expect(formWordFor('Resln')).toBe('resin');
    expect(formWordFor('Cart')).toBeNull();
  });
});
