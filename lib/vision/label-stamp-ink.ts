import sharp from 'sharp';
import { inkPieces } from '@/lib/vision/image';
import { parseLabelText } from '@/lib/vision/label-parser';
import { ocrPool, PSM } from '@/lib/vision/ocr-pool';
import type { ParsedLabel } from '@/lib/vision/types';

/**
 * A date stamped by hand on a label (`PACKED ON` / date in a framed rubber stamp): in an ink of
 * its own colour (red, purple, blue), turned a few degrees (up to ≈12°) against the print. The
 * page reading misses or garbles it: tesseract reads the turned lines as junk. Here the stamp's
 * ink is found by its colour (far in chroma from the paper's own tint), its patch cut out as
 * black on white (paper, print and texture left out), levelled by its own angle and read alone.
 * Only a package date is taken from it, and only when the page reading has none.
 */

/** Work width of the colour search; chroma distance from the paper that counts as stamp ink. */
const SEARCH_WIDTH = 400;
const CHROMA = 40;
/** On tinted stock, the hue (radians) a stamp's ink is off the paper's. */
const HUE_OFF = 0.45;
/** A stamp patch covers at most this share of the page's width and height, and holds this many ink pixels (search copy). */
const MAX_SHARE = 0.45;
const MIN_PIXELS = 150;
/** Shares of the paper's brightness mapped to black and to white in the stamp's patch. */
const STAMP_BLACK = 0.6;
const STAMP_WHITE = 0.85;

/** Chroma of an RGB pixel: (r − g, g − b). */
const chroma = (d: Buffer, i: number): [number, number] => [d[i] - d[i + 1], d[i + 1] - d[i + 2]];

/** The stamp's patch as dark ink on white, levelled, or null when the page has no compact patch of a second ink colour. */
export async function stampPatch(bytes: Buffer): Promise<Buffer | null> {
  const base = sharp(bytes).rotate().removeAlpha().toColourspace('srgb');
  const meta = await sharp(bytes).rotate().metadata();
  const fullW = (meta.autoOrient?.width ?? meta.width) || 0;
  if (!fullW) return null;
  const { data, info } = await base.clone().resize({ width: SEARCH_WIDTH }).raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h, channels: ch } = info;
  // The paper's tint: the median chroma of the page.
  const cr: number[] = [];
  const cg: number[] = [];
  for (let p = 0; p < w * h; p += 3) {
    const [a, b] = chroma(data, p * ch);
    cr.push(a);
    cg.push(b);
  }
  const med = (xs: number[]) => xs.sort((x, y) => x - y)[xs.length >> 1];
  const [pr, pg] = [med(cr), med(cg)];
  // Stamp ink: far from the paper's tint and coloured itself (the grey table or shade beyond a
  // kraft label's edge is far from its tint too, but grey).
  // On tinted stock also of another hue than the paper: the dark print on kraft is a darker brown
  // (of the paper's hue, its chroma smaller), a red, purple or blue stamp is not.
  const tinted = Math.hypot(pr, pg) > 15;
  const hueOff = (a: number, b: number) => {
    const d = Math.abs(Math.atan2(b, a) - Math.atan2(pg, pr));
    return Math.min(d, 2 * Math.PI - d) > HUE_OFF;
  };
  const isInk = (a: number, b: number) => Math.hypot(a - pr, b - pg) > CHROMA && Math.hypot(a, b) > CHROMA / 2 && (!tinted || hueOff(a, b));
  const mask = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const [a, b] = chroma(data, p * ch);
    if (isInk(a, b)) mask[p] = 1;
  }
  // Letters and frame of a stamp joined into one piece: the mask grown by 3 px.
  const grown = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (mask[y * w + x])
        for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) if (y + dy >= 0 && y + dy < h && x + dx >= 0 && x + dx < w) grown[(y + dy) * w + x + dx] = 1;
  let best: { x0: number; x1: number; y0: number; y1: number; n: number } | null = null;
  for (const piece of inkPieces(grown, w, h)) {
    const bw = piece.x1 - piece.x0 + 1;
    const bh = piece.y1 - piece.y0 + 1;
    if (bw > MAX_SHARE * w || bh > MAX_SHARE * h || bw < 30 || bh < 12) continue;
    let n = 0;
    for (let y = piece.y0; y <= piece.y1; y++) for (let x = piece.x0; x <= piece.x1; x++) n += mask[y * w + x];
    if (n >= MIN_PIXELS && (!best || n > best.n)) best = { ...piece, n };
  }
  if (!best) return null;
  // Cut the patch out of the full page (a margin around it) and keep only its ink, black on white.
  const k = fullW / w;
  const left = Math.max(0, Math.floor((best.x0 - 4) * k));
  const top = Math.max(0, Math.floor((best.y0 - 4) * k));
  const width = Math.min(fullW - left, Math.ceil((best.x1 - best.x0 + 9) * k));
  const fullH = Math.round(h * k);
  const height = Math.min(((meta.autoOrient?.height ?? meta.height) || fullH) - top, Math.ceil((best.y1 - best.y0 + 9) * k));
  if (width < 8 || height < 8) return null;
  const cut = await base.clone().extract({ left, top, width, height }).raw().toBuffer({ resolveWithObject: true });
  const cw = cut.info.width;
  const chh = cut.info.height;
  // Its shape from the brightness (a JPEG keeps the colour at half the resolution: thin letters
  // found by colour come out blurred): each pixel's share of the paper's brightness in the patch
  // (its 90th percentile), the stamp's ink (≈ half of it) black, the paper and its specks white.
  const lum = (p: number) => {
    const i = p * cut.info.channels;
    return 0.299 * cut.data[i] + 0.587 * cut.data[i + 1] + 0.114 * cut.data[i + 2];
  };
  const tones: number[] = [];
  for (let p = 0; p < cw * chh; p += 7) tones.push(lum(p));
  tones.sort((x, y) => x - y);
  const paper = Math.max(40, tones[Math.floor(tones.length * 0.9)]);
  const ink = Buffer.alloc(cw * chh);
  for (let p = 0; p < cw * chh; p++) ink[p] = Math.round(255 * Math.min(1, Math.max(0, (lum(p) / paper - STAMP_BLACK) / (STAMP_WHITE - STAMP_BLACK))));
  const angle = levelAngle(ink, cw, chh);
  // Scaled so its lines are tall enough for the LSTM (a stamp's ≈2 lines over its height).
  const scale = Math.max(1, Math.min(4, 200 / chh));
  const level = await sharp(ink, { raw: { width: cw, height: chh, channels: 1 } })
    .rotate(-angle, { background: '#ffffff' })
    .resize({ width: Math.round(cw * scale) })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  withoutFrame(level.data, level.info.width, level.info.height);
  return sharp(level.data, { raw: { width: level.info.width, height: level.info.height, channels: 1 } })
    .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' })
    .png()
    .toBuffer();
}

