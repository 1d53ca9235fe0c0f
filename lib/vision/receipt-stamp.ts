import sharp from 'sharp';
import type { ImageInput } from '@/lib/vision/types';

/**
 * A receipt with a red rubber stamp over its print (`PAID`, `DUPLICATE`, `VOID` in a frame): on a
 * grey copy the stamp's translucent ink is as dark as the print, so the letters under it and its
 * frame's edges were read as junk (`Zushi Shake 28g` → `ZusnTShoke284 AT /`). Red ink keeps most
 * of the paper's red, print is dark in every channel: a strongly red pixel whose red is near the
 * stamp's own level is stamp ink on paper and becomes paper; one whose red is darker is print under
 * the stamp and is drawn as dark as it is below that level. The light pixels within two pixels of the ink (the stroke's
 * blurred edge, whose colour the photo's JPEG and noise took away) become paper too. A page with
 * (almost) no red ink is handed on as it was, so other pages read exactly as before.
 */

/**
 * A pixel is red ink when red is its brightest channel, this far above green, and this light (a
 * shaded photo's stamp still reaches ≈120). Cream or yellowed paper under warm light is red and
 * green alike (only blue is low); the coloured header bands of e-mailed receipts are green, blue
 * or purple: neither is taken.
 */
const CHROMA = 40;
const BRIGHT = 110;
/**
 * The stamp's own level: the median red of its ink (most of it lies on paper). A pixel at least this
 * share of it is the stamp on paper; a darker one is print under the stamp, and its distance below
 * the stamp's level, times STRETCH, is how far below the paper it is drawn.
 */
const ON_PAPER = 0.92;
const STRETCH = 2.5;
/** How far (px) from the ink an edge pixel may lie. */
const EDGE = 2;
/** Share of the page's pixels that must be red ink for the page to be changed (a few letters' worth). */
const MIN_SHARE = 0.004;
/** Work width of the check. */
const SMALL = 240;

const isInk = (d: Uint8Array | Buffer, i: number): boolean => {
  const r = d[i];
  return r >= d[i + 2] && r - d[i + 1] >= CHROMA && r >= BRIGHT;
};

/** Share of the pixels (RGB or RGBA, `channels` per pixel) that are red ink. */
export function stampInkShare(data: Uint8Array | Buffer, channels: number): number {
  let n = 0;
  let ink = 0;
  for (let i = 0; i + 2 < data.length; i += channels, n++) if (isInk(data, i)) ink++;
  return n ? ink / n : 0;
}

/** The paper's level: the 90th percentile of the pixels' brightest channel. */
export function paperLevel(data: Uint8Array | Buffer, channels: number): number {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i + 2 < data.length; i += channels, n++) hist[Math.max(data[i], data[i + 1], data[i + 2])]++;
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += hist[v]) >= n * 0.9) return v;
  return 255;
}

/** The stamp's ink and its edge turned to paper, print under it to grey (in place); how many pixels were changed. */
export function liftStampInk(data: Uint8Array | Buffer, width: number, channels: number, paper: number): number {
  const n = Math.floor(data.length / channels);
  const ink = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (isInk(data, p * channels)) ink[p] = 1;
  const near = (p: number) => {
    const x = p % width;
    for (let dy = -EDGE; dy <= EDGE; dy++)
      for (let dx = -EDGE; dx <= EDGE; dx++) {
        const q = p + dy * width + dx;
        if (x + dx >= 0 && x + dx < width && q >= 0 && q < n && ink[q]) return true;
      }
    return false;
  };
  const hist = new Uint32Array(256);
  let inks = 0;
  for (let p = 0; p < n; p++)
    if (ink[p]) {
      hist[data[p * channels]]++;
      inks++;
    }
  let level = 255;
  for (let v = 0, seen = 0; v < 256; v++) {
    seen += hist[v];
    if (seen >= inks / 2) {
      level = v;
      break;
    }
  }
  let changed = 0;
  for (let p = 0; p < n; p++) {
    const i = p * channels;
    const hi = Math.max(data[i], data[i + 1], data[i + 2]);
    if (!ink[p] && (hi < BRIGHT || !near(p))) continue;
    const v = hi >= level * ON_PAPER ? paper : Math.max(0, Math.round(paper - (level - hi) * STRETCH));
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
    changed++;
  }
  return changed;
}

/** The photo with its red stamp lifted, or the photo itself when it has none (a ≈240 px check). */
export async function withoutStampInk(image: ImageInput): Promise<ImageInput> {
  const base = sharp(image.bytes).rotate().removeAlpha().toColourspace('srgb');
  const small = await base.clone().resize({ width: SMALL }).raw().toBuffer({ resolveWithObject: true });
  if (small.info.channels < 3 || stampInkShare(small.data, small.info.channels) < MIN_SHARE) return image;
  const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
  liftStampInk(data, info.width, info.channels, paperLevel(small.data, small.info.channels));
  const bytes = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { ...image, bytes, mediaType: 'image/png', width: info.width, height: info.height };
}
