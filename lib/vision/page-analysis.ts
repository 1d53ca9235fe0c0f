import sharp from 'sharp';
import { lightSurround } from '@/lib/vision/dark-surround';
import { maskRuns } from '@/lib/vision/pixel-edits';

/**
 * What OCR preparation measures about a page before preparing it (lib/vision/image.ts): the skew of
 * its text lines, the height of its text rows and whether it is light print on a dark ground, on a
 * small binarised copy; and the ink pieces of a mask, which other steps use too.
 */

/** Images larger than this many pixels are refused before decoding (decompression bombs). */
export const MAX_PIXELS = 40_000_000;

/**
 * Text rows are scaled to about this height. Measured on degraded tuning photos: 26 px reads
 * blurred small print better than 20 px, and costs little CPU (tesseract normalises each line to
 * its own height for the LSTM; the page's pixel count mostly weighs on layout analysis).
 */
export const ROW_HEIGHT = 26;

const SKEW_WIDTH = 360;
/** A dark page's skew is taken only when it makes the rows this much sharper than level (see analysePage). */
const DARK_SKEW_GAIN = 1.5;

/** What preparation needs to know about a page, measured once on a small binarised copy. */
export interface PageAnalysis {
  /** Rotation (degrees, within ±5) that makes the text lines level; 0 when already level. */
  skew: number;
  /** Median height of the text rows in pixels of the full-width (EXIF-oriented) image; null when no rows are found. */
  rowHeight: number | null;
  /** Light text on a dark ground (dark labels, app screenshots in dark mode). */
  dark: boolean;
}

/** Sum of squared differences between neighbouring rows' ink: high when text lines are level. */
function profileScore(ys: Float64Array, xs: Float64Array, n: number, angle: number, rows: Int32Array): number {
  const a = (angle * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  rows.fill(0);
  const off = rows.length >> 1;
  for (let i = 0; i < n; i++) {
    const r = Math.round(xs[i] * sin + ys[i] * cos) + off;
    if (r >= 0 && r < rows.length) rows[r]++;
  }
  let score = 0;
  for (let r = 1; r < rows.length; r++) score += (rows[r] - rows[r - 1]) * (rows[r] - rows[r - 1]);
  return score;
}

/**
 * Skew, text-row height and polarity from ONE small binarised decode. The projection-profile
 * search rotates the ink points' coordinates (not the image) for each candidate angle, so the
 * ±5° search costs a few milliseconds instead of a sharp pipeline per angle. A few degrees of
 * skew are enough to move a right-aligned price onto the neighbouring line in OCR output; the
 * row height tells how far to scale the page so glyphs land at the size the LSTM model reads best.
 */
export async function analysePage(bytes: Buffer, opts: { rules?: boolean } = {}): Promise<PageAnalysis> {
  const base = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().grayscale();
  const meta = await base.metadata();
  const fullWidth = (meta.autoOrient?.width ?? meta.width) || 0;
  const { data, info } = await base.resize({ width: SKEW_WIDTH }).normalise().threshold(160).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  let darkPx = 0;
  for (let i = 0; i < data.length; i++) if (data[i] < 128) darkPx++;
  const dark = darkPx / Math.max(1, data.length) > 0.5;
  const xs = new Float64Array(data.length);
  const ys = new Float64Array(data.length);
  let n = 0;
  // A dark page: the table round the label is light too, and is left out (dark-surround.ts).
  const beyond = dark
    ? lightSurround(
        Uint8Array.from(data, (v) => (v >= 128 ? 1 : 0)),
        w,
        h,
      )
    : null;
  const isInk = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && (dark ? data[y * w + x] >= 128 && !(beyond as Uint8Array)[y * w + x] : data[y * w + x] < 128);
  // Glyph strokes are thin at this size; a pixel whose neighbours 2 px away on all four sides are
  // ink too belongs to a thick area (the table or shadow beyond the paper's edge, a filled band),
  // whose own slope would otherwise outweigh the text lines.
  const thick = (x: number, y: number) => isInk(x - 2, y) && isInk(x + 2, y) && isInk(x, y - 2) && isInk(x, y + 2);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (isInk(x, y) && !thick(x, y)) {
        xs[n] = x - w / 2;
        ys[n] = y - h / 2;
        n++;
      }
    }
  const rows = new Int32Array(Math.ceil(Math.hypot(w, h)) + 4);
  let skew = 0;
  let bestScore = profileScore(ys, xs, n, 0, rows);
  for (const step of [1, 0.25]) {
    const centre = skew;
    const span = step === 1 ? 5 : 0.75;
    for (let a = centre - span; a <= centre + span + 1e-9; a += step) {
      if ((Math.abs(a - centre) < 1e-9 && step !== 1) || a === 0) continue;
      const sc = profileScore(ys, xs, n, a, rows);
      if (sc > bestScore * 1.02) {
        bestScore = sc;
        skew = a;
      }
    }
  }
  // On a dark page the light table round the label is left out, and what is left is mostly the
  // print: a true turn sharpens its rows several times over (ratios 1.8–36 measured on the bench's
  // turned dark photos); a glare streak across the label, a diagonal band, sways it a little (1.3).
  if (beyond && bestScore < DARK_SKEW_GAIN * profileScore(ys, xs, n, 0, rows)) skew = 0;
  skew = Math.abs(skew) < 0.5 ? 0 : skew;
  // Row heights on the levelled profile: runs of rows with some ink, but not a full-width rule.
  // With `rules` (labels), the pixels of printed rules and box frames are left out first: a frame
  // around a cell puts ink on every row of the cell, which then measured as one tall text row
  // (boxed label cells: 67 px instead of ≈20, and the page was shrunk to unreadable print).
  let curve: Uint8Array | null = null;
  if (opts.rules) {
    const rule = rulePixels(data, w, h, dark);
    curve = outlinePixels(xs, ys, n, w, h);
    let m = 0;
    for (let i = 0; i < n; i++) {
      const p = (ys[i] + h / 2) * w + (xs[i] + w / 2);
      if (rule[p]) continue;
      xs[m] = xs[i];
      ys[m] = ys[i];
      m++;
    }
    n = m;
  }
  let rowHeight = rowHeightOf(ys, xs, n, skew, rows, w, fullWidth);
  if (curve) {
    // Long curved outlines (a round sticker's rim) too, but only when they were what made the rows
    // tall: a round lid measured one 279 px row, ≈18 px without its rim; where the rows measure
    // much the same either way, or found no rows at all (a jar lid: then the page is scaled by its
    // width, which read its photos better), the first figure stays (left out there too, degraded
    // fourth-round labels read 0.968 → 0.923).
    let m = 0;
    for (let i = 0; i < n; i++) {
      if (curve[(ys[i] + h / 2) * w + (xs[i] + w / 2)]) continue;
      xs[m] = xs[i];
      ys[m] = ys[i];
      m++;
    }
    const without = rowHeightOf(ys, xs, m, skew, rows, w, fullWidth);
    if (without && rowHeight && rowHeight > 3 * without) rowHeight = without;
  }
  return { skew, rowHeight, dark };
}

