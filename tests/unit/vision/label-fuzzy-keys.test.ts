import { describe, expect, it } from 'vitest';
import { fuzzyKeys } from '@/lib/vision/label-fuzzy-keys';
import { parseLabelText } from '@/lib/vision/label-parser';
import { capsKeyed } from '@/lib/vision/label-form';

describe('fuzzyKeys: keys OCR garbled slightly, read by the kind of their value', () => {
  it.each([
    // garbled key, value, expected row
    ['weicht', '3.5g', 'Weight: 3.5g'],
    ['rackeo', '9/19/26', 'Packed: 9/19/26'],
    ['Testen', '8/4/26', 'Tested: 8/4/26'],
    ['Batcb', 'JF2626-78', 'Batch: JF2626-78'],
    ['Harvcst', 'Aug 2, 2026', 'Harvest: Aug 2, 2026'],
  ])('%s %s', (key, value, expected) => {
    expect(fuzzyKeys([`${key} ${value}`])).toEqual([expected]);
  });

  it('reads a key alone in its cell with its value in the cells after it (handwriting: a cell per word)', () => {
    expect(fuzzyKeys(['testeo   4/6/26   we   SC Labs'])).toEqual(['Tested: 4/6/26   we   SC Labs']);
    expect(fuzzyKeys(['weicht   3.5   g   eacken   6/9/26'])).toEqual(['Weight: 3.5 g   Packed: 6/9/26']);
    expect(fuzzyKeys(['Patcb   Kids   Gummies'])).toEqual(['Patcb   Kids   Gummies']);
  });

  it('reads a garbled key over its value on the row below', () => {
    expect(fuzzyKeys(['weicht     Testen', '3.5g       8/4/26'])).toEqual(['Weight     Tested', '3.5g       8/4/26']);
  });

  it.each([
    // a product name's word near a key, with no value of the key's kind
    'Patch Kids Gummies',
    'Tasted Good Kush',
    'Weighty Haze 3.5g OG',
    // too far from the key, or too short to match loosely
    'steam Jet Fuel',
    'ew 23.0',
    // an exact key is the parser's own
    'Batch AB1234',
  ])('leaves %s as it is', (row) => {
    expect(fuzzyKeys([row])).toEqual([row]);
  });

  it('reads name keys only on a label with other keyed values', () => {
    expect(fuzzyKeys(['eropuct Jet Fuel'])).toEqual(['eropuct Jet Fuel']);
    expect(fuzzyKeys(['eropuct Jet Fuel', 'Weight 3.5g', 'Batch JF2626-78', 'Tested 8/4/26'])[0]).toBe('Product: Jet Fuel');
  });

  it('gives the parser the values of a hand-filled jar label', () => {
    const p = parseLabelText(['DELI JAR', 'weicht 3.59             ew 23.0', 'earch JF2626-78             rackeo 9/19/26', 'Testen 8/4/26'].join('\n'));
    expect(p.netWeightGrams).toBe(3.5);
    expect(p.packageDate).toBe('2026-09-19');
    expect(p.testDate).toBe('2026-08-04');
  });
});

describe('capsKeyed: a form key in capitals without a colon before its value', () => {
  it.each([
    ['STRAIN Jet Fuel', 'Strain: Jet Fuel'],
    ['BRAND Cannatron   TYPE Sativa', 'Brand: Cannatron   Type: Sativa'],
    ['FARM GH Labs', 'Brand: GH Labs'],
    ['LAB Digipath   Labs', 'Lab: Digipath Labs'],
    ['PRODUCT Jet   Fuel   smalls', 'Product: Jet Fuel smalls'],
    ['TERPS Humulene 1.33%,   Caryophyllene 1.27%', 'Terpenes: Humulene 1.33%, Caryophyllene 1.27%'],
  ])('%s', (row, expected) => {
    expect(capsKeyed(row)).toBe(expected);
  });

  it.each(['PRODUCT INFORMATION', 'STRAIN TYPE', 'STRAIN   TYPE', 'Brand new day', 'Type 2 diabetes'])('leaves %s as it is', (row) => {
    expect(capsKeyed(row)).toBe(row);
  });

  it('reads a hand-filled jar form end to end', () => {
    const p = parseLabelText(
      [
        'DELI JAR',
        'STRAIN Jet Fuel',
        'PRODUCT Jet Fuel smalls',
        'BRAND Cannatron          TYPE Sativa',
        'CBD % 0.7          TOTAL CANN. % 25.0',
        'TESTED 8/4/26        LAB Digipath Labs',
      ].join('\n'),
    );
    expect(p).toMatchObject({ productName: 'Jet Fuel smalls', brand: 'Cannatron', totalCannabinoidsPct: 25, labName: 'Digipath Labs', type: 'sativa' });
  });
});
