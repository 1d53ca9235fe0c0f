import { describe, expect, it } from 'vitest';
import { parseLabelText } from '@/lib/vision/label-parser';
import { classCodeShares } from '@/lib/vision/label-class-share';
import { withoutUnsureTail } from '@/lib/vision/label-columns';
import type { WordBox } from '@/lib/vision/parse-common';

/** The twenty-third label round's follow-up (issue 14, not blind): rules found on its degraded photos, each shown on text made here. */

// A degraded `tc-class` photo as tesseract read it (the class code's 8 read as S; the point of THC 18.6 lost).
const TC = [
  'Tana                TIS/C1 |',
  'Medical Cannabis',
  'London Pound Cake Dried Flower',
  'Strain: London Pound Cake',
  'Manufacturer: Cheeba Chews',
  'Form: Dried inflorescence Type: Sativa',
  'Net weight: 20 g',
  'Measured content (lab results):',
  'THC 186%',
  'CBD 09%',
  'Terpenes: B-Myrcene 1.37%, Terpinolene 1.29%, Limonene 0.74%',
  'Batch: LP2663-28 Packing date: 2026-06-13',
];

describe('a keyed share whose point OCR lost, on a label printing a class code (label-class-share.ts)', () => {
  it('gives THC 186% its point back beside a class code, read or blurred', () => {
    expect(parseLabelText(TC.join('\n')).thcPct).toBe(18.6);
    expect(parseLabelText(TC.map((l) => l.replace('TIS/C1', 'T22/C1').replace('186%', '229%')).join('\n')).thcPct).toBe(22.9);
    // The class code lost, its footnote's words kept.
    const footnote = [...TC.map((l) => l.replace('TIS/C1', '')), 'T18/C1 – THC / CBD category. For the licensed patient only.'.replace('T18/C1', '')];
    expect(parseLabelText(footnote.join('\n')).thcPct).toBe(18.6);
    expect(classCodeShares(['T20/C4', 'Total THC: 205 %', 'CBD 41%'])).toEqual(['T20/C4', 'Total THC: 20.5 %', 'CBD 41%']);
  });

  it('leaves a label without a class code alone, and shares of 100 or less', () => {
    const plain = TC.map((l) => l.replace('TIS/C1', ''));
    expect(parseLabelText(plain.join('\n')).thcPct).toBeNull();
    expect(classCodeShares(['Type: Hybrid', 'THC 261%'])).toEqual(['Type: Hybrid', 'THC 261%']);
    expect(classCodeShares(['T18/C1', 'THC 18.6%', 'THC 100%', 'THC 2290%'])).toEqual(['T18/C1', 'THC 18.6%', 'THC 100%', 'THC 2290%']);
  });
});

describe('a blurred cannabinoid name before its share is kept (label-columns.ts withoutUnsureTail)', () => {
  it("keeps `CBG` read at 64 at a row's left end, so its row is no bare figure taken for the total below it", () => {
    const line = {
      text: 'CBG   1.5%',
      y0: 553,
      y1: 576,
      conf: 80,
      cells: [
        { text: 'CBG', x0: 117, x1: 176, conf: 64 },
        { text: '1.5%', x0: 448, x1: 517, conf: 96 },
      ],
    };
    expect(withoutUnsureTail(line).text).toBe('CBG   1.5%');
    // Edge print is still dropped.
    expect(withoutUnsureTail({ ...line, text: 'oc   1.5%', cells: [{ ...line.cells[0], text: 'oc' }, line.cells[1]] }).text).toBe('1.5%');
    // A skewed hemp pouch's table as tesseract boxed it.
    const rows: [string, number][][] = [
      [['Pharmers', 95]],
      [
        ['Lemon', 93],
        ['Tree', 93],
        ['THCa', 90],
        ['Flower', 92],
      ],
      [
        ['Cannabinoid', 91],
        ['Profile', 92],
      ],
      [
        ['CBD', 66],
        ['0.7%', 96],
      ],
      [
        ['CBG', 64],
        ['1.5%', 96],
      ],
      [
        ['Total', 11],
        ['Cannabinoids', 91],
        ['29.6%', 68],
      ],
    ];
    const words: WordBox[] = rows.flatMap((r, line) =>
      r.map(([text, conf], j) => {
        const x0 = /%$/.test(text) ? 440 : 40 + j * 160;
        return { text, conf, line, x0, x1: x0 + 12 * text.length, y0: 100 + line * 40, y1: 122 + line * 40 };
      }),
    );
    const text = rows.map((r) => r.map(([t]) => t).join(' ')).join('\n');
    expect(parseLabelText(text, words).totalCannabinoidsPct).toBe(29.6);
  });
});
