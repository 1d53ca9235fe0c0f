import { describe, expect, it } from 'vitest';
import { columnLines, tableHead, tableRow } from '@/lib/vision/label-columns';
import { batchCode, gramsBesideOunces, parseLabelText, strainFromProduct } from '@/lib/vision/label-parser';
import type { BoxCell, BoxLine, WordBox } from '@/lib/vision/parse-common';

/**
 * Fourth pass of issue 14 (labels), decided on the tuning, first-, second- and third-round
 * layouts: result columns of a table by their header, a lab's letterhead, terpenes ending a
 * sentence, batch codes with a misread hyphen or key.
 */

/** A row of cells at x positions (px), as linesFromWords gives it. */
const row = (...cells: [string, number, number][]): BoxLine => ({
  text: cells.map((c) => c[0]).join('   '),
  cells: cells.map(([text, x0, x1]): BoxCell => ({ text, x0, x1 })),
  y0: 0,
  y1: 20,
  conf: 90,
});
const cellsOf = (l: BoxLine) => l.cells;

describe('table columns by their header', () => {
  const head = row(['Cannabinoid', 61, 297], ['LOQ (%)', 814, 957], ['Result (%)', 1264, 1473]);

  it.each([
    // printed row (cells at their x positions) → the line the parser reads
    [
      'Total THC   0.05   27.50 (result under Result (%))',
      [
        ['Total THC', 61, 254],
        ['0.05', 878, 961],
        ['27.50', 1372, 1477],
      ],
      'Total THC: 27.50%',
    ],
    [
      'CBDa   0.05   ND',
      [
        ['CBDa', 62, 146],
        ['0.05', 878, 961],
        ['ND', 1438, 1477],
      ],
      'CBDa: ND',
    ],
    [
      'A9-THC   0.05   0.26',
      [
        ['A9-THC', 60, 189],
        ['0.05', 878, 961],
        ['0.26', 1394, 1477],
      ],
      'A9-THC: 0.26%',
    ],
    [
      'Li   CBD   0.05   0.20 (a speck at the margin before the name)',
      [
        ['Li', 2, 20],
        ['CBD', 62, 124],
        ['0.05', 878, 961],
        ['0.20', 1394, 1477],
      ],
      'CBD: 0.20%',
    ],
    [
      'CBG   0.05 (the result lost: left as printed)',
      [
        ['CBG', 62, 123],
        ['0.05', 878, 961],
      ],
      'CBG   0.05',
    ],
  ] as [string, [string, number, number][], string][])('%s', (_, cells, expected) => {
    const h = tableHead(cellsOf(head), true);
    expect(h).not.toBeNull();
    expect(tableRow(h!, cellsOf(row(...cells)))).toBe(expected);
  });

  it.each([
    ['Cannabinoid   Log (%)   Result (%) ("LOQ" misread: still a limit)', ['Cannabinoid', 'Log (%)', 'Result (%)'], ['THCa', '0.85', '25.95'], 'THCa: 25.95%'],
    ['Cannabinoid   LOQ   %   (no "Result": the rightmost % column)', ['Cannabinoid', 'LOQ', '%'], ['Total THC', '0.1', '22.40'], 'Total THC: 22.40%'],
    ['Terpene   Result (mg/g)', ['Terpene', 'Result (mg/g)'], ['a-Pinene', '12.50'], 'a-Pinene: 12.50 mg/g'],
    ['Cannabinoid   %   mg/g (both: the percentage)', ['Cannabinoid', '%', 'mg/g'], ['THCa', '27.37%', '273.7'], 'THCa: 27.37%'],
  ])('without word boxes, values counted from the right: %s', (_, head, values, expected) => {
    const h = tableHead(
      head.map((text) => ({ text, x0: 0, x1: 0 })),
      false,
    );
    expect(
      tableRow(
        h!,
        values.map((text) => ({ text, x0: 0, x1: 0 })),
      ),
    ).toBe(expected);
  });

  it.each([
    ['Cannabinoid   LOQ (%)   (no result column)', ['Cannabinoid', 'LOQ (%)']],
    ['Total THC   22.4%   (values, not a header)', ['Total THC', '22.4%']],
    ['Sample: Blue Dream   Matrix: Flower', ['Sample: Blue Dream', 'Matrix: Flower']],
  ])('not a table header: %s', (_, cells) => {
    expect(
      tableHead(
        cells.map((text) => ({ text, x0: 0, x1: 0 })),
        false,
      ),
    ).toBeNull();
  });

  it('columnLines keeps the header row whole and ends the table at a row that is not name + values', () => {
    const rows = [head, row(['Total THC', 61, 254], ['0.05', 878, 961], ['27.50', 1372, 1477]), row(['Analyst: J. Ortiz', 60, 345], ['ISO/IEC 17025 accredited', 399, 798])];
    expect(
      columnLines(
        rows.map((r) => r.text),
        rows,
      ),
    ).toEqual(['Cannabinoid   LOQ (%)   Result (%)', 'Total THC: 27.50%', 'Analyst: J. Ortiz   ISO/IEC 17025 accredited']);
  });
});

