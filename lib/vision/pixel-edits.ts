/**
 * In-place edits of a grey page's pixels before OCR (lib/vision/image.ts prepareForOcr): dotted
 * leaders erased, light print on dark bands inverted, ruled grids erased. Each takes the raw
 * 8-bit buffer, its size and the page's text-row height in pixels.
 */

/** Grey level below which a blurred leader's light dots (and grey grid rules) count as ink. */
export const LIGHT_INK = 200;

/**
 * The length of the run of set pixels through each pixel of a `w` × `h` mask (1 = set) along rows
 * (`'row'`) or columns (`'col'`): `into` gets each set pixel's run length (capped at 65,535), 0
 * elsewhere. Plain loops over typed arrays: these sweeps run over every pixel of a page several
 * times per image.
 */
export function maskRuns(mask: Uint8Array, w: number, h: number, axis: 'row' | 'col', into: Uint16Array): void {
  const [len, lines, step, lineStep] = axis === 'row' ? [w, h, 1, w] : [h, w, w, 1];
  for (let l = 0; l < lines; l++) {
    const base = l * lineStep;
    for (let k = 0; k < len;) {
      if (!mask[base + k * step]) {
        k++;
        continue;
      }
      let e = k;
      while (e < len && mask[base + e * step]) e++;
      const run = Math.min(65535, e - k);
      for (let j = k; j < e; j++) into[base + j * step] = run;
      k = e;
    }
  }
}

/** 1 where `data` is darker than `below`. */
export function inkMask(data: Uint8Array, below: number): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let p = 0; p < data.length; p++) if (data[p] < below) out[p] = 1;
  return out;
}

/** A 4-connected piece of pixels darker than a level: its label, pixel count and box. */
export interface DarkPiece {
  id: number;
  n: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The flood fill's stack, kept between calls (see `fillStack`). */
let sharedStack = new Int32Array(0);

/**
 * A stack for `darkPieces`' flood fill of a page of `size` pixels: one buffer grown as needed and
 * kept, not a fresh page-sized Int32Array (5–10 MB) per call: a preparation labels its page four
 * times or more, and a profile of 16 preparations spent 47 ms a preparation in the garbage
 * collector beside 58 ms in this labelling. Each fill empties the stack before its piece is handed
 * over, so pieces of two pages scanned in turn never see each other's entries.
 */
export function fillStack(size: number): Int32Array {
  if (sharedStack.length < size) sharedStack = new Int32Array(size);
  return sharedStack;
}

/**
 * The 4-connected pieces of pixels darker than `below`, in scan order. `labels` (one per pixel,
 * zeros) is filled as it goes with each pixel's piece id, so a caller can edit a piece's pixels
 * when it is handed over; the scan reads `data` as it stands then.
 */
export function* darkPieces(data: Uint8Array, width: number, height: number, below: number, labels: Int32Array): Generator<DarkPiece> {
  const stack = fillStack(width * height);
  let next = 0;
  for (let start = 0; start < data.length; start++) {
    if (data[start] >= below || labels[start] !== 0) continue;
    const id = ++next;
    labels[start] = id;
    let top = 0;
    stack[top++] = start;
    let x0 = width,
      x1 = 0,
      y0 = height,
      y1 = 0,
      n = 0;
    while (top > 0) {
      const p = stack[--top];
      const x = p % width;
      const y = (p - x) / width;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      // The four neighbours that are dark and not yet labelled.
      if (x > 0 && data[p - 1] < below && labels[p - 1] === 0) {
        labels[p - 1] = id;
        stack[top++] = p - 1;
      }
      if (x < width - 1 && data[p + 1] < below && labels[p + 1] === 0) {
        labels[p + 1] = id;
        stack[top++] = p + 1;
      }
      if (y > 0 && data[p - width] < below && labels[p - width] === 0) {
        labels[p - width] = id;
        stack[top++] = p - width;
      }
      if (y < height - 1 && data[p + width] < below && labels[p + width] === 0) {
        labels[p + width] = id;
        stack[top++] = p + width;
      }
    }
    yield { id, n, x0, x1, y0, y1 };
  }
}

/** Dots alike and evenly spaced: pitch within ±35 %, areas within 2.5×. */
function evenlyAlike(pitches: number[], sizes: number[]): boolean {
  return pitches.length > 0 && Math.max(...pitches) <= 1.35 * Math.min(...pitches) && Math.max(...sizes) <= 2.5 * Math.min(...sizes);
}

/**
 * A faint leader on a blurred photo: some of its dots fall under the ink level (gaps of two or
 * three pitches) and the rest come out in uneven sizes. Still printed: most gaps are one pitch,
 * every gap is a whole number of pitches (±25 %), the dots are far smaller than a letter (areas
 * within 5× of their median) and the run spans at least three text rows. Fragments of blurred
 * small print are spaced by their letters, not by a pitch.
 */
function faintLeader(pitches: number[], sizes: number[], rowH: number): boolean {
  if (pitches.length < 7) return false;
  const min = Math.min(...pitches);
  const ones = pitches.filter((p) => p <= 1.35 * min).sort((a, b) => a - b);
  if (min < 2 || ones.length < pitches.length / 2) return false;
  // The pitch: the median of the one-pitch gaps (the least gap may be a squeezed pair).
  const base = ones[ones.length >> 1];
  const whole = pitches.every((p) => {
    const k = Math.round(p / base);
    return k >= 1 && k <= 4 && Math.abs(p - k * base) <= 0.25 * base * k;
  });
  const sorted = [...sizes].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1];
  return whole && sorted[sorted.length - 1] <= 5 * median && pitches.reduce((a, b) => a + b, 0) >= 3 * rowH;
}

