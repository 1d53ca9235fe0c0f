import { KEY_CELL } from '@/lib/vision/label-columns';
import type { WordBox } from '@/lib/vision/parse-common';

/**
 * A label printed as panels side by side, divided by drawn fold or divider lines (issue 14,
 * sixteenth round: a tri-fold strip round a pre-roll tube, brand and product in the first panel,
 * potency in the second, batch and dates in the third). Tesseract reads such a page row by row
 * across the panels, so one OCR line holds `Layer Cake Pre-Roll | Cannabinoids | Batch LC2669-05`
 * and the product name is lost among the other panels' words. The dashed dividers themselves come
 * back as thin one-glyph "words" (`|`, `!`, `:`, `;`, `I`, `1`) standing at the same x on line
 * after line: that column of slivers is the fold. When one is found with words on both sides of
 * it, the words are read again panel by panel (left to right, each panel's lines top to bottom)
 * and the slivers dropped.
 */

const SLIVER = /^(?:[^\p{L}\p{N}\s]|[Il1ij]){1,2}$/u;

/** The median word height: one text row. */
function rowHeight(words: readonly WordBox[]): number {
  const hs = words.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  return hs.length ? hs[Math.floor(hs.length / 2)] : 0;
}

/** x positions of the divider lines: thin one-glyph words at one x on at least four lines and a third of them. */
export function foldLines(words: readonly WordBox[]): number[] {
  const row = rowHeight(words);
  if (row <= 0) return [];
  const lines = new Set(words.map((w) => w.line));
  const slivers = words.filter((w) => SLIVER.test(w.text.trim()) && w.x1 - w.x0 <= Math.max(4, 0.3 * row)).sort((a, b) => a.x0 - b.x0);
  const folds: number[] = [];
  let i = 0;
  while (i < slivers.length) {
    let j = i + 1;
    while (j < slivers.length && slivers[j].x0 - slivers[j - 1].x0 <= row / 2) j++;
    const group = slivers.slice(i, j);
    const onLines = new Set(group.map((w) => w.line));
    if (onLines.size >= 4 && onLines.size >= lines.size / 3) folds.push(group.reduce((s, w) => s + (w.x0 + w.x1) / 2, 0) / group.length);
    i = j;
  }
  // A fold divides words: at least three lines carry real words on each side of it.
  const real = words.filter((w) => !SLIVER.test(w.text.trim()));
  const sided = (x: number, left: boolean) => new Set(real.filter((w) => (w.x0 + w.x1) / 2 < x === left).map((w) => w.line)).size >= 3;
  // The text of each line between two x positions (word centres strictly inside), one string per line.
  const cellTexts = (from: number, to: number) => {
    const cells = new Map<number, string[]>();
    for (const w of real) if ((w.x0 + w.x1) / 2 > from && (w.x0 + w.x1) / 2 < to) cells.set(w.line, [...(cells.get(w.line) ?? []), w.text]);
    return [...cells.values()].map((t) => t.join(' '));
  };
  const mostly = (texts: string[], re: RegExp) => texts.filter((t) => re.test(t)).length * 2 >= texts.length;
  // A ruled key | value table (`Total THC | 21.4%`, `Type | Indica`) is not panels: the cells left of
  // its rule are bare keys on most lines, and reading them apart from their values would lose both.
  const keysLeft = (x: number, from: number) => mostly(cellTexts(from, x), KEY_CELL);
  // A column of values right of a rule (`22.7%`, `May 7, 2026`, a lot code) is not a panel either:
  // a panel's lines are mostly words (at least half of them hold a word of four letters or more).
  const wordyRight = (x: number, to: number) => mostly(cellTexts(x, to), /\p{L}{4,}/u);
  return folds.filter((x, k) => sided(x, true) && sided(x, false) && !keysLeft(x, k ? folds[k - 1] : -Infinity) && wordyRight(x, folds[k + 1] ?? Infinity));
}

/** The words re-lined panel by panel when the page has fold lines (see above); else as they are. */
export function byFoldPanels(words: readonly WordBox[]): readonly WordBox[] {
  const folds = foldLines(words);
  if (folds.length === 0) return words;
  const row = rowHeight(words);
  const panelOf = (w: WordBox) => folds.filter((x) => (w.x0 + w.x1) / 2 > x).length;
  const isFold = (w: WordBox) => SLIVER.test(w.text.trim()) && folds.some((x) => Math.abs((w.x0 + w.x1) / 2 - x) <= row / 2);
  const out: WordBox[] = [];
  let line = 0;
  for (let p = 0; p <= folds.length; p++) {
    let last = -1;
    for (const w of words) {
      if (isFold(w) || panelOf(w) !== p) continue;
      if (last !== -1 && w.line !== last) line++;
      last = w.line;
      out.push({ ...w, line });
    }
    if (last !== -1) line++;
  }
  return out;
}
