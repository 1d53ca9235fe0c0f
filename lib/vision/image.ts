import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ApiError } from '@/lib/errors';
import { sniffMediaType } from '@/lib/vision/media-type';
import { eraseChartBars } from '@/lib/vision/chart-bars';
import { eraseChartMarks } from '@/lib/vision/chart-marks';
import { eraseCodes } from '@/lib/vision/codes';
import { evenStreaks } from '@/lib/vision/glare';
import { eraseDotLeaders, eraseGridRules, invertBands, LIGHT_INK, maskRuns } from '@/lib/vision/pixel-edits';
import { eraseTightRules } from '@/lib/vision/receipt-rules';
import { flattenLight } from '@/lib/vision/flatten-light';
import { flattenCreases } from '@/lib/vision/receipt-creases';
import { repairFadedPrint } from '@/lib/vision/receipt-faded';
import type { ImageInput, MediaType } from '@/lib/vision/types';

export { sniffMediaType };

/** Images larger than this many pixels are refused before decoding (decompression bombs). */
const MAX_PIXELS = 40_000_000;

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z0-9=.+-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Strip an optional data-URL prefix and whitespace, decode strictly; null when it is not base64. */
export function decodeBase64Image(input: string): { bytes: Buffer; declaredType: string | null } | null {
  let s = input.trim();
  let declaredType: string | null = null;
  const m = DATA_URL.exec(s);
  if (m) {
    declaredType = m[1]?.toLowerCase() ?? null;
    s = s.slice(m[0].length);
  }
  s = s.replace(/\s+/g, '');
  if (s.length === 0 || !BASE64.test(s) || s.length % 4 === 1) return null;
  const bytes = Buffer.from(s, s.includes('-') || s.includes('_') ? 'base64url' : 'base64');
  return bytes.length ? { bytes, declaredType } : null;
}

/**
 * Turn a request's base64 + media type into verified image bytes: the magic bytes must agree with
 * the declared media type (and a data URL's own type), and sharp must be able to decode it.
 * Every failure is a 400 BAD_REQUEST with a reason in `details`.
 */
export async function loadImage(imageBase64: string, mediaType: MediaType): Promise<ImageInput> {
  const decoded = decodeBase64Image(imageBase64);
  if (!decoded) throw new ApiError('BAD_REQUEST', 'imageBase64 is not valid base64', { reason: 'invalid-base64' });
  const sniffed = sniffMediaType(decoded.bytes);
  if (!sniffed) throw new ApiError('BAD_REQUEST', 'The image is not a JPEG, PNG or WebP file', { reason: 'unknown-format', mediaType });
  if (sniffed !== mediaType || (decoded.declaredType && decoded.declaredType !== mediaType)) {
    throw new ApiError('BAD_REQUEST', `mediaType ${mediaType} does not match the image bytes (${sniffed})`, {
      reason: 'media-type-mismatch',
      mediaType,
      detected: sniffed,
    });
  }
  let width = 0;
  let height = 0;
  try {
    // Decode the whole image once (not just the header) so truncated files are refused here.
    const { info } = await sharp(decoded.bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).raw().toBuffer({ resolveWithObject: true });
    width = info.width;
    height = info.height;
  } catch (e) {
    throw new ApiError('BAD_REQUEST', 'The image could not be decoded', { reason: 'undecodable', mediaType, message: (e as Error).message });
  }
  return { bytes: decoded.bytes, mediaType, sha256: createHash('sha256').update(decoded.bytes).digest('hex'), width, height };
}

