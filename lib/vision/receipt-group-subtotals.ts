import { categorize } from '@/lib/vision/parse-common';

/**
 * A receipt whose items are grouped under category headings (`— FLOWER —`, `VAPES`) may close each
 * group with its own sum: `Flower subtotal (2)  $61.50`, `Subtotal - Vapes`, `Dept. subtotal`. That
 * line is no item and not the order's subtotal, and the items go on below it. It is told from the
 * order's subtotal by its words: besides the subtotal word, a count and the amount, it says only a
 * category (`Flower`, `Pre-Roll`, `Concentrates`) or the word for a group (`Category`, `Dept.`).
 */
const SUBTOTAL_WORD = /\b(?:sub|sous)\s?-?\s?tota[l1]\b/i;
const GROUP_WORDS = /^(category|group|section|dept|department)$/i;

export function isGroupSubtotal(line: string): boolean {
  if (!SUBTOTAL_WORD.test(line)) return false;
  const words = line
    .replace(SUBTOTAL_WORD, ' ')
    // Amounts, counts (`(2)`, `3 items`) and the dashes and colons between the words.
    .replace(/-?\s?\$?\s?\d[\d,]*(?:\.\d+)?/g, ' ')
    .replace(/\b(items?|pcs|units?|qty)\b/gi, ' ')
    .split(/[\s()[\]:–—|]+/)
    .map((w) => w.replace(/^[-.]+|[-.]+$/g, ''))
    .filter((w) => /[a-z]/i.test(w));
  if (!words.length || words.length > 3) return false;
  return words.some((w) => GROUP_WORDS.test(w)) || words.every((w) => categorize(w, 'Other') !== 'Other');
}
