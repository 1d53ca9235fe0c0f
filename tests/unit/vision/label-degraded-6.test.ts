import { describe, expect, it } from 'vitest';
import { parseLabelText } from '@/lib/vision/label-parser';
import { row, words } from '@/tests/helpers/box-rows';

/**
 * Degraded labels, sixth round (issue 14; tuning data, not blind): general rules found on degraded
 * photos of splits whose blind runs were reported long ago.
 */
describe('a table percentage whose point OCR lost on its first row', () => {
  it("takes the point back from the table's rows below it (`775` over `0.7` and `81.8`)", () => {
    // Seventeenth round `co-mg-pack` degraded #0: `THC   388   775` under `Cannabinoid   mg | package   % wt`.
    const rows = [
      row(20, 40, [['PACKWOODS', 40, 220]]),
      row(50, 68, [['Strawberry Haze Cartridge', 40, 380]]),
      row(80, 96, [['Hybrid - Vape - Net Wt. 0.5g', 40, 360]]),
      row(116, 140, [
        ['Cannabinoid', 40, 170],
        ['mg / package', 470, 590],
        ['% wt', 700, 750],
      ]),
      row(140, 156, [
        ['THC', 40, 80],
        ['388', 520, 560],
        ['775', 715, 750],
      ]),
      row(160, 176, [
        ['CBD', 40, 80],
        ['4', 545, 560],
        ['0.7', 720, 750],
      ]),
      row(180, 196, [
        ['Total Cannabinoids', 40, 240],
        ['409', 520, 560],
        ['81.8', 710, 750],
      ]),
    ];
    const p = parseLabelText(rows.map((r) => r.text).join('\n'), words(rows));
    expect([p.thcPct, p.thcMg, p.cbdPct, p.totalCannabinoidsPct]).toEqual([77.5, 388, 0.7, 81.8]);
  });
});

describe("a table whose percentage column lost every point, and a terpene row's unit in its key", () => {
  it("reads `02` as 0.2 and learns the column's one decimal from it (`226` → 22.6, `257` → 25.7)", () => {
    // Seventeenth round `co-mg-pack` degraded #1: `Total THC   226   226` under `Cannabinoid   mg | package   % by wt.`.
    const rows = [
      row(20, 40, [['LA Confidential Flower', 40, 320]]),
      row(116, 140, [
        ['Cannabinoid', 40, 170],
        ['mg/package', 470, 590],
        ['%wt', 720, 760],
      ]),
      row(140, 156, [
        ['Total THC', 40, 150],
        ['226', 520, 560],
        ['226', 725, 760],
      ]),
      row(160, 176, [
        ['Total CBD', 40, 150],
        ['2', 545, 560],
        ['02', 740, 760],
      ]),
      row(180, 196, [
        ['Total Active Cannabinoids', 40, 300],
        ['257', 520, 560],
        ['257', 725, 760],
      ]),
    ];
    const p = parseLabelText(rows.map((r) => r.text).join('\n'), words(rows));
    expect([p.thcPct, p.thcMg, p.cbdPct, p.totalCannabinoidsPct]).toEqual([22.6, 226, 0.2, 25.7]);
  });

  it('reads bare shares as percentages when the terpene key names `%` in parentheses', () => {
    const p = parseLabelText(['LA Confidential Flower', 'Terpenes (% by wt): D-Limonene 1.24, beta-Myrcene 1.10, Bisabolol 1.04'].join('\n'));
    expect(p.terpenes).toEqual([
      { name: 'limonene', percentage: 1.24 },
      { name: 'myrcene', percentage: 1.1 },
      { name: 'bisabolol', percentage: 1.04 },
    ]);
    // A key in mg/g is not read as percentages.
    expect(parseLabelText(['X Flower', 'Terpenes (mg/g): Limonene 12.4, Myrcene 11.0'].join('\n')).terpenes).toEqual([
      { name: 'limonene', percentage: 1.24 },
      { name: 'myrcene', percentage: 1.1 },
    ]);
  });
});

describe('a net weight whose point OCR lost after a leading zero', () => {
  it('reads `Net Wt. 059g` as 0.5 g (not 59 g), and `05g` as 0.5 g', () => {
    // Sixteenth round `olcc-uid` degraded #0: `Hybrid - Vape - Net Wt. 059g` for `0.5 g`.
    expect(parseLabelText(['Maui Wowie Vape Cart', 'Hybrid - Vape - Net Wt. 059g'].join('\n')).netWeightGrams).toBe(0.5);
    expect(parseLabelText(['Maui Wowie Vape Cart', 'Net Wt. 05g'].join('\n')).netWeightGrams).toBe(0.5);
    // As printed, unchanged.
    expect(parseLabelText(['Maui Wowie Vape Cart', 'Net Wt. 0.5g'].join('\n')).netWeightGrams).toBe(0.5);
    expect(parseLabelText(['Blue Dream Flower', 'Net Wt. 3.5g'].join('\n')).netWeightGrams).toBe(3.5);
  });
});

describe("a bilingual label's terpene row whose English value wrapped", () => {
  it('reads the French column beside it, accented names and comma decimals (`Limonéne 0,99 %`)', () => {
    // Sixteenth round `fr-en-back` #1 (clean and degraded): `D-Limonene` ends the English cell, its
    // `0.99%` wrapped onto the row below; the French cell on the same row prints all three.
    const rows = [
      row(10, 30, [['DIME INDUSTRIES', 40, 300]]),
      row(40, 60, [['Blue Magoo Smalls', 40, 320]]),
      row(300, 316, [
        ['Terpenes: alpha-Pinene 1.34%, Myrcene 1.27%, D-Limonene', 40, 700],
        ['Terpénes : Pinéne 1,34 %, Myrcéne 1,27 %, Limonéne 0,99 %', 840, 1500],
      ]),
      row(320, 336, [['0.99%', 40, 100]]),
      row(350, 366, [['WARNING: Keep out of reach of children.', 40, 500]]),
    ];
    const p = parseLabelText(rows.map((r) => r.text).join('\n'), words(rows));
    expect(p.terpenes).toEqual([
      { name: 'pinene', percentage: 1.34 },
      { name: 'myrcene', percentage: 1.27 },
      { name: 'limonene', percentage: 0.99 },
    ]);
  });
});
