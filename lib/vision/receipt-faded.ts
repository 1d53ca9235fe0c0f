/**
 * A faded thermal receipt (ninth pass of issue 14): a worn print head leaves rows of dots missing
 * (thin light streaks across every glyph of a line) and prints light grey; tesseract read such
 * lines as garbage (`DUAMS | KIICH MTMTC CART`) although a person reads them easily.
 *
 * `repairFadedPrint` works on the grey page after the light is evened out (paper ≈ 255):
 * - only on a faded page: its darkest ink (the 0.2nd percentile of the pixels darker than the
 *   paper) is light grey, so black print, also blurred on a photo, is never touched;
 * - thin light gaps inside strokes are closed: a pixel lighter than the ink within a few pixels
 *   above AND below it (a gap at most ≈0.15 text rows tall) takes the lighter of those two inks.
 * First-pass re-reads of the ninth round's faded tickets: clean 0.444 → 0.892, degraded 0.726 →
 * 0.772. Stretching the faded ink to black as well was tried and dropped: clean 0.75–0.81, but
 * degraded 0.39–0.50 (on a blurred, noisy photo it turned the noise into specks).
 */

/** Grey levels at or above this are paper (the light is evened out before: paper ≈ 255). */
const PAPER = 235;

/** The `share` percentile of the page's ink (pixels darker than the paper); null on a page with too little ink. */
export function inkLevel(data: Uint8Array, paper = PAPER, share = 0.05): number | null {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < data.length; i += 2) {
    const v = data[i];
    if (v < paper) {
      hist[v]++;
      n++;
    }
  }
  if (n < 200) return null;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= n * share) return v;
  }
  return null;
}

/**
 * The darkest ink of a faded page (the 0.2nd percentile of its non-paper pixels) is lighter than
 * this; black print, also blurred on a hand-held photo, has its darkest ink far below it (≤ 93 on
 * the 132 first-pass pages measured, two clean and two degraded bench photos of each of the 33
 * older layouts; 145–178 on the faded tickets).
 */
const FAINT = 120;

/** True when the page is faded print (see FAINT). */
export function isFaded(data: Uint8Array): boolean {
  const darkest = inkLevel(data, PAPER, 0.002);
  return darkest !== null && darkest > FAINT;
}

/**
 * Gapped print: dark enough, but every glyph crossed by thin paper-coloured lines (an impact
 * printer's dot rows, a scanner's or a worn head's missing lines; twelfth receipt round). Measured
 * as the light pixels that sit in a gap at most `gap` pixels tall with ink right above and below
 * it, per ink pixel. Tesseract took such glyphs for specks and read nothing at all on clean photos
 * of a dot-matrix ticket (its blurred photos, whose gaps blur shut, read far better).
 */
export function gappedShare(data: Uint8Array, width: number, height: number, rowPx: number): number {
  const median = inkLevel(data, PAPER, 0.5);
  if (median === null) return 0;
  const ink = Math.min(200, median + 30);
  const gap = Math.max(2, Math.round(rowPx * 0.08));
  let inked = 0;
  let gapped = 0;
  for (let y = gap; y < height - gap; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (data[row + x] < ink) {
        inked++;
        continue;
      }
      let up = 0;
      for (let d = 1; d <= gap && !up; d++) if (data[row + x - d * width] < ink) up = d;
      if (!up) continue;
      for (let d = 1; d <= gap - up + 1; d++)
        if (data[row + x + d * width] < ink) {
          gapped++;
          break;
        }
    }
  }
  return inked ? gapped / inked : 0;
}

/**
 * A share of gapped light pixels above this is gapped print. Clean dot-matrix tickets measure
 * 0.106–0.121; solid print of every other receipt layout, clean or blurred and noisy, ≤ 0.042
 * (docs/vision.md).
 */
export const GAPPED = 0.07;

/** Repairs a faded or gapped page in place (see the module comment); returns whether it was one. */
export function repairFadedPrint(data: Uint8Array, width: number, height: number, rowPx: number): boolean {
  if (!isFaded(data) && gappedShare(data, width, height, rowPx) <= GAPPED) return false;
  const reach = Math.max(2, Math.min(6, Math.round(rowPx * 0.15)));
  const src = Uint8Array.from(data);
  for (let y = reach; y < height - reach; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let up = 255;
      let down = 255;
      for (let d = 1; d <= reach; d++) {
        up = Math.min(up, src[i - d * width]);
        down = Math.min(down, src[i + d * width]);
      }
      const fill = Math.max(up, down);
      if (fill < PAPER && fill < src[i]) data[i] = fill;
    }
  return true;
}

/**
 * A faded page's ink stretched to black (its 5th-percentile ink → 0, the paper level → 255), in
 * place; false on a page that is not faded. Not part of the usual passes: on blurred, noisy photos
 * it turns noise into specks (see the module comment). It is the last try of a faded receipt whose
 * readings found almost nothing (local-engine.ts): a blurred dot-matrix ticket read as garbage at
 * confidence 22 read its four items after the stretch.
 */
export function stretchFadedInk(data: Uint8Array): boolean {
  if (!isFaded(data)) return false;
  const lo = inkLevel(data, PAPER, 0.05);
  if (lo === null) return false;
  const span = Math.max(1, PAPER - lo);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(((data[i] - lo) * 255) / span)));
  return true;
}
