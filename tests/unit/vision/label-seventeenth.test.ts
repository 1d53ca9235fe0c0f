import { describe, expect, it } from 'vitest';
import { parseLabelText } from '@/lib/vision/label-parser';
import { makerBrand } from '@/lib/vision/label-keys';

/** The seventeenth label pass (issue 14): rules found on the seventeenth round's blind run, each shown on text written here. */

describe('a table column of milligrams per package', () => {
  const text = [
    'RIPPLE',
    'Sunset Sherbet Whole Flower',
    'Indica  ·  Flower  ·  Net Wt. 3.5 g',
    'Cannabinoid            mg / package          % by weight',
    'THC                    865                   24.7',
    'CBD                    11                    0.3',
    'Total Cannabinoids     952                   27.2',
  ].join('\n');

  it('gives the package milligrams beside the share by weight (units only in the head)', () => {
    const p = parseLabelText(text);
    expect([p.thcPct, p.cbdPct, p.totalCannabinoidsPct]).toEqual([24.7, 0.3, 27.2]);
    expect([p.thcMg, p.cbdMg]).toEqual([865, 11]);
  });

  it('takes no milligrams from a column per serving', () => {
    const p = parseLabelText(text.replace('mg / package', 'mg / serving'));
    expect(p.thcPct).toBe(24.7);
    expect(p.thcMg).toBeNull();
  });
});

describe('the brand of a keyed licensee', () => {
  it('drops the licence number and the legal form', () => {
    expect(makerBrand('Packwoods Inc. · Lic. 403R-32832', [])).toBe('Packwoods');
    expect(makerBrand('Wyld LLC', [])).toBe('Wyld');
    expect(makerBrand('Lowell Herb Co.', [])).toBe('Lowell Herb Co.');
  });

  it('keeps only the words of the brand printed big at the top', () => {
    expect(makerBrand('Packwoods Cultivation  ·  Lic. AU-P-12345', ['PACKWOODS', 'Jet Fuel Flower'])).toBe('Packwoods');
    const p = parseLabelText(['PACKWOODS', 'Retail Marijuana Product', 'Jet Fuel Whole Flower', 'Licensee: Packwoods Cultivation  ·  Lic. 403R-32832', 'THC 24.1%'].join('\n'));
    expect(p.brand).toBe('Packwoods');
    expect(p.productName).toBe('Jet Fuel Whole Flower');
  });
});

describe('a lab certificate sticker', () => {
  const text = [
    'Steep Hill',
    'Potency & Terpene Report',
    'Client: Puffco',
    'Sample: Vanilla Frosting Live Resin',
    'Batch: VF2660-33',
    'Received: 05/15/2026 Tested: 05/21/2026 Reported: 05/25/2026',
    'Analyte         Result (%)       LOQ (%)',
    'Total THC       80.40            0.01',
  ].join('\n');

  it('names the lab from the letterhead above a report title', () => {
    expect(parseLabelText(text).labName).toBe('Steep Hill');
  });

  it('takes no date key after the test date for the lab', () => {
    const p = parseLabelText(text.replace('Steep Hill\nPotency & Terpene Report\n', 'Puffco\n'));
    expect(p.labName).toBeNull();
    expect(p.testDate).toBe('2026-05-21');
  });
});

describe('a table percentage whose point OCR lost', () => {
  it('gets it back where the page’s other table percentages print it', () => {
    const text = [
      'Analyte            Result (%)       LOQ (%)',
      'Total THC          80.40            0.01',
      'Terpene            Result (%)       LOQ (%)',
      'Caryophyllene      117              0.10',
      'Humulene           1.05             0.01',
    ].join('\n');
    const p = parseLabelText(text);
    expect(p.thcPct).toBe(80.4);
    expect(p.terpenes).toEqual([
      { name: 'caryophyllene', percentage: 1.17 },
      { name: 'humulene', percentage: 1.05 },
    ]);
  });
});
