import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import type { WordBox } from '@/lib/vision/parse-common';

/**
 * A follow-up to the twenty-fourth receipt round (issue 14): a row the photo garbled is no wrapped
 * name's start. Word boxes written here (monospaced print, about 21 px a character; not read from
 * the round's images).
 */

/** One printed row's words: `[text, x0, confidence]`, each word 21 px a character wide. */
function row(line: number, words: [string, number, number][]): WordBox[] {
  const y0 = 40 + line * 50;
  return words.map(([text, x0, conf]) => ({ text, line, x0, y0, x1: x0 + 21 * text.length, y1: y0 + 26, conf }));
}

const words: WordBox[] = [
  ...row(0, [
    ['GREEN', 80, 95],
    ['CORNER', 210, 95],
  ]),
  ...row(1, [
    ['Date:', 72, 96],
    ['04-18-26', 187, 90],
    ['Time:', 379, 93],
    ['2:07p', 494, 90],
  ]),
  // What a shadow across the paper made of the `Ticket #  Budtender` row.
  ...row(2, [
    ['Vickat', 76, 43],
    ['spouse', 209, 20],
    ['oo', 413, 26],
    ['co', 701, 7],
    ['BeGenER', 927, 0],
    ['JY', 1171, 0],
  ]),
  // `1   Y Griega Flower 14g   $105`: the quantity three characters left of the name.
  ...row(3, [
    ['1', 81, 85],
    ['Y', 158, 82],
    ['Griega', 202, 91],
    ['Flower', 354, 96],
    ['14g', 506, 96],
    ['$105.00', 1100, 95],
  ]),
  ...row(4, [
    ['THC', 163, 96],
    ['28.9%', 240, 96],
  ]),
  ...row(5, [
    ['1', 89, 78],
    ['Headband', 166, 97],
    ['Flower', 355, 95],
    ['7g', 503, 93],
    ['$60.00', 1121, 92],
  ]),
  ...row(6, [
    ['Subtotal', 105, 95],
    ['$165.00', 1100, 95],
  ]),
  ...row(7, [
    ['Total', 105, 95],
    ['$165.00', 1100, 95],
  ]),
];
const lines = new Map<number, string[]>();
for (const w of words) lines.set(w.line, [...(lines.get(w.line) ?? []), w.text]);
const text = [...lines.values()].map((ws) => ws.join(' ')).join('\n');

describe('a garbled row over an item row (twenty-fourth round, follow-up)', () => {
  it('is not joined to the item name as its wrapped start', () => {
    const r = parseReceiptText(text, words);
    expect(r.items.map((i) => [i.productName, i.price, i.thcPct])).toEqual([
      ['Y Griega Flower 14g', 105, 28.9],
      ['Headband Flower 7g', 60, null],
    ]);
  });

  it('a readable name start over a row still is (a wrapped table name)', () => {
    const clear = words.map((w) => (w.line === 2 ? { ...w, conf: 90 } : w));
    expect(parseReceiptText(text, clear).items[0].productName).toMatch(/^Vickat spouse/);
  });
});
