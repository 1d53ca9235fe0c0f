import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { ApiError } from '@/lib/errors';
import { sniffMediaType } from '@/lib/vision/media-type';
import { eraseChartBars } from '@/lib/vision/chart-bars';
import { eraseChartMarks } from '@/lib/vision/chart-marks';
import { eraseCodes } from '@/lib/vision/codes';
import { eraseDarkPageCodes } from '@/lib/vision/dark-codes';
import { evenStreaks } from '@/lib/vision/glare';
import { analysedPage, analysePage, estimateSkew, inkPieces, MAX_PIXELS, ROW_HEIGHT, type PageAnalysis } from '@/lib/vision/page-analysis';
import { eraseDotLeaders, eraseGridRules, invertBands, LIGHT_INK } from '@/lib/vision/pixel-edits';
import { invertStripedRows } from '@/lib/vision/striped-rows';
import { eraseTightRules } from '@/lib/vision/receipt-rules';
import { flattenLight } from '@/lib/vision/flatten-light';
import { invertMidBands } from '@/lib/vision/mid-bands';
import { darkenBesideBands } from '@/lib/vision/band-threshold';
import { flattenCreases } from '@/lib/vision/receipt-creases';
import { repairFadedPrint, stretchFadedInk } from '@/lib/vision/receipt-faded';
import { sharedStage, type Stage } from '@/lib/vision/prepared-stages';
import type { ImageInput, MediaType } from '@/lib/vision/types';

export { sniffMediaType };
export { analysePage, estimateSkew, inkPieces, MAX_PIXELS, ROW_HEIGHT, type PageAnalysis };

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

/** Pages narrower or lower than this are read on a white margin of this size (see `withMinSize`). */
export const MIN_SIDE = 64;

/**
 * A page too small for the preparation's filters (a 1 × 1 or 3 × 40 pixel image: the rank and
 * median windows are larger than the page and sharp refuses them) is put on a white canvas of at
 * least MIN_SIDE pixels each way, so it reads as what it is, a page with no text, instead of
 * failing. EXIF orientation is applied first. Other pages are returned as they are.
 */
export async function withMinSize(image: ImageInput): Promise<ImageInput> {
  if (image.width >= MIN_SIDE && image.height >= MIN_SIDE) return image;
  const { data, info } = await sharp(image.bytes, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const width = Math.max(MIN_SIDE, info.width);
  const height = Math.max(MIN_SIDE, info.height);
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: data, raw: { width: info.width, height: info.height, channels: info.channels }, left: 0, top: 0 }])
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { ...image, bytes, mediaType: 'image/png', width, height };
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
  /** Then also light print on mid-grey filled bands (labels; `invertMidBands`, mid-bands.ts). */
  midBands?: boolean;
  /** Erase the long straight rules of a ruled table grid before OCR (receipts; `eraseGridRules`). */
  gridRules?: boolean;
  /** Erase a thin rule across the page that a text row touches (receipts; `eraseTightRules`, receipt-rules.ts). */
  tightRules?: boolean;
  /** Brighten the narrow shadow bands a folded receipt's creases leave across the page (receipts; `flattenCreases`). */
  creases?: boolean;
  /** Close the missing rows of dots of faded thermal print (receipts; `repairFadedPrint`, receipt-faded.ts). */
  faded?: boolean;
  /** Binarise thin grey print beside a wide dark band at its own level (receipts; `darkenBesideBands`, band-threshold.ts). */
  bandLevels?: boolean;
  /** Then stretch a faded page's ink to black (`stretchFadedInk`; the rescue try of local-engine.ts). */
  stretchFaded?: boolean;
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
  /** The page was faded or gapped print and its gaps were closed (`faded`). */
  repairedPrint?: boolean;
  /** The page was faded print and its ink was stretched to black (`stretchFaded`). */
  stretched?: boolean;
  /** A ruled table grid's rules were erased (`gridRules`; without it the page is as prepared without the option). */
  ruledGrid?: boolean;
  /** Share of the paper's pixels left grey (`paperGrain`): sensor noise, JPEG ringing, blur. */
  grain?: number;
}

/** Pixels at least this light are paper; paper pixels darker than PAPER_WHITE are grain. */
const PAPER = 192;
const PAPER_WHITE = 240;

/**
 * The share of a prepared page's paper pixels (light, ≥ 192) that are not white (< 240): after the
 * light is evened out, the paper of a crisp scan or screenshot is white all over (bench clean
 * photos ≤ 0.09), that of a noisy, blurred or heavily compressed photo speckled grey (≥ 0.12).
 * Sampled every third pixel: a few milliseconds on a 1.2 MP page.
 */
export function paperGrain(data: Uint8Array): number {
  let paper = 0;
  let grey = 0;
  for (let i = 0; i < data.length; i += 3) {
    const v = data[i];
    if (v < PAPER) continue;
    paper++;
    if (v < PAPER_WHITE) grey++;
  }
  return paper ? grey / paper : 0;
}

/**
 * A grey page as PGM (a short header and the raw bytes): leptonica reads it directly, so the
 * engine hands tesseract its prepared page without a PNG encode here and a PNG decode in the
 * worker (same pixels, same reading).
 */
