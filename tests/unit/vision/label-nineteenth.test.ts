import { describe, expect, it } from 'vitest';
import { parseLabelText } from '@/lib/vision/label-parser';
import { slashPairs } from '@/lib/vision/label-slash-pairs';
import { packingCodes } from '@/lib/vision/label-packing-codes';
import { expandAbbreviations } from '@/lib/vision/label-abbrev';
import { isTerpeneRow, readTerpenes } from '@/lib/vision/label-terpene-rows';
import { fuzzyKeys } from '@/lib/vision/label-fuzzy-keys';
import { turnedTables } from '@/lib/vision/label-turned-table';

/** The nineteenth label pass (issue 14): rules found on the nineteenth round's blind run, each shown on text written here. */

describe('keys in slash-joined pairs', () => {
  it('gives each key its value, in order, when there are as many values as keys', () => {
    expect(slashPairs(['THC / CBD: 22.4% / 0.3%'])).toEqual(['THC: 22.4%   CBD: 0.3%']);
    expect(slashPairs(['Net Wt / Batch: 3.5 g / JF2626-78'])).toEqual(['Net Wt: 3.5 g   Batch: JF2626-78']);
    // A date's own slashes have no spaces round them.
    expect(slashPairs(['Harvested / Packaged: 06/07/2026 / 08/04/2026'])).toEqual(['Harvested: 06/07/2026   Packaged: 08/04/2026']);
    // The unit in the keys' bracket goes to each bare figure.
    expect(slashPairs(['THC / CBD / Total (%): 22.4 / 0.3 / 25.1'])).toEqual(['THC: 22.4%   CBD: 0.3%   Total: 25.1%']);
  });

  it('takes the values from the next row when the keys end the row, a slash read as a glued 1 dropped', () => {
    expect(slashPairs(['Humulene / B-Caryophyllene / Ocimene:', '1.34% 11.22% / 1.10%'])).toEqual([
      'Humulene: 1.34%   B-Caryophyllene: 1.22%   Ocimene: 1.10%',
      '1.34% 11.22% / 1.10%',
    ]);
  });

  it('leaves a bilingual key with one value, and counts that differ', () => {
    for (const row of ['Packaged on / Emballé le: 2026-08-04', 'Batch/Lot #: CW2675-30', 'Total THC / THC total: 19.8 %', 'THC / CBD: 22.4%'])
      expect(slashPairs([row])).toEqual([row]);
  });

  it('reads a whole sticker of paired keys', () => {
    const text = [
      'HAPPY',
      "Charlotte's Web Disposable",
      'Cultivator / Lic. #: Happy / MR281430',
      'Strain Type / Form: Indica / Vape',
      'THC / CBD / Total Cannabinoids: 90.6% / 1.2% / 94.4%',
      'Net Weight / Batch: .5g / CW2675-30',
      'Harvest / Pkg. Date: 2026-06-07 / 2026-08-04',
      'Test Date / Testing Lab: 2026-07-03 / Steep Hill',
      'Terpenes:',
      'Humulene / B-Caryophyllene / Ocimene:',
      '1.34% / 1.22% / 1.10%',
    ].join('\n');
    expect(parseLabelText(text)).toMatchObject({
      brand: 'Happy',
      type: 'indica',
      category: 'Vape',
      thcPct: 90.6,
      cbdPct: 1.2,
      totalCannabinoidsPct: 94.4,
      netWeightGrams: 0.5,
      batchNumber: 'CW2675-30',
      harvestDate: '2026-06-07',
      packageDate: '2026-08-04',
      testDate: '2026-07-03',
      labName: 'Steep Hill',
      terpenes: [
        { name: 'humulene', percentage: 1.34 },
        { name: 'caryophyllene', percentage: 1.22 },
        { name: 'ocimene', percentage: 1.1 },
      ],
    });
  });
});

describe('a packing line’s inkjet code', () => {
  it('writes its compact dates out and sets an expiry apart', () => {
    expect(packingCodes('LOT LK2680-68 PKD 23MAY2026')).toBe('LOT LK2680-68 PKD May 23, 2026');
    expect(packingCodes('HRV 02AUG26   TST 14 SEP 26')).toBe('HRV Aug 2, 2026   TST Sep 14, 2026');
    expect(packingCodes('LAB SC LABS EXP 08MAY27')).toBe('LAB SC LABS   Expires: May 8, 2027');
    // Not inside a code, and no day 0 or over 31.
    for (const row of ['Batch AB12MAR26X', 'LOT 45JUN26', 'NET WT 3.5G']) expect(packingCodes(row)).toBe(row);
  });

  it('reads a capitals LAB key without its colon', () => {
    expect(expandAbbreviations('LAB ANRESCO LABORATORIES')).toBe('Lab: ANRESCO LABORATORIES');
    expect(expandAbbreviations('LAB TESTED')).toBe('LAB TESTED');
  });

  it('reads a pouch whose batch, dates and lab are only in its code block', () => {
    const text = [
      'Lemon Kush Preroll',
      'HYBRID',
      'THC 22.4% CBD 0.8%',
      'TOTAL CANNABINOIDS 25.5%',
      'TERPENES (%)',
      'LINALOOL .71 BISABOLOL.70 HUMULENE .32',
      'PRE-ROLL - NET WT 1 G',
      'LOT LK2680-68 PKD 23MAY2026',
      'HVST 04MAR2026 TSTD 06APR2026',
      'LAB ANRESCO LABORATORIES EXP 23MAY2027',
    ].join('\n');
    const p = parseLabelText(text);
    expect(p).toMatchObject({
      productName: 'Lemon Kush Preroll',
      batchNumber: 'LK2680-68',
      harvestDate: '2026-03-04',
      testDate: '2026-04-06',
      packageDate: '2026-05-23',
      terpenes: [
        { name: 'linalool', percentage: 0.71 },
        { name: 'bisabolol', percentage: 0.7 },
        { name: 'humulene', percentage: 0.32 },
      ],
    });
    expect(p.labName?.toLowerCase()).toBe('anresco laboratories');
  });
});

