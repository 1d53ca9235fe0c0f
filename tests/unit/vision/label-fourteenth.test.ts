import { describe, expect, it } from 'vitest';
import { captionPairs, isCaption } from '@/lib/vision/label-captions';
import { columnLines, withoutUnsureTail } from '@/lib/vision/label-columns';
import { withoutRuleSpecks, withoutSideRemark } from '@/lib/vision/label-keys';
import { parseLabelText } from '@/lib/vision/label-parser';
import { CBD, pct, potency, THC, THC_AFTER, TOTAL_CANN, TOTAL_THC } from '@/lib/vision/label-potency';
import { netWeightText } from '@/lib/vision/label-values';
import { FIRST_PASS } from '@/lib/vision/local-engine';
import { row, words } from '@/tests/helpers/box-rows';

/** The rules added after the fourteenth label round's blind run (values above their keys, a QR label's ruled table, a cartridge's mg and %). */

// A tile grid: values (tall) over their captions (short), the next tile row farther below.
const TILES = [
  row(60, 86, [['BLOOM', 30, 130]]),
  row(113, 163, [['Chemdawg Pre-Roll', 30, 420]]),
  row(263, 299, [
    ['23.3%', 90, 180],
    ['0.4%', 320, 390],
    ['27.3%', 540, 630],
  ]),
  row(322, 339, [
    ['TOTAL THC', 85, 185],
    ['TOTAL CBD', 305, 405],
    ['TOTAL CANNABINOIDS', 490, 680],
  ]),
  row(410, 456, [
    ['1g', 110, 150],
    ['Sativa', 310, 400],
    ['CX2643-39', 520, 650],
  ]),
  row(469, 487, [
    ['NET WT', 95, 165],
    ['STRAIN TYPE', 295, 415],
    ['BATCH', 555, 615],
  ]),
  row(567, 594, [
    ['2026-05-02', 70, 200],
    ['2026-06-08', 290, 420],
    ['2026-07-08', 520, 650],
  ]),
  row(617, 634, [
    ['HARVESTED', 80, 190],
    ['TESTED', 320, 390],
    ['PACKAGED', 535, 635],
  ]),
  row(715, 750, [
    ['1.39%', 95, 175],
    ['0.73%', 320, 400],
    ['0.51%', 545, 625],
  ]),
  row(765, 782, [
    ['ALPHA-PINENE', 70, 200],
    ['MYRCENE', 315, 405],
    ['LINALOOL', 540, 630],
  ]),
  row(860, 896, [['Steep Hill', 290, 430]]),
  row(910, 927, [['TESTING LAB', 300, 420]]),
];

