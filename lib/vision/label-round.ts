import sharp from 'sharp';
import { inkPieces, prepareForOcr, type PrepareOptions } from '@/lib/vision/image';
import { labelCoverage, parseLabelText } from '@/lib/vision/label-parser';
import { ocrPool, PSM } from '@/lib/vision/ocr-pool';
import type { ParsedLabel } from '@/lib/vision/types';

/**
 * Round stickers (a jar lid) often print their outer lines along the rim: each word turned with
 * the circle, up to ≈35° at the ends of a line, which tesseract reads as garbage or not at all.
 * When the page holds one large round (or, photographed at an angle, oval) outline, the ring
 * inside it is unrolled into two straight strips, the upper arc (read with the letters' tops
 * outward) and the lower arc (tops inward), so the rim's lines run level; their reading only
 * fills fields the page reading left empty.
 */

/** Width of the small binarised copy the outline is looked for on. */
const FIND_WIDTH = 360;

export interface Rim {
  /** Centre and half-axes of the outline, in pixels of the full (EXIF-oriented) image. */
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/**
 * The largest round outline on a binarised page (`ink` 1 per ink pixel, `w` × `h`): an
 * 8-connected piece of thin ink (thick areas, a lid or a table, count by their edge only) whose
 * box covers at least 70 % of the page's shorter side both ways, at most 1.25× wider than tall
 * or taller than wide, sparse, and whose pixels all lie near the ellipse inscribed in that box
 * (normalised distance within 0.88–1.12 for 90 % of them). Null when there is none.
 */
export function findRim(ink: Uint8Array, w: number, h: number): Rim | null {
  const isInk = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && ink[y * w + x] === 1;
  // Beyond the page counts as ink for thickness: a dark surround's cut at the page edge is no outline.
  const inkOrOut = (x: number, y: number) => x < 0 || y < 0 || x >= w || y >= h || ink[y * w + x] === 1;
  const thin = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if (isInk(x, y) && !(inkOrOut(x - 2, y) && inkOrOut(x + 2, y) && inkOrOut(x, y - 2) && inkOrOut(x, y + 2))) thin[y * w + x] = 1;
  let best: Rim | null = null;
  const side = Math.min(w, h);
  for (const { pixels: piece, x0, x1, y0, y1 } of inkPieces(thin, w, h)) {
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (bw < 0.7 * side || bh < 0.7 * side || bw > 1.25 * bh || bh > 1.25 * bw || piece.length > 0.2 * bw * bh) continue;
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    const rx = bw / 2;
    const ry = bh / 2;
    let near = 0;
    for (const p of piece) {
      const x = p % w;
      const y = (p - x) / w;
      const d = Math.hypot((x - cx) / rx, (y - cy) / ry);
      if (d >= 0.88 && d <= 1.12) near++;
    }
    if (near < 0.9 * piece.length) continue;
    if (!best || rx * ry > best.rx * best.ry) best = { cx, cy, rx, ry };
  }
  return best;
}

/** The page's round outline, in full-image pixels (a small binarised copy is searched). */
export async function rimOf(bytes: Buffer): Promise<Rim | null> {
  const base = sharp(bytes).rotate().grayscale();
  const meta = await base.metadata();
  const fullWidth = (meta.autoOrient?.width ?? meta.width) || 0;
  if (!fullWidth) return null;
  const { data, info } = await base.resize({ width: FIND_WIDTH }).normalise().threshold(160).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (let i = 0; i < data.length; i++) if (data[i] < 128) dark++;
  // Ink is the minority colour (a dark lid around a light sticker: the lid's edge is the outline either way).
  const inkIsDark = dark < data.length / 2;
  const ink = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) ink[i] = data[i] < 128 === inkIsDark ? 1 : 0;
  const rim = findRim(ink, info.width, info.height);
  if (!rim) return null;
  const k = fullWidth / info.width;
  return { cx: rim.cx * k, cy: rim.cy * k, rx: rim.rx * k, ry: rim.ry * k };
}

/** The ring between these shares of the outline's radius is unrolled (the rim's own line left out). */
const INNER = 0.5;
const OUTER = 0.97;
/** Half the angle of each arc unrolled, in degrees from the top (upper arc) or the bottom (lower arc). */
const SPAN = 80;

