import type { WordBox } from '@/lib/vision/parse-common';

export { summaryLast } from '@/lib/vision/receipt-summary-first';

/** Rows of a receipt as tesseract gives them, tidied before they are read (receipt-parser.ts). */

/**
 * Tesseract sometimes gives a word a box across the whole row (the "$134.07" of a unit column
 * boxed from the left margin to the right one): placed by that box it would jump ahead of the
 * name. A word whose box is over eight times wider per character than the page's median is such a
 * box and is left out (its row keeps the other words, the line amount among them).
 */
export function withoutStretchedBoxes(words: readonly WordBox[]): WordBox[] {
  const perChar = (w: WordBox) => (w.x1 - w.x0) / Math.max(1, w.text.trim().length);
  const sized = words.filter((w) => w.text.trim().length >= 3).map(perChar);
  if (sized.length < 5) return [...words];
  const median = [...sized].sort((a, b) => a - b)[Math.floor(sized.length / 2)];
  return words.filter((w) => w.text.trim().length < 3 || perChar(w) <= 8 * median);
}

/**
 * A parenthesis opened at the end of one row and closed on the next ("… Badder 2g (Deal" /
 * "-$8.26)"): one phrase wrapped by a narrow page, read as one row.
 */
export function joinWrappedParens<T extends { text: string; conf: number }>(rows: readonly T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const next = rows[i + 1];
    const open = (x: string) => (x.match(/\(/g) ?? []).length - (x.match(/\)/g) ?? []).length;
    if (next && open(r.text) > 0 && open(next.text) < 0 && /^\s*[^()]*\)/.test(next.text)) {
      out.push({ ...r, text: `${r.text.trimEnd()} ${next.text.trim()}`, conf: Math.min(r.conf, next.conf) });
      i++;
    } else out.push(r);
  }
  return out;
}
