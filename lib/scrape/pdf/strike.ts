/**
 * Struck-through prices on a scanned menu (docs/menus.md, "Scanned PDF menus: struck prices"): the
 * line drawn through `$30.00` is read by OCR as part of the glyphs (`$36`, `$25.06`, `$45.60`), so
 * the regular price comes back with its cents garbled. Before OCR, thin horizontal rules are taken
 * off the page picture: a dark run along a row much longer than any letter's stroke, a few pixels
 * thick, is painted paper-white, except where a letter's own stroke crosses it (dark just above
 * and just below the rule), so the digits keep their shape. Table rules and underlines go too,
 * which OCR reads no better.
 */
export const STRIKE_LIMITS = {
  /**
   * A pixel this much darker than the paper (the picture's median grey) is ink: a struck price is
   * often printed grey, its line too (about 130–190 on paper of 239 in the tests' scans).
   */
  inkBelowPaper: 40,
  /** A rule is at least this share of the picture's width long (a letter's stroke is far shorter). */
  minRunShare: 0.03,
  /** A rule is at most this many pixels thick; a thicker dark band (a bar, a filled badge) stays. */
  maxThickness: 4,
};

/**
 * Paint thin horizontal rules of a greyscale picture (one byte a pixel, rows top to bottom) white,
 * keeping the pixels where a glyph's stroke passes through; answers a new picture.
 */
export function eraseRules(grey: Uint8Array, width: number, height: number): Uint8Array {
  const { inkBelowPaper, minRunShare, maxThickness } = STRIKE_LIMITS;
  const ink = medianGrey(grey) - inkBelowPaper;
  const minRun = Math.max(8, Math.round(width * minRunShare));
  const dark = (x: number, y: number) => y >= 0 && y < height && grey[y * width + x] <= ink;
  // Pixels on a long dark run along their row.
  const onRun = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    let x = 0;
    while (x < width) {
      if (!dark(x, y)) {
        x++;
        continue;
      }
      let end = x;
      while (end < width && dark(end, y)) end++;
      if (end - x >= minRun) onRun.fill(1, y * width + x, y * width + end);
      x = end;
    }
  }
  const out = Uint8Array.from(grey);
  // Down each column, a stretch of run pixels at most maxThickness tall is a rule's cross-section:
  // painted white unless ink goes on just above and just below it (a glyph's stroke crossing).
  for (let x = 0; x < width; x++) {
    let y = 0;
    while (y < height) {
      if (!onRun[y * width + x]) {
        y++;
        continue;
      }
      let end = y;
      while (end < height && onRun[end * width + x]) end++;
      if (end - y <= maxThickness && !(dark(x, y - 1) && dark(x, end))) for (let k = y; k < end; k++) out[k * width + x] = 255;
      y = end;
    }
  }
  return out;
}

/** The median grey of a picture: its paper, on a page of text. */
function medianGrey(grey: Uint8Array): number {
  const counts = new Array<number>(256).fill(0);
  for (const v of grey) counts[v]++;
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += counts[v]) * 2 >= grey.length) return v;
  return 255;
}