/** The stamp's frame painted out: dark runs longer than 40 % of the patch's width (rows) or height (columns). */
export function withoutFrame(g: Buffer, w: number, h: number): void {
  const paint: number[] = [];
  const sweep = (n: number, len: number, at: (i: number, j: number) => number) => {
    for (let i = 0; i < n; i++) {
      let start = -1;
      for (let j = 0; j <= len; j++) {
        const dark = j < len && g[at(i, j)] < 128;
        if (dark && start < 0) start = j;
        if (!dark && start >= 0) {
          if (j - start > 0.4 * len) for (let k = start; k < j; k++) paint.push(at(i, k));
          start = -1;
        }
      }
    }
  };
  sweep(h, w, (y, x) => y * w + x);
  sweep(w, h, (x, y) => y * w + x);
  // Its anti-aliased edge too: a pixel beside a painted one.
  for (const p of paint) for (const q of [p, p - 1, p + 1, p - w, p + w, p - 2, p + 2, p - 2 * w, p + 2 * w]) if (q >= 0 && q < g.length) g[q] = 255;
}

/** The angle (degrees, within ±12) of the patch's lines: the one whose row profile of ink is sharpest. */
export function levelAngle(grey: Buffer, w: number, h: number): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (grey[y * w + x] < 128) {
        xs.push(x - w / 2);
        ys.push(y - h / 2);
      }
  const rows = new Int32Array(Math.ceil(Math.hypot(w, h)) + 4);
  const score = (deg: number) => {
    const a = (deg * Math.PI) / 180;
    rows.fill(0);
    const off = rows.length >> 1;
    for (let i = 0; i < xs.length; i++) rows[Math.round(ys[i] * Math.cos(a) - xs[i] * Math.sin(a)) + off]++;
    let s = 0;
    for (let r = 1; r < rows.length; r++) s += (rows[r] - rows[r - 1]) ** 2;
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  for (let deg = -12; deg <= 12; deg += 0.5) {
    const s = score(deg);
    if (s > bestScore * 1.02) {
      bestScore = s;
      best = deg;
    }
  }
  return best;
}

/** The reading with the stamp's package date when it had none and the page has a stamp that reads as one. */
export async function withStampDate(bytes: Buffer, page: ParsedLabel, signal?: AbortSignal): Promise<ParsedLabel> {
  if (page.packageDate || signal?.aborted) return page;
  const patch = await stampPatch(bytes).catch(() => null);
  if (!patch) return page;
  // A stamp holds its key and date only: a first word of five to eight letters starting `pa` is
  // its PACKED / PACKAGED as OCR garbles it (`PACRED ON`).
  const text = (await ocrPool().recognize(patch, PSM.SINGLE_BLOCK)).text.replace(/^(\W*)pa[a-z]{3,6}\b/i, '$1PACKED');
  const stamp = parseLabelText(text);
  return stamp.packageDate ? { ...page, packageDate: stamp.packageDate } : page;
}
