import sharp from 'sharp';
import { prepareForOcr, type PrepareOptions } from '@/lib/vision/image';
import { nameFix, parseLabelText, strainFromProduct } from '@/lib/vision/label-parser';
import { categorizeLast, letters, tidyName } from '@/lib/vision/parse-common';
import { ocrPool, PSM, type OcrResult, type OcrWord } from '@/lib/vision/ocr-pool';
import type { ParsedLabel } from '@/lib/vision/types';

/**
 * A fold-out label photographed flat: two panels side by side (the front with the brand, name and
 * weight; the back with the keyed fields) on either side of a narrow printed spine or fold band
 * (a solid band of colour from top to bottom, often with the name turned along it). Tesseract's one
 * block reading runs each front row into the back panel's row beside it, across the spine's
 * turned letters: the brand and name rows become keyed rows (`MOUNTAINTOP EXTRACTS ] LAB
 * RESULTS`) and small print beside the band is lost (`Net Wt. .5g` read `etWe og`). Here the band is
 * found, each panel cut out and read alone, and the readings joined: the panel with fewer keyed
 * rows (the front) first.
 */

const SEARCH_WIDTH = 400;
/** A band pixel differs from the paper by more than this (a coloured or dark fill; print on white is thin). */
const STEP = 40;
/** The band's columns are filled over this share of the page's height (its middle 80 %) on average, each over half (a band photographed askew has sloped edges). */
const FILLED = 0.7;
/** The band is this wide (share of the page's width), and lies between the two panels. */
const MIN_WIDTH = 0.015;
const MAX_WIDTH = 0.12;
const MIN_SIDE = 0.25;
/** Each panel holds print: this share of its pixels differs from the paper. */
const MIN_PRINT = 0.01;

export interface Band {
  x0: number;
  x1: number;
}

/**
 * The fold band of a grey page (one byte a pixel): a run of columns filled from top to bottom,
 * 1.5–12 % of the width, with a quarter of the page or more on each side, each side holding print.
 * In the page's pixels (a wide half-filled area, the shading of a dark photo, is too wide to be
 * one); null when none.
 */
export function foldBand(grey: Uint8Array, w: number, h: number): Band | null {
  if (w < 40 || h < 20) return null;
  const sorted = Uint8Array.from(grey).sort();
  const paper = sorted[Math.floor(sorted.length * 0.9)];
  const y0 = Math.floor(h * 0.1);
  const y1 = Math.ceil(h * 0.9);
  const frac = new Float64Array(w);
  for (let x = 0; x < w; x++) {
    let n = 0;
    for (let y = y0; y < y1; y++) if (paper - grey[y * w + x] > STEP) n++;
    frac[x] = n / (y1 - y0);
  }
  // Runs of columns filled over half the height (a fold's shadow beside the band included; the
  // spine's own light print lowers its columns a little), filled over FILLED on average.
  let best: Band | null = null;
  for (let x = 0; x < w;) {
    if (frac[x] < 0.5) {
      x++;
      continue;
    }
    let e = x;
    let sum = frac[x];
    while (e + 1 < w && frac[e + 1] >= 0.5) sum += frac[++e];
    const width = e - x + 1;
    if (sum / width >= FILLED && width >= MIN_WIDTH * w && width <= MAX_WIDTH * w && x >= MIN_SIDE * w && e < (1 - MIN_SIDE) * w && (!best || width > best.x1 - best.x0 + 1))
      best = { x0: x, x1: e };
    x = e + 1;
  }
  if (!best) return null;
  const { x0, x1 } = best;
  // Print on both sides (not a dark bar beside an empty margin).
  const printed = (from: number, to: number) => {
    let n = 0;
    for (let y = y0; y < y1; y++) for (let x = from; x < to; x++) if (paper - grey[y * w + x] > STEP) n++;
    return n / Math.max(1, (to - from) * (y1 - y0));
  };
  const pad = Math.ceil(w * 0.01);
  if (printed(pad, x0 - pad) < MIN_PRINT || printed(x1 + 1 + pad, w - pad) < MIN_PRINT) return null;
  return { x0, x1 };
}

