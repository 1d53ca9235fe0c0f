import { describe, expect, it } from 'vitest';
import { eraseDotLeaders } from '@/lib/vision/pixel-edits';

/** A white grey page with ink drawn as filled rectangles (x, y, w, h). */
function page(width: number, height: number, rects: [number, number, number, number][]): Buffer {
  const data = Buffer.alloc(width * height, 255);
  for (const [x, y, w, h] of rects) for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) data[yy * width + xx] = 20;
  return data;
}

describe('dotted leaders erased before OCR', () => {
  const W = 400;
  const H = 60;
  // A 26 px text row: a "word" (a tall block), a leader of 3×3 px dots every 12 px, an amount.
  const word: [number, number, number, number] = [10, 20, 80, 20];
  const amount: [number, number, number, number] = [330, 20, 60, 20];
  const leader = Array.from({ length: 18 }, (_, i): [number, number, number, number] => [100 + i * 12, 36, 3, 3]);

  it('a chain of dot-sized ink on one height is painted white, words and amounts are kept', () => {
    const data = page(W, H, [word, amount, ...leader]);
    expect(eraseDotLeaders(data, W, H, 26)).toBe(18);
    for (const [x, y] of leader) expect(data[(y + 1) * W + x + 1]).toBe(255);
    expect(data[30 * W + 50]).toBe(20);
    expect(data[30 * W + 350]).toBe(20);
  });

  it('single dots and short runs ("...", a decimal point) are kept', () => {
    const dots: [number, number, number, number][] = [
      [100, 36, 3, 3],
      [112, 36, 3, 3],
      [124, 36, 3, 3],
      [250, 36, 3, 3],
    ];
    const data = page(W, H, [word, amount, ...dots]);
    expect(eraseDotLeaders(data, W, H, 26)).toBe(0);
    expect(data[37 * W + 101]).toBe(20);
  });

  it('a leader of light grey (blurred) dots is left at the ink level and erased at the light level', () => {
    const data = page(W, H, [word, amount]);
    for (const [x, y, w, h] of leader) for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) data[yy * W + xx] = 170;
    expect(eraseDotLeaders(data, W, H, 26)).toBe(0);
    expect(eraseDotLeaders(data, W, H, 26, 200)).toBe(18);
    expect(data[37 * W + 101]).toBe(255);
    expect(data[30 * W + 50]).toBe(20);
  });
});
