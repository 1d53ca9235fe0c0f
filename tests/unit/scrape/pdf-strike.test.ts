import { describe, expect, it } from 'vitest';
import { eraseRules } from '@/lib/scrape/pdf/strike';

/**
 * Struck-through prices on a scanned menu (docs/menus.md): the line is taken off before OCR. (The
 * bench's scanned menu, Chromium's grey `<s>` prices, is the end-to-end check: an SVG-drawn struck
 * price reads too differently to stand for it.)
 */

const PAPER = 239;
const INK = 140;

/** A picture of paper, `width` × `height`, with rectangles of ink drawn on it. */
function picture(width: number, height: number, rects: [x0: number, y0: number, x1: number, y1: number, grey?: number][]): Uint8Array {
  const g = new Uint8Array(width * height).fill(PAPER);
  for (const [x0, y0, x1, y1, grey] of rects) for (let y = y0; y < y1; y++) g.fill(grey ?? INK, y * width + x0, y * width + x1);
  return g;
}

describe('thin horizontal rules are taken off a scanned page', () => {
  // 1000 px wide: a rule is at least 30 px long (the glyph's own bar, 12 px, is none)
  const W = 1000;
  const H = 60;
  // a '0'-like glyph: two upright strokes joined at top and bottom, and a struck line 2 px thick
  // across it and the gaps on both sides, light grey (170 on paper of 239) as a struck price's
  // line is printed and scanned
  const glyph: [number, number, number, number][] = [
    [100, 10, 104, 40],
    [116, 10, 120, 40],
    [104, 10, 116, 13],
    [104, 37, 116, 40],
  ];
  const strike: [number, number, number, number, number] = [80, 25, 180, 27, 170];
  const at = (g: Uint8Array, x: number, y: number) => g[y * W + x];

  it('paints the line white between and inside the glyphs, and keeps the strokes it crosses', () => {
    // the line drawn first, the glyph's ink over it
    const out = eraseRules(picture(W, H, [strike, ...glyph]), W, H);
    // the line in the gap before the glyph and inside its bowl is gone
    expect(at(out, 85, 25)).toBe(255);
    expect(at(out, 110, 26)).toBe(255);
    // the upright strokes go on through the line
    expect(at(out, 101, 25)).toBe(INK);
    expect(at(out, 118, 26)).toBe(INK);
    // the rest of the glyph is untouched
    expect(at(out, 110, 11)).toBe(INK);
  });

  it('keeps what is no thin rule: a letter-long stroke, a thick bar', () => {
    const letter = eraseRules(picture(W, H, [[100, 20, 110, 22]]), W, H);
    expect(at(letter, 105, 21)).toBe(INK);
    const bar = eraseRules(picture(W, H, [[50, 20, 300, 30]]), W, H);
    expect(at(bar, 150, 25)).toBe(INK);
  });
});