/**
 * The two panels beside a fold band, cut out of the page (PNG), and the band itself turned a
 * quarter clockwise (a spine's print runs bottom to top) and inverted (light print on the band's
 * dark fill); null when the page has no fold band.
 */
export async function foldPanels(bytes: Buffer): Promise<{ panels: [Buffer, Buffer]; spine: Buffer } | null> {
  const base = sharp(bytes).rotate().removeAlpha().greyscale();
  const { data, info } = await base.clone().resize({ width: SEARCH_WIDTH }).raw().toBuffer({ resolveWithObject: true });
  const band = foldBand(data, info.width, info.height);
  if (!band) return null;
  const meta = await base.clone().png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  const W = meta.info.width;
  const H = meta.info.height;
  const k = W / info.width;
  // A little more than the band: the fold's shadow and the spine's edge are no panel's print.
  const margin = Math.ceil(W * 0.004);
  const left = Math.max(1, Math.floor(band.x0 * k) - margin);
  const right = Math.min(W - 1, Math.ceil((band.x1 + 1) * k) + margin);
  const cut = (x: number, width: number) => sharp(meta.data).extract({ left: x, top: 0, width, height: H });
  const png = (s: ReturnType<typeof sharp>) => s.png({ compressionLevel: 1 }).toBuffer();
  const x0 = Math.floor(band.x0 * k);
  const [a, b, spine] = await Promise.all([
    png(cut(0, left)),
    png(cut(right, W - right)),
    png(
      cut(x0, Math.min(W - x0, Math.ceil((band.x1 + 1) * k) - x0))
        .rotate(90)
        .negate(),
    ),
  ]);
  return { panels: [a, b], spine };
}

/** Rows of a reading that carry a key (`Batch: …`, `Total THC: …`): the back panel has many, the front few. */
function keyedRows(text: string): number {
  return text.split('\n').filter((l) => /\w\s*:\s*\S/.test(l)).length;
}

/**
 * Two panel readings as one: the panel with fewer keyed rows first (its unkeyed rows at the top are
 * the brand and name), its words' rows numbered apart from the other's.
 */
export function joinPanels(a: { text: string; words?: readonly OcrWord[] }, b: { text: string; words?: readonly OcrWord[] }): { text: string; words: OcrWord[] } {
  const [first, second] = keyedRows(b.text) < keyedRows(a.text) ? [b, a] : [a, b];
  const top = Math.max(-1, ...(first.words ?? []).map((w) => w.line)) + 1;
  return {
    text: `${first.text.trimEnd()}\n${second.text}`,
    words: [...(first.words ?? []), ...(second.words ?? []).map((w) => ({ ...w, line: w.line + top }))],
  };
}

/**
 * The page's reading and the panels' as one: the reading that found more (coverage) decides each
 * field it has, the other fills the fields it lacks; the longer terpene list, and a batch code
 * the other reading has whole.
 */
export function fromPanels(page: ParsedLabel, panels: ParsedLabel): ParsedLabel {
  const [a, b] = panels.coverage >= page.coverage ? [panels, page] : [page, panels];
  const out = { ...a };
  for (const key of Object.keys(out) as (keyof ParsedLabel)[]) if (out[key] === null && b[key] !== null) (out as Record<string, unknown>)[key] = b[key];
  if (b.terpenes.length > a.terpenes.length) out.terpenes = b.terpenes;
  if (a.category === 'Other' && b.category !== 'Other') out.category = b.category;
  // A batch cut short in one reading (`HK26` for `HK2670-96`: the rest lost beside the spine).
  if (a.batchNumber && b.batchNumber && b.batchNumber.length > a.batchNumber.length && b.batchNumber.startsWith(a.batchNumber)) out.batchNumber = b.batchNumber;
  return { ...out, coverage: Math.max(a.coverage, b.coverage) };
}

