import sharp from 'sharp';
import { fillGaps } from '@/lib/vision/alternates';
import { prepareForOcr, type PrepareOptions } from '@/lib/vision/image';
import { parseLabelText } from '@/lib/vision/label-parser';
import { ocrPool, PSM } from '@/lib/vision/ocr-pool';
import { darkPieces } from '@/lib/vision/pixel-edits';
import type { ParsedLabel } from '@/lib/vision/types';

/**
 * A white compliance sticker stuck over a brand's label on coloured stock (a dispensary's or a
 * state's keyed figures over the brand's pre-printed ones): turned a few degrees against the
 * label's print and cutting its lines, so tesseract's one block reading runs the sticker's lines
 * into the ends of the covered ones and loses some. Here the sticker is found as one large,
 * compact patch of white paper inside a page that is not white, cut out (the stock around it
 * painted white), levelled by the page preparation and read alone; its keyed figures take the
 * place of the page's.
 */

const SEARCH_WIDTH = 400;
/** A sticker covers this share of the page's area, and fills this share of its box (its print is holes in the white). */
const MIN_AREA = 0.1;
const MAX_AREA = 0.6;
const MIN_FILL = 0.55;
/** White: at least this share of the page's brightest, and about grey (max − min channel). */
const WHITE = 0.82;
const GREY = 36;
/** Print around the sticker: more than this share of neighbour pairs differ in brightness by more than the step (a photo's noise alone makes about 1.4 %, a label's print 4–8 %). */
const PRINT_STEP = 40;
const PRINT_SHARE = 0.025;

/** The pixels of a page (RGB) that are white paper, as a mask (0 white, 255 not); null when the page itself is white or light paper. */
export function whiteMask(data: Uint8Array, w: number, h: number, ch: number): Uint8Array | null {
  const mins = new Uint8Array(w * h);
  const spread = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const i = p * ch;
    const lo = Math.min(data[i], data[i + 1], data[i + 2]);
    mins[p] = lo;
    spread[p] = Math.max(data[i], data[i + 1], data[i + 2]) - lo;
  }
  const sorted = Uint8Array.from(mins).sort();
  const top = sorted[Math.floor(sorted.length * 0.98)];
  if (top < 150) return null;
  const isWhite = (p: number) => mins[p] >= top * WHITE && spread[p] < GREY;
  let white = 0;
  for (let p = 0; p < w * h; p++) if (isWhite(p)) white++;
  // A page that is mostly white paper has no stock for a sticker to stand out on.
  if (white > w * h * (MAX_AREA + 0.1)) return null;
  const mask = new Uint8Array(w * h).fill(255);
  for (let p = 0; p < w * h; p++) if (isWhite(p)) mask[p] = 0;
  return mask;
}

/** The sticker's white piece in a mask: large, compact, about rectangular, clear of the page's edges; its id and box, or null. */
export function stickerPiece(mask: Uint8Array, w: number, h: number, labels: Int32Array): { id: number; x0: number; x1: number; y0: number; y1: number } | null {
  let best: { id: number; n: number; x0: number; x1: number; y0: number; y1: number } | null = null;
  for (const piece of darkPieces(mask, w, h, 128, labels)) if (!best || piece.n > best.n) best = piece;
  if (!best) return null;
  const bw = best.x1 - best.x0 + 1;
  const bh = best.y1 - best.y0 + 1;
  const edge = (v: number, size: number) => v <= size * 0.015 || v >= size * 0.985 - 1;
  if (edge(best.x0, w) || edge(best.x1, w) || edge(best.y0, h) || edge(best.y1, h)) return null;
  if (bw * bh < MIN_AREA * w * h || bw * bh > MAX_AREA * w * h) return null;
  if (best.n < MIN_FILL * bw * bh || bw < bh * 0.5 || bw > bh * 6) return null;
  return best;
}

/**
 * Whether the page around a piece's box holds print (a sticker sits on a label; a white card on a
 * plain table does not): the share of sharp steps in brightness between neighbours outside the box.
 */
export function printAround(data: Uint8Array, w: number, h: number, ch: number, box: { x0: number; x1: number; y0: number; y1: number }): boolean {
  const lum = (p: number) => (data[p * ch] + data[p * ch + 1] + data[p * ch + 2]) / 3;
  let steps = 0;
  let n = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x + 1 < w; x++) {
      if (x >= box.x0 - 1 && x <= box.x1 && y >= box.y0 && y <= box.y1) continue;
      n++;
      if (Math.abs(lum(y * w + x) - lum(y * w + x + 1)) > PRINT_STEP) steps++;
    }
  return n > 0 && steps / n > PRINT_SHARE;
}

