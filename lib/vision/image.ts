import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ApiError } from '../errors';
import { sniffMediaType } from './media-type';
import type { ImageInput, MediaType } from './types';

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
}

/**
 * Text rows are scaled to about this height. Measured on degraded tuning photos: 26 px reads
 * blurred small print better than 20 px, and costs little CPU (tesseract normalises each line to
 * its own height for the LSTM; the page's pixel count mostly weighs on layout analysis).
 */
export const ROW_HEIGHT = 26;

const SKEW_WIDTH = 360;

/** Sum of squared differences between neighbouring rows' ink: high when text lines are level. */
function profileScore(data: Buffer, width: number, height: number): number {
  let prev = -1;
  let score = 0;
  for (let y = 0; y < height; y++) {
    let ink = 0;
    for (let x = 0; x < width; x++) if (data[y * width + x] < 128) ink++;
    if (prev >= 0) score += (ink - prev) * (ink - prev);
    prev = ink;
  }
  return score;
}

/**
 * The rotation (degrees, within ±5) that makes text lines horizontal, by the projection-profile
 * method on a small binarised copy; 0 when the page is already level. A few degrees of skew
 * are enough to move a right-aligned price onto the neighbouring line in OCR output.
 */
export async function estimateSkew(bytes: Buffer): Promise<number> {
  const small = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().grayscale().resize({ width: SKEW_WIDTH }).normalise().threshold(160).png().toBuffer();
  const scoreAt = async (angle: number) => {
    const { data, info } = await sharp(small).rotate(angle, { background: '#ffffff' }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    return profileScore(data, info.width, info.height);
  };
  let best = 0;
  let bestScore = await scoreAt(0);
  for (const step of [1, 0.25]) {
    const centre = best;
    const span = step === 1 ? 5 : 0.75;
    for (let a = centre - span; a <= centre + span + 1e-9; a += step) {
      if (Math.abs(a - centre) < 1e-9 && step !== 1) continue;
      if (a === 0) continue;
      const sc = await scoreAt(a);
      if (sc > bestScore * 1.02) {
        bestScore = sc;
        best = a;
      }
    }
  }
  return Math.abs(best) < 0.5 ? 0 : best;
}

/**
 * Median height of the text rows (in pixels of the full-width image), from the row-ink profile
 * of a small binarised copy; null when no rows are found. Tells how far to scale the page so
 * glyphs land at the size the LSTM model reads best.
 */
export async function estimateTextHeight(bytes: Buffer, skew: number): Promise<number | null> {
  const base = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().grayscale();
  const meta = await base.metadata();
  const w = (meta.autoOrient?.width ?? meta.width) || 0;
  const small = await sharp(await base.resize({ width: SKEW_WIDTH }).normalise().threshold(160).png().toBuffer())
    .rotate(skew, { background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = small;
  // Ink per row; dark pages (light text) are inverted first.
  let dark = 0;
  for (let i = 0; i < data.length; i += 5) if (data[i] < 128) dark++;
  const invert = dark / Math.ceil(data.length / 5) > 0.5;
  const runs: number[] = [];
  let run = 0;
  for (let y = 0; y < info.height; y++) {
    let ink = 0;
    for (let x = 0; x < info.width; x++) if (invert ? data[y * info.width + x] >= 128 : data[y * info.width + x] < 128) ink++;
    if (ink >= 2 && ink < info.width * 0.6) run++;
    else {
      if (run >= 2) runs.push(run);
      run = 0;
    }
  }
  if (runs.length < 3 || !w) return null;
  runs.sort((a, b) => a - b);
  return (runs[Math.floor(runs.length / 2)] * w) / SKEW_WIDTH;
}

/**
 * OCR preparation: honour EXIF orientation, grayscale, upscale small images (≈2×, capped so big
 * photos do not explode CPU time), stretch contrast, optional denoise / sharpen / threshold.
 */
export async function prepareForOcr(bytes: Buffer, opts: PrepareOptions = {}): Promise<Buffer> {
  const skew = opts.deskew === false ? 0 : await estimateSkew(bytes);
  let img = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().grayscale();
  if (skew !== 0) img = sharp(await img.rotate(skew, { background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer()).grayscale();
  const meta = await img.metadata();
  const w = (meta.autoOrient?.width ?? meta.width) || 0;
  // Glyphs of a ≈1,000 px phone photo are already tall enough for the LSTM model: only narrow
  // images are enlarged (to ≈1,000 px), and large photos come down to 1,600 px (OCR time grows
  // with the pixel count, accuracy does not).
  // Scale so text rows are ≈20 px tall (measured), within 0.6–2× and at most 2,000 px wide.
  const rowH = opts.targetWidth ? null : await estimateTextHeight(bytes, skew).catch(() => null);
  const scale = rowH ? Math.max(0.6, Math.min(2, (opts.rowHeight ?? ROW_HEIGHT) / rowH)) : w < 760 ? Math.min(2, 1100 / w) : 1;
  const target = opts.targetWidth ?? Math.min(2000, Math.round(w * scale));
  if (w && target !== w) img.resize({ width: Math.round(target), kernel: 'lanczos3' });
  if (opts.median) img.median(opts.median);
  const flat = await flattenLight(await img.extractChannel(0).raw().toBuffer({ resolveWithObject: true }));
  let out = sharp(flat.data, { raw: { width: flat.width, height: flat.height, channels: 1 } });
  if (opts.normalise !== false) out = out.normalise();
  if (opts.sharpen) out = out.sharpen({ sigma: 1.2 });
  if (opts.threshold != null) out = out.threshold(opts.threshold);
  return out.toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer();
}

/**
 * Even out uneven light (a phone shadow, a lamp at one corner): estimate the paper's brightness
 * on a 1/16 copy (local maximum, so dark text does not count as shadow, then smoothed), scale it
 * back up and divide every pixel by it. Dark labels (light text) are left alone.
 */
async function flattenLight(img: { data: Buffer; info: { width: number; height: number } }): Promise<{ data: Buffer; width: number; height: number }> {
  const { width, height } = img.info;
  const data = img.data;
  let sum = 0;
  for (let i = 0; i < data.length; i += 7) sum += data[i];
  const mean = sum / Math.ceil(data.length / 7);
  if (mean < 110) return { data, width, height };
  const sw = Math.max(4, Math.round(width / 16));
  const sh = Math.max(4, Math.round(height / 16));
  const small = await sharp(data, { raw: { width, height, channels: 1 } })
    .resize(sw, sh, { kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const dil = Buffer.alloc(small.length);
  const R = 2;
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      let m = 0;
      for (let dy = -R; dy <= R; dy++)
        for (let dx = -R; dx <= R; dx++) {
          const yy = Math.min(sh - 1, Math.max(0, y + dy));
          const xx = Math.min(sw - 1, Math.max(0, x + dx));
          m = Math.max(m, small[yy * sw + xx]);
        }
      dil[y * sw + x] = m;
    }
  const bg = await sharp(dil, { raw: { width: sw, height: sh, channels: 1 } })
    .blur(1)
    .resize(width, height, { kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i++) out[i] = Math.min(255, Math.round((data[i] * 255) / Math.max(40, bg[i])));
  return { data: out, width, height };
}