export function toPgm(page: GreyPage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${page.width} ${page.height}\n255\n`, 'latin1'), page.data]);
}

/**
 * A pipeline's output as the start of a new one (its operations must run before the next ones:
 * a turn before the resize). Handed over as raw pixels, not a PNG encoded and decoded again: the
 * same pixels without ≈ 10–30 ms of compression per step. A page with an alpha channel (a WebP
 * photo) or more than 8 bits a sample still goes through PNG (its alpha is handled differently).
 */
async function settled(img: Sharp, alpha: boolean): Promise<Sharp> {
  if (alpha) return sharp(await img.png({ compressionLevel: 1 }).toBuffer()).grayscale();
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || data.length !== info.width * info.height) return sharp(await img.png({ compressionLevel: 1 }).toBuffer()).grayscale();
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).grayscale();
}

/**
 * The first part of a preparation (measure, turn, scale, even the light, erase leaders, codes and
 * charts, invert bands): it depends only on the options `stageKey` lists, so preparations of one
 * page that differ only in later steps (a label's grid re-read, a receipt's rescue) share it
 * (`sharedStage`, prepared-stages.ts).
 */
async function pageStage(bytes: Buffer, opts: PrepareOptions): Promise<Stage> {
  const page = await analysedPage(bytes, { rules: opts.rules }).catch((): PageAnalysis => ({ skew: 0, rowHeight: null, dark: false }));
  const skew = opts.deskew === false ? 0 : page.skew;
  let img = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().grayscale();
  // Light text on a dark ground is turned dark-on-light here (tesseract's own per-line inversion
  // check stays on: it rescues light text on coloured bands).
  const alpha = page.dark || skew !== 0 ? Boolean((await img.metadata()).hasAlpha) : false;
  if (page.dark) img = await settled(img.negate({ alpha: false }), alpha);
  if (skew !== 0) img = await settled(img.rotate(skew, { background: '#ffffff' }), alpha);
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
    eraseDotLeaders(flat.data, flat.width, flat.height, rowPx, opts.lightLeaders ? LIGHT_INK : undefined, opts.lightLeaders);
  }
  if (opts.glare && page.dark) evenStreaks(flat.data, flat.width, flat.height, rowPx);
  if (opts.codes) eraseCodes(flat.data, flat.width, flat.height);
  if (opts.codes && page.dark) eraseDarkPageCodes(flat.data, flat.width, flat.height);
  if (opts.chartBars && !page.dark) eraseChartBars(flat.data, flat.width, flat.height, rowPx);
  if (opts.chartMarks && !page.dark) eraseChartMarks(flat.data, flat.width, flat.height, rowPx);
  if (opts.bands === true && !page.dark) {
    invertBands(flat.data, flat.width, flat.height, rowPx);
    // A striped table's bands too (striped-rows.ts): they touch its frame, so invertBands leaves them.
    invertStripedRows(flat.data, flat.width, flat.height, rowPx);
  }
  if (opts.midBands && !page.dark) invertMidBands(flat.data, flat.width, flat.height, rowPx);
  return { page, rowPx, flat };
}

/** prepareForOcr's page as raw grey pixels (see toPgm). */
export async function prepareGrey(bytes: Buffer, opts: PrepareOptions = {}): Promise<GreyPage> {
  const { page, rowPx, flat } = await sharedStage(bytes, opts, () => pageStage(bytes, opts));
  const ruledGrid = Boolean(opts.gridRules && !page.dark && eraseGridRules(flat.data, flat.width, flat.height, rowPx));
  if (opts.tightRules && !page.dark) eraseTightRules(flat.data, flat.width, flat.height, rowPx);
  // (After the grid's rules are erased: a grey rule across the page is no crease to brighten.)
  if (opts.creases && !page.dark) flattenCreases(flat.data, flat.width, flat.height, rowPx);
  // Faded thermal print after the creases (whose shadow would otherwise count as faint ink); a page in black ink is left as it is.
  const repairedPrint = Boolean(opts.faded && !page.dark && repairFadedPrint(flat.data, flat.width, flat.height, rowPx));
  const stretched = Boolean(opts.stretchFaded && !page.dark && stretchFadedInk(flat.data));
  if (opts.bandLevels && !page.dark) darkenBesideBands(flat.data, flat.width, flat.height, rowPx);
  let out = sharp(flat.data, { raw: { width: flat.width, height: flat.height, channels: 1 } });
  if (opts.normalise !== false) out = out.normalise();
  // A negated dark receipt (an app screenshot) is sharpened on the first pass too: its muted grey
  // print ("2 × $35.00 · Vape · THC 81.2%") was not found at all on blurred photos (degraded
  // second-round receipts 0.695 → 0.756 on re-reads); dark labels read slightly worse with it.
  if (opts.sharpen || (page.dark && opts.normalise === false)) out = out.sharpen({ sigma: 1.2 });
  if (opts.threshold != null) out = out.threshold(opts.threshold);
  const { data, info } = await out.toColourspace('b-w').extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return {
    data,
    width: info.width,
    height: info.height,
    grain: paperGrain(data),
    ...(repairedPrint ? { repairedPrint } : {}),
    ...(stretched ? { stretched } : {}),
    ...(ruledGrid ? { ruledGrid } : {}),
  };
}