/** The sticker cut out of the page (stock beside it painted white), or null when the page holds none. */
export async function stickerPatch(bytes: Buffer): Promise<Buffer | null> {
  const base = sharp(bytes).rotate().removeAlpha().toColourspace('srgb');
  const { data, info } = await base.clone().resize({ width: SEARCH_WIDTH }).raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h, channels: ch } = info;
  const mask = whiteMask(data, w, h, ch);
  if (!mask) return null;
  const labels = new Int32Array(w * h);
  const piece = stickerPiece(mask, w, h, labels);
  if (!piece || !printAround(data, w, h, ch, piece)) return null;
  // Each search row's span of sticker white: outside it is stock (or the covered label's print).
  const spans: [number, number][] = [];
  for (let y = piece.y0; y <= piece.y1; y++) {
    let l = -1;
    let r = -1;
    for (let x = piece.x0; x <= piece.x1; x++)
      if (labels[y * w + x] === piece.id) {
        if (l < 0) l = x;
        r = x;
      }
    spans.push([l, r]);
  }
  const grey = await base.clone().greyscale().raw().toBuffer({ resolveWithObject: true });
  const fw = grey.info.width;
  const fh = grey.info.height;
  const k = fw / w;
  const X0 = Math.floor(piece.x0 * k);
  const Y0 = Math.floor(piece.y0 * k);
  const cw = Math.min(fw - X0, Math.ceil((piece.x1 - piece.x0 + 1) * k));
  const chh = Math.min(fh - Y0, Math.ceil((piece.y1 - piece.y0 + 1) * k));
  const out = Buffer.alloc(cw * chh, 255);
  const pad = Math.ceil(k);
  for (let y = 0; y < chh; y++) {
    const [l, r] = spans[Math.min(spans.length - 1, Math.floor(y / k))];
    if (l < 0) continue;
    const from = Math.max(0, Math.round((l - piece.x0) * k) + pad);
    const to = Math.min(cw, Math.round((r - piece.x0 + 1) * k) - pad);
    for (let x = from; x < to; x++) out[y * cw + x] = grey.data[(Y0 + y) * fw + X0 + x];
  }
  return sharp(out, { raw: { width: cw, height: chh, channels: 1 } })
    .png()
    .toBuffer();
}

/**
 * The page's reading with the sticker's keyed figures in place of its own: potency, terpenes,
 * batch, dates and lab from the sticker when it reads them; the name, brand, kind and weight
 * stay the page's unless it has none. Only a sticker that reads as one (at least two of a THC
 * figure, a batch and a date) counts.
 */
export function fromSticker(page: ParsedLabel, sticker: ParsedLabel): ParsedLabel {
  const evidence = [sticker.thcPct, sticker.batchNumber, sticker.testDate ?? sticker.packageDate ?? sticker.harvestDate].filter((v) => v !== null).length;
  if (evidence < 2) return page;
  return {
    ...page,
    productName: page.productName ?? sticker.productName,
    brand: page.brand ?? sticker.brand,
    thcPct: sticker.thcPct ?? page.thcPct,
    cbdPct: sticker.cbdPct ?? page.cbdPct,
    totalCannabinoidsPct: sticker.totalCannabinoidsPct ?? page.totalCannabinoidsPct,
    terpenes: sticker.terpenes.length ? sticker.terpenes : page.terpenes,
    netWeightGrams: page.netWeightGrams ?? sticker.netWeightGrams,
    batchNumber: sticker.batchNumber ?? page.batchNumber,
    harvestDate: sticker.harvestDate ?? page.harvestDate,
    testDate: sticker.testDate ?? page.testDate,
    packageDate: sticker.packageDate ?? page.packageDate,
    labName: sticker.labName ?? page.labName,
  };
}

/**
 * The reading with a sticker's figures when the page has a white sticker on coloured stock that
 * reads as one. `again`: the page's second preparation (denoise + sharpen), with which a sticker
 * whose first reading found no THC figure is read once more, that reading filling the first's
 * empty fields: a photo's grain on the sticker's paper made tesseract drop its bold rows (`THC:
 * 21.4%   CBD: 0.3%`, the heading) in the first preparation and read them in the second, which
 * loses other rows (a date, the lab) instead.
 */
export async function withSticker(bytes: Buffer, page: ParsedLabel, opts: PrepareOptions, signal?: AbortSignal, again?: PrepareOptions): Promise<ParsedLabel> {
  if (signal?.aborted) return page;
  const patch = await stickerPatch(bytes).catch(() => null);
  if (!patch || signal?.aborted) return page;
  const read = async (o: PrepareOptions) => parseLabelText((await ocrPool().recognize(await prepareForOcr(patch, o), PSM.SINGLE_BLOCK)).text);
  return fromSticker(page, await stickerReading(read, opts, again, signal));
}

/** The sticker read with `opts`, and again with `again` (gaps filled) when that found no THC figure (see withSticker). */
export async function stickerReading(read: (o: PrepareOptions) => Promise<ParsedLabel>, opts: PrepareOptions, again?: PrepareOptions, signal?: AbortSignal): Promise<ParsedLabel> {
  const sticker = await read(opts);
  if (!again || sticker.thcPct !== null || signal?.aborted) return sticker;
  return fillGaps(sticker, [await read(again)]);
}