/**
 * The ring inside `rim` unrolled into a straight strip: the upper arc left to right with the
 * outer edge at the top, or the lower arc left to right with the inner edge at the top (words
 * printed along the bottom of a round sticker read upright with their tops toward the centre).
 * `grey` is the page's grey image (`w` × `h`). Returns the strip's grey pixels.
 */
export function unrollArc(grey: Uint8Array | Buffer, w: number, h: number, rim: Rim, upper: boolean): { data: Buffer; width: number; height: number } {
  const r = (rim.rx + rim.ry) / 2;
  const span = (SPAN * Math.PI) / 180;
  // Longer than the outer edge: print near the rim is not squeezed, and the gaps between words widen
  // (at the middle radius, and at the outer one too, tesseract ran words together: `Packed10/20/2026`).
  const width = Math.max(8, Math.round(1.4 * 2 * span * r * OUTER));
  const height = Math.max(8, Math.round((OUTER - INNER) * r));
  const data = Buffer.alloc(width * height, 255);
  for (let v = 0; v < height; v++) {
    const t = v / (height - 1);
    const rho = upper ? OUTER - t * (OUTER - INNER) : INNER + t * (OUTER - INNER);
    for (let u = 0; u < width; u++) {
      const th = -span + (2 * span * u) / (width - 1);
      const x = rim.cx + rho * rim.rx * Math.sin(th);
      const y = upper ? rim.cy - rho * rim.ry * Math.cos(th) : rim.cy + rho * rim.ry * Math.cos(th);
      const xi = Math.floor(x);
      const yi = Math.floor(y);
      if (xi < 0 || yi < 0 || xi + 1 >= w || yi + 1 >= h) continue;
      const fx = x - xi;
      const fy = y - yi;
      const at = (xx: number, yy: number) => grey[yy * w + xx];
      const top = at(xi, yi) * (1 - fx) + at(xi + 1, yi) * fx;
      const bottom = at(xi, yi + 1) * (1 - fx) + at(xi + 1, yi + 1) * fx;
      data[v * width + u] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { data, width, height };
}

/** The two unrolled arcs of the page's round outline as PNGs (upper first), or null when the page has none. */
export async function rimStrips(bytes: Buffer): Promise<Buffer[] | null> {
  const rim = await rimOf(bytes);
  if (!rim) return null;
  const { data, info } = await sharp(bytes).rotate().grayscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const out: Buffer[] = [];
  for (const upper of [true, false]) {
    const s = unrollArc(data, info.width, info.height, rim, upper);
    out.push(
      await sharp(s.data, { raw: { width: s.width, height: s.height, channels: 1 } })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    );
  }
  return out;
}

/**
 * The page's reading with the fields it left empty taken from the rim's reading (never the
 * other way: the page reads its level lines better than the unrolled ring, which bends them).
 */
export function fillFromRim(page: ParsedLabel, rim: ParsedLabel): ParsedLabel {
  const { coverage: _p, ...a } = page;
  const { coverage: _r, ...b } = rim;
  const out = { ...a };
  const keys = Object.keys(b) as (keyof typeof b)[];
  for (const k of keys) {
    const mine = out[k];
    const theirs = b[k];
    const empty = mine === null || mine === undefined || (Array.isArray(mine) && mine.length === 0) || (k === 'category' && mine === 'Other');
    if (empty && theirs !== null && theirs !== undefined && !(Array.isArray(theirs) && theirs.length === 0)) (out as Record<string, unknown>)[k] = theirs;
  }
  return { ...out, coverage: labelCoverage(out) };
}

/**
 * A label reading with its gaps filled from the page's unrolled rim, when the page has a round
 * outline and the reading missed something (`opts`: the label's first-pass preparation). The
 * reading as it was when the page has no rim or the rim adds nothing.
 */
export async function withRim(bytes: Buffer, page: ParsedLabel, opts: PrepareOptions, signal?: AbortSignal): Promise<ParsedLabel> {
  if (page.coverage >= 1) return page;
  const strips = await rimStrips(bytes).catch(() => null);
  if (!strips) return page;
  const texts: string[] = [];
  for (const strip of strips) {
    if (signal?.aborted) return page;
    texts.push((await ocrPool().recognize(await prepareForOcr(strip, opts), PSM.SINGLE_BLOCK)).text);
  }
  return fillFromRim(page, parseLabelText(texts.join('\n')));
}