describe('a certificate of analysis', () => {
  it('reads potency from the Result (%) column and the lab from the letterhead', () => {
    const l = parseLabelText(`—— CR ERR
CannaSafe
Certificate of Analysis - Summary
Sample: Kush Mints Vape Cart   Sample ID: 8500024888
Client: Enchanted Botanicals   Matrix: Vape
Batch: KM2663-82   Strain type: Sativa
Date Tested: Sep 15, 2026   Date Reported: Sep 18, 2026
Cannabinoid   LOQ (%)   Result (%)
THCa   0.05   100.75
Δ9-THC   0.05   0.79
CBDa   0.05   ND
CBD   0.05   0.20
Total THC   0.05   88.80
Total Cannabinoids   0.05   92.90
Terpene   Result (mg/g)
a-Humulene   14.00
B-Myrcene   11.70`);
    expect(l).toMatchObject({
      labName: 'CannaSafe',
      thcPct: 88.8,
      cbdPct: 0.2,
      totalCannabinoidsPct: 92.9,
      brand: 'Enchanted Botanicals',
      productName: 'Kush Mints Vape Cart',
      testDate: '2026-09-15',
      batchNumber: 'KM2663-82',
    });
    expect(l.terpenes).toEqual([
      { name: 'humulene', percentage: 1.4 },
      { name: 'myrcene', percentage: 1.17 },
    ]);
  });

  it('a label whose first lines are brand and product has no letterhead lab', () => {
    expect(parseLabelText('Sunnyside\nBlue Dream Flower\nTHC 22.1%').labName).toBeNull();
  });
});

