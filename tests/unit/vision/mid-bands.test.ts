import { describe, expect, it } from 'vitest';
import { invertMidBands } from '@/lib/vision/mid-bands';
import { invertBands } from '@/lib/vision/pixel-edits';

/** A white page with a seeded ±20 grain, and a painter for rectangles. */
function page(w: number, h: number) {
  const data = Buffer.alloc(w * h, 255);
  let s = 7;
  const grain = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return Math.round(((s % 1000) / 1000 - 0.5) * 40);
  };
  const set = (x0: number, y0: number, x1: number, y1: number, v: number, noisy = false) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * w + x] = Math.max(0, Math.min(255, v + (noisy ? grain() : 0)));
  };
  return { data, set };
}

describe('invertMidBands (labels: light print on a mid-grey pill)', () => {
  it('turns a noisy grey-155 pill with white print that invertBands misses', () => {
    const w = 400;
    const h = 120;
    const { data, set } = page(w, h);
    // The pill (36 px tall, a text row of 26 px) and three white glyph strokes inside it.
    set(100, 40, 300, 76, 155, true);
    for (const x of [130, 170, 210]) set(x, 48, x + 8, 68, 255);
    const before = Buffer.from(data);
    expect(invertBands(data, w, h, 26)).toBe(0);
    expect(data.equals(before)).toBe(true);
    expect(invertMidBands(data, w, h, 26)).toBe(1);
    // The pill is paper now, its print dark.
    expect(data[45 * w + 110]).toBe(255);
    expect(data[58 * w + 134]).toBe(0);
  });

  it('leaves dark print on a light grey shade alone (text darker than the band)', () => {
    const w = 400;
    const h = 120;
    const { data, set } = page(w, h);
    set(100, 40, 300, 76, 180, true);
    for (const x of [130, 170, 210, 250]) set(x, 48, x + 6, 68, 30);
    // A light gap inside too, so only the dark print rules it out.
    set(280, 50, 290, 66, 255);
    const before = Buffer.from(data);
    expect(invertMidBands(data, w, h, 26)).toBe(0);
    expect(data.equals(before)).toBe(true);
  });

  it('leaves a blurred grey word alone: its gaps open to the outside, no print enclosed', () => {
    const w = 400;
    const h = 120;
    const { data, set } = page(w, h);
    // Letters merged by blur into one grey shape; the gaps between them reach its top edge.
    set(100, 40, 300, 76, 150, true);
    for (const x of [130, 170, 210, 250]) set(x, 40, x + 8, 64, 255);
    expect(invertMidBands(data, w, h, 26)).toBe(0);
  });

  it('leaves the grey background at the photo border alone', () => {
    const w = 400;
    const h = 120;
    const { data, set } = page(w, h);
    set(0, 40, 200, 76, 160, true);
    for (const x of [30, 70]) set(x, 48, x + 8, 68, 255);
    expect(invertMidBands(data, w, h, 26)).toBe(0);
  });
});
