import { describe, expect, it } from 'vitest';
import { columnLines } from '@/lib/vision/label-columns';
import { parseLabelText } from '@/lib/vision/label-parser';
import { fromSpanish, spanishDates } from '@/lib/vision/label-spanish';
import { namesOverShares } from '@/lib/vision/label-terpene-spokes';
import { row } from '@/tests/helpers/box-rows';

/** The rules added after the fifteenth label round's blind run (Spanish keys, a radar chart's spoke labels, a dispensing label's maker). */

describe('Spanish on a label (label-spanish.ts)', () => {
  it('reads Spanish months, day first', () => {
    expect(spanishDates('10 de abril de 2026')).toBe('Apr 10, 2026');
    expect(spanishDates('Fecha 15-jun-2026')).toBe('Fecha Jun 15, 2026');
    expect(spanishDates('19-ago-2026')).toBe('Aug 19, 2026');
    expect(spanishDates('1 de septiembre de 2026')).toBe('Sep 1, 2026');
    expect(spanishDates('06-dic-2026')).toBe('Dec 6, 2026');
    // English dates and other figures stay.
    expect(spanishDates('Packaged: 09/26/2026')).toBe('Packaged: 09/26/2026');
    expect(spanishDates('Batch MA2610-12')).toBe('Batch MA2610-12');
  });

  it('keeps the English half of a bilingual key and puts a Spanish one alone into English', () => {
    expect(fromSpanish('Fecha de cosecha / Harvest date      10 de abril de 2026')).toBe('Harvest date      Apr 10, 2026');
    expect(fromSpanish('Fecha de empaque | Packaging date   19-ago-2026')).toBe('Packaging date   Aug 19, 2026');
    expect(fromSpanish('Laboratorio / Laboratory     CannaSafe')).toBe('Laboratory     CannaSafe');
    expect(fromSpanish('Laboratorio: SC Labs')).toBe('Laboratory: SC Labs');
    // A bracket read at the row's edge goes with the dropped Spanish key; an accent read as d too.
    expect(fromSpanish('[Laboratorio / Laboratory     ProVerde Labs')).toBe('Laboratory     ProVerde Labs');
    expect(fromSpanish('{Fecha de andlisis / Test date   06-jul-2026')).toBe('Test date   Jul 6, 2026');
    expect(fromSpanish('Tipo / Type    Híbrida')).toBe('Tipo / Type    Hybrid');
    expect(fromSpanish('Pineno 1.38 %     B-Mirceno 1.32 %')).toBe('Pinene 1.38 %     B-Myrcene 1.32 %');
    expect(fromSpanish('Cariofileno 0.68 %')).toBe('Caryophyllene 0.68 %');
    // English labels as they were.
    for (const l of ['Lot: OG2657-02', 'Strain: Lemon Kush', 'Limonene 0.52%', 'Indica', 'Harvest Date: Mar 10, 2026']) expect(fromSpanish(l)).toBe(l);
  });

  it('reads a Puerto Rico label with Spanish / English keys', () => {
    const text = [
      'CANNABIS MEDICINAL - MEDICAL CANNABIS',
      'GH Labs',
      'Biscotti Disposable',
      'Variedad / Strain                        Biscotti',
      'Tipo / Type                              Índica',
      'THC Total / Total THC                    84.7 %',
      'Peso Neto / Net Wt.                      .5g',
      'Lote / Lot                               BX2678-28',
      'Fecha de cosecha / Harvest date          10 de abril de 2026',
      'Fecha de empaque / Packaging date        14 de junio de 2026',
      'Fecha de analisis / Test date            1 de mayo de 2026',
      'Laboratorio / Laboratory                 CannaSafe',
      'Terpenos / Terpenes',
      'Pineno 1.38 %                            B-Mirceno 1.32 %',
      'B-Ocimeno 1.32 %                         Cariofileno 0.68 %',
    ].join('\n');
    const p = parseLabelText(text);
    expect(p.brand).toBe('GH Labs');
    expect(p.productName).toBe('Biscotti Disposable');
    expect(p.harvestDate).toBe('2026-04-10');
    expect(p.packageDate).toBe('2026-06-14');
    expect(p.testDate).toBe('2026-05-01');
    expect(p.labName).toBe('CannaSafe');
    expect(p.type).toBe('indica');
    expect(p.terpenes.map((t) => t.name).sort()).toEqual(['caryophyllene', 'myrcene', 'ocimene', 'pinene']);
  });
});

