import type { BoxLine, WordBox } from '@/lib/vision/parse-common';

/** OCR rows written by hand for the label tests: cells placed on a page, and their word boxes. */

/** A row of cells at a height: [text, x0, x1] each. */
export const row = (y0: number, y1: number, cells: [string, number, number][]): BoxLine => ({
  text: cells.map((c) => c[0]).join('   '),
  cells: cells.map(([text, x0, x1]) => ({ text, x0, x1, conf: 95 })),
  y0,
  y1,
  conf: 95,
});

/** Word boxes for parseLabelText: each cell's words spread over its span, one line id per row. */
export function words(rows: BoxLine[]): WordBox[] {
  return rows.flatMap((r, line) =>
    r.cells.flatMap((c) => {
      const ws = c.text.split(' ');
      const w = (c.x1 - c.x0) / ws.length;
      return ws.map((text, k) => ({ text, x0: Math.round(c.x0 + k * w), x1: Math.round(c.x0 + (k + 1) * w - 8), y0: r.y0, y1: r.y1, conf: 95, line }));
    }),
  );
}
