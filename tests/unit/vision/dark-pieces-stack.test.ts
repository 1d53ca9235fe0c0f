import { describe, expect, it } from 'vitest';
import { darkPieces, fillStack, type DarkPiece } from '@/lib/vision/pixel-edits';

/** A page of `w` × `h` white pixels with dark rectangles [x0, y0, x1, y1] (inclusive). */
function page(w: number, h: number, boxes: number[][]): Uint8Array {
  const d = new Uint8Array(w * h).fill(255);
  for (const [x0, y0, x1, y1] of boxes) for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) d[y * w + x] = 0;
  return d;
}

const all = (d: Uint8Array, w: number, h: number): DarkPiece[] => [...darkPieces(d, w, h, 128, new Int32Array(w * h))];

describe('darkPieces: one flood-fill stack kept between calls', () => {
  it('hands out the same buffer again, grown only for a larger page', () => {
    const a = fillStack(400);
    expect(fillStack(100)).toBe(a);
    const b = fillStack(a.length + 1);
    expect(b).not.toBe(a);
    expect(b.length).toBeGreaterThan(a.length);
    expect(fillStack(10)).toBe(b);
  });

  it('finds the same pieces when two pages are scanned in turn (generators interleaved)', () => {
    const [w1, h1] = [40, 20];
    const [w2, h2] = [25, 30];
    const p1 = page(w1, h1, [
      [1, 1, 10, 3],
      [20, 5, 22, 18],
      [30, 0, 39, 19],
    ]);
    const p2 = page(w2, h2, [
      [0, 0, 24, 0],
      [5, 5, 6, 6],
      [10, 10, 20, 29],
    ]);
    const alone1 = all(p1, w1, h1);
    const alone2 = all(p2, w2, h2);
    expect(alone1.map((p) => p.n)).toEqual([200, 30, 42]);
    expect(alone2.map((p) => p.n)).toEqual([25, 4, 220]);
    const g1 = darkPieces(p1, w1, h1, 128, new Int32Array(w1 * h1));
    const g2 = darkPieces(p2, w2, h2, 128, new Int32Array(w2 * h2));
    const got1: DarkPiece[] = [];
    const got2: DarkPiece[] = [];
    for (;;) {
      const a = g1.next();
      const b = g2.next();
      if (!a.done) got1.push(a.value);
      if (!b.done) got2.push(b.value);
      if (a.done && b.done) break;
    }
    expect(got1).toEqual(alone1);
    expect(got2).toEqual(alone2);
  });
});