describe('terpenes and batch codes', () => {
  it('a terpene that ends a sentence ("D-Limonene 0.14%.") is read', () => {
    const l = parseLabelText('Dominant terpenes: Myrcene 0.81%, a-Bisabolol 0.61%,\nB-Ocimene 0.32%, a-Humulene 0.17%,\nD-Limonene 0.14%.');
    expect(l.terpenes.map((t) => `${t.name} ${t.percentage}`)).toEqual(['myrcene 0.81', 'bisabolol 0.61', 'ocimene 0.32', 'humulene 0.17', 'limonene 0.14']);
  });

  it.each([
    ['Batch: CW2683.23   trans-Caryophyllene 1.02%', 'CW2683-23'],
    ['Batch: PX2673:71', 'PX2673-71'],
    ['Lot: LK2637.95', 'LK2637-95'],
    ['BatchiLot #: BK2667-25', 'BK2667-25'],
    ['BatchvLot # BW2637-92', 'BW2637-92'],
    ['Net wt 1 g · Batch CK2666-34.', 'CK2666-34'],
    ['Batch/Lot #: HT2606-37', 'HT2606-37'],
  ])('%s → %s', (line, batch) => {
    expect(parseLabelText(line).batchNumber).toBe(batch);
  });

  it('batchCode: only a code with letters and a point before its last digits', () => {
    expect(batchCode('cw2683.23')).toBe('CW2683-23');
    expect(batchCode('2026.05')).toBe('2026.05');
  });

  it('a terpene with its Greek prefix read as two letters ("PB-Ocimene 4.3") is read', () => {
    const l = parseLabelText('Terpenes (mg/g):\nHumulene 9.1   |   PB-Ocimene 4.3');
    expect(l.terpenes).toEqual([
      { name: 'humulene', percentage: 0.91 },
      { name: 'ocimene', percentage: 0.43 },
    ]);
  });

  it("the category is not read from the brand's own words (Producer: Cheeba Chews on a flower label)", () => {
    const l = parseLabelText('Producer: Cheeba Chews\nMimosa Flower\nHybrid Flower  |  Net Weight: 7 g\nPotency: THC 27.7% / CBD 0.2%');
    expect(l.brand).toBe('Cheeba Chews');
    expect(l.category).toBe('Flower');
    expect(parseLabelText('Brand: Kiva\nCamino Gummies\nTotal THC: 100mg').category).toBe('Edible');
  });

  it.each([
    ['Product: 06 Chem Badder', 'OG Chem Badder'],
    ['Product: 0G Kush Flower', 'OG Kush Flower'],
    ['Product: O6 Chem Badder', 'OG Chem Badder'],
    // Only before a capitalised word: a code in capitals is left as read.
    ['Product: 06 XL', '06 XL'],
  ])('"OG" read as 06 / 0G at the start of a name: %s → %s', (line, name) => {
    expect(parseLabelText(line).productName).toBe(name);
  });

  it('the batch code follows the fixed product name: 0G2660-14 under "06 Chem Badder" is OG2660-14', () => {
    expect(parseLabelText('Product: 06 Chem Badder\nBatch #: 0G2660-14').batchNumber).toBe('OG2660-14');
  });

  it('a percentage split at its decimal point ("Total CBD 0. 5%") is one figure', () => {
    expect(parseLabelText('Total THC 29.8%   Total CBD 0. 5%')).toMatchObject({ thcPct: 29.8, cbdPct: 0.5 });
  });

  it.each([
    ['Net Wr. 7g (1/4 02)   Tested: 2026-09-09', 7],
    ['NeW 1g   Total Cannabinoids   5%', 1],
    ['Net Wt: 3.5g', 3.5],
  ])('a net-weight key as blur leaves it: %s', (line, grams) => {
    expect(parseLabelText(line).netWeightGrams).toBe(grams);
  });

  it('a month date whose space after the comma was lost ("Harvest Date Jul 14,2026")', () => {
    expect(parseLabelText('Harvest Date Jul 14,2026').harvestDate).toBe('2026-07-14');
  });

  it('"Total THE 18.9%": THC with its C read as E, only after "Total"', () => {
    expect(parseLabelText('SATIVA | Flower | 1g\nTotal THE 18.9% | Total CBD 1.2%').thcPct).toBe(18.9);
    expect(parseLabelText('Enjoy THE 18.9% difference').thcPct).toBeNull();
  });
});

/** Word boxes of one centred row (10 px per character, `h` px tall). */
const centred = (line: number, text: string, h: number, y: number, centre = 300): WordBox[] => {
  const words = text.split(' ');
  const width = text.length * 10;
  let x = centre - width / 2;
  return words.map((w) => {
    const box = { text: w, line, x0: x, y0: y, x1: x + w.length * 10, y1: y + h, conf: 92 };
    x += (w.length + 1) * 10;
    return box;
  });
};

