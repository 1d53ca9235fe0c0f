import type { BoxLine, WordBox } from '@/lib/vision/parse-common';

/**
 * The rows' text, with the quantity column of a table whose header starts with `Qty` kept: a
 * lone digit at a row's left edge is dropped as a speck of the photo's margin (`linesFromWords`),
 * but one that sits under the `Qty` header is that column ("1   Gary Payton   1/2oz   $137.63").
 * The column is where the `Qty` word's own box is: a header printed `Qty Item          Amount`
 * (the quantity word a word's gap from the next, one cell with it) has that column too.
 */
const QTY_WORD = /^q(ty|y|l?y|uantity)\b/i;

export function withQtyColumn(boxes: BoxLine[], words: readonly WordBox[]): string[] {
  let qty: { x0: number; x1: number } | null = null;
  return boxes.map((l) => {
    const first = l.cells[0];
    if (first && QTY_WORD.test(first.text) && !/\d/.test(l.text) && (l.cells.length >= 3 || l.text.trim().split(/\s+/).length >= 3)) {
      const own = words.find((wd) => QTY_WORD.test(wd.text) && wd.x0 >= first.x0 - 2 && wd.x1 <= first.x1 + 2 && (wd.y0 + wd.y1) / 2 >= l.y0 && (wd.y0 + wd.y1) / 2 <= l.y1);
      qty = own ? { x0: own.x0, x1: own.x1 } : { x0: first.x0, x1: first.x1 };
      return l.text;
    }
    if (!qty || !first || first.x0 <= qty.x1) return l.text;
    const col = qty;
    const w = (col.x1 - col.x0) / 2;
    const digit = words.find(
      (wd) => /^\d{1,2}$/.test(wd.text) && wd.x1 <= first.x0 && wd.x1 >= col.x0 - w && wd.x0 <= col.x1 + w && (wd.y0 + wd.y1) / 2 >= l.y0 && (wd.y0 + wd.y1) / 2 <= l.y1,
    );
    return digit ? `${digit.text}   ${l.text}` : l.text;
  });
}
