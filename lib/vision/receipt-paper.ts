import sharp from 'sharp';
import type { ImageInput } from '@/lib/vision/types';

/**
 * A receipt photographed lying on a dark table (a wooden desk, a black counter): the table around
 * the paper made the page count as light print on a dark ground (more than half of its pixels
 * dark), so the whole photo was inverted, its rows measured on the table's edges and the page
 * shrunk to unreadable print. When light paper in the middle of the frame is surrounded by a
 * mostly dark table, the table is painted white and the photo cut to the paper; any other page is handed on untouched
 * (the check reads a ≈160 px copy: a few milliseconds).
 */
const SMALL = 160;
/** What lies outside the paper: at least this share of the frame, mostly (DARK_SHARE) darker than DARK. */
const TABLE_SHARE = 0.12;
const DARK = 100;
const DARK_SHARE = 0.6;
/** The middle of the frame must be mostly light paper. */
const LIGHT = 150;
const LIGHT_SHARE = 0.55;

export interface PaperCut {
  /** Box of the paper on the small copy (inclusive), and the small copy's size. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  width: number;
  height: number;
  /** 1 where the small copy's pixel is table (reached from the border through dark pixels). */
  table: Uint8Array;
}

/**
 * The paper on a dark table in a small grey copy (`data`, `w` × `h`), or null when the frame is no
 * such photo. The paper: the light pixels joined to the light middle of the frame; the table:
 * whatever lies outside it (reached from the border without crossing the paper), which must be
 * mostly dark (what the phone or a scan adds beyond the table may be light).
 */
export function findPaper(data: Uint8Array, w: number, h: number): PaperCut | null {
  const paperMask = new Uint8Array(w * h);
  const stack: number[] = [];
  const fill = (mask: Uint8Array, ok: (p: number) => boolean) => {
    while (stack.length) {
      const p = stack.pop() as number;
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p >= w ? p - w : -1, p < w * (h - 1) ? p + w : -1])
        if (q >= 0 && !mask[q] && ok(q)) {
          mask[q] = 1;
          stack.push(q);
        }
    }
  };
  const cut = (DARK + LIGHT) / 2;
  let mid = 0;
  let midLight = 0;
  for (let y = Math.floor(h * 0.3); y < Math.ceil(h * 0.7); y++)
    for (let x = Math.floor(w * 0.3); x < Math.ceil(w * 0.7); x++) {
      mid++;
      const p = y * w + x;
      if (data[p] < LIGHT) continue;
      midLight++;
      paperMask[p] = 1;
      stack.push(p);
    }
  if (!mid || midLight / mid < LIGHT_SHARE) return null;
  fill(paperMask, (q) => data[q] >= cut);
  const table = new Uint8Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const x = p % w;
    const y = (p - x) / w;
    if ((x === 0 || y === 0 || x === w - 1 || y === h - 1) && !paperMask[p] && !table[p]) {
      table[p] = 1;
      stack.push(p);
    }
  }
  fill(table, (q) => !paperMask[q]);
  let outside = 0;
  let outsideDark = 0;
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (table[p]) {
        outside++;
        if (data[p] < DARK) outsideDark++;
        continue;
      }
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  // A table around the paper: a good share of the frame, mostly dark; the paper one large piece.
  if (outside < w * h * TABLE_SHARE || outsideDark / outside < DARK_SHARE) return null;
  if (x1 - x0 < w * 0.3 || y1 - y0 < h * 0.3) return null;
  return { x0, y0, x1, y1, width: w, height: h, table };
}

/** The image with the table painted white and cut to the paper, or the image itself when it is no photo of paper on a dark table. */
export async function paperOnTable(image: ImageInput): Promise<ImageInput> {
  const base = sharp(image.bytes).rotate().grayscale();
  const small = await base.clone().resize({ width: SMALL, height: SMALL, fit: 'fill' }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const found = findPaper(small.data, small.info.width, small.info.height);
  if (!found) return image;
  const full = await base.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const W = full.info.width;
  const H = full.info.height;
  const sx = found.width / W;
  const sy = found.height / H;
  const data = full.data;
  // A table pixel of the small copy, or one beside it (the paper's edge and the shadow along it run
  // through those), whitens its block of the photo: the paper's margin is wider than that.
  const white = grow(found.table, found.width, found.height);
  for (let y = 0; y < H; y++) {
    const row = Math.min(found.height - 1, Math.floor(y * sy)) * found.width;
    for (let x = 0; x < W; x++) if (white[row + Math.min(found.width - 1, Math.floor(x * sx))]) data[y * W + x] = 255;
  }
  const left = Math.max(0, Math.floor((found.x0 - 1) / sx));
  const top = Math.max(0, Math.floor((found.y0 - 1) / sy));
  const right = Math.min(W, Math.ceil((found.x1 + 2) / sx));
  const bottom = Math.min(H, Math.ceil((found.y1 + 2) / sy));
  const bytes = await sharp(data, { raw: { width: W, height: H, channels: 1 } })
    .extract({ left, top, width: right - left, height: bottom - top })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { ...image, bytes, mediaType: 'image/png', width: right - left, height: bottom - top };
}

/** A mask grown by one pixel each way (4-connected). */
function grow(mask: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(mask);
  for (let p = 0; p < w * h; p++) {
    if (!mask[p]) continue;
    const x = p % w;
    if (x > 0) out[p - 1] = 1;
    if (x < w - 1) out[p + 1] = 1;
    if (p >= w) out[p - w] = 1;
    if (p < w * (h - 1)) out[p + w] = 1;
  }
  return out;
}