/**
 * A faint leader's dots are far smaller than letters (at most a fifth of a text row: a period's
 * size, where the letters of small print on a photo are about half a row), and nothing else is
 * printed along it: no piece of ink bigger than its dots lies between its first and last dot at
 * its height (the letters of a word whose small pieces happen to chain up lie among bigger ones).
 */
function bareBand(chain: Omit<DarkPiece, 'n'>[], others: Omit<DarkPiece, 'n'>[], rowH: number): boolean {
  if (chain.some((d) => d.y1 - d.y0 + 1 > rowH / 5 || d.x1 - d.x0 + 1 > rowH / 5)) return false;
  const x0 = chain[0].x0;
  const x1 = chain[chain.length - 1].x1;
  const y0 = Math.min(...chain.map((d) => d.y0));
  const y1 = Math.max(...chain.map((d) => d.y1));
  return !others.some((o) => o.x1 >= x0 && o.x0 <= x1 && o.y1 >= y0 && o.y0 <= y1);
}

/**
 * Dotted leaders ("Blue Zushi 1/8 oz ........ $44.86") erased from a grey page before OCR:
 * tesseract reads a leader as dots glued to lowercase garbage and often garbles the words beside
 * it. Ink components (pixels darker than 140) that are dot-sized (at most a third of a text row
 * in both directions) and sit in a horizontal chain of six or more alike, evenly spaced dots (same height within
 * 0.15 row, each within 1.2 rows of the next, pitch within ±35 %, areas within 2.5×; or, with
 * `faintLeaders` (receipt photos), a faint leader's, see `faintLeader`) are painted white. Single dots (decimal points,
 * periods) and short runs ("...") are kept. `rowH` is the text-row height in pixels of this
 * image. Returns the number of dots erased.
 */
