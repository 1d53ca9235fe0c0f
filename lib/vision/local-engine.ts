import type { EngineReading, VisionEngine } from '@/lib/vision/engine';
import { prepareGrey, toPgm, withMinSize, type GreyPage, type PrepareOptions } from '@/lib/vision/image';
import { rereadSmallWords } from '@/lib/vision/small-words';
import { edgesWorthReading, withoutTableEdges } from '@/lib/vision/page-margins';
import { withGridRules } from '@/lib/vision/label-grid';
import { parseLabelText } from '@/lib/vision/label-parser';
import { withRim } from '@/lib/vision/label-round';
import { fillGaps } from '@/lib/vision/alternates';
import { withStampDate } from '@/lib/vision/label-stamp-ink';
import { withSticker } from '@/lib/vision/label-sticker';
import { foldPanels, readFold, withFoldReadings } from '@/lib/vision/label-panels';
import { withSidePanel } from '@/lib/vision/label-side-panel';
import { evenStock, STOCK_REREAD_BELOW } from '@/lib/vision/label-stock';
import { ocrPool, PSM, type OcrResult, type OcrWord } from '@/lib/vision/ocr-pool';
import { paperOnTable } from '@/lib/vision/receipt-paper';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { withoutStampInk } from '@/lib/vision/receipt-stamp';
import { Readings, type Try } from '@/lib/vision/readings';
import { RESCUE_BELOW, rescueFirst, rescueSettles } from '@/lib/vision/pass-plan';
import type { ImageInput } from '@/lib/vision/types';

export { aheadMode, aheadWorthIt, READ_AHEAD_GRAIN } from '@/lib/vision/readings';

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
const RECEIPT_PASSES: PrepareOptions[] = PASSES.map((p) => ({
  ...p,
  normalise: false,
  lightLeaders: true,
  gridRules: true,
  tightRules: true,
  bands: 'before-light',
  creases: true,
  faded: true,
  bandLevels: true,
}));
/**
 * Labels: the text-row height (which sets the scale) is measured without printed rules and box
 * frames: a frame around a label cell made the whole cell measure as one text row and the page
 * was shrunk (second-round degraded labels 0.880 → 0.904 on first-pass readings). Light type on a
 * dark filled badge is inverted (`invertBands`: the `INDICA` badge was lost even on clean photos;
 * first-round clean labels 0.994 → 1.000, degraded 0.911 → 0.908 by one net weight read
 * differently elsewhere on the page). Receipts are prepared as before. A glare streak on a dark
 * glossy label is evened out (`glare`, glare.ts), and a QR code beside the text painted out
 * (`codes`, codes.ts), and a bar chart's bars (`chartBars`, chart-bars.ts), a legend's swatches and
 * a donut chart's arcs (`chartMarks`, chart-marks.ts). Leaders of light grey dots are erased as on
 * receipts (`lightLeaders`: an apothecary label's blurred leaders were read as letters and took
 * every value with them; thirteenth-round degraded labels 0.843 → 0.908). A ruled table's rules are
 * NOT erased (`gridRules`, as on receipts): it let a QR label's small boxed table be read (fourteenth
 * round) but cost boxed key-over-value cells on blurred photos (second round degraded 0.963 → 0.906,
 * ninth 0.938 → 0.916, twelfth 0.994 → 0.983). Light print on a MID-GREY pill or badge (an accent
 * colour a photo left at grey 140–180) is inverted too (`midBands`, mid-bands.ts).
 */
const LABEL_PASSES: PrepareOptions[] = PASSES.map((p) => ({
  ...p,
  lightLeaders: true,
  rules: true,
  bands: true,
  midBands: true,
  glare: true,
  codes: true,
  chartBars: true,
  chartMarks: true,
}));
/** The first pass's preparation per kind (the bench's re-parse and probe scripts read with it too). */
export const FIRST_PASS: Record<'receipt' | 'label', PrepareOptions> = { receipt: RECEIPT_PASSES[0], label: LABEL_PASSES[0] };
/** One pass is enough when the reading is this complete and tesseract this sure of its words (labels). */
const GOOD_ENOUGH = 0.6;
/**
 * Receipts: one pass is enough only when every check of the reading holds (its items, subtotal,
 * tax and total add up; a flower has its weight). A receipt whose sums do not add up lost or
 * misread a line, and its second preparation is read too (ahead, on a spare worker): on blurred
 * photos of faces the layouts are not drawn in (`bench:vision --fonts unseen-tune`), first
 * readings at 5/6 of the checks were kept at F1 0.73–0.83 where the second pass read 0.90–0.97.
 */
