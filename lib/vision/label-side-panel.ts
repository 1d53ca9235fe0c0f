import sharp from 'sharp';
import { prepareForOcr, type PrepareOptions } from '@/lib/vision/image';
import { joinPanels } from '@/lib/vision/label-panels';
import { parseLabelText } from '@/lib/vision/label-parser';
import { ocrPool, PSM, type OcrResult } from '@/lib/vision/ocr-pool';
import type { ParsedLabel } from '@/lib/vision/types';

/**
 * A side panel of TURNED print at a label's left or right edge (issue 14, twentieth label round:
 * a hang-tag whose batch, dates and lab run along its edge, turned 90°). Tesseract's one block
 * reading of the page reads the turned lines as stray marks glued to the main panel's rows
 * (`NETWT10g   Feo`) and none of their facts. Here the panel is found (a strip beyond an empty
 * gutter, its print in two or more long runs along the page's height), the main panel read
 * alone, the strip turned upright both ways and the surer reading kept, and the two joined.
 */

const SEARCH_WIDTH = 400;
/** A print pixel differs from its background by more than this. */
const STEP = 48;
/** The strip is this share of the page's width, beyond a gutter of at least GUTTER of it (a wider gap than a column's). */
const MIN_STRIP = 0.05;
const MAX_STRIP = 0.3;
const GUTTER = 0.04;
/** A gutter column holds print on at most this share of the rows (a slanted frame crosses it). */
const EMPTY = 0.05;
/** Columns either side of a pixel that the paper's local level is taken from. */
const LOCAL = 15;

export interface SideBand {
  /** The strip's columns (in the grey page's pixels) and the main panel's right or left end. */
  x0: number;
  x1: number;
  side: 'left' | 'right';
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Whether the columns x0..x1 of a grey page hold turned lines: two or more runs across, and print running along a third of the rows or more. */
export function turnedPrint(grey: Uint8Array, w: number, h: number, x0: number, x1: number): boolean {
  const width = x1 - x0 + 1;
  // The strip's own background (its fill, light or dark): the median of pixels spread over it.
  const stride = Math.max(1, Math.floor((width * h) / 4000));
  const sample: number[] = [];
  for (let i = 0; i < width * h; i += stride) sample.push(grey[Math.floor(i / width) * w + x0 + (i % width)]);
  const bg = median(sample);
  const ink = (x: number, y: number) => Math.abs(grey[y * w + x] - bg) > STEP;
  // Frame lines (a column or row inked nearly from end to end) are no print.
  const cols: number[] = [];
  for (let x = x0; x <= x1; x++) {
    let n = 0;
    for (let y = 0; y < h; y++) if (ink(x, y)) n++;
    cols.push(n / h);
  }
  const rowInk: boolean[] = [];
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = x0; x <= x1; x++) if (cols[x - x0] < 0.85 && ink(x, y)) n++;
    rowInk.push(n >= Math.max(2, 0.05 * width) && n < 0.85 * width);
  }
  let longest = 0;
  let run = 0;
  let gap = 0;
  for (const r of rowInk) {
    if (r) {
      run += gap + 1;
      gap = 0;
    } else if (run && gap < Math.max(3, Math.round(0.025 * h))) gap++;
    else {
      run = 0;
      gap = 0;
    }
    longest = Math.max(longest, run);
  }
  return longest >= Math.max(2 * width, 0.35 * h) && turnedLines(width, h, (x, y) => cols[x] < 0.85 && ink(x0 + x, y)) >= 2;
}

/**
 * How many turned lines a strip holds: runs of print across its columns, counted at the slant
 * (a photo turned a few degrees) that gives the sharpest column profile.
 */
function turnedLines(width: number, h: number, ink: (x: number, y: number) => boolean): number {
  let best: number[] = [];
  let bestVar = -1;
  for (let s = -0.08; s <= 0.0801; s += 0.01) {
    const prof = new Array<number>(width).fill(0);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < width; x++) {
        const sx = Math.round(x + s * (y - h / 2));
        if (sx >= 0 && sx < width && ink(sx, y)) prof[x]++;
      }
    const mean = prof.reduce((a, b) => a + b, 0) / width;
    const v = prof.reduce((a, b) => a + (b - mean) ** 2, 0);
    if (v > bestVar) [best, bestVar] = [prof, v];
  }
  const top = Math.max(...best);
  let runs = 0;
  let inRun = false;
  for (const c of best) {
    const printed = c > 0.2 * top;
    if (printed && !inRun) runs++;
    inRun = printed;
  }
  return runs;
}

