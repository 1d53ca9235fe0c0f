import { describe, expect, it } from 'vitest';
import { gapKeyed, nineAsGrams, unkeyedWeight } from '@/lib/vision/label-keys';
import { parseLabelText, strainFromProduct } from '@/lib/vision/label-parser';
import { FIRST_PASS } from '@/lib/vision/local-engine';

/** The rules added after the thirteenth label round (an apothecary label with leader dots, an edible's facts panel, a vape box). */

const APOTHECARY = [
  'STONED APE',
  '— Small Batch —',
  'Cookies and Cream Pre-Roll',
  'Strain                                    Cookies and Cream',
  'Type                                      Hybrid',
  'Form                                      Pre-Roll',
  'Total THC                                 20.0%',
  'Net Weight                                1g',
  'Lot No.                                   CC2651-94',
  'Laboratory                                ProVerde Labs',
].join('\n');

describe('keys set apart from their values by a wide gap (leader dots erased)', () => {
  it('labels erase leaders of light grey (blurred) dots too, as receipts do (leaders.test.ts has the sweep)', () => {
    expect(FIRST_PASS.label.lightLeaders).toBe(true);
    expect(FIRST_PASS.receipt.lightLeaders).toBe(true);
  });

  it('takes the gap for the colon of a name key', () => {
    expect(gapKeyed('Strain        Cookies and Cream')).toBe('Strain: Cookies and Cream');
    expect(gapKeyed('Laboratory      Steep Hill')).toBe('Laboratory: Steep Hill');
    expect(gapKeyed('  Form     Pre-Roll')).toBe('  Form: Pre-Roll');
  });

  it('leaves a row of keys, a key over figures, a one-space phrase and other rows as they are', () => {
    expect(gapKeyed('Strain      Type')).toBe('Strain      Type');
    expect(gapKeyed('Brand      Net Wt')).toBe('Brand      Net Wt');
    expect(gapKeyed('Type      1')).toBe('Type      1');
    expect(gapKeyed('Strain Cookies and Cream')).toBe('Strain Cookies and Cream');
    expect(gapKeyed('Total THC      20.0%')).toBe('Total THC      20.0%');
    expect(gapKeyed('Myrcene      0.85%')).toBe('Myrcene      0.85%');
  });

  it('reads the name, strain, kind and lab of the label, the lab word not in the lab', () => {
    const p = parseLabelText(APOTHECARY);
    expect(p.productName).toBe('Cookies and Cream Pre-Roll');
    expect(p.strainName).toBe('Cookies and Cream');
    expect(p.category).toBe('Pre-Roll');
    expect(p.labName).toBe('ProVerde Labs');
    expect(p.type).toBe('hybrid');
    expect(p.batchNumber).toBe('CC2651-94');
  });
});

describe('weights of an edible and a vape box', () => {
  it('reads a whole number of grams whose g was read as 9, alone after the key', () => {
    expect(nineAsGrams('409')).toEqual({ grams: 40 });
    expect(nineAsGrams(' 1009 ')).toEqual({ grams: 100 });
    expect(nineAsGrams('40')).toBeNull();
    expect(nineAsGrams('4.09')).toBeNull();
    expect(nineAsGrams('409 mg')).toBeNull();
  });

  it('takes no serving size for the package weight', () => {
    expect(unkeyedWeight(['BHANG', 'Kush Mints Gummies', 'Serving size   1 chew (4 g)'])).toBeNull();
    const p = parseLabelText(['BHANG', 'Kush Mints Sour Gummies', 'Serving size      1 chew (4 g)', 'Total THC per package    50 mg', 'Net Wt        409'].join('\n'));
    expect(p.netWeightGrams).toBe(40);
    expect(p.thcMg).toBe(50);
  });

  it('reads a weight printed first on a row before another field, low on the label', () => {
    const lines = [
      'Stoned Ape',
      'Super Lemon Haze Cartridge',
      'THC 91.3%  CBD 0.4%',
      'Total Cannabinoids 94.0%',
      'Linalool 0.4%, Humulene 0.1%',
      'Lab: Steep Hill',
      '0.5g Batch SL2680-27',
    ];
    expect(unkeyedWeight(lines)).toBe(0.5);
    // A weight inside running text low on the label is no package weight.
    expect(unkeyedWeight([...lines.slice(0, 6), 'Contains 0.5g of oil per puff'])).toBeNull();
    expect(unkeyedWeight([...lines.slice(0, 6), '1g   MFD 05/24/2026'])).toBe(1);
  });
});

describe('an edible named with its kind', () => {
  it('takes "Sour Gummies" for the kind, "Sour" before a strain word for the strain', () => {
    expect(strainFromProduct('Kush Mints Sour Gummies', 'BHANG')).toBe('Kush Mints');
    expect(strainFromProduct('Cherry Pie Sour Chews', null)).toBe('Cherry Pie');
    expect(strainFromProduct('Sour Diesel Gummies', null)).toBe('Sour Diesel');
  });
});
