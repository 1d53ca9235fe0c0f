/** The current time as ISO 8601 text (`2026-11-25T20:49:27.123Z`), cheaply. */
let isoSecond = -1;
let isoPrefix = '';
/**
 * `new Date(ms).toISOString()`, made once per second: the date and time up to the second are
 * kept, and only the milliseconds are appended per call (the request log line and the envelope's
 * timestamp ask for it on every request; the full conversion was ~1 % of a trivial request).
 */
export function isoTime(ms: number = Date.now()): string {
  const second = Math.floor(ms / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second * 1000).toISOString().slice(0, -4); // without `000Z`
  }
  const frac = ms - second * 1000;
  return `${isoPrefix}${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}Z`;
}
