/**
 * Dates whose separators a photo turned into digits: `02/21/2026 13:47` read `0272172026 13:47`
 * (both slashes read as 7, 1, l, I or |). Only a month and day that can be, a 20xx year, and a
 * time right after (a bare ten-digit run is a phone or order number).
 */
const SLASHES_LOST = /\b(0[1-9]|1[0-2])[71lI|]([0-2]\d|3[01])[71lI|](20\d{2})(?=\s+\d{1,2}:\d{2}\b)/;

/** The line with such a date's slashes put back (unchanged when it has none). */
export function withSlashesBack(line: string): string {
  return line.replace(SLASHES_LOST, (_, m: string, d: string, y: string) => (Number(d) >= 1 ? `${m}/${d}/${y}` : _));
}