/** The side band of a grey page (one byte a pixel): a strip of turned print beyond an empty gutter at either edge; null when none. */
export function sideBand(grey: Uint8Array, w: number, h: number): SideBand | null {
  if (w < 60 || h < 60) return null;
  const y0 = Math.floor(h * 0.05);
  const y1 = Math.ceil(h * 0.95);
  // Print against the paper near it (the brightest pixel within LOCAL along the row): a photo's uneven light is no print.
  const frac = new Array<number>(w).fill(0);
  for (let y = y0; y < y1; y++) {
    const row = grey.subarray(y * w, (y + 1) * w);
    for (let x = 0; x < w; x++) {
      let paper = 0;
      for (let d = Math.max(0, x - LOCAL); d <= Math.min(w - 1, x + LOCAL); d++) paper = Math.max(paper, row[d]);
      if (paper - row[x] > STEP) frac[x] += 1 / (y1 - y0);
    }
  }
  const edge = Math.ceil(w * 0.02);
  const gutter = Math.max(3, Math.ceil(w * GUTTER));
  for (const side of ['right', 'left'] as const) {
    // The empty runs from the edge inward; the widest with a strip of the right width beyond it is the gutter.
    const at = (i: number) => (side === 'right' ? w - 1 - i : i);
    const gutters: { start: number; width: number }[] = [];
    let empty = 0;
    for (let i = edge; i < w * (MAX_STRIP + 0.1); i++) {
      const isEmpty = frac[at(i)] <= EMPTY;
      if (isEmpty) empty++;
      if ((!isEmpty || i + 1 >= w * (MAX_STRIP + 0.1)) && empty >= gutter) gutters.push({ start: i + (isEmpty ? 1 : 0) - empty, width: empty });
      if (!isEmpty) empty = 0;
    }
    const fits = gutters.filter((g) => g.start - edge >= MIN_STRIP * w && g.start - edge <= MAX_STRIP * w).sort((a, b) => b.width - a.width);
    for (const g of fits.slice(0, 2)) {
      const [a, b] = side === 'right' ? [w - g.start, w - 1 - edge] : [edge, g.start - 1];
      if (turnedPrint(grey, w, h, a, b)) return { x0: a, x1: b, side };
    }
  }
  return null;
}

/** The main panel and the side strip (turned upright both ways; inverted when its fill is dark) as PNGs, or null when the page has no side band. */
export async function sidePanels(bytes: Buffer): Promise<{ main: Buffer; strips: [Buffer, Buffer] } | null> {
  const base = sharp(bytes).rotate().removeAlpha().greyscale();
  const { data, info } = await base.clone().resize({ width: SEARCH_WIDTH }).raw().toBuffer({ resolveWithObject: true });
  const band = sideBand(data, info.width, info.height);
  if (!band) return null;
  const full = await base.clone().raw().toBuffer({ resolveWithObject: true });
  const W = full.info.width;
  const H = full.info.height;
  const k = W / info.width;
  const pad = Math.ceil(W * 0.01);
  const sx0 = Math.max(0, Math.floor(band.x0 * k) - pad);
  const sx1 = Math.min(W, Math.ceil((band.x1 + 1) * k) + pad);
  const raw = () => sharp(full.data, { raw: { width: W, height: H, channels: 1 } });
  const main = band.side === 'right' ? { left: 0, width: sx0 } : { left: sx1, width: W - sx1 };
  const strip = await raw()
    .extract({ left: sx0, top: 0, width: sx1 - sx0, height: H })
    .png()
    .toBuffer();
  const dark = (await sharp(strip).stats()).channels[0].mean < 110;
  const turned = (deg: number) => {
    const s = sharp(strip).rotate(deg);
    return (dark ? s.negate() : s).png({ compressionLevel: 1 }).toBuffer();
  };
  const [m, a, b] = await Promise.all([
    raw()
      .extract({ ...main, top: 0, height: H })
      .png({ compressionLevel: 1 })
      .toBuffer(),
    turned(-90),
    turned(90),
  ]);
  return { main: m, strips: [a, b] };
}

/** The main panel's reading and the surer of the strip's two turned readings. */
export async function readSide(side: { main: Buffer; strips: [Buffer, Buffer] }, opts: PrepareOptions): Promise<[OcrResult, OcrResult]> {
  const read = async (b: Buffer) => ocrPool().recognize(await prepareForOcr(b, opts), PSM.SINGLE_BLOCK, undefined, { words: true });
  const [main, a, b] = await Promise.all([side.main, ...side.strips].map(read));
  return [main, a.confidence >= b.confidence ? a : b];
}

/** The facts a side panel holds (a hang-tag's batch, dates and lab): the page's reading looks for one only when two or more are missing. */
const SIDE_FIELDS = ['batchNumber', 'harvestDate', 'testDate', 'packageDate', 'labName'] as const;

/**
 * The page's reading with the fields it lacks filled from the main panel's and the side strip's
 * readings joined (`readSide`); fields the page has are kept as read.
 */
export function withSideReadings(page: ParsedLabel, [main, strip]: [OcrResult, OcrResult]): ParsedLabel {
  const joined = joinPanels(main, strip);
  const side = parseLabelText(joined.text, joined.words);
  const out = { ...page };
  for (const key of Object.keys(out) as (keyof ParsedLabel)[]) if (out[key] === null && side[key] !== null) (out as Record<string, unknown>)[key] = side[key];
  if (!out.terpenes.length) out.terpenes = side.terpenes;
  return out;
}

/** The reading with a side panel of turned print read (see the module's comment), when the page has one and its reading lacks two or more of its facts. */
export async function withSidePanel(bytes: Buffer, page: ParsedLabel, opts: PrepareOptions, signal?: AbortSignal): Promise<ParsedLabel> {
  if (signal?.aborted || SIDE_FIELDS.filter((k) => page[k] === null).length < 2) return page;
  const side = await sidePanels(bytes).catch(() => null);
  if (!side || signal?.aborted) return page;
  return withSideReadings(page, await readSide(side, opts));
}
