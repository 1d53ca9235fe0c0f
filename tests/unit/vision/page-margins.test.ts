import { describe, expect, it } from 'vitest';
import { edgesWorthReading, paperBox, withoutTableEdges } from '@/lib/vision/page-margins';

const W = 400;
const H = 300;
const blank = () => ({ data: Buffer.alloc(W * H, 255), width: W, height: H });
const fill = (page: { data: Buffer }, x0: number, y0: number, x1: number, y1: number, v = 90) => {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) page.data[y * W + x] = v;
};

describe('paperBox: the table left along a photo page’s edges', () => {
  it('cuts a dark band that begins a little inside the top edge (the very edge evened out white)', () => {
    const page = blank();
    fill(page, 0, 6, W, 30);
    // Text below it: short dark strokes, a row well under DARK_SHARE.
    fill(page, 40, 60, 120, 72);
    expect(paperBox(page)).toEqual({ x0: 0, y0: 30, x1: W, y1: H });
  });

  it('cuts a strip down the right side and a band along the bottom', () => {
    const page = blank();
    fill(page, W - 30, 0, W - 4, H);
    fill(page, 0, H - 25, W, H - 5);
    expect(paperBox(page)).toEqual({ x0: 0, y0: 0, x1: W - 30, y1: H - 25 });
  });

  it('leaves a page whose edges are paper', () => {
    const page = blank();
    // A title of bold strokes near the top, not a band across the page.
    for (let x = 100; x < 300; x += 12) fill(page, x, 4, x + 6, 14, 0);
    expect(paperBox(page)).toBeNull();
    expect(withoutTableEdges(page)).toBeNull();
  });

  it('leaves a dark band that begins deep inside the page (a header band, not the table)', () => {
    const page = blank();
    fill(page, 0, 40, W, 70);
    expect(paperBox(page)).toBeNull();
  });

  it('paints the band white and leaves the print beside it', () => {
    const page = blank();
    fill(page, 0, 6, W, 30);
    fill(page, 40, 34, 60, 44, 0);
    const out = withoutTableEdges(page);
    expect(out).toMatchObject({ width: W, height: H });
    expect(out?.data[15 * W + 200]).toBe(255);
    expect(out?.data[38 * W + 50]).toBe(0);
  });

  it('paints a wedge of table down a leaning edge, not the letters the label brings close to it', () => {
    const page = blank();
    // The table: 60 px wide at the top, 20 px at the bottom; a letter 10 px right of it near the bottom.
    for (let y = 0; y < H; y++) fill(page, 0, y, Math.round(60 - (40 * y) / H), y + 1);
    fill(page, 36, H - 40, 46, H - 30, 0);
    const out = withoutTableEdges(page);
    expect(out?.data[10 * W + 30]).toBe(255);
    expect(out?.data[(H - 35) * W + 40]).toBe(0);
  });
});

describe('edgesWorthReading: which readings are read again without the table', () => {
  it.each([
    [0.375, true],
    [0.49, true],
    [0.5, false],
    // an unsure reading of more than half the fields is not (it cost a keystoned lid photo its name)
    [0.625, false],
  ])('coverage %s: %s', (coverage, expected) => {
    expect(edgesWorthReading(coverage)).toBe(expected);
  });
});
