/**
 * One line of the run's per-image seconds, all measured in this run: cold (the first image, the
 * OCR workers started for it), warm mean and median, warm / cold as a ratio, CPU seconds per warm
 * image, and the share of warm images read within issue 14's 1 s.
 */
export function warmColdLine(cold: number | null, warm: readonly number[], cpu: readonly number[]): string {
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const sorted = [...warm].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1] ?? 0;
  const within = warm.filter((ms) => ms <= 1000).length;
  const ratio = cold ? (mean(warm) / cold).toFixed(2) : 'n/a';
  return (
    `per image, this run: cold ${((cold ?? 0) / 1000).toFixed(2)} s; warm mean ${(mean(warm) / 1000).toFixed(2)} s, median ${(median / 1000).toFixed(2)} s ` +
    `(warm / cold ${ratio}); CPU ${(mean(cpu) / 1000).toFixed(2)} s per warm image; warm ≤ 1 s: ${within}/${warm.length}`
  );
}