export interface PrepareOptions {
  /** Target width after upscaling; small photos are enlarged about 2× so glyphs are ≥ 20 px tall. */
  targetWidth?: number;
  /** Binarise at this level (0..255); null keeps grey levels (LSTM usually prefers grey). */
  threshold?: number | null;
  /** Median filter size against salt-and-pepper noise. */
  median?: number;
  /** Extra sharpen, for blurred photos. */
  sharpen?: boolean;
  /** Straighten a page photographed a few degrees askew (default on). */
  deskew?: boolean;
  /** Stretch the contrast after evening out the light (default on). */
  normalise?: boolean;
  /** Height in px the measured text rows are scaled to (default ROW_HEIGHT). */
  rowHeight?: number;
  /** Erase dotted leaders before OCR (default on; `eraseDotLeaders`). */
  leaders?: boolean;
  /** Also erase leaders of light grey dots (blurred print; receipts). */
  lightLeaders?: boolean;
  /**
   * Leave printed rules and box frames out of the text-row height measurement (labels; see
   * analysePage). Erasing them from the page was tried and dropped: after keystone the frames
   * are sloped, only pieces were erased, and tesseract read the pieces worse than whole frames
   * (second-round degraded labels 0.880 → 0.843 on first-pass readings).
   */
  rules?: boolean;
  /**
   * Turn light print on dark filled bands (a coloured type badge) dark-on-light (`invertBands`):
   * after the light is evened out (labels), or before it (`'before-light'`, receipts: a header band
   * across the page).
   */
  bands?: boolean | 'before-light';
  /** Erase the long straight rules of a ruled table grid before OCR (receipts; `eraseGridRules`). */
  gridRules?: boolean;
  /** Erase a thin rule across the page that a text row touches (receipts; `eraseTightRules`, receipt-rules.ts). */
  tightRules?: boolean;
  /** Brighten the narrow shadow bands a folded receipt's creases leave across the page (receipts; `flattenCreases`). */
  creases?: boolean;
  /** Close the missing rows of dots of faded thermal print (receipts; `repairFadedPrint`, receipt-faded.ts). */
  faded?: boolean;
  /** Even out a glare streak across a dark glossy page, measuring the paper locally (labels; `evenStreaks`). */
  glare?: boolean;
  /** Paint QR codes (found by their three finder squares) paper white before OCR (labels; `eraseCodes`). */
  codes?: boolean;
  /** Paint a bar chart's bars paper white before OCR (labels; `eraseChartBars`). */
  chartBars?: boolean;
  /** Paint a legend's swatches and a donut chart's arcs paper white before OCR (labels; `eraseChartMarks`). */
  chartMarks?: boolean;
}

/**
 * Text rows are scaled to about this height. Measured on degraded tuning photos: 26 px reads
 * blurred small print better than 20 px, and costs little CPU (tesseract normalises each line to
 * its own height for the LSTM; the page's pixel count mostly weighs on layout analysis).
 */
export const ROW_HEIGHT = 26;

const SKEW_WIDTH = 360;

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
  const isInk = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && (dark ? data[y * w + x] >= 128 : data[y * w + x] < 128);
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
  return out;
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

/**
 * OCR preparation: honour EXIF orientation, grayscale, upscale small images (≈2×, capped so big
 * photos do not explode CPU time), stretch contrast, optional denoise / sharpen / threshold.
 */
