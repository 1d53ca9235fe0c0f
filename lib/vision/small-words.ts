import { toPgm, type GreyPage } from '@/lib/vision/image';
import { ocrPool, PSM, type OcrResult, type OcrWord } from '@/lib/vision/ocr-pool';

/**
 * Small print beside large print on one text line, read again on its own (issue 14, labels).
 *
 * A form's keys printed in small bold capitals beside values written large by hand (`STRAIN  Jet
 * Fuel`, `THC %  23.0`) share a text line with the large words, and tesseract fits one x-height to
 * the line: the small capitals are read as lower-case letters of that size (`STRAIN` → `stam`,
 * `PRODUCT` → `rrooucr`, `BATCH` → `sarc`, `THC %` → `mew`, `LAB` → `we`), too far from any key for
 * the fuzzy key reader. Cut out of the page, enlarged and read each on a line of its own, the same
 * pixels read right (`STRAIN`, `PRODUCT`, `BATCH`, `THC %`, `LAB` on a degraded photo: the line's
 * large words no longer set their size).
 *
 * Which words: at most `SMALL_SHARE` as tall as the tallest word of their line, read unsure
 * (`UNSURE_BELOW`), with two letters or more (a small figure beside a large one is left: `21` was
 * re-read `n`). All of them are stacked into one small page, one crop
 * a line with blank rows between, and read in ONE extra OCR call (≈ 0.1–0.2 s; a page without such
 * words costs nothing). A word takes its new reading only when it is on its own line of the stack
 * and `plausible`.
 */

/** A word this much shorter than its line's tallest word is small print beside large print. */
export const SMALL_SHARE = 0.65;
/** Only words tesseract was this unsure of (0..100) are read again. */
export const UNSURE_BELOW = 75;
/** The new reading replaces the word when its confidence is this much higher. */
export const SURER_BY = 10;
/** …and at least this sure of it. */
export const SURE_AT = 70;
/** Crops are enlarged so a word stands this many pixels tall (at most 3×). */
const CROP_HEIGHT = 30;
/** Crops are padded by this much above and below, and less to the sides (a rule starting beside the key was read as a letter). */
const PAD = 5;
const PAD_X = 2;
const GAP = 24;
const MAX_WORDS = 40;

/** The indices of the words to read again: small beside their line's tallest word, unsure, two characters or more. */
export function smallUnsureWords(words: readonly OcrWord[]): number[] {
  const tallest = new Map<number, number>();
  for (const w of words) if (w.text.trim().length >= 2) tallest.set(w.line, Math.max(tallest.get(w.line) ?? 0, w.y1 - w.y0));
  const out: number[] = [];
  words.forEach((w, i) => {
    const h = w.y1 - w.y0;
    const top = tallest.get(w.line) ?? 0;
    if ((w.text.match(/\p{L}/gu) ?? []).length >= 2 && h >= 6 && w.conf < UNSURE_BELOW && h <= SMALL_SHARE * top) out.push(i);
  });
  return out.slice(0, MAX_WORDS);
}

/** The stack page: each word's crop (padded, enlarged) on a line of its own; `slots` are the crops' rows. */
export function stackCrops(page: GreyPage, boxes: readonly OcrWord[]): { page: GreyPage; slots: { y0: number; y1: number }[] } {
  const crops = boxes.map((b) => {
    const x0 = Math.max(0, b.x0 - PAD_X);
    const y0 = Math.max(0, b.y0 - PAD);
    const x1 = Math.min(page.width, b.x1 + PAD_X);
    const y1 = Math.min(page.height, b.y1 + PAD);
    const scale = Math.max(1, Math.min(3, CROP_HEIGHT / Math.max(1, b.y1 - b.y0)));
    return { x0, y0, w: x1 - x0, h: y1 - y0, scale, W: Math.round((x1 - x0) * scale), H: Math.round((y1 - y0) * scale) };
  });
  const width = Math.max(...crops.map((c) => c.W)) + 2 * GAP;
  const height = crops.reduce((s, c) => s + c.H + GAP, GAP);
  const data = Buffer.alloc(width * height, 255);
  const slots: { y0: number; y1: number }[] = [];
  let top = GAP;
  for (const c of crops) {
    // Bilinear enlargement of the crop's grey pixels.
    for (let y = 0; y < c.H; y++) {
      const sy = Math.min(c.h - 1, Math.max(0, (y + 0.5) / c.scale - 0.5));
      const ya = Math.floor(sy);
      const yb = Math.min(c.h - 1, ya + 1);
      const fy = sy - ya;
      for (let x = 0; x < c.W; x++) {
        const sx = Math.min(c.w - 1, Math.max(0, (x + 0.5) / c.scale - 0.5));
        const xa = Math.floor(sx);
        const xb = Math.min(c.w - 1, xa + 1);
        const fx = sx - xa;
        const at = (yy: number, xx: number) => page.data[(c.y0 + yy) * page.width + c.x0 + xx];
        const v = (at(ya, xa) * (1 - fx) + at(ya, xb) * fx) * (1 - fy) + (at(yb, xa) * (1 - fx) + at(yb, xb) * fx) * fy;
        data[(top + y) * width + GAP + x] = Math.round(v);
      }
    }
    slots.push({ y0: top, y1: top + c.H });
    top += c.H + GAP;
  }
  return { page: { data, width, height }, slots };
}

