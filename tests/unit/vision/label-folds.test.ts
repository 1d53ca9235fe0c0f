import { describe, expect, it } from 'vitest';
import { byFoldPanels, foldLines } from '@/lib/vision/label-folds';
import { parseLabelText } from '@/lib/vision/label-parser';
import type { WordBox } from '@/lib/vision/parse-common';

/** Words of rows of cells: each cell is [x0, text]; a word is 12 px a letter, rows 40 px apart, 22 px tall. */
function page(rows: [number, string][][]): WordBox[] {
  const out: WordBox[] = [];
  rows.forEach((cells, line) => {
    for (const [x, text] of cells) {
      let at = x;
      for (const word of text.split(' ')) {
        const w = word.length <= 2 && /^[|:;!,Il1]+$/.test(word) ? 3 : word.length * 12;
        out.push({ text: word, line, x0: at, x1: at + w, y0: line * 40, y1: line * 40 + 22, conf: 90 });
        at += w + 10;
      }
    }
  });
  return out;
}

// A tri-fold strip (sixteenth round): brand and product, potency, batch and dates in three panels
// divided by dashed fold lines that OCR reads as slivers at the same x on every line.
const TRI_FOLD = page([
  [
    [40, 'PURLIFE'],
    [660, '|'],
    [1330, '|'],
  ],
  [
    [40, 'Layer Cake Pre-Roll'],
    [660, ';'],
    [700, 'Cannabinoids'],
    [1330, '|'],
    [1370, 'Batch LC2669-05'],
  ],
  [
    [40, 'Indica Pre-Roll'],
    [660, '|'],
    [700, 'THC 21.4%'],
    [1330, '|'],
    [1370, 'Harvest 2026-05-15'],
  ],
  [
    [40, 'Net Wt. 1g'],
    [660, ':'],
    [700, 'CBD 0.6%'],
    [1330, '|'],
    [1370, 'Packaged 2026-07-10'],
  ],
  [
    [660, 'I'],
    [700, 'Total Cannabinoids 24.4%'],
    [1330, '!'],
    [1370, 'Tested 2026-06-23'],
  ],
  [
    [660, ':'],
    [700, 'Terpinolene 1.17%'],
    [1330, ';'],
    [1370, 'Lab: CannaSafe'],
  ],
]);

describe('panels divided by fold lines (label-folds.ts)', () => {
  it('finds the fold lines: slivers at one x on line after line, words on both sides', () => {
    const folds = foldLines(TRI_FOLD);
    expect(folds).toHaveLength(2);
    expect(folds[0]).toBeGreaterThan(650);
    expect(folds[0]).toBeLessThan(670);
  });
  it('reads the words panel by panel, without the slivers', () => {
    const lines = new Map<number, string[]>();
    for (const w of byFoldPanels(TRI_FOLD)) lines.set(w.line, [...(lines.get(w.line) ?? []), w.text]);
    const texts = [...lines.values()].map((t) => t.join(' '));
    expect(texts.slice(0, 4)).toEqual(['PURLIFE', 'Layer Cake Pre-Roll', 'Indica Pre-Roll', 'Net Wt. 1g']);
    expect(texts).toContain('Batch LC2669-05');
    expect(texts.join(' ')).not.toMatch(/[|;!]/);
  });
  it('so the product name is the first panel’s, not a line across the three', () => {
    const p = parseLabelText('', TRI_FOLD);
    expect(p.productName).toBe('Layer Cake Pre-Roll');
    expect(p.thcPct).toBe(21.4);
    expect(p.batchNumber).toBe('LC2669-05');
  });
  it('leaves a ruled key | value table as it is (bare keys left of the rule)', () => {
    const table = page([
      [[40, 'Bloom Brands']],
      [
        [40, 'Total THC'],
        [400, '|'],
        [440, '21.4%'],
      ],
      [
        [40, 'Total CBD'],
        [400, '|'],
        [440, '0.6%'],
      ],
      [
        [40, 'Type'],
        [400, ':'],
        [440, 'Indica'],
      ],
      [
        [40, 'Batch'],
        [400, '|'],
        [440, 'LC2669-05'],
      ],
      [
        [40, 'Tested'],
        [400, '!'],
        [440, '2026-06-23'],
      ],
    ]);
    expect(foldLines(table)).toEqual([]);
    expect(byFoldPanels(table)).toBe(table);
  });
  it('needs the slivers on four lines at least, and words on both sides', () => {
    expect(foldLines(TRI_FOLD.filter((w) => w.line < 3))).toEqual([]);
    const edge = page([
      [
        [10, '|'],
        [40, 'Blue Dream'],
      ],
      [
        [10, '|'],
        [40, 'THC 20%'],
      ],
      [
        [10, ':'],
        [40, 'Hybrid'],
      ],
      [
        [10, '|'],
        [40, 'Net Wt. 1g'],
      ],
    ]);
    expect(foldLines(edge)).toEqual([]);
  });
});

describe('a rule before a column of values is not a fold', () => {
  it('leaves keys and their values together when the right of the rule is figures and codes', () => {
    const twoLanguages = page([
      [
        [40, 'Total THC: 23.7%'],
        [700, 'THC total'],
        [1160, '|'],
        [1200, '23.7%'],
      ],
      [
        [40, 'Total CBD: 0.3%'],
        [700, 'CBD total'],
        [1160, '|'],
        [1200, '0.3%'],
      ],
      [
        [40, 'Net Wt. 1 g'],
        [700, 'Poids net'],
        [1160, ':'],
        [1200, '1 g'],
      ],
      [
        [40, 'Lot: PO2630-21'],
        [700, 'Lot'],
        [1160, '|'],
        [1200, 'PO2630-21'],
      ],
      [
        [40, 'Tested: Apr 5, 2026'],
        [700, 'Analysé le'],
        [1160, '!'],
        [1200, 'Apr 5, 2026'],
      ],
      [
        [40, 'Tested by: SC Labs'],
        [700, 'Analysé par'],
        [1160, '|'],
        [1200, 'SC Labs'],
      ],
    ]);
    expect(foldLines(twoLanguages)).toEqual([]);
  });
});

describe('a section heading is never the product name', () => {
  it('passes over `POTENCY` when the brand line was lost', () => {
    const p = parseLabelText(['Motorbreath Whole Flower', 'Hybrid Flower', 'POTENCY', 'THC 18.7%', 'Batch MX2628-07'].join('\n'));
    expect(p.productName).toBe('Motorbreath Whole Flower');
    expect(parseLabelText(['Bloom', 'Cannabinoid Profile', 'Blue Dream Flower', 'THC 18.7%'].join('\n')).productName).toBe('Blue Dream Flower');
  });
});
