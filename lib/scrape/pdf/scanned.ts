import sharp from 'sharp';
import { raceAbort } from '@/lib/scrape/errors';
import { median } from '@/lib/scrape/pdf/products';
import { eraseRules } from '@/lib/scrape/pdf/strike';
import type { PdfTextItem } from '@/lib/scrape/pdf/text';
import type { WordBox } from '@/lib/vision/parse-common';

/**
 * Scanned PDF menus (docs/shopping.md, "PDF menus"): a page with no text layer but a picture of a
 * menu is read by OCR (the vision stage's bundled tesseract pool, lib/vision/ocr-pool.ts; nothing
 * fetched), and the words come back as text items in PDF units, so the same lines → products
 * reading serves a printed and a scanned menu. Bounded: OCR runs on at most `SCAN_LIMITS.maxPages`
 * pages of one PDF, on the page's largest picture only when it is a page-sized scan
 * (`minPixels`), downscaled to `maxSide`.
 */
export const SCAN_LIMITS = {
  /** Pages of one PDF read by OCR (each costs 3–12 s on this two-core machine, more under load). */
  maxPages: 6,
  /** A picture smaller than this (pixels) is a logo or a photo of a product, not a scanned page. */
  minPixels: 250_000,
  /** The long side the picture is brought down to before OCR. */
  maxSide: 2200,
};

/** One word OCR read: its text, box in image pixels (top-left origin) and OCR line number (the vision stage's word box). */
export type ScanWord = WordBox;

/** Specks OCR reads as marks ("~~", "^"): no words. */
const NOISE = /^[~`^_=«»"'*°]+$/;

/**
 * OCR words as PDF text items: the words of one OCR line joined into runs wherever the gap
 * between two words is under the line's height (so `Blue Dream 3.5g` is one run and a price across
 * the page another, as a PDF's own runs are), placed in PDF units (`scale` = PDF units per pixel,
 * baseline = the line's median word bottom, y from the page's bottom, `pageHeight` pixels tall).
 * A word's box is about 0.72 of the font size (capitals and descenders), so `size` is set back to
 * it. (Tried and dropped: a per-word estimate from its letters, and reading a struck price's `-` as
 * its decimal point; both lowered the held-out scanned menu, docs/performance.md.)
 */
export function scanItems(words: readonly ScanWord[], scale: number, pageHeight: number, page: number): PdfTextItem[] {
  const byLine = new Map<number, ScanWord[]>();
  // Specks read as marks ("~~", "^") are no words: dropped, so the gap they bridged splits the run.
  for (const w of words) if (w.text.trim() && !NOISE.test(w.text.trim())) byLine.set(w.line, [...(byLine.get(w.line) ?? []), w]);
  const items: PdfTextItem[] = [];
  for (const line of byLine.values()) {
    line.sort((a, b) => a.x0 - b.x0);
    const height = median(line.map((w) => w.y1 - w.y0));
    const base = median(line.map((w) => w.y1));
    let run: ScanWord[] = [];
    const flush = () => {
      if (!run.length) return;
      const x0 = run[0].x0;
      const x1 = run[run.length - 1].x1;
      items.push({
        str: run.map((w) => w.text).join(' '),
        x: x0 * scale,
        y: (pageHeight - base) * scale,
        width: (x1 - x0) * scale,
        size: (height / 0.72) * scale,
        font: 'ocr',
        page,
      });
      run = [];
    };
    for (const w of line) {
      if (run.length && w.x0 - run[run.length - 1].x1 > height) flush();
      run.push(w);
    }
    flush();
  }
  return items;
}

interface ImageSource {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

/** The page's largest picture when it is big enough to be a scanned page, else null. */
export function scanPicture(images: readonly ImageSource[]): ImageSource | null {
  const big = [...images].sort((a, b) => b.width * b.height - a.width * a.height)[0];
  return big && big.width * big.height >= SCAN_LIMITS.minPixels ? big : null;
}

type PdfDoc = Parameters<typeof import('unpdf').extractImages>[0];

/**
 * The text items OCR reads on page `n` of `doc` (PDF units, page `pageWidth` wide), or [] when the
 * page holds no scanned picture. The picture is taken to fill the page, as a scanner writes it.
 */
export async function scannedPageItems(doc: PdfDoc, n: number, pageWidth: number, signal?: AbortSignal): Promise<PdfTextItem[]> {
  const { extractImages } = await import('unpdf');
  const pic = scanPicture(await raceAbort(extractImages(doc, n), signal));
  if (!pic) return [];
  const shrink = Math.min(1, SCAN_LIMITS.maxSide / Math.max(pic.width, pic.height));
  const width = Math.round(pic.width * shrink);
  const height = Math.round(pic.height * shrink);
  const grey = await sharp(Buffer.from(pic.data.buffer, pic.data.byteOffset, pic.data.byteLength), { raw: { width: pic.width, height: pic.height, channels: pic.channels } })
    .resize(width, height)
    .greyscale()
    .raw()
    .toBuffer();
  // A struck price's line is taken off first, or OCR reads it into the digits (strike.ts).
  const png = await sharp(Buffer.from(eraseRules(new Uint8Array(grey.buffer, grey.byteOffset, width * height), width, height)), { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  const { ocrPool, PSM } = await import('@/lib/vision/ocr-pool');
  // One block: automatic page segmentation drops a price column standing apart from its names
  // (measured: 12 of 27 prices read on a scanned list page, against 27 of 27 as one block); the
  // words keep their boxes, so columns are still told apart (lines.ts).
  const read = await raceAbort(ocrPool().recognize(png, PSM.SINGLE_BLOCK, undefined, { words: true }), signal);
  return scanItems(read.words ?? [], pageWidth / width, height, n);
}
