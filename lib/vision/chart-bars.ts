/**
 * A cannabinoid bar chart: each figure printed at the end of its bar. A short bar (a small CBD
 * figure) is read as a `1` or `|` glued to the figure (`10.9%` for `▌ 0.9%`), which no text rule
 * can undo. The bars are found by their geometry and painted paper white before OCR: the long
 * bars (solid runs several text rows long, about a text row tall) give the chart's left edge
 * and bar height; every solid block that starts at that edge with that height, however short,
 * is a bar too. Text never has two such long solid blocks with their left edges lined up.
 */
const MARK = 200;

interface Rect {
  x0: number;
  /** The narrowest and the widest row's last x. */
  x1: number;
  x1max: number;
  y0: number;
  y1: number;
}

/** Solid blocks: rows whose run of marks starts at about the same x, stacked; `minWidth` long at least. */
function solidBlocks(data: Buffer, w: number, h: number, minWidth: number, startsNear?: (x: number, y: number) => boolean): Rect[] {
  const open: Rect[] = [];
  const done: Rect[] = [];
  for (let y = 0; y < h; y++) {
    const seen = new Set<Rect>();
    for (let x = 0; x < w;) {
      if (data[y * w + x] >= MARK) {
        x++;
        continue;
      }
      let end = x;
      while (end < w && data[y * w + end] < MARK) end++;
      if (end - x >= minWidth && (!startsNear || startsNear(x, y))) {
        const r = open.find((o) => !seen.has(o) && Math.abs(o.x0 - x) <= 2 && o.y1 === y - 1);
        if (r) {
          r.y1 = y;
          r.x1 = Math.min(r.x1, end - 1);
          r.x1max = Math.max(r.x1max, end - 1);
          seen.add(r);
        } else {
          const n = { x0: x, x1: end - 1, x1max: end - 1, y0: y, y1: y };
          open.push(n);
          seen.add(n);
        }
      }
      x = end;
    }
    for (let i = open.length - 1; i >= 0; i--)
      if (!seen.has(open[i])) {
        done.push(open[i]);
        open.splice(i, 1);
      }
  }
  return [...done, ...open];
}

/** Paint a bar chart's bars paper white; returns how many were painted. */
export function eraseChartBars(data: Buffer, w: number, h: number, rowPx: number): number {
  const tall = (r: Rect, lo: number, hi: number) => r.y1 - r.y0 + 1 >= lo && r.y1 - r.y0 + 1 <= hi;
  // A bar stands free: off the page's edges, paper above and below it (not the rows of a dark
  // surround, a lid round a sticker, cut into slices by its curve).
  const paperRow = (y: number, x0: number, x1: number) => {
    if (y < 0 || y >= h) return false;
    let n = 0;
    for (let x = x0; x <= x1; x++) if (data[y * w + x] >= MARK) n++;
    return n >= 0.9 * (x1 - x0 + 1);
  };
  const free = (r: Rect) => r.x0 >= 2 && r.x1max <= w - 3 && paperRow(r.y0 - 3, r.x0, r.x1) && paperRow(r.y1 + 3, r.x0, r.x1);
  const long = solidBlocks(data, w, h, Math.round(2.5 * rowPx)).filter((r) => tall(r, 0.45 * rowPx, 1.3 * rowPx) && free(r));
  // The chart: long bars whose left edges line up (a keystoned photo shifts them a little per row).
  const lined = long.filter((a) => long.some((b) => b !== a && Math.abs(b.x0 - a.x0) <= 0.25 * rowPx && Math.abs(b.y0 - a.y0) <= 6 * rowPx));
  if (lined.length < 2) return 0;
  const heights = lined.map((r) => r.y1 - r.y0 + 1).sort((a, b) => a - b);
  const barH = heights[heights.length >> 1];
  const top = Math.min(...lined.map((r) => r.y0)) - 4 * rowPx;
  const bottom = Math.max(...lined.map((r) => r.y1)) + 4 * rowPx;
  const edgeAt = (y: number) => lined.reduce((a, b) => (Math.abs(b.y0 - y) < Math.abs(a.y0 - y) ? b : a)).x0;
  // A bar ends square (its rows end together), with paper after it on (nearly) every row: a
  // letter's stem at the edge (the D of a heading) has its bowl or arms reaching on past it.
  const square = (r: Rect) => {
    if (r.x1max - r.x1 > 0.15 * rowPx) return false;
    let paper = 0;
    for (let y = r.y0; y <= r.y1; y++) if (data[y * w + Math.min(w - 1, r.x1max + 2)] >= MARK) paper++;
    return paper >= 0.9 * (r.y1 - r.y0 + 1);
  };
  const bars = solidBlocks(data, w, h, 2, (x, y) => y >= top && y <= bottom && Math.abs(x - edgeAt(y)) <= 0.25 * rowPx).filter(
    (r) => tall(r, 0.75 * barH, 1.25 * barH) && square(r),
  );
  // A blurred bar's soft edge too: a few pixels round it.
  const m = Math.max(2, Math.round(rowPx * 0.12));
  for (const r of bars)
    for (let y = Math.max(0, r.y0 - m); y <= Math.min(h - 1, r.y1 + m); y++) {
      // The bar's row out to its end, never past the block's widest row (the figure after it).
      let end = r.x0;
      while (end < Math.min(w, r.x1max + 2) && data[y * w + end] < MARK) end++;
      data.fill(255, y * w + Math.max(0, r.x0 - m), y * w + Math.min(w, Math.max(end, r.x1) + m + 1));
    }
  return bars.length;
}
