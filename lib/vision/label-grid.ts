import type { EngineReading } from '@/lib/vision/engine';
import { prepareGrey, toPgm, type GreyPage, type PrepareOptions } from '@/lib/vision/image';
import { parseLabelText } from '@/lib/vision/label-parser';
import { ocrPool, PSM, type OcrResult } from '@/lib/vision/ocr-pool';
import type { ParsedLabel } from '@/lib/vision/types';

/**
 * A label whose facts stand in a small ruled table (issue 14, fourteenth round: a QR label's
 * four-column table of small capitals, `TYPE | Indica | NET WT | 3.5 g`): tesseract takes the
 * boxed rows for a picture and reads none of their text. Erasing a table's rules on every label
 * (`gridRules`, as receipts do) cost boxed key-over-value cells on blurred photos of older
 * layouts (second-round degraded 0.963 → 0.906), so it is a rescue only: when the best reading
 * found less than `GRID_BELOW` of a label's facts, the page is read once more with its rules
 * erased, and that reading is kept only when it scores higher (found more, as the passes judge).
 */
export const GRID_BELOW = 0.5;

type Reading = EngineReading<ParsedLabel> & { text: string };

/** The passes' score of a reading: what it found, and tesseract's confidence a little. */
export const readingScore = (r: Pick<Reading, 'parsed' | 'engineConfidence'>) => r.parsed.coverage * 0.7 + (r.engineConfidence ?? 0) * 0.3;

/**
 * Whether a reading is thin enough to be read again without the page's ruled lines: it found less
 * than `GRID_BELOW` of the facts, or no potency at all (THC in percent or milligrams, or total
 * cannabinoids), which every label prints and a ruled potency table is the usual home of (the
 * sixteenth round's OLCC table: `Cannabinoid | % | mg/g` over six ruled rows, of which tesseract
 * read the header and nothing under it).
 */
export const gridWorthIt = (r: Pick<Reading, 'parsed'>) =>
  r.parsed.coverage < GRID_BELOW || (r.parsed.thcPct == null && r.parsed.thcMg == null && r.parsed.totalCannabinoidsPct == null);

/**
 * Or a reading without its THC figure (in percent or milligrams) on a page that has a ruled grid
 * (`ruledGrid`: its preparation found and erased one, before any OCR is paid for). A keystoned
 * photo of a QR label's table read its total (`TAC`) and half its rows, but not the `THC` row: a
 * reading over half complete with a potency, which `gridWorthIt` let through (fourteenth `qr-table`
 * degraded #1: THC, CBD, weight and batch lost; the grid's reading had them).
 */
export const lacksThc = (r: Pick<Reading, 'parsed'>) => r.parsed.thcPct == null && r.parsed.thcMg == null;

/** Whether the page prepared with its rules erased is read (see above). */
export const gridPageWorthReading = (r: Pick<Reading, 'parsed'>, page: Pick<GreyPage, 'ruledGrid'>) => gridWorthIt(r) || (lacksThc(r) && Boolean(page.ruledGrid));

/**
 * The reading of the page prepared with `gridRules` that is already at hand: where no ruled grid
 * was found (`ruledGrid` unset) nothing was erased, so the page is the first preparation's pixel
 * for pixel and tesseract's reading of it is the first try's own (`first`, before small words were
 * read again). Reading it again was a whole OCR pass (1–4 CPU s on a degraded photo) that gave the
 * same text. Null when the page must be read.
 */
export function gridReadingAtHand(page: Pick<GreyPage, 'ruledGrid'>, first: OcrResult | null | undefined): OcrResult | null {
  return page.ruledGrid ? null : (first ?? null);
}

/**
 * `read`, or the page read again with its table rules erased when that reads better (see above).
 * `first`: tesseract's reading of the page prepared with `opts` (the engine's first try), used
 * when erasing found no grid (`gridReadingAtHand`).
 */
export async function withGridRules(bytes: Buffer, read: Reading, opts: PrepareOptions, signal?: AbortSignal, first?: OcrResult | null): Promise<Reading> {
  if ((!gridWorthIt(read) && !lacksThc(read)) || signal?.aborted) return read;
  const page = await prepareGrey(bytes, { ...opts, gridRules: true }).catch(() => null);
  if (!page || !gridPageWorthReading(read, page) || signal?.aborted) return read;
  const ocr = gridReadingAtHand(page, first) ?? (await ocrPool().recognize(toPgm(page), PSM.SINGLE_BLOCK, undefined, { words: true }));
  const again: Reading = { parsed: parseLabelText(ocr.text, ocr.words), engineConfidence: Math.max(0, Math.min(1, ocr.confidence / 100)), text: ocr.text };
  return readingScore(again) > readingScore(read) ? again : read;
}
