import { describe, expect, it } from 'vitest';
import { parseLabelText } from '@/lib/vision/label-parser';
import { dayFirstSlashDates, medicalKeys } from '@/lib/vision/label-medical';

/** The twenty-third label pass (issue 14): rules found on the twenty-third round's blind run, each shown on text made here. */

const AU = [
  'Island Sweet Skunk Flos',
  'Cannabis sativa L. dried flower',
  'Chemovar: Island Sweet Skunk Type: Sativa dominant',
  'Each gram contains:',
  'Tetrahydrocannabinol (THC) 185 mg/g (18.5% w/w)',
  'Cannabidiol (CBD) 3 mg/g (0.3% w/w)',
  'Pack size: 5g',
  'Batch No. IS2649-11',
  'Date of packing: 25/09/2026 Use by: 24/09/2028',
  'SCHEDULE 8 - CONTROLLED DRUG',
  'Store below 25°C in a dry place. Keep out of reach of children.',
  'Sponsor: Packwoods Pty Ltd, 56 Enterprise Way, Hobart TAS 7000',
];

describe('a medical label from outside the US (label-medical.ts)', () => {
  it('reads the sponsor as the brand, the chemovar as the strain, the pack size as the weight, the packing date day first', () => {
    const p = parseLabelText(AU.join('\n'));
    expect(p.brand).toBe('Packwoods');
    expect(p.productName).toBe('Island Sweet Skunk Flos');
    expect(p.strainName).toBe('Island Sweet Skunk');
    expect(p.netWeightGrams).toBe(5);
    expect(p.packageDate).toBe('2026-09-25');
    expect([p.thcPct, p.cbdPct, p.category, p.type]).toEqual([18.5, 0.3, 'Flower', 'sativa']);
  });

  it('a day-first label whose dates could be either way is known by its w/w or Pty Ltd', () => {
    const lines = AU.map((l) => l.replace('25/09/2026', '04/09/2026').replace('24/09/2028', '04/09/2027'));
    expect(parseLabelText(lines.join('\n')).packageDate).toBe('2026-09-04');
    // The sponsor's Pty Ltd alone (it becomes the brand), and w/w as OCR reads it.
    const noWw = lines.map((l) => l.replace(/ \(\d+\.\d% w\/w\)/, ''));
    expect(parseLabelText(noWw.join('\n')).packageDate).toBe('2026-09-04');
    expect(dayFirstSlashDates(['Packed on: 05/06/2026', 'THC 277 mg/g (27.7% wiw)'])[0]).toBe('Packed on: 2026-06-05');
    expect(dayFirstSlashDates(['Packed: 04/09/2026', 'THC 18.5% w/w'])).toEqual(['Packed: 2026-09-04', 'THC 18.5% w/w']);
  });

  it('leaves month-first labels alone', () => {
    const us = ['Harvest Date: 05/10/2026', 'Test Date: 06/01/2026', 'THC 22.1%'];
    expect(dayFirstSlashDates(us)).toEqual(us);
    // A second number over 12 says month first, whatever else is printed.
    const mixed = ['Packed: 09/25/2026', 'Harvested 13/05/2026', 'Pty Ltd'];
    expect(dayFirstSlashDates(mixed)).toEqual(mixed);
    expect(parseLabelText(['Pharmers', 'Hawaiian Hemp Flower', 'Lot: HX2678-16 Harvest Date: 05/10/2026'].join('\n')).harvestDate).toBe('2026-05-10');
  });

  it('a grower is the brand; a packing date is the package date; a botanical line is no name', () => {
    const p = parseLabelText(
      [
        'Medical Cannabis',
        'London Pound Cake Dried Flower',
        'Grower: Cheeba Chews',
        'THC 18.6%',
        'Batch: LP2663-28 Packing date: 2026-06-13',
        'Exp. date: 2027-06-13 Tested: 2026-05-26',
      ].join('\n'),
    );
    expect(p.brand).toBe('Cheeba Chews');
    expect(p.packageDate).toBe('2026-06-13');
    expect(p.testDate).toBe('2026-05-26');
    expect(medicalKeys('Cannabis flos (dried flower)')).toBe('Medical Cannabis Flower');
    // As OCR reads a blurred photo: the dash as a tilde, Ltd as Lid.
    expect(medicalKeys('Medicinal cannabis ~ dried flower')).toBe('Medical Cannabis Flower');
    expect(medicalKeys('Sponsor: Everest Pty Lid, 85 Commercial Rd, Hobart TAS 7000')).toBe('Brand: Everest');
    expect(medicalKeys('Contents: 10 g')).toBe('Net Wt: 10 g');
    // With no THC figure read (a lost point), the form key alone says flower.
    expect(parseLabelText(['Cannatron', 'Sour OG Flower', 'Form: Dried inflorescence Type: Indica', 'THC 229%'].join('\n')).category).toBe('Flower');
    expect(medicalKeys('Contents: sugar, gelatin')).toBe('Contents: sugar, gelatin');
  });
});

describe('a hemp THCa label (label-medical.ts, label-parser.ts strainFromProduct)', () => {
  it('its total potential THC is the THC, not the Δ9 figure under the hemp limit', () => {
    const p = parseLabelText(
      [
        'Pharmers',
        'Lemon Tree THCa Flower',
        'THCa 26.5%',
        'Cannabinoid Profile',
        'THCa 26.5%',
        'D9-THC 0.14%',
        'Total Potential THC* 23.4%',
        'CBD 0.7%',
        'Total Cannabinoids 29.6%',
      ].join('\n'),
    );
    expect([p.thcPct, p.cbdPct, p.totalCannabinoidsPct]).toEqual([23.4, 0.7, 29.6]);
  });

  it('Hemp and THCa are words of the product’s kind, not of its strain', () => {
    expect(parseLabelText(['Pharmers', 'Hawaiian Hemp Flower', 'THC 23.8%'].join('\n')).strainName).toBe('Hawaiian');
    expect(parseLabelText(['Pharmers', 'Blue Dream THCA Hemp Flower', 'THC 23.8%'].join('\n')).strainName).toBe('Blue Dream');
  });
});