export async function prepareForOcr(bytes: Buffer, opts: PrepareOptions = {}): Promise<Buffer> {
  const page = await prepareGrey(bytes, opts);
  return sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A prepared page's grey pixels (one byte per pixel, row by row). */
export interface GreyPage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * A grey page as PGM (a short header and the raw bytes): leptonica reads it directly, so the
 * engine hands tesseract its prepared page without a PNG encode here and a PNG decode in the
 * worker (same pixels, same reading).
 */
export function toPgm(page: GreyPage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${page.width} ${page.height}\n255\n`, 'latin1'), page.data]);
}

/** prepareForOcr's page as raw grey pixels (see toPgm). */
export async function prepareGrey(bytes: Buffer, opts: PrepareOptions = {}): Promise<GreyPage> {
  const page = await analysePage(bytes, { rules: opts.rules }).catch((): PageAnalysis => ({ skew: 0, rowHeight: null, dark: false }));
  const skew = opts.deskew === false ? 0 : page.skew;
  let img = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().grayscale();
  // Light text on a dark ground is turned dark-on-light here (tesseract's own per-line inversion
  // check stays on: it rescues light text on coloured bands).
  if (page.dark) img = sharp(await img.negate({ alpha: false }).png({ compressionLevel: 1 }).toBuffer()).grayscale();
  if (skew !== 0) img = sharp(await img.rotate(skew, { background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer()).grayscale();
  const meta = await img.metadata();
  const w = (meta.autoOrient?.width ?? meta.width) || 0;
  // Glyphs of a ≈1,000 px phone photo are already tall enough for the LSTM model: only narrow
  // images are enlarged (to ≈1,000 px), and large photos come down to 1,600 px (OCR time grows
  // with the pixel count, accuracy does not).
  // Scale so text rows are ≈20 px tall (measured), within 0.6–2× and at most 2,000 px wide.
  const rowH = opts.targetWidth ? null : page.rowHeight;
  const scale = rowH ? Math.max(0.6, Math.min(2, (opts.rowHeight ?? ROW_HEIGHT) / rowH)) : w < 760 ? Math.min(2, 1100 / w) : 1;
  const target = opts.targetWidth ?? Math.min(2000, Math.round(w * scale));
  if (w && target !== w) img.resize({ width: Math.round(target), kernel: 'lanczos3' });
  if (opts.median) img.median(opts.median);
  // Text rows after scaling (the measured height times the scale; ≈26 px for most photos).
  const rowPx = rowH && w ? (rowH * target) / w : 24;
  const grey = await img.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  // Receipts: a dark band is inverted before the light is evened out (evening out lightens the
  // middle of a wide band into a grey streak that the inversion then prints beside the text).
  // Only bands at least a third of the page wide: before the light is evened out, a blurred bold
  // amount (`$269.85` on a photo) is a dark filled blob of a few rows too.
  if (opts.bands === 'before-light' && !page.dark) {
    invertBands(grey.data, grey.info.width, grey.info.height, rowPx, grey.info.width / 3);
    // At the head of the page, also a narrower block: the store's name in white on a black logo
    // block only as wide as the name (no bold amount is printed up there).
    const top = Math.round(grey.info.height * 0.2);
    invertBands(grey.data.subarray(0, top * grey.info.width), grey.info.width, top, rowPx, rowPx * 6);
  }
  const flat = await flattenLight(grey);
  if (opts.leaders !== false) {
    // Receipts: blurred leaders come out light grey, lighter than the usual ink level, and were
    // read as garbage that took the whole row with it; their sweep counts lighter grey as ink.
    // (One sweep at the lighter level takes dark leaders too: same re-read scores as a sweep at each level, ≈15 ms less.)
    eraseDotLeaders(flat.data, flat.width, flat.height, rowPx, opts.lightLeaders ? LIGHT_INK : undefined);
  }
  if (opts.glare && page.dark) evenStreaks(flat.data, flat.width, flat.height, rowPx);
  if (opts.codes) eraseCodes(flat.data, flat.width, flat.height);
  if (opts.chartBars && !page.dark) eraseChartBars(flat.data, flat.width, flat.height, rowPx);
  if (opts.chartMarks && !page.dark) eraseChartMarks(flat.data, flat.width, flat.height, rowPx);
  if (opts.bands === true && !page.dark) invertBands(flat.data, flat.width, flat.height, rowPx);
  if (opts.gridRules && !page.dark) eraseGridRules(flat.data, flat.width, flat.height, rowPx);
  if (opts.tightRules && !page.dark) eraseTightRules(flat.data, flat.width, flat.height, rowPx);
  // (After the grid's rules are erased: a grey rule across the page is no crease to brighten.)
  if (opts.creases && !page.dark) flattenCreases(flat.data, flat.width, flat.height, rowPx);
  // Faded thermal print after the creases (whose shadow would otherwise count as faint ink); a page in black ink is left as it is.
  if (opts.faded && !page.dark) repairFadedPrint(flat.data, flat.width, flat.height, rowPx);
  let out = sharp(flat.data, { raw: { width: flat.width, height: flat.height, channels: 1 } });
  if (opts.normalise !== false) out = out.normalise();
  // A negated dark receipt (an app screenshot) is sharpened on the first pass too: its muted grey
  // print ("2 × $35.00 · Vape · THC 81.2%") was not found at all on blurred photos (degraded
  // second-round receipts 0.695 → 0.756 on re-reads); dark labels read slightly worse with it.
  if (opts.sharpen || (page.dark && opts.normalise === false)) out = out.sharpen({ sigma: 1.2 });
  if (opts.threshold != null) out = out.threshold(opts.threshold);
  const { data, info } = await out.toColourspace('b-w').extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