export function eraseDotLeaders(data: Buffer, width: number, height: number, rowH: number, ink = 140, faintLeaders = false): number {
  const maxDot = Math.max(3, rowH / 3);
  const labels = new Int32Array(width * height);
  type Dot = Omit<DarkPiece, 'n'>;
  const dots: Dot[] = [];
  // Everything else (letters, rules): a faint leader's band holds none of it.
  const others: Dot[] = [];
  for (const { id, n, x0, x1, y0, y1 } of darkPieces(data, width, height, ink, labels)) {
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (n >= 2 && w <= maxDot && h <= maxDot && w <= 2.5 * h && h <= 2.5 * w) dots.push({ x0, x1, y0, y1, id });
    else if (faintLeaders) others.push({ x0, x1, y0, y1, id });
  }
  if (dots.length < 5) return 0;
  dots.sort((a, b) => a.x0 - b.x0);
  const cy = (d: Dot) => (d.y0 + d.y1) / 2;
  const used = new Uint8Array(dots.length);
  const erase = new Set<number>();
  for (let i = 0; i < dots.length; i++) {
    if (used[i]) continue;
    const chain = [i];
    let last = dots[i];
    for (let j = i + 1; j < dots.length && dots[j].x0 - last.x1 <= 1.2 * rowH; j++) {
      if (used[j] || Math.abs(cy(dots[j]) - cy(last)) > 0.15 * rowH) continue;
      chain.push(j);
      last = dots[j];
    }
    // A leader is printed: its dots are alike and evenly spaced. Broken strokes of blurred
    // small print also chain up at one height, but in fragments of every size and spacing.
    const pitches = chain.slice(1).map((k, n) => (dots[k].x0 + dots[k].x1 - dots[chain[n]].x0 - dots[chain[n]].x1) / 2);
    const sizes = chain.map((k) => (dots[k].x1 - dots[k].x0 + 1) * (dots[k].y1 - dots[k].y0 + 1));
    const alike = chain.length >= 6 && evenlyAlike(pitches, sizes);
    const faint =
      faintLeaders &&
      !alike &&
      chain.length >= 6 &&
      faintLeader(pitches, sizes, rowH) &&
      bareBand(
        chain.map((k) => dots[k]),
        others,
        rowH,
      );
    if (!alike && !faint) continue;
    for (const k of chain) {
      used[k] = 1;
      erase.add(dots[k].id);
    }
    // A faint leader's whole band: the dots that fell under the ink level and the wide grey halos
    // around the rest (left as a ghost of the leader, read as garbage), but no pixel of another
    // ink shape.
    if (faint) {
      const y0 = Math.max(0, Math.min(...chain.map((k) => dots[k].y0)) - 3);
      const y1 = Math.min(height - 1, Math.max(...chain.map((k) => dots[k].y1)) + 3);
      const x0 = Math.max(0, dots[chain[0]].x0 - 3);
      const x1 = Math.min(width - 1, last.x1 + 3);
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) {
          const p = y * width + x;
          if (labels[p] === 0 || erase.has(labels[p])) data[p] = 255;
        }
    }
  }
  if (!erase.size) return 0;
  // The dot and its anti-aliased grey halo (2 px around it), but no pixel of another ink shape.
  for (const d of dots)
    if (erase.has(d.id))
      for (let y = Math.max(0, d.y0 - 2); y <= Math.min(height - 1, d.y1 + 2); y++)
        for (let x = Math.max(0, d.x0 - 2); x <= Math.min(width - 1, d.x1 + 2); x++) {
          const p = y * width + x;
          if (labels[p] === d.id || labels[p] === 0) data[p] = 255;
        }
  return erase.size;
}

/**
 * A labelled piece's first and last pixel on row `y`, between its box's `x0` and `x1` (`[-1, -1]`
 * when the row holds none of it): a band left sloped has paper in its box's corners.
 */
export function pieceRowSpan(labels: Int32Array, width: number, id: number, y: number, x0: number, x1: number): [number, number] {
  let left = -1;
  let right = -1;
  for (let x = x0; x <= x1; x++)
    if (labels[y * width + x] === id) {
      if (left < 0) left = x;
      right = x;
    }
  return [left, right];
}

/**
 * Light print on a dark filled band (a label's coloured `INDICA` badge, a dark header strip)
 * turned dark-on-light before OCR: tesseract's own inversion check missed white type on a badge
 * even on clean images. A band is a solid dark shape (pixels darker than 150, 4-connected) at
 * least 0.8 and at most 5 text rows tall, at least 2 rows wide and filled at least 70 % (its print
 * is the holes; bold type whose letters touch fills about half its box; `minWidth` can ask for a
 * wider band). The band's own pixels
 * become paper and, between its left and right edge on each row, the print inside is inverted.
 * Returns the number of bands turned.
 */
export function invertBands(data: Buffer, width: number, height: number, rowH: number, minWidth = 2 * rowH): number {
  const DARK = 150;
  const labels = new Int32Array(width * height);
  let turned = 0;
  for (const { id, n, x0, x1, y0, y1 } of darkPieces(data, width, height, DARK, labels)) {
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (h < 0.8 * rowH || h > 5 * rowH || w < minWidth || n < 0.7 * w * h) continue;
    turned++;
    turnPiece(data, labels, width, id, x0, x1, y0, y1);
  }
  return turned;
}

/**
 * One band turned: its own pixels (label `id`) become paper and, between its left and right edge
 * on each row of its box, the print inside is inverted (light print on it becomes dark print).
 */
export function turnPiece(data: Buffer, labels: Int32Array, width: number, id: number, x0: number, x1: number, y0: number, y1: number): void {
  for (let y = y0; y <= y1; y++) {
    const [left, right] = pieceRowSpan(labels, width, id, y, x0, x1);
    for (let x = left; x >= 0 && x <= right; x++) {
      const p = y * width + x;
      data[p] = labels[p] === id ? 255 : 255 - data[p];
    }
  }
}

