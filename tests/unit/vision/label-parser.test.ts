import { describe, expect, it } from 'vitest';
import { columnLines } from '@/lib/vision/label-columns';
import { batchLetters, capitalGAsSix, parseLabelText, strainFromProduct } from '@/lib/vision/label-parser';
import { terpeneName } from '@/lib/vision/terpenes';

describe('label parser', () => {
  it('reads a keyed label', () => {
    const l = parseLabelText(`Brand: Sunnyside
Product: Blue Dream Flower
Strain: Blue Dream
Type: Hybrid   Category: Flower
THC: 22.4%   CBD: 0.1%
Total Cannabinoids: 25.1%
Net Wt: 3.5g (1/8 oz)
Terpenes: Myrcene 0.85%, Limonene 0.42%
  b-Caryophyllene 0.31%
Batch #: BD2650-07
Harvest Date: 09/14/2026
Test Date: 10/01/2026
Packaged: 10/05/2026
Tested by: SC Labs`);
    expect(l).toMatchObject({
      brand: 'Sunnyside',
      productName: 'Blue Dream Flower',
      strainName: 'Blue Dream',
      type: 'hybrid',
      category: 'Flower',
      thcPct: 22.4,
      cbdPct: 0.1,
      totalCannabinoidsPct: 25.1,
      netWeightGrams: 3.5,
      batchNumber: 'BD2650-07',
      harvestDate: '2026-09-14',
      testDate: '2026-10-01',
      packageDate: '2026-10-05',
      labName: 'SC Labs',
    });
    expect(l.terpenes).toEqual([
      { name: 'myrcene', percentage: 0.85 },
      { name: 'limonene', percentage: 0.42 },
      { name: 'caryophyllene', percentage: 0.31 },
    ]);
    expect(l.coverage).toBe(1);
  });

  it('reads an unkeyed label: brand line, product line, descriptors, dotted panel', () => {
    const l = parseLabelText(`STIIIZY
Gelato Live Resin
Indica - Net Weight 1g
CANNABINOIDS
Total THC ........ 78.2%
Total CBD ........ O.3%
Total Cannabinoids 84.6 %
TERPENES
Caryophyllene ..... 1.12%
Limonene .......... 0.88%
Lot GE2611-03   Harvested 2026-08-30
Tested 2026-09-12 by Steep Hill`);
    expect(l).toMatchObject({
      brand: 'STIIIZY',
      productName: 'Gelato Live Resin',
      strainName: 'Gelato',
      category: 'Concentrate',
      type: 'indica',
      thcPct: 78.2,
      cbdPct: 0.3,
      totalCannabinoidsPct: 84.6,
      netWeightGrams: 1,
      batchNumber: 'GE2611-03',
      harvestDate: '2026-08-30',
      testDate: '2026-09-12',
      labName: 'Steep Hill',
    });
    expect(l.terpenes.map((t) => t.name)).toEqual(['caryophyllene', 'limonene']);
  });

  it('compliance label: Total THC over THCa/Δ9-THC, Batch/Lot #, dates by their nearest key, "Tested by X on date"', () => {
    const l = parseLabelText(`Glass House
Jack Herer Whole Flower
Sativa · Flower
Net Wt. 3.5 g (0.125 oz)
THCa: 25.90%    A9-THC: 0.69%
Total THC: 23.41%    Total CBD: 0.05%
Total Cannabinoids: 27.10%
UID: 1A4060300002EE1000012345
Batch/Lot #: JH2641-07
Harvest Date: Mar 4, 2026
Packaged On: 05/06/2026
Tested by: SC Labs    Test Date: 2026-04-05`);
    expect(l).toMatchObject({
      brand: 'Glass House',
      productName: 'Jack Herer Whole Flower',
      category: 'Flower',
      type: 'sativa',
      thcPct: 23.41,
      cbdPct: 0.05,
      totalCannabinoidsPct: 27.1,
      netWeightGrams: 3.5,
      batchNumber: 'JH2641-07',
      harvestDate: '2026-03-04',
      testDate: '2026-04-05',
      packageDate: '2026-05-06',
      labName: 'SC Labs',
    });
    const dark = parseLabelText('Select\nMimosa Smalls\nTotal THC 24.1%\nTested by Digipath Labs on 2026-06-15');
    expect([dark.testDate, dark.labName]).toEqual(['2026-06-15', 'Digipath Labs']);
  });

  it('header grid of dates, a terpene table with mg/g and % columns, terpenes in mg/g, a lab without key', () => {
    const l = parseLabelText(`Sublime
Willie Nelson Preroll
Harvest Date      Test Date       Packaged On
2026-06-01        2026-07-08      2026-08-25
Terpene              mg/g          %
β-Myrcene            8.12        0.81%
D-Limonene           4.20        0.42%
trans-Caryophyllene  3.10        0.31%
Lot: WN2673-32
Test Date 2026-07-08 · ProVerde Labs`);
    expect([l.harvestDate, l.testDate, l.packageDate]).toEqual(['2026-06-01', '2026-07-08', '2026-08-25']);
    expect(l.terpenes).toEqual([
      { name: 'myrcene', percentage: 0.81 },
      { name: 'limonene', percentage: 0.42 },
      { name: 'caryophyllene', percentage: 0.31 },
    ]);
    expect(l.labName).toBe('ProVerde Labs');
    const mg = parseLabelText('Derived\nAlien Cookies Smalls\nTerpenes (mg/g): Ocimene 10.3 mg/g, a-Pinene 6.5 mg/g, Humulene 4.5');
    expect(mg.terpenes).toEqual([
      { name: 'ocimene', percentage: 1.03 },
      { name: 'pinene', percentage: 0.65 },
      { name: 'humulene', percentage: 0.45 },
    ]);
  });

  it('prefers total THC over THCa and reads mg for edibles', () => {
    const l = parseLabelText('Kiva Camino Gummies\nTHCa: 24.0%\nTotal THC: 21.5%\n');
    expect(l.thcPct).toBe(21.5);
    const e = parseLabelText('Wyld Raspberry Gummies\nTHC 100mg | CBD 5mg per package\nNet Wt 50g');
    expect([e.thcPct, e.thcMg, e.cbdMg, e.category]).toEqual([null, 100, 5, 'Edible']);
  });

  it('finds nothing on a page that is not a label', () => {
    const l = parseLabelText('Lorem ipsum dolor\nsit amet');
    expect([l.thcPct, l.cbdPct, l.netWeightGrams, l.batchNumber, l.terpenes.length]).toEqual([null, null, null, null, 0]);
    expect(l.coverage).toBeLessThan(0.2);
  });

  it.each([
    ['beta-Myrcene', 'myrcene'],
    ['b-Caryophyllene', 'caryophyllene'],
    ['alpha-Pinene', 'pinene'],
    ['Limonene', 'limonene'],
    ['Myrcenc', 'myrcene'],
    ['Linal00l', null],
    ['Linalooi', 'linalool'],
    ['Caryophyllene Oxide', 'caryophyllene oxide'],
    ['Total', null],
  ])('terpene %s → %s', (s, want) => expect(terpeneName(s)).toBe(want));

  it('strips brand, weight and category words for matching', () => {
    expect(strainFromProduct('Cookies Gelato 3.5g Flower', 'Cookies')).toBe('Gelato');
    expect(strainFromProduct('Sour Diesel Pre-Roll', null)).toBe('Sour Diesel');
  });

  it('a capital G read as 6 after NET WT ("NET WT 0.56"), only for a common size', () => {
    const l = parseLabelText('CANNATRON\nBlue Diesel Disposable\nTHC 88.4% | CBD 0.1%\nNET WT 0.56\nLOT BD2662-74');
    expect(l.netWeightGrams).toBe(0.5);
    expect(capitalGAsSix('3.56')).toEqual({ grams: 3.5 });
    expect(capitalGAsSix('4.26')).toBeNull();
  });

  it("a batch prefix read as digits becomes the letters when they are the product's initials", () => {
    expect(batchLetters('062660-14', 'OG Kush Flower')).toBe('OG2660-14');
    expect(batchLetters('8D2650-07', 'Blue Dream Flower')).toBe('BD2650-07');
    // digits that do not spell the initials stay digits
    expect(batchLetters('062660-14', 'Blue Dream Flower')).toBe('062660-14');
    expect(batchLetters('BD2650-07', 'Blue Dream Flower')).toBe('BD2650-07');
    const l = parseLabelText('Sunnyside\nOG Kush Flower\nTHC 21.0%\nBatch #: 062660-14');
    expect(l.batchNumber).toBe('OG2660-14');
  });

  it('specks at the photo margin do not hide the brand and product lines', () => {
    const l = parseLabelText(`EE ———
|      Mountain Top Extracts
Grape Ape Preroll                                                                   :
Sativa | Pre-Roll | 1g                                                              4
THC 24.1%`);
    expect([l.brand, l.productName, l.netWeightGrams]).toEqual(['Mountain Top Extracts', 'Grape Ape Preroll', 1]);
  });

  it('boxed cells with the key above the value: each column becomes a key: value line', () => {
    const l = parseLabelText(`ENCHANTED BOTANICALS
Harle-Tsu Flower
Hybrid Flower
| NET WT                          | | BATCH
| 1g                              | | HT2606-37
THC                               CBD
29.6%                             0.2%
TOTAL CANNABINOIDS                HARVESTED
33.7%                             Mar 8, 2026
TESTED                            LAB
Apr 27, 2026                      ProVerde Labs`);
    expect(l).toMatchObject({ netWeightGrams: 1, batchNumber: 'HT2606-37', thcPct: 29.6, cbdPct: 0.2, totalCannabinoidsPct: 33.7 });
    expect([l.harvestDate, l.testDate, l.labName]).toEqual(['2026-03-08', '2026-04-27', 'ProVerde Labs']);
  });

  it('a wide sticker whose three columns share OCR rows: one line per cell, brand and product found', () => {
    expect(columnLines(['Green Hornet      THC 18.8%      Batch: OC2649-10'])).toEqual(['Green Hornet', 'THC 18.8%', 'Batch: OC2649-10']);
    // table rows and key/value rows stay whole
    expect(columnLines(['Myrcene     8.50     0.85%', 'Total THC          22.50%'])).toEqual(['Myrcene     8.50     0.85%', 'Total THC          22.50%']);
    const l = parseLabelText(`Green Hornet                 THC 18.8%                  Batch: OC2649-10
Orange Cookies Flower        CBD 0.5%                   Harvested: 03/18/2026
Hybrid Flower                Total Cannabinoids 21.9%   Packaged: 05/22/2026
Net Wt. 7g (1/4 oz)                                     Tested: 04/27/2026`);
    expect([l.brand, l.productName, l.thcPct, l.batchNumber, l.netWeightGrams, l.packageDate]).toEqual([
      'Green Hornet',
      'Orange Cookies Flower',
      18.8,
      'OC2649-10',
      7,
      '2026-05-22',
    ]);
  });
});

describe('an edible facts panel (thirteenth label round, not blind)', () => {
  const text = [
    'CURE INJOY',
    'Ghost Train Haze Fruit Chews',
    'Hybrid · Cannabis-Infused Edible',
    'Cannabis Facts',
    '16 servings per package',
    'Serving size                     1 square (5 g)',
    'Amount per serving                                     % by wt',
    'THC 5mg                                          0.10%',
    'CBD 5mg                                          0.10%',
    'Total Cannabinoids      10.3 mg               0.21%',
    'Total THC per package                          80 mg',
    'Total CBD per package                         80 mg',
    'Net Wt                                   80 g (2.82 oz)',
  ].join('\n');

  it('reads the package milligrams, the share by weight of each row and the total cannabinoids', () => {
    const r = parseLabelText(text);
    expect([r.thcMg, r.cbdMg, r.thcPct, r.cbdPct, r.totalCannabinoidsPct]).toEqual([80, 80, 0.1, 0.1, 0.21]);
  });

  it('a row with milligrams only keeps its percentage empty', () => {
    const r = parseLabelText('Gummies\nTHC 10mg per serving\nTotal THC 100mg per package');
    expect([r.thcMg, r.thcPct]).toEqual([100, null]);
  });
});