const RECEIPT_GOOD_ENOUGH = 1;
/**
 * Receipts: when every reading found at most half of what it checks (coverage below
 * `RESCUE_BELOW`, pass-plan.ts), a faded page is read once more with its ink stretched to black
 * (`stretchFaded`, receipt-faded.ts); other pages are not read again. Only such a failed reading
 * pays for the try. An empty first reading of faded print has it read before the second
 * preparation instead (`rescueFirst`), and the second preparation is skipped when it settles the
 * page (`rescueSettles`).
 */
const RECEIPT_RESCUE: PrepareOptions = { ...RECEIPT_PASSES[0], stretchFaded: true };
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
async function bestReading<T extends { coverage: number }>(
  image: ImageInput,
  parse: (text: string, words?: readonly OcrWord[]) => T,
  psm: PSM,
  signal?: AbortSignal,
  passes: PrepareOptions[] = PASSES,
  {
    turns = false,
    stock = false,
    goodEnough = GOOD_ENOUGH,
    rescue,
    refine,
    margins = false,
  }: {
    turns?: boolean;
    stock?: boolean;
    goodEnough?: number;
    rescue?: PrepareOptions;
    refine?: (page: GreyPage, ocr: OcrResult) => Promise<OcrResult>;
    margins?: boolean;
  } = {},
): Promise<EngineReading<T> & { text: string; alternates: T[]; firstRaw: OcrResult | null }> {
  /** The best reading so far (a holder: `judge` replaces it). */
  const kept: { best: (EngineReading<T> & { text: string; score: number }) | null } = { best: null };
  /** Every upright reading with its score (the ones not kept are the best one's `alternates`). */
  const upright: { parsed: T; score: number }[] = [];
  /** A reading parsed and scored; kept when it beats the best so far. */
  const judge = (ocr: OcrResult, turn = 0): { parsed: T; conf: number } => {
    const parsed = parse(ocr.text, ocr.words);
    const conf = Math.max(0, Math.min(1, ocr.confidence / 100));
    const score = parsed.coverage * 0.7 + conf * 0.3;
    if (turn === 0) upright.push({ parsed, score });
    if (!kept.best || score > kept.best.score) kept.best = { parsed, engineConfidence: conf, text: ocr.text, score };
    return { parsed, conf };
  };
  const tries: Try[] = passes.map((opts) => ({ opts, turn: 0 }));
  const firstTry = tries[0];
  const readings = new Readings(image, psm, refine);
  /** The faded-print rescue's reading, once read (null when its page was not stretched). */
  let rescued: { parsed: T } | null | undefined;
  const readRescue = async (options: PrepareOptions): Promise<{ parsed: T } | null> => {
    const page = await prepareGrey(image.bytes, options);
    return page.stretched ? judge(await ocrPool().recognize(toPgm(page), psm, undefined, { words: true })) : null;
  };
  for (let i = 0; i < tries.length; i++) {
    if (signal?.aborted) break;
    const { opts } = tries[i];
    const { parsed, conf } = judge(await readings.read(tries, i, signal), tries[i].turn);
    if (parsed.coverage >= goodEnough && conf >= SURE_ENOUGH) break;
    // An empty first reading of faded print: the rescue first, and no second preparation when it
    // settles the page (pass-plan.ts).
    if (rescue && i === 0 && rescueFirst(parsed, (await readings.pageOf(firstTry))?.repairedPrint) && !signal?.aborted) {
      rescued = await readRescue(rescue);
      if (rescueSettles(rescued?.parsed ?? null, parsed)) break;
    }
    const thin = parsed.coverage < TURN_BELOW || (conf < UNSURE_TURN && parsed.coverage < 0.5);
    // Upside down too (a jar or a bag photographed from the other side): first on a wide page,
    // whose lines run across already; after the quarter turns on a tall one.
    if (turns && i === 0 && thin) {
      const wide = image.width >= image.height;
      const quarter: Try[] = [
        { opts, turn: 90 },
        { opts, turn: 270 },
      ];
      tries.splice(1, 0, ...(wide ? [{ opts, turn: 180 as const }, ...quarter] : [...quarter, { opts, turn: 180 as const }]));
    }
    // A label on coloured stock (kraft) that read incompletely is read evened out as ink on white
    // next, before any turn or second preparation: on such stock those read nothing more, and a
    // good stock reading ends the tries.
    if (stock && i === 0 && parsed.coverage < STOCK_REREAD_BELOW && !signal?.aborted) {
      const even = await evenStock(image.bytes).catch(() => null);
      if (even) tries.splice(1, 0, { opts, turn: 0, page: even });
    }
  }
  // A reading still short of its fields (`edgesWorthReading`): the first page once more without
  // the table along its edges (page-margins.ts), when it has such bands; judged with the others.
  if (margins && kept.best && edgesWorthReading(kept.best.parsed.coverage) && !signal?.aborted) {
    const first = await readings.pageOf(firstTry);
    const cut = first ? withoutTableEdges(first) : null;
    if (cut) {
      const ocr = await ocrPool().recognize(toPgm(cut), psm, undefined, { words: true });
      judge(refine ? await refine(cut, ocr) : ocr);
    }
  }
  // (Only a page whose first preparation found faded or gapped print is prepared again: the rescue
  // preparation is the first one plus the stretch, so any other page would not be stretched.)
  if (rescued === undefined && kept.best && rescue && kept.best.parsed.coverage < RESCUE_BELOW && !signal?.aborted && (await readings.pageOf(firstTry))?.repairedPrint) {
    await readRescue(rescue);
  }
  const { best } = kept;
  if (!best) throw new Error('OCR aborted');
  const alternates = upright
    .filter((r) => r.parsed !== best.parsed)
    .sort((a, b) => b.score - a.score)
    .map((r) => r.parsed);
  // The first try's own reading (before `refine`): a later reader of the same page prepared the
  // same way uses it instead of reading the page again (label-grid.ts).
  const firstRaw = await readings.rawOf(firstTry);
  return { parsed: best.parsed, engineConfidence: best.engineConfidence, text: best.text, alternates, firstRaw };
}

