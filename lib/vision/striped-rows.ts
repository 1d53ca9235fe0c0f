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
 * no row at all of the framed table once its bands were turned). On a photo the table's left
 * and right edges are straight lines fitted through every band pixel row's own edges (keystoning
 * slants them), each band and each light row between is levelled by its own grey levels
 * (`levelRows`), and the blurred pixel rows at each band's edge become paper. Returns the number of
 * bands turned.
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

interface Band {
  y0: number;
  y1: number;
  x0: number;
  x1: number;
  /** Each pixel row's own stretch (a keystoned photo slants the band's edges). */
  rows: { y: number; x0: number; x1: number }[];
}

/** The least-squares line x = a + b·y through points (y, x). */
function fitLine(pts: { y: number; x: number }[]): (y: number) => number {
  const n = pts.length;
  const my = pts.reduce((s, p) => s + p.y, 0) / n;
  const mx = pts.reduce((s, p) => s + p.x, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of pts) {
    num += (p.y - my) * (p.x - mx);
    den += (p.y - my) ** 2;
  }
  const b = den ? num / den : 0;
  return (y) => mx + b * (y - my);
}

/**
 * Rows y0..y1 of the table (between its edges) set by their own levels, dark-on-light. A band
 * (`dark`): its background (the 75th percentile) becomes paper and its brightest print (the 99.5th)
 * full ink, the grey between in proportion; on a blurred photo the thin light print of a band is
 * only a little lighter than the band and a fixed cut (everything darker than DARK is band) erased
 * it. The light rows between: their paper (the median) becomes white and their darkest ink black;
 * a photo leaves them grey and mottled beside the clean white the bands became, and tesseract
 * read the mottle as print.
 */
function levelRows(data: Uint8Array, width: number, y0: number, y1: number, left: (y: number) => number, right: (y: number) => number, dark: boolean): void {
  const hist = new Array<number>(256).fill(0);
  let n = 0;
  const span = (y: number): [number, number] => [Math.max(0, Math.round(left(y))), Math.min(width - 1, Math.round(right(y)))];
  for (let y = y0; y <= y1; y++) {
    const [x0, x1] = span(y);
    for (let x = x0; x <= x1; x++, n++) hist[data[y * width + x]]++;
  }
  if (!n) return;
  const level = (q: number) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) if ((acc += hist[v]) >= q * n) return v;
    return 255;
  };
  // (paper, ink): the levels that become 255 and 0.
  const paper = dark ? level(0.75) : level(0.5);
  const ink = dark ? Math.max(level(0.995), paper + 40) : Math.min(level(0.005), paper - 40);
  for (let y = y0; y <= y1; y++) {
    const [x0, x1] = span(y);
    for (let x = x0; x <= x1; x++) {
      const v = data[y * width + x];
      const t = (v - paper) / (ink - paper);
      data[y * width + x] = t <= 0 ? 255 : t >= 1 ? 0 : Math.round(255 * (1 - t));
    }
  }
}

export function invertStripedRows(data: Uint8Array, width: number, height: number, rowH: number): number {
  const gap = Math.max(2, Math.round(rowH));
  const bands: Band[] = [];
  let run: Band | null = null;
  const end = () => {
    if (run && run.y1 - run.y0 + 1 >= 0.8 * rowH && run.y1 - run.y0 + 1 <= 5 * rowH) {
      const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
      bands.push({ ...run, x0: mid(run.rows.map((r) => r.x0)), x1: mid(run.rows.map((r) => r.x1)) });
    }
    run = null;
  };
  for (let y = 0; y < height; y++) {
    const s = darkStretch(data, width, y, gap);
    if (!s) {
      end();
      continue;
    }
    if (!run) run = { y0: y, y1: y, x0: 0, x1: 0, rows: [] };
    run.y1 = y;
    run.rows.push({ y, ...s });
  }
  end();
  // Bands of one table: about as wide as the widest band and beside it (a keystoned photo slants
  // the table's edges, so a band far down it may start a few text rows further in).
  const widest = bands.reduce((a, b) => (b.x1 - b.x0 > a.x1 - a.x0 ? b : a), bands[0] ?? { y0: 0, y1: 0, x0: 0, x1: 0, rows: [] });
  const w = widest.x1 - widest.x0;
  const alike = bands.filter((b) => Math.abs(b.x1 - b.x0 - w) <= Math.max(rowH, 0.05 * w) && Math.abs(b.x0 - widest.x0) <= Math.max(rowH, 0.15 * w));
  if (alike.length < 3) return 0;
  // The table's left and right edges: straight lines through every band row's own edges.
  const left = fitLine(alike.flatMap((b) => b.rows.map((r) => ({ y: r.y, x: r.x0 }))));
  const right = fitLine(alike.flatMap((b) => b.rows.map((r) => ({ y: r.y, x: r.x1 }))));
  // A few pixel rows either side of each band's edge (a photo blurs it into grey between band and
  // paper, which either levelling would print as a rule over the text) become paper.
  const m = Math.max(1, Math.round(rowH / 8));
  alike.forEach((b, i) => {
    levelRows(data, width, b.y0, b.y1, left, right, true);
    if (i + 1 < alike.length) levelRows(data, width, b.y1 + 1, alike[i + 1].y0 - 1, left, right, false);
  });
  for (const b of alike)
    for (const edgeY of [b.y0, b.y1])
      for (let y = Math.max(0, edgeY - m); y <= Math.min(height - 1, edgeY + m); y++) {
        const x0 = Math.max(0, Math.round(left(y)));
        data.fill(255, y * width + x0, y * width + Math.max(x0, Math.min(width - 1, Math.round(right(y)))) + 1);
      }
  // The table's frame beside the rows (its left and right edges, from the first band to the last, a row beyond): paper too.
  const top = Math.max(0, Math.round(alike[0].y0 - 2 * rowH));
  const bottom = Math.min(height - 1, Math.round(alike[alike.length - 1].y1 + 2 * rowH));
  // (A thin rule is lighter than a band: grey below FRAME counts.)
  const clear = (y: number, from: number, to: number) => {
    for (let x = Math.max(0, Math.round(from)); x <= Math.min(width - 1, Math.round(to)); x++) if (data[y * width + x] < FRAME) data[y * width + x] = 255;
  };
  for (let y = top; y <= bottom; y++) {
    clear(y, left(y) - rowH / 2, left(y) + rowH / 4);
    clear(y, right(y) - rowH / 4, right(y) + rowH / 2);
    // And its rules across (a pixel row at least 90 % dark over the bands' width).
    const x0 = Math.max(0, Math.round(left(y)));
    const x1 = Math.min(width - 1, Math.round(right(y)));
    let dark = 0;
    for (let x = x0; x <= x1; x++) if (data[y * width + x] < FRAME) dark++;
    if (dark >= 0.9 * (x1 - x0 + 1)) data.fill(255, y * width + x0, y * width + x1 + 1);
  }
  return alike.length;
}
