import { inkPieces } from '@/lib/vision/page-analysis';

/**
 * What lies beyond a dark label's edges on a photo of it: the table (light after the threshold),
 * which on a dark page counts as ink like the label's light print. `analysePage` (page-analysis.ts)
 * measures the skew and the text-row height on the ink's points, leaving out the inside of thick
 * areas; but the table's pixels along the photo's border have no ink beyond it, so they were kept,
 * as lines along the frame: perfectly level, they outweighed the text lines, and every dark label
 * photographed turned measured a skew of 0 (degraded photos of the bench: all 16 dark pages), its
 * rows then ran into each other and measured 30–47 px high, and the page was shrunk until its small
 * print was lost (a grey footer line of lot, dates and lab on a dark chip label).
 *
 * The mask (1 = beyond the label) holds each 8-connected piece of `light` pixels that touches the
 * border of the `w` × `h` page and covers at least `MIN_SHARE` of it: the table is one large piece
 * round the label; light print touching the border is a few glyphs, far smaller.
 */
export const MIN_SHARE = 0.01;

export function lightSurround(light: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (const { pixels, x0, x1, y0, y1 } of inkPieces(light, w, h)) {
    if (pixels.length < MIN_SHARE * w * h) continue;
    if (x0 > 0 && y0 > 0 && x1 < w - 1 && y1 < h - 1) continue;
    for (const p of pixels) out[p] = 1;
  }
  return out;
}