/**
 * The rules of a ruled table (`Item | Qty | Price | Total` with drawn cell borders) erased from a
 * grey page before OCR: tesseract took the boxed rows for a picture and read none of their text.
 * Ink pixels (darker than LIGHT_INK: grid rules are often printed grey) on a straight run of at least six text rows across (horizontal) or
 * three text rows down (vertical) whose run the other way is thin (at most a quarter of a row) turn
 * paper-white; where a rule crosses a glyph the glyph's own stroke is thicker and stays.
 * Returns whether the page had such a grid (false: it was left as it was).
 */
export function eraseGridRules(data: Buffer, w: number, h: number, rowPx: number): boolean {
  const mask = inkMask(data, LIGHT_INK);
  const ink = (p: number) => mask[p] === 1;
  const hrun = new Uint16Array(w * h);
  const vwide = new Uint16Array(w * h);
  maskRuns(mask, w, h, 'row', hrun);
  // The `wide` runs have a one-pixel sideways tolerance, so a rule that keystone left sloped (a
  // step every few pixels) is still one run; the thickness across it is measured as printed.
  const sideways = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const x = p % w;
    if (mask[p] || (x > 0 && mask[p - 1]) || (x < w - 1 && mask[p + 1])) sideways[p] = 1;
  }
  maskRuns(sideways, w, h, 'col', vwide);
  const thin = Math.max(4, Math.round(rowPx / 4));
  const across = Math.round(rowPx * 6);
  // Three rows down: a table of a header and one item is taller, a barcode's bars are not.
  const down = Math.round(rowPx * 3);
  // Paper on both sides, a few pixels beyond the ink run across the rule: a rule, not the edge of
  // the paper against a darker background in a photo.
  const paperBeside = (p: number, step: number, n: number) => {
    let a = p;
    let k = 0;
    while (k++ <= thin && a - step >= 0 && ink(a - step)) a -= step;
    let b = p;
    k = 0;
    while (k++ <= thin && b + step < n && ink(b + step)) b += step;
    const [x, y] = [a - 3 * step, b + 3 * step];
    return x >= 0 && y < n && !ink(x) && !ink(y) && (step !== 1 || Math.floor(x / w) === Math.floor(y / w));
  };
  const isVert = (p: number) => ink(p) && vwide[p] >= down && hrun[p] <= thin && paperBeside(p, 1, w * h);
  // Only a ruled grid (two vertical rules at least): a lone rule under a header or between
  // sections is left as it is (erasing those read no better on the tuning photos).
  // Tall ink per column, gathered into clusters of columns less than 1.5 rows apart: a rule
  // (sloped by keystone it spreads over a few columns) is a narrow cluster of rule pixels; a
  // barcode's bars make one wide cluster.
  const tall = new Uint32Array(w);
  const rule = new Uint32Array(w);
  for (let p = 0; p < w * h; p++)
    if (ink(p) && vwide[p] >= down) {
      tall[p % w]++;
      if (isVert(p)) rule[p % w]++;
    }
  const near = Math.max(3, Math.round(rowPx * 1.5));
  let rules = 0;
  for (let x = 0; x < w;) {
    if (!tall[x]) {
      x++;
      continue;
    }
    let e = x;
    let sum = 0;
    let gap = 0;
    for (let k = x; k < w && gap <= near; k++) {
      if (tall[k]) {
        sum += rule[k];
        e = k + 1;
        gap = 0;
      } else gap++;
    }
    if (sum >= down && e - x <= rowPx) rules++;
    x = e;
  }
  if (rules < 2) return false;
  // Only a grid needs the other two sweeps (most pages have none).
  const vrun = new Uint16Array(w * h);
  const hwide = new Uint16Array(w * h);
  maskRuns(mask, w, h, 'col', vrun);
  const upDown = sideways;
  upDown.fill(0);
  for (let p = 0; p < w * h; p++) if (mask[p] || (p >= w && mask[p - w]) || (p + w < w * h && mask[p + w])) upDown[p] = 1;
  maskRuns(upDown, w, h, 'row', hwide);
  // The rule and its grey anti-aliased edge (two pixels either side, across the rule) go.
  const out = Buffer.from(data);
  for (let p = 0; p < w * h; p++) {
    if (!ink(p)) continue;
    const horiz = hwide[p] >= across && vrun[p] <= thin && paperBeside(p, w, w * h);
    const vert = isVert(p);
    if (!horiz && !vert) continue;
    const x = p % w;
    const y = (p - x) / w;
    for (let d = -2; d <= 2; d++) {
      if (horiz && y + d >= 0 && y + d < h) out[p + d * w] = 255;
      if (vert && x + d >= 0 && x + d < w) out[p + d] = 255;
    }
  }
  out.copy(data);
  return true;
}