let engine: VisionEngine | null = null;

export function localEngine(): VisionEngine {
  engine ??= {
    name: 'ocr',
    // A receipt photographed on a dark table is cut to its paper first (receipt-paper.ts), and a
    // coloured rubber stamp's ink over the print lifted (receipt-stamp.ts); other pages as they are.
    readReceipt: async (image, signal) => {
      // A cold pool starts its worker now, beside this image's preparation (ocr-pool.ts `warm`).
      ocrPool().warm();
      return bestReading(await withoutStampInk(await paperOnTable(await withMinSize(image))), parseReceiptText, PSM.SINGLE_BLOCK, signal, RECEIPT_PASSES, {
        goodEnough: RECEIPT_GOOD_ENOUGH,
        rescue: RECEIPT_RESCUE,
      }).then(({ alternates: _unused, firstRaw: _raw, ...r }) => r);
    },
    readLabel: async (input, signal) => {
      ocrPool().warm();
      const image = await withMinSize(input);
      // A fold-out's two panels beside its spine (label-panels.ts) are read one by one, started at
      // once beside the page's first reading (they do not depend on it), and stand in for the whole
      // page's second preparation: on the twelfth round's fold-out photos that read worse than the
      // first every time, and cost a pass (5–6 OCR passes a photo, now 4).
      const fold = signal?.aborted ? null : await foldPanels(image.bytes).catch(() => null);
      const foldRead = fold ? readFold(fold, LABEL_PASSES[0]) : null;
      foldRead?.catch(() => undefined);
      const passes = fold ? LABEL_PASSES.slice(0, 1) : LABEL_PASSES;
      // A thin reading read once more with a ruled table's rules erased (label-grid.ts).
      const { alternates, firstRaw, ...first } = await bestReading(image, parseLabelText, PSM.SINGLE_BLOCK, signal, passes, {
        turns: true,
        stock: true,
        margins: true,
        // Small print beside large print on a line (a form's keys beside hand-written values) read again on its own.
        refine: (page, ocr) => rereadSmallWords(page, ocr, signal),
      });
      const read = await withGridRules(image.bytes, first, LABEL_PASSES[0], signal, firstRaw);
      // A missing package date looked for in a rubber stamp (label-stamp-ink.ts), then a round
      // sticker's rim lines, turned word by word along the arc, read unrolled (label-round.ts).
      const page = await withStampDate(image.bytes, read.parsed, signal);
      // A white compliance sticker over a label on coloured stock, read alone (label-sticker.ts).
      const stuck = await withSticker(image.bytes, page, LABEL_PASSES[0], signal, LABEL_PASSES[1]);
      const folded = foldRead && !signal?.aborted ? withFoldReadings(stuck, await foldRead) : stuck;
      const rimmed = await withRim(image.bytes, folded, LABEL_PASSES[0], signal);
      // A side panel of turned print at the page's edge (a hang-tag's batch, dates and lab; label-side-panel.ts).
      const sided = await withSidePanel(image.bytes, rimmed, LABEL_PASSES[0], signal);
      // Last, the fields still empty from the page's other upright readings (the second
      // preparation, the evened-out stock), best first: a degraded photo's two passes often lose
      // different rows (alternates.ts). After the targeted readers above, which read what they
      // look for better (a fold-out's spine gives its brand) and decide on the same gaps as before.
      return { ...read, parsed: fillGaps(sided, alternates) };
    },
  };
  return engine;
}