const analysed = new WeakMap<Buffer, Map<boolean, Promise<PageAnalysis>>>();

/**
 * `analysePage` measured once per page and option: a page's second preparation (and the rescue's)
 * measures the same bytes again otherwise (≈ 20–40 ms a pass). Keyed by the bytes' Buffer, so
 * the measurement goes with the page.
 */
export function analysedPage(bytes: Buffer, opts: { rules?: boolean } = {}): Promise<PageAnalysis> {
  let byRules = analysed.get(bytes);
  if (!byRules) analysed.set(bytes, (byRules = new Map()));
  const key = Boolean(opts.rules);
  let measured = byRules.get(key);
  if (!measured) {
    measured = analysePage(bytes, opts);
    // A failed measurement is not kept: the next preparation tries again.
    measured.catch(() => byRules.delete(key));
    byRules.set(key, measured);
  }
  return measured;
}

/** Median height of the text rows of the `n` ink points levelled by `skew`, in full-width pixels; null with fewer than three rows. */
function rowHeightOf(ys: Float64Array, xs: Float64Array, n: number, skew: number, rows: Int32Array, w: number, fullWidth: number): number | null {
  profileScore(ys, xs, n, skew, rows);
  // The edges of what lies beyond the paper can put a few ink pixels on every row (no row between
  // the text lines is empty): rows then count as text above that floor.
  let first = 0;
  while (first < rows.length && rows[first] === 0) first++;
  let last = rows.length - 1;
  while (last > first && rows[last] === 0) last--;
  let floor = Infinity;
  for (let r = first; r <= last; r++) floor = Math.min(floor, rows[r]);
  if (!Number.isFinite(floor)) floor = 0;
  const runs: number[] = [];
  let run = 0;
  for (let r = 0; r < rows.length; r++) {
    if (rows[r] - floor >= 2 && rows[r] < w * 0.6) run++;
    else {
      if (run >= 2) runs.push(run);
      run = 0;
    }
  }
  runs.sort((a, b) => a - b);
  return runs.length >= 3 && fullWidth ? (runs[Math.floor(runs.length / 2)] * fullWidth) / w : null;
}

/**
 * Pixels of printed rules and frames on the small binarised copy of analysePage (≈360 px wide,
 * where glyphs are under ≈12 px): ink runs of 18 px or more one way and at most 2 px the other.
 */
function rulePixels(data: Buffer, w: number, h: number, dark: boolean): Uint8Array {
  const mask = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) if (dark ? data[p] >= 128 : data[p] < 128) mask[p] = 1;
  const hrun = new Uint16Array(w * h);
  const vrun = new Uint16Array(w * h);
  maskRuns(mask, w, h, 'row', hrun);
  maskRuns(mask, w, h, 'col', vrun);
  const out = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) if ((hrun[p] >= 18 && vrun[p] <= 2) || (vrun[p] >= 18 && hrun[p] <= 2)) out[p] = 1;
  leaningRules(mask, w, h, hrun, out);
  return out;
}

