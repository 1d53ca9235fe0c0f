import { describe, expect, it } from 'vitest';
import { darkenBesideBands, otsuLevel } from '@/lib/vision/band-threshold';

const W = 600;
const H = 400;

/** A receipt page: paper, a black totals band with white type, and thin grey item print above it. */
function page(itemInk: number): Uint8Array {
  const data = new Uint8Array(W * H).fill(250);
  const set = (x0: number, y0: number, x1: number, y1: number, v: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * W + x] = v;
  };
  // Item lines: thin strokes of grey ink, two pixels wide.
  for (let row = 0; row < 4; row++) for (let x = 40; x < 400; x += 10) set(x, 30 + row * 40, x + 2, 50 + row * 40, itemInk);
  // The band: 560 × 120 px of near-black with white type.
  set(20, 220, 580, 340, 20);
  for (let x = 40; x < 300; x += 14) set(x, 250, x + 7, 280, 240);
  return data;
}

describe('otsuLevel', () => {
  it('splits two populations between them', () => {
    const hist = new Array(256).fill(0);
    hist[40] = 100;
    hist[220] = 300;
    const t = otsuLevel(hist);
    expect(t).toBeGreaterThan(40);
    expect(t).toBeLessThanOrEqual(220);
  });
});

describe('darkenBesideBands', () => {
  it('binarises thin grey print the band would leave lighter than the page level, and turns the band dark-on-light', () => {
    const data = page(185);
    expect(darkenBesideBands(data, W, H, 26)).toBe(true);
    // The grey item strokes are black now, the paper beside them white.
    expect(data[40 * W + 41]).toBe(0);
    expect(data[40 * W + 45]).toBe(255);
    // The band is paper, its white type dark.
    expect(data[230 * W + 500]).toBe(255);
    expect(data[260 * W + 42]).toBeLessThan(30);
  });

  it('leaves a page alone when its print is as dark as the band (one level fits the page)', () => {
    const data = page(30);
    const before = Uint8Array.from(data);
    expect(darkenBesideBands(data, W, H, 26)).toBe(false);
    expect(data).toEqual(before);
  });

  it('leaves a page without a wide band alone', () => {
    const data = new Uint8Array(W * H).fill(250);
    for (let x = 40; x < 400; x += 10) for (let y = 30; y < 50; y++) data[y * W + x] = 185;
    const before = Uint8Array.from(data);
    expect(darkenBesideBands(data, W, H, 26)).toBe(false);
    expect(data).toEqual(before);
  });
});
