import { describe, expect, it } from 'vitest';
import { gs1Codes, gs1DateIso } from '@/lib/vision/label-gs1';
import { packGrams } from '@/lib/vision/label-packs';
import { parseLabelText } from '@/lib/vision/label-parser';
import { invertStripedRows } from '@/lib/vision/striped-rows';

/** The twenty-second label pass (issue 14): rules found on the twenty-second round's blind run, each shown on text or pixels made here. */

describe('a GS1-128 code’s human-readable line (label-gs1.ts)', () => {
  it('reads the batch (10) and the packaging date (13); the expiry (17) is no date of the product', () => {
    const p = parseLabelText(
      ['Kiva Confections', 'Lemon Haze Pre-Roll', 'THC 21.4%   CBD 0.3%', 'Lab tested 2026-07-22 by SC Labs', '(01) 00612805823793 (10) LH2687-69 (13) 260820 (17) 270820'].join(
        '\n',
      ),
    );
    expect(p.batchNumber).toBe('LH2687-69');
    expect(p.packageDate).toBe('2026-08-20');
    expect(p.testDate).toBe('2026-07-22');
  });

  it('also without spaces, a bracket read as a brace; a production date (11) is the package’s', () => {
    expect(gs1Codes('(01)00612805823793(10)AB2612-03{13)261005(17)271005')).toBe('GTIN 00612805823793   Batch: AB2612-03   Packaged: 2026-10-05   Expires: 2027-10-05');
    expect(gs1Codes('(10)AB2612-03 (11)260930')).toBe('Batch: AB2612-03   Mfg. Date: 2026-09-30');
    expect(gs1DateIso('261300')).toBeNull();
    // One bracketed figure is no code (`Contains (5) pre-rolls`, `(10) servings`).
    expect(gs1Codes('Contains (10) servings (2 g each)')).toBe('Contains (10) servings (2 g each)');
  });
});

describe('a multi-pack printed as count × piece weight (label-packs.ts)', () => {
  it('weighs the pack, not one piece, when no net weight is keyed', () => {
    const p = parseLabelText(['Canna Cafe', 'Legend OG Pre-Rolls', 'Indica · Pre-Rolls', '10 x .35g', 'THC 20.2%', 'CBD 0.8%'].join('\n'));
    expect(p.netWeightGrams).toBe(3.5);
  });

  it('reads the pack forms and leaves a single weight alone', () => {
    expect(packGrams('5 × 0.5 g')).toBe(2.5);
    expect(packGrams('(7) 0.5g pre-rolls')).toBe(3.5);
    expect(packGrams('Pre-Roll 1g x 2')).toBe(2);
    expect(packGrams('Hybrid · Flower · 3.5g')).toBeNull();
    expect(packGrams('1 x 3.5g')).toBeNull();
  });

  it('a keyed net weight beside the pack is read first', () => {
    const p = parseLabelText(['Canna Cafe', 'Legend OG Pre-Rolls', '5 × 0.7 g  |  Net Wt. 3.5 g', 'THC 20.2%'].join('\n'));
    expect(p.netWeightGrams).toBe(3.5);
  });
});

describe('a striped table’s dark rows (striped-rows.ts)', () => {
  /** A page 400 × 300: a framed table of rows 20 px tall, every other one a dark band (40) with a light "glyph" (230) in it. */
  function stripedPage(bands: number): { data: Uint8Array; w: number; h: number } {
    const w = 400;
    const h = 300;
    const data = new Uint8Array(w * h).fill(250);
    const set = (x0: number, y0: number, x1: number, y1: number, v: number) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data[y * w + x] = v;
    };
    for (let i = 0; i < bands; i++) {
      const y0 = 40 + i * 40;
      set(20, y0, 380, y0 + 19, 40);
      set(40, y0 + 5, 48, y0 + 14, 230);
    }
    // The frame: both sides from the first band to the last, touching every band.
    set(20, 20, 21, 40 + bands * 40, 30);
    set(379, 20, 380, 40 + bands * 40, 30);
    return { data, w, h };
  }

  it('turns three or more framed bands dark-on-light and clears the frame', () => {
    const { data, w, h } = stripedPage(4);
    expect(invertStripedRows(data, w, h, 20)).toBe(4);
    expect(data[50 * w + 200]).toBe(255); // the band is paper
    expect(data[50 * w + 44]).toBeLessThan(100); // its light print is dark
    expect(data[70 * w + 20]).toBe(255); // the frame beside a light row is gone
  });

  it('leaves a page with fewer than three bands as it was', () => {
    const { data, w, h } = stripedPage(2);
    const before = Uint8Array.from(data);
    expect(invertStripedRows(data, w, h, 20)).toBe(0);
    expect(data).toEqual(before);
  });
});