/**
 * The reading with the re-read words put in: a word takes its slot's words (joined by a space)
 * when they are on the slot alone and tesseract is `SURER_BY` surer of them. Its text line is
 * rewritten too when the reading's text lines match its word lines one to one.
 */
export function withRereads(ocr: OcrResult, picks: readonly number[], slots: readonly { y0: number; y1: number }[], reread: readonly OcrWord[]): OcrResult {
  const words = ocr.words;
  if (!words) return ocr;
  const next = words.map((w) => ({ ...w }));
  let changed = false;
  picks.forEach((wi, s) => {
    const { y0, y1 } = slots[s];
    const inSlot = reread.filter((r) => (r.y0 + r.y1) / 2 >= y0 && (r.y0 + r.y1) / 2 <= y1).sort((a, b) => a.x0 - b.x0);
    // Words of the slot read across into another slot (its crop's edge) are no clean reading.
    const spill = reread.some((r) => !inSlot.includes(r) && r.y0 < y1 && r.y1 > y0);
    if (!inSlot.length || spill) return;
    // The crop caught the start of the next word on the line (`adults` read `adults 21+`): not this word's.
    const after = words.filter((w) => w.line === words[wi].line && w.x0 > words[wi].x0).sort((a, b) => a.x0 - b.x0);
    while (inSlot.length > 1 && after.some((w) => w.text.toLowerCase() === inSlot[inSlot.length - 1].text.toLowerCase())) inSlot.pop();
    const text = inSlot.map((r) => r.text).join(' ');
    const conf = inSlot.reduce((a, r) => a + r.conf, 0) / inSlot.length;
    if (!plausible(words[wi], text, conf, inSlot.length)) return;
    next[wi] = { ...next[wi], text, conf };
    changed = true;
  });
  if (!changed) return ocr;
  return { ...ocr, words: next, text: retext(ocr.text, words, next) };
}

/**
 * A re-read taken for a word: tesseract sure of it (`SURE_AT`) and `SURER_BY` surer than of the
 * word; no shorter than it by more than a character, no figure lost (`5%` re-read `%`, `Uc.` re-read
 * `Le`: a crop cut too tight reads less, not better), at most three words.
 */
function plausible(old: OcrWord, text: string, conf: number, n: number): boolean {
  const compact = (t: string) => t.replace(/\s+/g, '');
  const digits = (t: string) => (t.match(/\d/g) ?? []).length;
  return conf >= SURE_AT && conf >= old.conf + SURER_BY && text !== old.text && n <= 3 && compact(text).length >= compact(old.text).length - 1 && digits(text) >= digits(old.text);
}

/** The reading's text with each changed word replaced on its line (left as it was when lines do not match). */
function retext(text: string, before: readonly OcrWord[], after: readonly OcrWord[]): string {
  const lines = text.split('\n');
  const filled = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.trim());
  const lineIds = [...new Set(before.map((w) => w.line))].sort((a, b) => a - b);
  if (filled.length !== lineIds.length) return text;
  const cursor = new Map<number, number>();
  before.forEach((w, i) => {
    const at = filled[lineIds.indexOf(w.line)];
    const from = cursor.get(at.i) ?? 0;
    const k = lines[at.i].indexOf(w.text, from);
    if (k < 0) return;
    lines[at.i] = lines[at.i].slice(0, k) + after[i].text + lines[at.i].slice(k + w.text.length);
    cursor.set(at.i, k + after[i].text.length);
  });
  return lines.join('\n');
}

/** A reading whose small unsure words were read again on their own (one OCR call; none when no word qualifies). */
export async function rereadSmallWords(page: GreyPage, ocr: OcrResult, signal?: AbortSignal): Promise<OcrResult> {
  const words = ocr.words;
  if (!words?.length || signal?.aborted) return ocr;
  const picks = smallUnsureWords(words);
  if (!picks.length) return ocr;
  const stack = stackCrops(
    page,
    picks.map((i) => words[i]),
  );
  const reread = await ocrPool().recognize(toPgm(stack.page), PSM.SINGLE_BLOCK, undefined, { words: true });
  return withRereads(ocr, picks, stack.slots, reread.words ?? []);
}
