/**
 * A receipt folded before it was photographed: each fold leaves a crease, a narrow shadow band
 * straight across the paper (a few text rows tall at most, too narrow for the page-wide light
 * evening in image.ts, whose paper estimate spans about 80 px). Rows of the band are a few per cent
 * to a third darker than the paper just above and below them, across the whole width; print on
 * them is read as garbage. Brightening such rows back to the paper level around them reads them.
 */

/** Column strips measured apart (a crease that slopes slightly after keystone moves from strip to strip). */
const STRIP_PX = 150;
/** A row is in a shadow band when its paper is this much darker than the paper around it… */
const DARKER = 0.965;
/** …but not darker than this (a black block or a dark band is no shadow: `invertBands` deals with those). */
const DARKEST = 0.55;
/** …in at least this share of the strips (across the page, not one bold word). */
const ACROSS = 0.6;
/** Share of the page height at the top and the bottom left alone. */
const EDGE = 0.1;

/**
 * The paper level of each row of each strip (its 90th-percentile grey: print covers less than a
 * tenth of a row's pixels between the glyphs' strokes), and, where a run of at least 0.4 text rows
 * is darker than the brightest paper within `rowPx` × 2.5 above it and below it in most strips, every pixel of that row
 * scaled up by the ratio. In place, on a grey (one channel) page.
 */
export function flattenCreases(data: Uint8Array, w: number, h: number, rowPx: number): number {
  const strips = Math.max(1, Math.round(w / STRIP_PX));
  const sw = Math.ceil(w / strips);
  const span = Math.max(4, Math.round(rowPx * 2.5));
  const level = Array.from({ length: strips }, () => new Float32Array(h));
  const hist = new Uint32Array(256);
  for (let s = 0; s < strips; s++) {
    const x0 = s * sw;
    const x1 = Math.min(w, x0 + sw);
    for (let y = 0; y < h; y++) {
      hist.fill(0);
      for (let i = y * w + x0, end = y * w + x1; i < end; i++) hist[data[i]]++;
      let k = Math.floor((x1 - x0) * 0.1);
      let v = 255;
      for (; v > 0; v--) {
        k -= hist[v];
        if (k < 0) break;
      }
      level[s][y] = v;
    }
  }
  const gain = Array.from({ length: strips }, () => new Float32Array(h).fill(1));
  const banded = new Uint8Array(h);
  // Not the photo's top and bottom edge (the paper's edge against the background): a fold is inside the page.
  for (let y = Math.round(h * EDGE); y < h - Math.round(h * EDGE); y++) {
    let dark = 0;
    for (let s = 0; s < strips; s++) {
      // Paper both above and below (a crease crosses the page; the page's edge against the
      // background of the photo has paper on one side only).
      let above = 0;
      let below = 0;
      for (let yy = Math.max(0, y - span); yy < y; yy++) above = Math.max(above, level[s][yy]);
      for (let yy = y + 1; yy <= Math.min(h - 1, y + span); yy++) below = Math.max(below, level[s][yy]);
      const around = Math.min(above, below);
      const ratio = level[s][y] / Math.max(1, around);
      if (ratio < DARKER && ratio >= DARKEST) {
        dark++;
        gain[s][y] = around / Math.max(1, level[s][y]);
      }
    }
    if (dark >= strips * ACROSS) banded[y] = 1;
  }
  // A band is at least 0.4 of a text row tall: a printed rule across the page (blurred to a few pixel rows) is no crease.
  const minRun = Math.max(4, Math.round(rowPx * 0.4));
  let rows = 0;
  for (let y = 0; y < h;) {
    if (!banded[y]) {
      y++;
      continue;
    }
    let end = y;
    while (end < h && banded[end]) end++;
    if (end - y >= minRun)
      for (let yy = y; yy < end; yy++) {
        rows++;
        for (let s = 0; s < strips; s++) {
          const g = gain[s][yy];
          if (g === 1) continue;
          for (let i = yy * w + s * sw, stop = yy * w + Math.min(w, (s + 1) * sw); i < stop; i++) data[i] = Math.min(255, Math.round(data[i] * g));
        }
      }
    y = end;
  }
  return rows;
}
