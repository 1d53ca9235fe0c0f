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

  it('a faint leader with missing and uneven dots is erased with its band (halos, dots under the ink level)', () => {
    // Dots every 8 px, some lost (gaps of two and three pitches), sizes 1×2 to 3×3, a faint
    // grey dot under the ink level between them and a halo around each.
    const xs = [100, 108, 116, 124, 140, 148, 156, 164, 188, 196, 204, 212, 220, 228, 236];
    const sizes: [number, number][] = [
      [3, 3],
      [2, 2],
      [1, 2],
      [3, 2],
      [3, 3],
      [2, 3],
      [3, 3],
      [2, 2],
      [3, 3],
      [1, 2],
      [3, 3],
      [2, 2],
      [3, 3],
      [2, 2],
      [3, 3],
    ];
    const data = page(W, H, [word, amount]);
    xs.forEach((x, i) => {
      for (let yy = 35; yy < 41; yy++) for (let xx = x - 2; xx < x + 5; xx++) data[yy * W + xx] = 225; // halo
      const [w, h] = sizes[i];
      for (let yy = 37; yy < 37 + h; yy++) for (let xx = x; xx < x + w; xx++) data[yy * W + xx] = 185;
    });
    for (let yy = 37; yy < 39; yy++) for (let xx = 132; xx < 134; xx++) data[yy * W + xx] = 215; // a dot under the ink level
    // Not alike enough for the even-leader rule (areas 2 to 9, gaps of 8, 16 and 24 px).
    expect(eraseDotLeaders(data, W, H, 26, 200, true)).toBe(xs.length);
    for (let x = 98; x < 242; x++) for (let y = 34; y < 42; y++) expect(data[y * W + x]).toBe(255);
    expect(data[30 * W + 50]).toBe(20);
    expect(data[30 * W + 350]).toBe(20);
  });

  it('fragments of blurred small print at one height, spaced by their letters, are kept', () => {
    // Pieces of every spacing (5 to 19 px), not a whole number of one pitch.
    const xs = [100, 105, 117, 136, 141, 153, 170, 176, 195];
    const data = page(W, H, [word, amount, ...xs.map((x): [number, number, number, number] => [x, 36, 2, 3])]);
    expect(eraseDotLeaders(data, W, H, 26, 140, true)).toBe(0);
    expect(data[37 * W + 101]).toBe(20);
  });

  it('small pieces of a word that chain up like a faint leader are kept: bigger letters lie among them', () => {
    // Dot-sized pieces every 8 px (uneven sizes, a gap of two pitches) with taller letters between them.
    const dots: [number, number, number, number][] = [100, 108, 116, 124, 140, 148, 156, 164, 172, 180, 188, 196].map((x, i) => [x, 37, 1 + (i % 3), 2]);
    const letters: [number, number, number, number][] = [104, 120, 136, 152, 168, 184].map((x): [number, number, number, number] => [x, 28, 3, 11]);
    const data = page(W, H, [word, amount, ...dots, ...letters]);
    expect(eraseDotLeaders(data, W, H, 26, 140, true)).toBe(0);
    expect(data[37 * W + 100]).toBe(20);
  });
});
