import { parseWeightGrams } from '@/lib/vision/parse-common';

/**
 * Under a Wt header, the weight and the THC column beside it read as one cell when the gap
 * between them is narrow (`0.59 80.9%`: the 0.5g with its g read as 9, then the THC): two cells,
 * the weight (as text, joined to the name by the weight-column rule) and the percent. Any other
 * cell is kept as it is.
 */
const WT_PCT = /^(\S+)\s+(\d{1,2}(?:[.,]\d{1,2})?\s?%)$/;

export function weightThcCells<C extends { text: string; kind: string }>(cells: readonly C[]): C[] {
  return cells.flatMap((c) => {
    const m = WT_PCT.exec(c.text.trim());
    const w = m ? parseWeightGrams(m[1], { allowTrailingNine: true }) : null;
    if (!m || !w || w.index !== 0 || w.end < m[1].length) return [c];
    return [
      { ...c, text: m[1], kind: 'text' },
      { ...c, text: m[2], kind: 'pct' },
    ];
  });
}
