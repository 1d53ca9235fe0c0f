import sharp from 'sharp';
import { config } from '@/lib/config';
import { prepareGrey, toPgm, type GreyPage, type PrepareOptions } from '@/lib/vision/image';
import { ocrPool, type OcrResult, type PSM } from '@/lib/vision/ocr-pool';
import type { ImageInput } from '@/lib/vision/types';

/** One reading of a page: a preparation, a turn, and optionally another version of the page. */
export interface Try {
  opts: PrepareOptions;
  turn: 0 | 90 | 180 | 270;
  /** Another version of the page to read instead of the photo (the evened-out coloured stock). */
  page?: Buffer;
}

/**
 * Paper this grainy after preparation (`paperGrain`) marks a photo (noise, blur, compression):
 * only such a page has its next try read ahead. On a crisp page (a scan, a
 * screenshot, a sharp photo) the first reading is nearly always good enough, and a pass read ahead
 * there was a whole OCR pass and preparation of CPU thrown away (bench, thirteenth and twelfth
 * rounds: every clean receipt's first reading was kept, yet each cost about two passes). Such a
 * page's second try, when it is needed, is prepared and read after the first.
 */
export const READ_AHEAD_GRAIN = 0.1;
// (Tried and dropped: one pass on both workers, the page cut across a blank row near its middle
// and the halves read side by side. Tesseract's page-wide statistics (threshold, line sizes) then
// differ per half and lines read differently: thirteenth receipts 0.992/0.935 -> 0.974/0.911.)

/** Whether a prepared page's next try is worth starting ahead (`READ_AHEAD_GRAIN`). */
export function aheadWorthIt(page: Pick<GreyPage, 'grain'> | null): boolean {
  return (page?.grain ?? 1) >= READ_AHEAD_GRAIN;
}

/**
 * Whether the next try is read ahead (prepared, then read on a spare worker) while try number
 * `index` (0 = the first reading) is read:
 * - never after the FIRST reading: the second preparation was needed for only about a third of the
 *   degraded bench photos (thirteenth and twelfth rounds: 9 of 24); each of the other two thirds
 *   threw a whole OCR pass away (≈ 0.4–2 s of CPU), and preparing it ahead without reading it
 *   still threw its preparation away (≈ 0.4–0.6 s of CPU, as much as a third of the photo's work),
 *   the price of a few tenths of a second of wall time on the third that needed it;
 * - after a later try (a first reading so thin that the page is read turned, or on evened-out
 *   stock: the next try is usually needed too), on a photo (`aheadWorthIt`), with reading ahead on
 *   and a worker spare.
 */
export function aheadMode(index: number, page: Pick<GreyPage, 'grain'> | null, opts: { readAhead: boolean; spare: number }): 'none' | 'read' {
  return index > 0 && opts.readAhead && opts.spare > 0 && aheadWorthIt(page) ? 'read' : 'none';
}

/** The page turned clockwise by `degrees` (EXIF orientation applied first; its size was checked when it was loaded). */
async function turned(bytes: Buffer, degrees: 90 | 180 | 270): Promise<Buffer> {
  return sharp(bytes).rotate().rotate(degrees).png({ compressionLevel: 1 }).toBuffer();
}

interface Run {
  page: Promise<GreyPage>;
  /** Tesseract's own reading of the page (before `refine`). */
  raw: Promise<OcrResult>;
  ocr: Promise<OcrResult>;
}

/**
 * The readings of a page's tries, started on demand or ahead of time (`aheadMode`). While one
 * try's page is in OCR, the next try, when it is likely needed, is prepared and read on a worker
 * that would otherwise sit idle (tesseract reads a page on one thread). The readings and the order
 * they are judged in are the same either way: the result is too.
 */
export class Readings {
  private started = new Map<Try, Run>();

  constructor(
    private readonly image: ImageInput,
    private readonly psm: PSM,
    /** A reading's words improved on its prepared page (labels: small print read again, small-words.ts). */
    private readonly refine?: (page: GreyPage, ocr: OcrResult) => Promise<OcrResult>,
  ) {}

  private start(t: Try): Promise<OcrResult> {
    let run = this.started.get(t);
    if (!run) {
      const source = t.page ?? this.image.bytes;
      const page = (async () => prepareGrey(t.turn ? await turned(source, t.turn) : source, t.opts))();
      // Word boxes: the parsers rebuild rows and columns from them (gaps measured on the page).
      const refine = this.refine;
      const raw = page.then((p) => ocrPool().recognize(toPgm(p), this.psm, undefined, { words: true }));
      const ocr = raw.then(async (read) => (refine ? refine(await page, read) : read));
      // A reading started ahead may never be awaited: its failure must not go unhandled.
      page.catch(() => undefined);
      raw.catch(() => undefined);
      ocr.catch(() => undefined);
      run = { page, raw, ocr };
      this.started.set(t, run);
    }
    return run.ocr;
  }

  /** The prepared page of a try already started (null when it was not, or its preparation failed). */
  async pageOf(t: Try): Promise<GreyPage | null> {
    return (await this.started.get(t)?.page.catch(() => null)) ?? null;
  }

  /** Tesseract's own reading of a try already started, before `refine` (null when it was not started or failed). */
  async rawOf(t: Try): Promise<OcrResult | null> {
    return (await this.started.get(t)?.raw.catch(() => null)) ?? null;
  }

  /** Try `index`'s reading; once its page is prepared, the next try is read ahead when `aheadMode` says so. */
  async read(tries: readonly Try[], index: number, signal?: AbortSignal): Promise<OcrResult> {
    const t = tries[index];
    const next = tries[index + 1];
    const ocr = this.start(t);
    await this.started.get(t)?.page.catch(() => undefined);
    if (next && !signal?.aborted && !this.started.has(next)) {
      if (aheadMode(index, await this.pageOf(t), { readAhead: config().vision.readAhead, spare: ocrPool().spare() }) === 'read') this.start(next);
    }
    return ocr;
  }
}