describe('terpene names over their shares (label-terpene-spokes.ts)', () => {
  it('pairs each share with the name it stands under, passing over the chart’s specks', () => {
    const names = row(300, 318, [
      ['Myrcene', 170, 242],
      ['ys', 300, 320],
      ['Pinene', 485, 540],
    ]);
    const shares = row(322, 340, [
      ['ND', 214, 242],
      ['7 |', 380, 395],
      ['1.07%', 485, 540],
    ]);
    expect(namesOverShares(names, shares)).toEqual(['Myrcene: ND', 'Pinene: 1.07%']);
    // The chart's lines read into the cells: `ys Na` between the names, `7 |` before a share.
    const glued = namesOverShares(
      row(592, 620, [
        ['Myrcene', 345, 485],
        ['ys Na', 520, 937],
        ['Pinene', 972, 1080],
      ]),
      row(743, 799, [
        ['ND', 430, 486],
        ['7 | 1.07%', 856, 1079],
      ]),
    );
    expect(glued).toEqual(['Myrcene: ND', 'Pinene: 1.07%']);
    const tilde = namesOverShares(
      row(590, 634, [
        ['Limonene', 337, 476],
        ['~~', 533, 586],
        ['Bisabolol', 863, 989],
      ]),
      row(640, 675, [
        ['0.12% [~~', 378, 615],
        ['“1 1.18%', 819, 961],
      ]),
    );
    expect(tilde).toEqual(['Limonene: 0.12%', 'Bisabolol: 1.18%']);
    // Names right-aligned on the left, left-aligned on the right.
    const two = namesOverShares(
      row(480, 498, [
        ['Bisabolol', 215, 289],
        ['B-Ocimene', 439, 525],
      ]),
      row(502, 520, [
        ['0.32%', 235, 289],
        ['0.49%', 439, 493],
      ]),
    );
    expect(two).toEqual(['Bisabolol: 0.32%', 'B-Ocimene: 0.49%']);
  });

  it('leaves other rows: a name with its share on its row, a row of words, values above', () => {
    expect(namesOverShares(row(10, 28, [['Myrcene 0.85%', 30, 160]]), row(32, 50, [['Limonene 0.42%', 30, 160]]))).toBeNull();
    expect(namesOverShares(row(10, 28, [['Pinene and Myrcene notes', 30, 300]]), row(32, 50, [['0.42%', 30, 80]]))).toBeNull();
    expect(namesOverShares(row(40, 58, [['Myrcene', 30, 100]]), row(10, 28, [['0.42%', 30, 80]]))).toBeNull();
    // One name, one share not under it.
    expect(namesOverShares(row(10, 28, [['Myrcene', 30, 100]]), row(32, 50, [['0.42%', 400, 450]]))).toBeNull();
  });

  it('columnLines reads a radar chart’s labels as name: share lines', () => {
    const rows = [
      row(250, 268, [['Caryophyllene', 305, 420]]),
      row(272, 290, [['1.27%', 337, 390]]),
      row(360, 378, [
        ['Myrcene', 170, 242],
        ['Pinene', 485, 540],
      ]),
      row(382, 400, [
        ['ND', 214, 242],
        ['1.07%', 485, 540],
      ]),
    ];
    expect(
      columnLines(
        rows.map((r) => r.text),
        rows,
      ),
    ).toEqual(['Caryophyllene: 1.27%', 'Myrcene: ND', 'Pinene: 1.07%']);
  });

  it('a row of keys with TAC over their values is paired', () => {
    const rows = [
      row(140, 152, [
        ['TOTAL THC', 28, 120],
        ['TOTAL CBD', 252, 345],
        ['TAC', 475, 506],
      ]),
      row(162, 184, [
        ['22.3%', 28, 108],
        ['0.9%', 252, 316],
        ['26.0%', 475, 556],
      ]),
    ];
    expect(
      columnLines(
        rows.map((r) => r.text),
        rows,
      ),
    ).toEqual(['TOTAL THC: 22.3%', 'TOTAL CBD: 0.9%', 'TAC: 26.0%']);
  });
});

describe('a dispensing label (fifteenth round)', () => {
  it('takes the maker after Mfr: or Grower/Processor:, not the dispensary heading the label', () => {
    const text = (key: string) =>
      [
        'LIBERTY HEALTH SCIENCES',
        'Medical Marijuana Treatment Center - Lic. DS-1204-58',
        'Rx# 025697 Dispensed: Aug 2, 2026',
        'Patient: NGUYEN, A.        DOB: Sep 13, 1971',
        'Skywalker OG Premium Flower',
        `${key}: Enchanted Botanicals`,
        'THC 29.8% (298.0 mg/g) CBD 0.8% (8.0 mg/g)',
      ].join('\n');
    for (const key of ['Mfr', 'Grower/Processor', 'Processor']) expect(parseLabelText(text(key)).brand).toBe('Enchanted Botanicals');
  });

  it('a heading of only regulatory words is no brand', () => {
    const p = parseLabelText(['CANNABIS MEDICINAL - MEDICAL CANNABIS', 'Elevated RX', 'Lemon Kush Pre-Roll', 'THC 27.3%'].join('\n'));
    expect(p.brand).toBe('Elevated RX');
    expect(p.productName).toBe('Lemon Kush Pre-Roll');
  });
});

describe('values a dispensing label and a Spanish label lost (fifteenth round)', () => {
  it('finds the batch in tesseract’s own lines when a box as wide as its row put a key before it', () => {
    const words = [
      { text: 'Lot:', line: 0, x0: 44, y0: 694, x1: 104, y1: 742, conf: 68 },
      { text: 'PO2670-52', line: 0, x0: 116, y0: 694, x1: 272, y1: 742, conf: 52 },
      { text: 'Packaged:', line: 0, x0: 48, y0: 698, x1: 1475, y1: 735, conf: 72 },
      { text: '09/26/2026', line: 0, x0: 1328, y0: 694, x1: 1476, y1: 742, conf: 94 },
    ];
    expect(parseLabelText('Lot: PO2670-52 Packaged: 09/26/2026', words).batchNumber).toBe('PO2670-52');
  });

  it('keeps a half gram read without its 0 (`.59`) after a blurred weight key', () => {
    const words = [
      { text: 'Net', line: 0, x0: 54, y0: 559, x1: 110, y1: 590, conf: 90 },
      { text: 'Wt.', line: 0, x0: 120, y0: 559, x1: 170, y1: 590, conf: 90 },
      { text: '.59', line: 0, x0: 869, y0: 559, x1: 911, y1: 590, conf: 40 },
    ];
    expect(parseLabelText('Net Wt.   .59', words).netWeightGrams).toBe(0.5);
  });
});