describe('found on the fourth-round blind run (fixed after it)', () => {
  it.each([
    ['THC 22.4% CBD ND', { thcPct: 22.4, cbdPct: null }],
    ['THC 24.1%   CBD <LOQ', { thcPct: 24.1, cbdPct: null }],
    ['24.1% THC, 0.3% CBD, 26.8% total cannabinoids.', { thcPct: 24.1, cbdPct: 0.3, totalCannabinoidsPct: 26.8 }],
    ['TAC 25.2%', { totalCannabinoidsPct: 25.2 }],
    ['Total Active Cannabinoids: 80.10%', { totalCannabinoidsPct: 80.1 }],
    ['Pkg 10.05.26   Tested 09.12.26', { packageDate: '2026-10-05', testDate: '2026-09-12' }],
    ['Net Wt. 3.53 oz (100g)', { netWeightGrams: 100 }],
    ['Net Wt. 50 g (1.76 oz)', { netWeightGrams: 50 }],
  ] as [string, Record<string, unknown>][])('%s', (line, fields) => {
    expect(parseLabelText(line)).toMatchObject(fields);
  });

  it('an edible: milligrams per package (not per serving), the percentage from its table', () => {
    const l = parseLabelText(`DIME INDUSTRIES
Pink Starburst Gummies
Total THC: 2.5mg per serving | 100mg per package
Cannabinoid   %   mg/serving   mg/package
Total THC   0.10%   2.5   100.0`);
    expect(l).toMatchObject({ thcMg: 100, thcPct: 0.1, category: 'Edible' });
  });

  it('a warning paragraph is no product name; a speck before the name is dropped', () => {
    const l = parseLabelText(`WARNING: This product has intoxicating effects and may be habit forming. Smoking
Ly   is hazardous to your health. There may be health risks associated with
Producer: Pharmers Quality   Lic. # C11-628321
jr   Cereal Milk Cartridge
Vape - Sativa - Net Wt. 0.5 g`);
    expect(l).toMatchObject({ brand: 'Pharmers Quality', productName: 'Cereal Milk Cartridge' });
  });

  it.each([
    ['terpene bars read as symbols: alpha-Pinene   7]   1.08%', 'alpha-Pinene   7]   1.08%', 1.08],
    ['trans-Caryophyllene   ~~~] ~~   1.00%', 'trans-Caryophyllene   ~~~] ~~   1.00%', 1],
    ['B-Myrcene   -   1   0.87%', 'B-Myrcene   -   1   0.87%', 0.87],
  ])('%s', (_, line, pct) => {
    expect(parseLabelText(line as string).terpenes.map((t) => t.percentage)).toEqual([pct]);
  });

  it.each([
    // second row, its height (px) and centre → joined or not
    ['Premium Flower', 30, 300, 'Colombian Gold Premium Flower'],
    ['Premium Flower', 20, 300, 'Colombian Gold'],
    ['Premium Flower', 30, 420, 'Colombian Gold'],
    ['Hybrid Flower', 30, 300, 'Colombian Gold'],
  ] as [string, number, number, string][])('a name wrapped onto a second centred line: "%s" (%i px, centre %i) → %s', (second, h, centre, name) => {
    const words = [
      ...centred(0, 'DIME INDUSTRIES', 40, 0),
      ...centred(1, 'Colombian Gold', 30, 60),
      ...centred(2, second, h, 100, centre),
      ...centred(3, 'THC 22.4% CBD ND', 24, 140),
    ];
    expect(parseLabelText('', words)).toMatchObject({ brand: 'DIME INDUSTRIES', productName: name });
  });
});

describe('grams beside ounces, edible words (after the blind run)', () => {
  it.each([
    ['1.76 oz (509)', 50],
    ['3.53 oz (100g)', 100],
    ['50 g (1.76 oz)', 50],
    ['3.5g / 0.125 oz', 3.5],
    ['0.125 oz', null],
    ['3.5g (1/8 oz)', null],
  ] as [string, number | null][])('%s → %s g', (text, grams) => {
    expect(gramsBesideOunces(text)?.grams ?? null).toBe(grams);
  });

  it('the strain part of an edible name leaves out Bar / Fruit Chews', () => {
    expect(strainFromProduct('Ghost OG Chocolate Bar', null)).toBe('Ghost OG');
    expect(strainFromProduct('Pink Starburst Fruit Chews', null)).toBe('Pink Starburst');
    expect(strainFromProduct('Fruit Punch Flower 3.5g', null)).toBe('Fruit Punch');
  });
});

describe('names and terpene bars on degraded photos (after the blind run)', () => {
  it("a warning paragraph's last line is no name; a bracketed speck before the name goes", () => {
    const l = parseLabelText(
      'WARNING: This product has intoxicating effects\nAnfluence of cannabis.\nProducer: Phresh Picks   Lic. # PR-559625\n[Zl]   Thin Mint GSC Live Resin\nConcentrate - Indica - Net Wt. 1g',
    );
    expect(l).toMatchObject({ brand: 'Phresh Picks', productName: 'Thin Mint GSC Live Resin' });
  });

  it('a one-word brand ending in a point is still the brand ("ghost.")', () => {
    expect(parseLabelText('ghost.\nBlue Dream Flower\nTHC 22%')).toMatchObject({ brand: 'ghost', productName: 'Blue Dream Flower' });
  });

  it.each([
    ['Hunulene   Ee   e-----   1.01%', 'humulene', 1.01],
    ['o-Linonene   ===   --   0.72%', 'limonene', 0.72],
  ])('terpene bar read as letters and dashes: %s', (line, name, pct) => {
    expect(parseLabelText(line).terpenes).toEqual([{ name, percentage: pct }]);
  });
});
