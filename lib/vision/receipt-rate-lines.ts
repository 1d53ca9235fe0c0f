import { round2 } from '@/lib/vision/parse-common';

/**
 * Rate lines between the subtotal and the total whose label says no tax word (`STATE SALES 6.25%`,
 * `LOCAL 3%`, or a tax word lost to OCR): the amounts that are tax, given the gap the totals leave
 * (total − subtotal + discount − the taxes already read). One line that is the gap to the cent; else
 * every such line when together they make it (a receipt with several unlabelled rates). None otherwise.
 */
export function taxFromRateLines(rateLines: readonly number[], gap: number): number[] {
  if (!(gap > 0) || !rateLines.length) return [];
  const one = rateLines.filter((v) => Math.abs(v - gap) < 0.015);
  if (one.length === 1) return one;
  if (rateLines.length >= 2 && Math.abs(round2(rateLines.reduce((a, b) => a + b, 0)) - gap) < 0.015) return [...rateLines];
  return [];
}
