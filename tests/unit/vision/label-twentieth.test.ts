import { describe, expect, it } from 'vitest';
import { captionOver } from '@/lib/vision/label-caption-over';
import { computedTotal } from '@/lib/vision/label-formula';
import { parseLabelText } from '@/lib/vision/label-parser';
import { sideBand, turnedPrint, withSideReadings } from '@/lib/vision/label-side-panel';
import { bareTotal } from '@/lib/vision/label-value-first';
import { row, words } from '@/tests/helpers/box-rows';

/** The twentieth label pass (issue 14): rules found on the twentieth round's blind run, each shown on text written here. */

describe('a total printed as a computed line (label-formula.ts)', () => {
  it('keeps the result after the formula, in every printed form', () => {
    expect(computedTotal('Total THC = THC-A x 0.877 + A9-THC = 29.2%')).toBe('Total THC: 29.2%');
    expect(computedTotal('Total CBD = 0.877 * 0.16% + 0.06% = 0.2%')).toBe('Total CBD: 0.2%');
    expect(computedTotal('Total THC (THCa × 0.877 + Δ9-THC): 23.8%')).toBe('Total THC: 23.8%');
    expect(computedTotal('Total THC = (THCA × 0.877) + Delta-9 THC = 80.4 mg/g')).toBe('Total THC: 80.4 mg/g');
  });

  it('drops a formula with no result and leaves other rows', () => {
    expect(computedTotal('*Total THC = (THCa * 0.877) + d9-THC')).toBe('');
    for (const r of ['Total THC = 23.8%', 'Total THC: 23.8%', 'THCa   25.72%', 'Serving = 1 piece', 'Total THC*   23.5%']) expect(computedTotal(r)).toBe(r);
  });

  it('reads the total, not the neutral or the acid, from a panel that lists both', () => {
    for (const formula of ['Total THC = THC-A x 0.877 + A9-THC = 29.2%', 'Total THC = 0.877 * 32.16% + 1.00% = 29.2%']) {
      const p = parseLabelText(
        [
          'Everest',
          'Bubblegum Premium Flower',
          'Hybrid | Flower | Net Wt 3.5 g',
          'POTENCY (dry weight basis)',
          'THC-A     32.16%',
          'A9-THC     1.00%',
          'CBDa     0.72%',
          'CBD     0.07%',
          formula,
          'Total CBD = CBDa x 0.877 + CBD = 0.7%',
          'TAC     31.3%',
        ].join('\n'),
      );
      expect([p.thcPct, p.cbdPct, p.totalCannabinoidsPct]).toEqual([29.2, 0.7, 31.3]);
    }
  });
});

describe('a section heading with a qualifier (label-parser.ts SECTION)', () => {
  it('is never the product name', () => {
    for (const head of ['Potency Analysis', 'CANNABINOID ANALYSIS', 'Terpene Summary']) {
      const p = parseLabelText(['Gary Payton Flower', 'Sativa | Flower | Net Wt 7 g', head, 'THCa     25.72%', 'Total THC*     23.5%'].join('\n'));
      expect(p.productName).toBe('Gary Payton Flower');
    }
  });
});