describe('terpene shares without their leading zero', () => {
  it('reads `.71` and a name glued to `.70` under a `(%)` head', () => {
    expect(readTerpenes(['TERPENES (%)', 'LINALOOL .71 BISABOLOL.70'])).toEqual([
      { name: 'linalool', percentage: 0.71 },
      { name: 'bisabolol', percentage: 0.7 },
    ]);
  });

  it('knows such a row is no name line', () => {
    expect(isTerpeneRow('LINALOOL .71 BISABOLOL.70 HUMULENE .32')).toBe(true);
    expect(isTerpeneRow('Lemon Kush Preroll')).toBe(false);
  });
});

describe('an exact key among garbled ones', () => {
  it('stays itself: `Producer` is no garbled `Product` on a keyed label', () => {
    const rows = ['VANA', 'Maui Wowie Premium Flower', 'Producer: Vana   Lic. #: MC282918', 'THC: 25.0%', 'Net Weight: 3.5 g   Lot: MW2689-78', 'Harvest: Aug 21, 2026'];
    expect(fuzzyKeys(rows)[2]).toBe('Producer: Vana   Lic. #: MC282918');
    expect(parseLabelText(rows.join('\n'))).toMatchObject({ brand: 'Vana', productName: 'Maui Wowie Premium Flower' });
  });
});

describe('a turned table: names as column heads, units as row heads', () => {
  const rows = [
    'THCa   D9-THC   Total THC   CBD   CBG   Total Cann.',
    '%   262   0.4   234   0.4   1.0   248',
    'mag   262   4   234   4   10   248',
    'TERPENES',
    'B-Myrcene   Limonene   Pinene',
    '%   1.27   0.50   0.22',
  ];

  it('pairs each figure with the name above it, a lost point taken from the mg/g row', () => {
    expect(turnedTables(rows)).toEqual([
      'THCa: 26.2%   D9-THC: 0.4%   Total THC: 23.4%   CBD: 0.4%   CBG: 1.0%   Total Cann.: 24.8%',
      '',
      '',
      'TERPENES',
      'B-Myrcene: 1.27%   Limonene: 0.50%   Pinene: 0.22%',
      '',
    ]);
  });

  it('looks for the unit rows in the rows before their unsure words were trimmed', () => {
    const trimmed = [rows[0], '%   262   0.4   234   0.4   1.0', '4   234   4   10   248'];
    expect(turnedTables(trimmed)[0]).toBe(rows[0]);
    expect(turnedTables(trimmed, rows.slice(0, 3))[0]).toContain('Total THC: 23.4%');
  });

  it('leaves a row of keys over values, and a head with no unit row under it', () => {
    for (const r of [
      ['HARVESTED   TESTED   PACKAGED', '08/22/2026   09/22/2026   10/23/2026'],
      ['THC   CBD   TAC', '24.1%   0.3%   27.2%'],
    ])
      expect(turnedTables(r)).toEqual(r);
  });

  it('reads the label whole', () => {
    const text = ['Stoned Ape', 'Banana OG Flower', 'Sativa · Flower · Net Wt. 7 g', 'CANNABINOIDS', ...rows, 'Batch No.: BO2606-72'].join('\n');
    expect(parseLabelText(text)).toMatchObject({
      thcPct: 23.4,
      cbdPct: 0.4,
      totalCannabinoidsPct: 24.8,
      terpenes: [
        { name: 'myrcene', percentage: 1.27 },
        { name: 'limonene', percentage: 0.5 },
        { name: 'pinene', percentage: 0.22 },
      ],
    });
  });
});

describe('a turned table’s head without its figures', () => {
  it('gives no product name: a cell that is only a cannabinoid’s name is a head', () => {
    const text = ['Purple Punch Cartridge', 'Indica · Vape · Net weight 0.5g', 'CANNABINOIDS', 'THCa   D9-THC   Total THC   CBD   CBG   TAC', 'Batch: PP2617-36'].join('\n');
    expect(parseLabelText(text).productName).toBe('Purple Punch Cartridge');
  });
});
