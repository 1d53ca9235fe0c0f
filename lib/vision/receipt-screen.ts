/**
 * A phone screenshot of an order (an app's order-history page) starts with the phone's status bar:
 * the clock at the left, then signal, Wi-Fi and battery glyphs, a battery figure (`9:41`, `1:27
 * 87%`, OCR: `1:27 |__Eas`). That line is never the store's name: a line that starts with a clock
 * time and holds no word of four letters or more after it, nor a second time or a date.
 */
const CLOCK_FIRST = /^\W{0,3}(\d{1,2}[:.]\d{2})(?![\d/.:-])\s*(?:[ap]\.?m\.?\b)?/i;

export function isStatusBar(line: string): boolean {
  const m = CLOCK_FIRST.exec(line);
  if (!m) return false;
  const rest = line.slice(m[0].length);
  return !/[A-Za-z]{4,}/.test(rest) && !/\d{1,2}[:/]\d{2}/.test(rest);
}
