import sharp from 'sharp';
import type { EngineReading, VisionEngine } from '@/lib/vision/engine';
import { prepareForOcr, type PrepareOptions } from '@/lib/vision/image';
import { parseLabelText } from '@/lib/vision/label-parser';
import { withRim } from '@/lib/vision/label-round';
import { ocrPool, PSM, type OcrWord } from '@/lib/vision/ocr-pool';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import type { ImageInput } from '@/lib/vision/types';

/**
 * Offline engine: sharp preparation → tesseract (shared pool) → parser. When the first reading
 * looks incomplete, one more pass with another preparation (denoise + sharpen, or a hard
 * threshold) is tried and the better reading kept: two passes at most, so a bad photo costs at
 * most twice a good one.
 */
export const PASSES: PrepareOptions[] = [{}, { median: 3, sharpen: true }];
/**
 * Receipts: no contrast stretch after the light is evened out. On blurred photos the stretch
 * turns the grey halo around thin receipt glyphs black and merges letters (measured on the
 * degraded tuning layouts: F1 +0.03–0.04); labels, with larger print, read as well or better with it.
 * Leaders of light grey (blurred) dots are erased too (`lightLeaders`).
 */
const RECEIPT_PASSES: PrepareOptions[] = PASSES.map((p) => ({ ...p, normalise: false, lightLeaders: true, gridRules: true, bands: 'before-light', creases: true }));
/**
 * Labels: the text-row height (which sets the scale) is measured without printed rules and box
 * frames: a frame around a label cell made the whole cell measure as one text row and the page
 * was shrunk (second-round degraded labels 0.880 → 0.904 on first-pass readings). Light type on a
 * dark filled badge is inverted (`invertBands`: the `INDICA` badge was lost even on clean photos;
 * first-round clean labels 0.994 → 1.000, degraded 0.911 → 0.908 by one net weight read
 * differently elsewhere on the page). Receipts are prepared as before. A glare streak on a dark
 * glossy label is evened out (`glare`, glare.ts), and a QR code beside the text painted out
 * (`codes`, codes.ts), and a bar chart's bars (`chartBars`, chart-bars.ts).
 */
const LABEL_PASSES: PrepareOptions[] = PASSES.map((p) => ({ ...p, rules: true, bands: true, glare: true, codes: true, chartBars: true }));
/** The first pass's preparation per kind (the bench's re-parse and probe scripts read with it too). */
export const FIRST_PASS: Record<'receipt' | 'label', PrepareOptions> = { receipt: RECEIPT_PASSES[0], label: LABEL_PASSES[0] };
/** One pass is enough when the reading is this complete and tesseract this sure of its words. */
const GOOD_ENOUGH = 0.6;
const SURE_ENOUGH = 0.75;

/**
 * Labels only: a first reading this thin (almost nothing found) may be a label printed along a
 * tube or a box side, photographed turned by 90°, or one photographed upside down: the page is
 * read turned a quarter both ways and a half turn (first-pass preparation) before the second
 * preparation pass, and the best reading is kept (a reading good and sure enough stops the tries).
 */
const TURN_BELOW = 0.25;
/**
 * Or a reading tesseract was this unsure of that found less than half (text on its side gives a
 * stray figure or two at confidence ≈ 0.3; the least sure upright label photo of the bench, 0.42
 * with half its fields, is not turned).
 */
const UNSURE_TURN = 0.4;
/** The page turned clockwise by `degrees` (EXIF orientation applied first; its size was checked when it was loaded). */
async function turned(bytes: Buffer, degrees: 90 | 180 | 270): Promise<Buffer> {
  return sharp(bytes).rotate().rotate(degrees).png({ compressionLevel: 1 }).toBuffer();
}

async function bestReading<T extends { coverage: number }>(
  image: ImageInput,
  parse: (text: string, words?: readonly OcrWord[]) => T,
  psm: PSM,
  signal?: AbortSignal,
  passes: PrepareOptions[] = PASSES,
  turns = false,
): Promise<EngineReading<T> & { text: string }> {
  let best: (EngineReading<T> & { text: string; score: number }) | null = null;
  const tries: { opts: PrepareOptions; turn: 0 | 90 | 180 | 270 }[] = passes.map((opts) => ({ opts, turn: 0 }));
  for (let i = 0; i < tries.length; i++) {
    if (signal?.aborted) break;
    const { opts, turn } = tries[i];
    const prepared = await prepareForOcr(turn ? await turned(image.bytes, turn) : image.bytes, opts);
    // Word boxes: the parsers rebuild rows and columns from them (gaps measured on the page).
    const ocr = await ocrPool().recognize(prepared, psm, undefined, { words: true });
    const parsed = parse(ocr.text, ocr.words);
    const conf = Math.max(0, Math.min(1, ocr.confidence / 100));
    const score = parsed.coverage * 0.7 + conf * 0.3;
    if (!best || score > best.score) best = { parsed, engineConfidence: conf, text: ocr.text, score };
    if (parsed.coverage >= GOOD_ENOUGH && conf >= SURE_ENOUGH) break;
    const thin = parsed.coverage < TURN_BELOW || (conf < UNSURE_TURN && parsed.coverage < 0.5);
    // Upside down too (a jar or a bag photographed from the other side): first on a wide page,
    // whose lines run across already; after the quarter turns on a tall one.
    if (turns && i === 0 && thin) {
      const wide = image.width >= image.height;
      const quarter = [
        { opts, turn: 90 as const },
        { opts, turn: 270 as const },
      ];
      tries.splice(1, 0, ...(wide ? [{ opts, turn: 180 as const }, ...quarter] : [...quarter, { opts, turn: 180 as const }]));
    }
  }
  if (!best) throw new Error('OCR aborted');
  return { parsed: best.parsed, engineConfidence: best.engineConfidence, text: best.text };
}

let engine: VisionEngine | null = null;

export function localEngine(): VisionEngine {
  engine ??= {
    name: 'ocr',
    readReceipt: (image, signal) => bestReading(image, parseReceiptText, PSM.SINGLE_BLOCK, signal, RECEIPT_PASSES),
    readLabel: async (image, signal) => {
      const read = await bestReading(image, parseLabelText, PSM.SINGLE_BLOCK, signal, LABEL_PASSES, true);
      // A round sticker's rim lines, turned word by word along the arc, read unrolled (label-round.ts).
      return { ...read, parsed: await withRim(image.bytes, read.parsed, LABEL_PASSES[0], signal) };
    },
  };
  return engine;
}
