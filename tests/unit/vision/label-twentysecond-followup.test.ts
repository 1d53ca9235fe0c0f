import { describe, expect, it } from 'vitest';
import { invertStripedRows } from '@/lib/vision/striped-rows';

/**
 * A striped table on a photo (striped-rows.ts, follow-up to the twenty-second label round): a
 * page 400 × 300, rows 20 px tall, every other one a dark band with a light "glyph" in it, the
 * rows between grey paper with an ink glyph; `shear` px of slant per pixel row (a keystoned photo).
 */
function photoPage(opts: { band?: number; glyph?: number; paper?: number; shear?: number }) {
  const { band = 40, glyph = 230, paper = 250, shear = 0 } = opts;
  const w = 400;
  const h = 300;
  const data = new Uint8Array(w * h).fill(paper);
  const set = (x0: number, y0: number, x1: number, y1: number, v: number) => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data[y * w + x + Math.round(shear * y)] = v;
  };
  for (let i = 0; i < 5; i++) {
    const y0 = 40 + i * 40;
    set(20, y0, 340, y0 + 19, band);
    set(40, y0 + 5, 48, y0 + 14, glyph);
    set(40, y0 + 25, 48, y0 + 34, 60); // ink in the light row below
  }
  set(20, 20, 21, 240, 30);
  set(339, 20, 340, 240, 30);
  return { data, w, h };
}

describe('striped rows on a photo (striped-rows.ts follow-up)', () => {
  it('finds the bands of a slanted (keystoned) table by each pixel row’s own edges', () => {
    const shear = 0.25; // 50 px of slant from the first band to the last
    const { data, w, h } = photoPage({ shear });
    expect(invertStripedRows(data, w, h, 20)).toBe(5);
    const at = (x: number, y: number) => data[y * w + x + Math.round(shear * y)];
    expect(at(44, 210)).toBeLessThan(100); // the last band's light print is dark
    expect(at(200, 210)).toBe(255); // and the band paper
    expect(at(20, 230)).toBe(255); // the slanted frame beside the last light row is gone
  });

  it('keeps a band’s faint print (only a little lighter than the band)', () => {
    const { data, w, h } = photoPage({ band: 60, glyph: 120 });
    expect(invertStripedRows(data, w, h, 20)).toBe(5);
    expect(data[50 * w + 44]).toBeLessThan(100);
  });

  it('turns the light rows’ grey paper white and keeps their ink', () => {
    const { data, w, h } = photoPage({ paper: 200 });
    expect(invertStripedRows(data, w, h, 20)).toBe(5);
    expect(data[70 * w + 200]).toBe(255);
    expect(data[70 * w + 44]).toBeLessThan(60);
  });
});