describe('values printed above their keys (tiles)', () => {
  it('knows a caption: a label key, Strain Type, a terpene name', () => {
    for (const c of ['TOTAL THC', 'NET WT', 'STRAIN TYPE', 'BATCH', 'HARVESTED', 'TESTING LAB', 'MYRCENE', 'ALPHA-PINENE']) expect(isCaption(c), c).toBe(true);
    for (const c of ['23.3%', 'Sativa', 'Chemdawg Pre-Roll', 'Myrcene 0.85%']) expect(isCaption(c), c).toBe(false);
  });

  it('pairs each value with the caption it stands over, not with the row of values after the captions', () => {
    expect(captionPairs(TILES[2], TILES[3], TILES[4], 700)).toEqual(['TOTAL THC: 23.3%', 'TOTAL CBD: 0.4%', 'TOTAL CANNABINOIDS: 27.3%']);
    // Keys over their values (the caption row nearer to the row after it): not captions of the row above.
    const under = row(300, 330, [
      ['NET WT', 95, 165],
      ['BATCH', 555, 615],
    ]);
    const above = row(200, 236, [
      ['1g', 110, 150],
      ['CX2643-39', 520, 650],
    ]);
    const below = row(338, 370, [
      ['3.5g', 110, 150],
      ['AB2601-11', 520, 650],
    ]);
    expect(captionPairs(above, under, below, 700)).toBeNull();
    // One value over one caption: only when the value is printed larger and centred over it.
    expect(captionPairs(TILES[10], TILES[11], undefined, 700)).toEqual(['TESTING LAB: Steep Hill']);
    expect(captionPairs(row(860, 877, [['Steep Hill', 290, 430]]), TILES[11], undefined, 700)).toBeNull();
    expect(captionPairs(row(860, 896, [['Steep Hill', 30, 170]]), TILES[11], undefined, 700)).toBeNull();
  });

  it('takes a caption misread by blur among true ones, and rows a tilted photo made overlap', () => {
    const values = row(272, 348, [
      ['23.3%', 90, 180],
      ['0.4%', 320, 390],
      ['27.3%', 540, 630],
    ]);
    const keys = row(330, 372, [
      ['TOTAL THC', 85, 185],
      ['TOTAL CBO', 305, 405],
      ['TOTAL CANNABINOIDS', 490, 680],
    ]);
    expect(captionPairs(values, keys, undefined, 700)).toEqual(['TOTAL THC: 23.3%', 'TOTAL CBO: 0.4%', 'TOTAL CANNABINOIDS: 27.3%']);
    // Not a row of capitals with no caption at all, nor a caption row above the values.
    const words = row(330, 372, [
      ['CRAFT CANNABIS', 85, 185],
      ['SMALL BATCH CO', 305, 405],
    ]);
    expect(captionPairs(values, words, undefined, 700)).toBeNull();
    expect(captionPairs(values, { ...keys, y0: 250, y1: 290 }, undefined, 700)).toBeNull();
  });

  it('columnLines turns the grid into key: value lines', () => {
    const lines = columnLines(
      TILES.map((r) => r.text),
      TILES,
    );
    expect(lines).toContain('NET WT: 1g');
    expect(lines).toContain('STRAIN TYPE: Sativa');
    expect(lines).toContain('HARVESTED: 2026-05-02');
    expect(lines).toContain('MYRCENE: 0.73%');
    expect(lines).toContain('TESTING LAB: Steep Hill');
  });

  it('reads every field of the tiles', () => {
    const p = parseLabelText(TILES.map((r) => r.text).join('\n'), words(TILES));
    expect(p).toMatchObject({
      brand: 'BLOOM',
      productName: 'Chemdawg Pre-Roll',
      type: 'sativa',
      thcPct: 23.3,
      cbdPct: 0.4,
      totalCannabinoidsPct: 27.3,
      netWeightGrams: 1,
      batchNumber: 'CX2643-39',
      harvestDate: '2026-05-02',
      testDate: '2026-06-08',
      packageDate: '2026-07-08',
      labName: 'Steep Hill',
    });
    expect(p.terpenes.map((t) => t.name)).toEqual(['pinene', 'myrcene', 'linalool']);
  });

  it('keeps a 1 g value read as "lg" and reads it as 1 g', () => {
    const r = row(410, 456, [
      ['lg', 110, 150],
      ['Sativa', 310, 400],
    ]);
    r.cells[0].conf = 40;
    expect(withoutUnsureTail(r).cells.map((c) => c.text)).toEqual(['lg', 'Sativa']);
    expect(netWeightText('lg')).toBe('1g');
    expect(netWeightText('Ig')).toBe('1g');
    expect(netWeightText('lgs')).toBe('lgs');
    // A leading zero's point lost and the g read as 9: "059" alone is 0.5 g; "0.59" stays.
    expect(netWeightText('059')).toBe('0.5g');
    expect(netWeightText('0.59')).toBe('0.59');
    expect(netWeightText('1059')).toBe('1059');
  });
});

