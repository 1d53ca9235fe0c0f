/**
 * A figure printed above its key (issue 14, tenth label round): a donut chart holds the total
 * cannabinoids in its hole, the figure on top and the key in small capitals under it, on one
 * line or two (`27.3%` / `TOTAL` / `CANNABINOIDS`). OCR reads the hole's lines as the first cells
 * of rows that go on with the legend beside the chart (`31.9%  CBD 1.1%`, `TOTAL  CBG 0.3%`).
 * The figure gets its key written before it (`Total Cannabinoids 31.9%  CBD 1.1%`) when the next
 * row begins with `TOTAL` and it or the row after names the cannabinoids (its middle may be lost
 * to the chart's edge: `NABINOIDS`). A `TOTAL THC` under a figure is left alone, and so is a grid
 * of keys over their values (a figure under the `TOTAL CANNABINOIDS` key, bare figures side by side).
 */
const FIGURE = /^(\s*)(\d{1,2}[.,]\d{1,2}\s?%)(?=\s|$)/;
const CANNABINOIDS = /^\W*(?:total\s+)?\S*(?:cannab|nabin|inoid)\S*/i;

export function holeTotals(lines: string[]): string[] {
  return lines.map((line, i) => {
    const m = FIGURE.exec(line);
    const next = lines[i + 1] ?? '';
    if (!m || !/^\W*total\b/i.test(next)) return line;
    const key = next.replace(/^\W*total\s*/i, '');
    const oneLine = CANNABINOIDS.test(key);
    if (!oneLine && !CANNABINOIDS.test(lines[i + 2] ?? '')) return line;
    // A grid of keys over values (`THC  CBD` / `27.9%  1.0%` / `TOTAL CANNABINOIDS` / `32.7%`): the
    // figure under the key is its value, and this row of bare figures belongs to the keys above it.
    if (FIGURE.test(lines[oneLine ? i + 2 : i + 3] ?? '') || /^\s*\d{1,2}[.,]\d{1,2}\s?%\s+\d{1,2}[.,]\d{1,2}\s?%/.test(line)) return line;
    return `${m[1]}Total Cannabinoids ${m[2]}${line.slice(m[0].length)}`;
  });
}
