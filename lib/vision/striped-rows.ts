/**
 * A striped table (a compliance panel whose every other row is light print on a dark band, the
 * rows between in ink on the paper) turned dark-on-light before OCR, labels only (after
 * `invertBands`). `invertBands` turns a dark band that stands alone; here the bands touch the
 * table's frame, so they and the frame are one shape many rows tall and it left them dark; then
 * tesseract read the dark rows (its own per-line inversion) and dropped the light rows between
 * them. A band is found per pixel row instead: a row of pixels whose longest mostly-dark stretch
 * (darker than DARK, gaps of light print inside up to a text row wide) covers at least 40 % of the
 * page and is at least 70 % dark; a run of such pixel rows 0.8 to 5 text rows tall is a band. Only
 * a page with three or more bands of about the same extent (a striped table, not one dark strip
 * or a photo's dark background) is changed: each band's stretch is inverted (band → paper, its
 * light print → dark print), and the table's frame beside the rows becomes paper (tesseract read
 * no row at all of the framed table once its bands were turned). Returns the number of bands turned.
 */

const DARK = 150;
const FRAME = 200;

interface Stretch {
  x0: number;
  x1: number;
}

/** The longest mostly-dark stretch of pixel row `y`, or null when it is too short or too light. */
function darkStretch(data: Uint8Array, width: number, y: number, gap: number): Stretch | null {
  let best: Stretch | null = null;
  let bestLen = 0;
  let start = -1;
  let last = -1;
  let dark = 0;
  const close = () => {
    const len = last - start + 1;
    if (start >= 0 && len > bestLen && dark >= 0.7 * len) {
      best = { x0: start, x1: last };
      bestLen = len;
    }
  };
  const row = y * width;
  for (let x = 0; x < width; x++) {
    if (data[row + x] >= DARK) continue;
    if (start < 0 || x - last > gap) {
      close();
      start = x;
      dark = 0;
    }
    last = x;
    dark++;
  }
  close();
  return best && bestLen >= 0.4 * width ? best : null;
}

export function invertStripedRows(data: Uint8Array, width: number, height: number, rowH: number): number {
  const gap = Math.max(2, Math.round(rowH));
  const bands: { y0: number; y1: number; x0: number; x1: number }[] = [];
  let run: { y0: number; y1: number; x0: number[]; x1: number[] } | null = null;
  const end = () => {
    if (run && run.y1 - run.y0 + 1 >= 0.8 * rowH && run.y1 - run.y0 + 1 <= 5 * rowH) {
      const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
      bands.push({ y0: run.y0, y1: run.y1, x0: mid(run.x0), x1: mid(run.x1) });
    }
    run = null;
  };
  for (let y = 0; y < height; y++) {
    const s = darkStretch(data, width, y, gap);
    if (!s) {
      end();
      continue;
    }
    if (!run) run = { y0: y, y1: y, x0: [], x1: [] };
    run.y1 = y;
    run.x0.push(s.x0);
    run.x1.push(s.x1);
  }
  end();
  // Bands of one table: about the same left and right edge as the widest band's.
  const widest = bands.reduce((a, b) => (b.x1 - b.x0 > a.x1 - a.x0 ? b : a), bands[0] ?? { y0: 0, y1: 0, x0: 0, x1: 0 });
  const alike = bands.filter((b) => Math.abs(b.x0 - widest.x0) <= rowH && Math.abs(b.x1 - widest.x1) <= rowH);
  if (alike.length < 3) return 0;
  // The band's own pixels become paper, its light print dark print.
  for (const b of alike)
    for (let y = b.y0; y <= b.y1; y++) {
      const row = y * width;
      for (let x = b.x0; x <= b.x1; x++) data[row + x] = data[row + x] < DARK ? 255 : 255 - data[row + x];
    }
  // The table's frame beside the rows (the bands' left and right edges, from the first band to the last, a row beyond): paper too.
  const top = Math.max(0, Math.round(alike[0].y0 - 2 * rowH));
  const bottom = Math.min(height - 1, Math.round(alike[alike.length - 1].y1 + 2 * rowH));
  // (A thin rule is lighter than a band: grey below FRAME counts.)
  const edge = (from: number, to: number) => {
    for (let y = top; y <= bottom; y++)
      for (let x = Math.max(0, Math.round(from)); x <= Math.min(width - 1, Math.round(to)); x++) if (data[y * width + x] < FRAME) data[y * width + x] = 255;
  };
  edge(widest.x0 - rowH / 2, widest.x0 + rowH / 4);
  edge(widest.x1 - rowH / 4, widest.x1 + rowH / 2);
  // And its rules across (a pixel row at least 90 % dark over the bands' width).
  for (let y = top; y <= bottom; y++) {
    const row = y * width;
    let dark = 0;
    for (let x = widest.x0; x <= widest.x1; x++) if (data[row + x] < FRAME) dark++;
    if (dark >= 0.9 * (widest.x1 - widest.x0 + 1)) data.fill(255, row + widest.x0, row + widest.x1 + 1);
  }
  return alike.length;
}
