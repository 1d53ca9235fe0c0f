/**
 * A glare on glossy stock: a bright streak of light across part of a dark label. Once the dark
 * page is negated the streak is a dark grey band with the print still darker inside it, too
 * narrow for the page-wide light correction (`flattenLight` measures the paper on 1/16 of the
 * page). Here the paper's brightness is measured locally, within about half a text row of each pixel
 * (the brightest pixel there: print strokes are thinner than a row, so some paper shows in every
 * window; then the darkest of those, a closing), and every pixel is divided by it: the band comes back to paper white, its print dark.
 * Where the paper is even (no streak) the division changes nothing.
 */
export function evenStreaks(data: Buffer, w: number, h: number, rowPx: number): void {
  const f = 2;
  const sw = Math.ceil(w / f);
  const sh = Math.ceil(h / f);
  // Block maxima on a half-size copy, then a max filter of about one text row each way.
  const small = new Uint8Array(sw * sh);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = ((y / f) | 0) * sw + ((x / f) | 0);
      if (data[y * w + x] > small[i]) small[i] = data[y * w + x];
    }
  const r = Math.max(2, Math.round((rowPx * 0.4) / f));
  // A closing: the brightest pixel around (print gone), then the darkest of those (the streak's
  // own shape back: a plain maximum would take the bright flank of a smooth streak for its middle).
  const bg = along(along(along(along(small, sw, sh, r, true, Math.max), sw, sh, r, false, Math.max), sw, sh, r, true, Math.min), sw, sh, r, false, Math.min);
  // A dark label is mostly its stock (light once negated); a page that is not (a light card on a
  // dark table, negated: the card's dark ground over much of the page) has no glare to even out.
  let top = 0;
  for (const v of bg) top = Math.max(top, v);
  let light = 0;
  for (const v of bg) if (v >= top * 0.75) light++;
  if (light < bg.length * 0.7) return;
  // Only narrow streaks are evened out. The photo's margin round a turned label (the table,
  // negated dark: dark runs of the paper map that reach the row's end), a wide dark area and one
  // down to black (a light card on a dark table, negated: the card's ground) are left undivided: dividing there turns
  // the margin's noise into speckle and the card's light print into paper.
  for (let y = 0; y < sh; y++) {
    const row = bg.subarray(y * sw, (y + 1) * sw);
    const paper = Math.max(...row);
    if (paper < 128) {
      row.fill(255);
      continue;
    }
    for (let x = 0; x < sw;) {
      if (row[x] >= paper * 0.75) {
        x++;
        continue;
      }
      let end = x;
      while (end < sw && row[end] < paper * 0.75) end++;
      // A glare lightens the stock, so its band is grey, never black: a run down to black is print's ground.
      const floor = Math.min(...row.subarray(x, end));
      if (x === 0 || end === sw || end - x > sw * 0.3 || floor < paper * 0.12) row.fill(255, x, end);
      x = end;
    }
  }
  // Bilinear back to full size, then divide.
  for (let y = 0; y < h; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) / f - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(sh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) / f - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(sw - 1, x0 + 1);
      const tx = fx - x0;
      const b = (bg[y0 * sw + x0] * (1 - tx) + bg[y0 * sw + x1] * tx) * (1 - ty) + (bg[y1 * sw + x0] * (1 - tx) + bg[y1 * sw + x1] * tx) * ty;
      const p = y * w + x;
      data[p] = Math.min(255, Math.round((data[p] * 255) / Math.max(40, b)));
    }
  }
}

/** A running maximum or minimum over 2r + 1 pixels along rows (`horizontal`) or columns. */
function along(src: Uint8Array, w: number, h: number, r: number, horizontal: boolean, pick: (a: number, b: number) => number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let m = src[y * w + x];
      if (horizontal) for (let d = Math.max(0, x - r); d <= Math.min(w - 1, x + r); d++) m = pick(m, src[y * w + d]);
      else for (let d = Math.max(0, y - r); d <= Math.min(h - 1, y + r); d++) m = pick(m, src[d * w + x]);
      out[y * w + x] = m;
    }
  return out;
}