/**
 * A leaning rule's run down one column (a pixel either side) is at least this long: a rule
 * leaning up to 1/20 (keystone and turn together) stays that long in it; a round outline that fits
 * on this copy leaves it, one way, within about 27 rows; a turned rubber stamp's box two text rows
 * tall is shorter (at 30 rows it was taken, and a kraft label's evened-out page measured 28 px rows
 * instead of 47: ninth `kraft-stamp` degraded #1 then read its brand as its name).
 */
const LEANING_RUN = 40;

/**
 * Vertical rules that lean, marked in `out` (with `rulePixels`' thinness across: `hrun` ≤ 2): a
 * keystoned photo's table leans its vertical rules (a turned one too, before the skew is undone),
 * so that on this small copy they step sideways every few pixels and their straight runs fall under
 * 18 px; their ink on every row then ran the table's rows together into one (×1.3–1.6 the print's
 * height: a ruled table's small print shrunk). Down each column, a run of `LEANING_RUN` rows with
 * ink within one pixel either side is a rule when it leans one way only: the ink's offset from the
 * column is least at one end of the run and most at the other, a pixel or more apart. The side of
 * a round lid's outline is as straight within a pixel, but bends out and back (its offset is most
 * in the middle) or stays one way for fewer rows, and is left.
 */
function leaningRules(mask: Uint8Array, w: number, h: number, hrun: Uint16Array, out: Uint8Array): void {
  const offset = (x: number, y: number): number | null => {
    let sum = 0;
    let k = 0;
    for (let o = -1; o <= 1; o++)
      if (x + o >= 0 && x + o < w && mask[y * w + x + o]) {
        sum += o;
        k++;
      }
    return k ? sum / k : null;
  };
  const offs: number[] = [];
  for (let x = 0; x < w; x++)
    for (let y = 0; y < h;) {
      offs.length = 0;
      const start = y;
      for (let o = offset(x, y); o !== null && y < h; o = y < h ? offset(x, y) : null) {
        offs.push(o);
        y++;
      }
      if (!offs.length) {
        y++;
        continue;
      }
      if (offs.length < LEANING_RUN) continue;
      const lo = Math.min(...offs);
      const hi = Math.max(...offs);
      const [first, last] = [offs[0], offs[offs.length - 1]];
      // (A run that does not move sideways is a straight rule, found above, or the very edge of a round outline.)
      const oneWay = (first - lo <= 0.5 && hi - last <= 0.5) || (hi - first <= 0.5 && last - lo <= 0.5);
      if (!oneWay || hi - lo < 1) continue;
      // A rule stands on paper: three pixels either side of the band are mostly clear (the
      // speckled grain along a label's evened-out edge, or a stamp's smudged box, has ink beside).
      let clear = 0;
      for (let yy = start; yy < y; yy++) if ((x < 3 || !mask[yy * w + x - 3]) && (x + 3 >= w || !mask[yy * w + x + 3])) clear++;
      if (clear < 0.8 * (y - start)) continue;
      for (let yy = start; yy < y; yy++)
        for (let o = -1; o <= 1; o++) {
          const p = yy * w + x + o;
          if (x + o >= 0 && x + o < w && mask[p] && hrun[p] <= 2) out[p] = 1;
        }
    }
}

/**
 * Pixels of long thin outlines on the small copy of analysePage (the `n` ink points `xs`/`ys`,
 * centred): 8-connected pieces of ink at least 30 px tall and 30 px wide (glyphs there are under
 * ≈12 px; a word blurred into one piece is not that tall) that fill under a fifth of their box.
 * A round sticker's rim, the curved edge of a lid or table around it and a sloped frame are such
 * pieces and are not straight, so `rulePixels` misses them; they put ink on every row they span
 * and made the whole sticker one text row (a 660 px lid measured a 279 px row and was shrunk).
 */
function outlinePixels(xs: Float64Array, ys: Float64Array, n: number, w: number, h: number): Uint8Array {
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < n; i++) ink[(ys[i] + h / 2) * w + (xs[i] + w / 2)] = 1;
  const out = new Uint8Array(w * h);
  for (const { pixels, x0, x1, y0, y1 } of inkPieces(ink, w, h)) {
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (bw >= 30 && bh >= 30 && pixels.length < 0.2 * bw * bh) for (const p of pixels) out[p] = 1;
  }
  return out;
}

/** The 8-connected pieces of a `w` × `h` mask (1 = set), each with its pixel indexes and box. */
export function* inkPieces(mask: Uint8Array, w: number, h: number): Generator<{ pixels: number[]; x0: number; x1: number; y0: number; y1: number }> {
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!mask[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    const pixels: number[] = [];
    let x0 = w;
    let x1 = 0;
    let y0 = h;
    let y1 = 0;
    while (stack.length) {
      const p = stack.pop() as number;
      pixels.push(p);
      const x = p % w;
      const y = (p - x) / w;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const q = yy * w + xx;
          if (mask[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
    }
    yield { pixels, x0, x1, y0, y1 };
  }
}

/** The rotation (degrees, within ±5) that makes text lines horizontal; 0 when the page is already level. */
export async function estimateSkew(bytes: Buffer): Promise<number> {
  return (await analysePage(bytes)).skew;
}