/**
 * The brand and name printed along a spine (`Vana · Fire OG Whole Flower`): the reading's longest
 * run of words (one with a separator first), without stray marks at its ends, cut at its separator (`·`, `-`, `|`, or the dot
 * read as `©`). Without a separator the brand is null and the whole run is the name.
 */
export function spineNames(text: string): { brand: string | null; name: string } | null {
  const junk = /^(?:[^\p{L}]+|\S)$/u;
  const runs = text
    .split('\n')
    .flatMap((l) => l.split(/\s{3,}/))
    .map((c) => {
      const words = c.trim().split(/\s+/);
      while (words.length && junk.test(words[0])) words.shift();
      while (words.length && junk.test(words[words.length - 1])) words.pop();
      return words.join(' ');
    })
    .filter((c) => letters(c) >= 6);
  // A run cut at a separator first (the spine's own print), then the longest.
  const SEP = /\s+[·•©|~*:\-–—]\s+/;
  const run = runs.sort((x, y) => Number(SEP.test(y)) - Number(SEP.test(x)) || letters(y) - letters(x))[0];
  if (!run) return null;
  const parts = run.split(SEP);
  if (parts.length === 2 && letters(parts[0]) >= 2 && letters(parts[1]) >= 3) return { brand: tidyName(parts[0]), name: tidyName(parts[1]) };
  return { brand: null, name: tidyName(run) };
}

/**
 * A reading's missing brand and name from its spine: filled when missing, and the name replaced
 * when the reading took the brand for it (a front panel whose name row was lost: `VANA` as the
 * name). A spine read without its separator counts only when a name the reading has (brand, or
 * the brand taken as the name) starts it: the rest is the name.
 */
export function fromSpine(p: ParsedLabel, text: string): ParsedLabel {
  const s = spineNames(text);
  if (!s) return p;
  let { brand, name } = s;
  const same = (a: string | null, b: string | null) => Boolean(a && b && a.toLowerCase() === b.toLowerCase());
  if (!brand) {
    const known = [p.brand, p.productName].find((k) => k && name.toLowerCase().startsWith(`${k.toLowerCase()} `));
    if (!known) return p;
    brand = name.slice(0, known.length);
    name = name.slice(known.length).trim();
  }
  const out = { ...p, brand: p.brand ?? nameFix(brand) };
  if (!p.productName || (same(p.productName, brand) && !same(name, brand))) {
    out.productName = nameFix(name);
    out.strainName = strainFromProduct(out.productName, out.brand);
    if (out.category === 'Other') out.category = categorizeLast(out.productName);
  }
  return out;
}

/** A fold-out's two panels and its spine as read (`readFold`). */
export type FoldReadings = [OcrResult, OcrResult, OcrResult];

/** The OCR of a fold-out's two panels and its spine (`foldPanels`), each read alone. */
export function readFold(fold: { panels: [Buffer, Buffer]; spine: Buffer }, opts: PrepareOptions): Promise<FoldReadings> {
  const read = async (b: Buffer) => ocrPool().recognize(await prepareForOcr(b, opts), PSM.SINGLE_BLOCK, undefined, { words: true });
  return Promise.all([...fold.panels, fold.spine].map(read)) as Promise<FoldReadings>;
}

/** The page's reading joined with its panels' and its spine's (`readFold`). */
export function withFoldReadings(page: ParsedLabel, [a, b, spine]: FoldReadings): ParsedLabel {
  const joined = joinPanels(a, b);
  return fromSpine(fromPanels(page, parseLabelText(joined.text, joined.words)), spine.text);
}

/** The reading with a fold-out's panels read one by one, and its spine, when the page has a fold band. */
export async function withPanels(bytes: Buffer, page: ParsedLabel, opts: PrepareOptions, signal?: AbortSignal): Promise<ParsedLabel> {
  if (signal?.aborted) return page;
  const fold = await foldPanels(bytes).catch(() => null);
  if (!fold || signal?.aborted) return page;
  return withFoldReadings(page, await readFold(fold, opts));
}