describe('a brand row with a tagline set far to its right', () => {
  it('drops the tagline, keeps a type, a kind, a figure or a near cell', () => {
    const tag = row(60, 86, [
      ['GH Labs', 30, 130],
      ['Small Batch', 580, 690],
    ]);
    expect(withoutSideRemark(tag, 700).text).toBe('GH Labs');
    for (const b of ['INDICA', 'Pre-Roll', '3.5g'])
      expect(
        withoutSideRemark(
          row(60, 86, [
            ['GH Labs', 30, 130],
            [b, 580, 690],
          ]),
          700,
        ).cells.length,
      ).toBe(2);
    // A stamp's key at the row's end stays (its date is on the row below).
    expect(
      withoutSideRemark(
        row(17, 33, [
          ['CANNA CAFE', 30, 200],
          ['PAcked on', 560, 690],
        ]),
        700,
      ).cells.length,
    ).toBe(2);
    expect(
      withoutSideRemark(
        row(60, 86, [
          ['Stoned', 30, 130],
          ['Ape', 170, 220],
        ]),
        700,
      ).cells.length,
    ).toBe(2);
  });
});

describe('a QR label’s small ruled table', () => {
  it('leaves a ruled table’s rules on labels (erasing them cost boxed cells on blurred photos)', () => expect(FIRST_PASS.label.gridRules).toBeFalsy());

  it('drops the quote-like specks the rules leave at a cell’s start, not a quoted name', () => {
    expect(withoutRuleSpecks('"THC   "28.1%   CBD   ‘0.5%')).toBe('THC   28.1%   CBD   0.5%');
    expect(withoutRuleSpecks("‘LOT   'CD2653-55")).toBe('LOT   CD2653-55');
    expect(withoutRuleSpecks("'Lil Bud'   Flower")).toBe("'Lil Bud'   Flower");
    expect(withoutRuleSpecks('Say "hi there"   ok')).toBe('Say "hi there"   ok');
    // A boxed cell's left rule read as a mark, or as I / 1 before a figure or code, or glued to a share over 100 %.
    expect(withoutRuleSpecks('. 1g   I LO2647-17')).toBe('1g   LO2647-17');
    expect(withoutRuleSpecks('. 27.9%   1 1.0%')).toBe('27.9%   1.0%');
    expect(withoutRuleSpecks('Sep 19, 2026   __CannaSafe')).toBe('Sep 19, 2026   CannaSafe');
    expect(withoutRuleSpecks('129.6%   0.2%')).toBe('29.6%   0.2%');
    expect(withoutRuleSpecks('100.0%   1 g')).toBe('100.0%   1 g');
    expect(withoutRuleSpecks('I Love Kush   Flower')).toBe('I Love Kush   Flower');
    expect(withoutRuleSpecks('Net Wt   1 1/8 oz')).toBe('Net Wt   1 1/8 oz');
  });

  it('reads "TOTAL CANN." as total cannabinoids, also run together', () => {
    for (const l of ['TOTAL CANN.   28.0%', 'TOTALCANN.   28.0%', 'TOT. CANN.  28.0%']) expect(pct(TOTAL_CANN.exec(l)).pct, l).toBe(28);
    expect(TOTAL_CANN.exec('Total Cannabis Co   28.0%')).toBeNull();
  });
});

describe('a cartridge: milligrams per cartridge and percent on one row', () => {
  it('takes the milligrams after the percentage behind a separator as the unit’s', () => {
    expect(potency('THC   85.5%   | 855 mg', TOTAL_THC, THC_AFTER, THC)).toEqual({ pct: 85.5, mg: 855 });
    expect(potency('CBD   1.4%  (7 mg)', TOTAL_THC, THC_AFTER, CBD)).toEqual({ pct: 1.4, mg: 7 });
    expect(potency('THC   367 mg   (73.4%)', TOTAL_THC, THC_AFTER, THC)).toEqual({ pct: 73.4, mg: 367 });
    // Not mg/g, not per serving, not another key's figure.
    expect(potency('THC   85.5%   855 mg/g', TOTAL_THC, THC_AFTER, THC).mg).toBeNull();
    expect(potency('THC   0.2%   10 mg per serving', TOTAL_THC, THC_AFTER, THC).mg).toBeNull();
    expect(potency('THC 20.1%   CBD 5 mg', TOTAL_THC, THC_AFTER, THC).mg).toBeNull();
  });
});
