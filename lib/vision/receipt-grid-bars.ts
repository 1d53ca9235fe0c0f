/**
 * An ASCII-grid row (receipt-ascii-grid.ts) with one bar fewer than the table's widest row: blur
 * glued that bar to the figure before it, where it reads as a `1`, `l`, `I` or `]` (`| 1 | 30.92 |`
 * read `|   11  30.92 |`, `| 2 | 60.82 |` read `|   21 60.82)`). A count of one figure followed by
 * such a stroke and then an amount with its cents gets its bar back; a row with all its bars is
 * left alone (a printed `11` stays).
 */
const GLUED_BAR = /(?<=^|\s)(\d)[1lI\]](?=\s+\$?\d{1,5}[.,]\d{2}\b)/;

export function lostBar(row: string, rowBars: number, tableBars: number): string {
  return rowBars === tableBars - 1 ? row.replace(GLUED_BAR, '$1 |') : row;
}
