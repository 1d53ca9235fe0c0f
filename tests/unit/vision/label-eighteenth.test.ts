import { describe, expect, it } from 'vitest';
import { parseLabelText } from '@/lib/vision/label-parser';
import { fromGerman } from '@/lib/vision/label-german';
import { valueFirst } from '@/lib/vision/label-value-first';
import { categorize, categorizeLast } from '@/lib/vision/parse-common';

/** The eighteenth label pass (issue 14): rules found on the eighteenth round's blind run, each shown on text written here. */

describe('a German label', () => {
  const text = [
    'Stadt-Apotheke                                   Tel. 030 1234567',
    'Medizinal-Cannabisbliiten',
    'Pink Kush Blüten',
    'Sorte:            Pink Kush',
    'Hersteller:       Aurora Deutschland',
    'Typ:              Hybride',
    'THC-Gehalt:       22,4 %',
    'CBD-Gehalt:       0,6 %',
    'Gesamtcannabinoide:   25,1 %',
    'Terpene:          Myrcen 0,85 %, Limonen 0,42 %',
    'Inhalt:           10 g',
    'Ch.-B.:           PK2612-04',
    'Emte:             04.09.2026',
    'Abgefillt am:     12.10.2026',
    'Prifdatum:        01.10.2026',
    'Priflabor.        SC Labs',
    'Verwendbar bis:   12.10.2027',
  ].join('\n');

  it('reads its German keys, decimal commas and day-first dates', () => {
    const p = parseLabelText(text);
    expect(p).toMatchObject({
      productName: 'Pink Kush Blüten',
      strainName: 'Pink Kush',
      brand: 'Aurora Deutschland',
      category: 'Flower',
      type: 'hybrid',
      thcPct: 22.4,
      cbdPct: 0.6,
      totalCannabinoidsPct: 25.1,
      netWeightGrams: 10,
      batchNumber: 'PK2612-04',
      harvestDate: '2026-09-04',
      packageDate: '2026-10-12',
      testDate: '2026-10-01',
      labName: 'SC Labs',
    });
    expect(p.terpenes.map((t) => t.name)).toEqual(['myrcene', 'limonene']);
  });

  it.each([
    ['Ch.-B.:  TR2638-94', 'Batch: TR2638-94'],
    ['Pham. Unternehmer:    Synergy Extracts', 'Manufacturer: Synergy Extracts'],
    ['Analyselabor.         ProVerde Labs', 'Laboratory: ProVerde Labs'],
    ['Ernte:   10.05.2026', 'Harvest date: 2026-05-10'],
    ['Cannabisextrakt zur Inhalation', 'Medical Cannabis'],
    ['Cannabisblüten, getrocknet', 'Medical Cannabis'],
    // Not German: left as it is (a US dotted date month first; the first number over 12 is a day anywhere).
    ['Packed 05.10.2026', 'Packed 05.10.2026'],
    ['Packed 25.05.2026', 'Packed 2026-05-25'],
    ['Menge of fun', 'Menge of fun'],
    ['Blue Dream Flower', 'Blue Dream Flower'],
  ])('%s → %s', (row, want) => expect(fromGerman(row).replace(/\s+/g, ' ')).toBe(want));

  it('names an extract and dried flowers in German as their category', () => {
    expect(categorizeLast('Tropical Runtz Vollspektrum-Extrakt')).toBe('Concentrate');
    expect(categorize('Pink Kush Cannabisbliiten')).toBe('Flower');
    expect(categorize('Bluten')).toBe('Flower');
  });
});

describe('facts printed value first', () => {
  it.each([
    ['87.9% THC 0.9% CBD 91.9% TOTAL', 'THC 87.9%   CBD 0.9%   Total Cannabinoids: 91.9%'],
    ['1.35% TERPINOLENE        0.54% A-HUMULENE       0.50% LINALOOL', 'TERPINOLENE 1.35%        A-HUMULENE 0.54%       LINALOOL 0.50%'],
    ['SATIVA       VAPE      .5G NET WT', 'SATIVA       VAPE      NET WT .5G'],
    ['TOTAL | 32.2%', 'Total Cannabinoids: 32.2%'],
    // A weight before other words, a sentence with commas, a name-first row: as they are.
    ['3.5g Blue Dream Flower', '3.5g Blue Dream Flower'],
    ['24.1% THC, 0.3% CBD', '24.1% THC, 0.3% CBD'],
    ['Myrcene 0.85%   Limonene 0.42%', 'Myrcene 0.85%   Limonene 0.42%'],
  ])('%s → %s', (row, want) => expect(valueFirst(row)).toBe(want));

  it('pairs each chip’s terpene with its own share, and reads the total, weight and lab', () => {
    const p = parseLabelText(
      [
        'ENCHANTED BOTANICALS',
        'Wedding Crasher Cartridge',
        '87.9% THC 0.9% CBD 91.9% TOTAL',
        'SATIVA       VAPE      .5G NET WT',
        'TOP TERPENES',
        '1.35% TERPINOLENE        0.54% A-HUMULENE       0.50% LINALOOL',
        'LOT WC2670-49 - HARVEST 06/07/2026 - PKG 08/24/2026 - TESTED',
        '07/26/2026 BY PROVERDE LABS',
      ].join('\n'),
    );
    expect(p.terpenes).toEqual([
      { name: 'terpinolene', percentage: 1.35 },
      { name: 'humulene', percentage: 0.54 },
      { name: 'linalool', percentage: 0.5 },
    ]);
    expect([p.thcPct, p.cbdPct, p.totalCannabinoidsPct, p.netWeightGrams]).toEqual([87.9, 0.9, 91.9, 0.5]);
    expect(p.labName?.toLowerCase()).toBe('proverde labs');
  });
});

describe('a lab after a wrapped key or a key column’s rule', () => {
  it.each([
    [['LOT BK2687-79 - TESTED 2026-06-12 BY', 'ANRESCO LABORATORIES'], 'anresco laboratories'],
    [['Tested 2026-06-12', 'by SC LABS'], 'sc labs'],
    [['TESTED BY | EVIO LABS'], 'evio labs'],
  ])('%j → %s', (rows, want) => expect(parseLabelText(['Acme', 'Blue Dream Flower', 'THC 22.1%', ...rows].join('\n')).labName?.toLowerCase()).toBe(want));
});