describe('figures as separate blocks (a ring of captions and figures)', () => {
  // Caption over figure: a small caption, the big figure under it.
  const caption = row(200, 214, [['TOTAL THC', 330, 420]]);
  const figure = row(222, 252, [['26.1%', 322, 428]]);

  it('pairs a lone caption with the lone figure under it (label-caption-over.ts)', () => {
    expect(captionOver(caption, figure, row(120, 140, [['Jack Frost Smalls', 250, 500]]), 750)).toEqual(['TOTAL THC: 26.1%']);
    // Not: a figure printed no larger than its caption, one set off to a side, or a caption nearer the row above.
    expect(captionOver(caption, row(222, 236, [['26.1%', 340, 400]]), undefined, 750)).toBeNull();
    expect(captionOver(caption, row(222, 252, [['26.1%', 600, 700]]), undefined, 750)).toBeNull();
    expect(captionOver(caption, figure, row(180, 196, [['21.7%', 330, 420]]), 750)).toBeNull();
    expect(captionOver(row(200, 214, [['Jack Frost', 330, 420]]), figure, undefined, 750)).toBeNull();
  });

  it('names a bare TOTAL caption paired with its figure the total cannabinoids (label-value-first.ts)', () => {
    expect(bareTotal('TOTAL: 24.6%')).toBe('Total Cannabinoids: 24.6%');
    expect(bareTotal('TOTAL: $141.70')).toBe('TOTAL: $141.70');
  });

  it('reads a ring whose captions stand over or under their figures', () => {
    const rows = [
      row(30, 60, [['PHARMERS', 280, 470]]),
      row(80, 100, [['Jack Frost Smalls', 250, 500]]),
      caption,
      figure,
      row(300, 314, [
        ['TOTAL', 150, 215],
        ['TOTAL CBD', 520, 620],
      ]),
      row(322, 352, [
        ['29.4%', 140, 230],
        ['0.9%', 530, 600],
      ]),
      row(420, 440, [['INDICA', 330, 420]]),
      row(600, 620, [['Flower · Net Wt. 1g', 270, 480]]),
    ];
    const p = parseLabelText(rows.map((r) => r.text).join('\n'), words(rows));
    expect([p.thcPct, p.cbdPct, p.totalCannabinoidsPct]).toEqual([26.1, 0.9, 29.4]);
  });
});

describe('a side panel of turned print at the edge (label-side-panel.ts)', () => {
  /** A grey page: paper, a main panel of horizontal lines at the left, and `strip` drawn at the right. */
  function page(strip: (grey: Uint8Array, w: number) => void): { grey: Uint8Array; w: number; h: number } {
    const w = 200;
    const h = 200;
    const grey = new Uint8Array(w * h).fill(240);
    for (let y = 20; y < 180; y += 12) for (let yy = y; yy < y + 6; yy++) for (let x = 10; x < 120; x++) grey[yy * w + x] = 30;
    strip(grey, w);
    return { grey, w, h };
  }
  // Three turned lines along the height (letters a little apart), or short horizontal lines, in x 160..190.
  const turned = (grey: Uint8Array, w: number) => {
    for (const x0 of [165, 175, 185]) for (let y = 20; y < 180; y++) if (y % 10 < 8) for (let x = x0; x < x0 + 5; x++) grey[y * w + x] = 30;
  };
  const flat = (grey: Uint8Array, w: number) => {
    for (let y = 20; y < 180; y += 13) for (let yy = y; yy < y + 5; yy++) for (let x = 160; x < 190; x++) grey[yy * w + x] = 30;
  };

  it('finds a strip of turned lines beyond an empty gutter, and not a column of horizontal lines', () => {
    const p = page(turned);
    expect(sideBand(p.grey, p.w, p.h)).toMatchObject({ side: 'right' });
    const band = sideBand(p.grey, p.w, p.h);
    expect(band && band.x0 > 120 && band.x0 <= 165).toBe(true);
    expect(turnedPrint(p.grey, p.w, p.h, 160, 195)).toBe(true);
    const q = page(flat);
    expect(turnedPrint(q.grey, q.w, q.h, 160, 195)).toBe(false);
    expect(sideBand(q.grey, q.w, q.h)).toBeNull();
  });

  it('fills the facts the page lacks from the main panel and the strip read apart, keeping the ones it has', () => {
    const main = ['GH Labs', 'Acapulco Gold Live Resin', 'Indica · Concentrate', 'THC 74.7%', 'CBD 1.1%', 'TAC 79.1%', 'NET WT 1.0 g'].join('\n');
    const strip = ['BATCH AG2685-72  ·  PACKAGED 2026-10-02', 'HARVESTED 2026-08-04  ·  TESTED 2026-09-07', 'LAB: Steep Hill'].join('\n');
    const pageRead = { ...parseLabelText(main), thcPct: 74.7 };
    const read = (text: string) => ({ text, confidence: 90, ms: 1 });
    const out = withSideReadings({ ...pageRead, netWeightGrams: 10 }, [read(main), read(strip)]);
    expect([out.batchNumber, out.packageDate, out.harvestDate, out.testDate, out.labName]).toEqual(['AG2685-72', '2026-10-02', '2026-08-04', '2026-09-07', 'Steep Hill']);
    // What the page read stays (even where the panels read otherwise).
    expect([out.thcPct, out.netWeightGrams, out.brand]).toEqual([74.7, 10, 'GH Labs']);
  });
});
