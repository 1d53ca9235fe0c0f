/**
 * A chart's marks that are no text (issue 14, tenth label round): the coloured swatches of a
 * legend (`■ THC 24.1%`) and the thick arcs of a donut or pie chart. OCR reads a swatch as a
 * letter or two glued to the legend's key (`HW THC 18.3%`, `® Humulene`) and a donut's arcs as
 * rows of marks that take the legend's rows with them. Both are found by their shape as
 * connected blocks of ink, off the page's edges, and painted paper white before OCR:
 * - a swatch: a solid block (≥ 85 % ink) about as wide as tall, 0.5–1.5 text rows on a side (a
 *   bold point or a decimal point is smaller), with paper just right of it (a blurred bold letter
 *   has its neighbours close by), for its own width left of it and half its height above and
 *   below (a QR code's finder square has its frame a module away all round);
 * - an arc: a block at least 2.5 text rows across and 2 the other way (a blurred bold word run
 *   together is one row tall), whose strokes are thick (the median run of ink across and down at
 *   least 0.45 of a text row: print strokes, rules and frames are a few pixels), at most 2.5 runs
 *   to a row or column on average (a QR code's modules make many), and that fills at most 60 % of
 *   its box (a pill or a band with white text in it is filled more).
 */
import { darkPieces, type DarkPiece } from '@/lib/vision/pixel-edits';

const MARK = 200;

/** A block of ink (a 4-connected piece darker than MARK, pixel-edits.ts `darkPieces`) off the page's edges and smaller than `maxSide`; its pixels are those labelled with its id. */
function* blobs(data: Buffer, w: number, h: number, maxSide: number, labels: Int32Array): Generator<DarkPiece> {
  for (const b of darkPieces(data, w, h, MARK, labels)) {
    // The page's surround (a table, a lid) and blocks as big as the page are never chart marks.
    const edge = b.x0 === 0 || b.y0 === 0 || b.x1 === w - 1 || b.y1 === h - 1;
    if (!edge && b.x1 - b.x0 <= maxSide && b.y1 - b.y0 <= maxSide) yield b;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : 0;
};

/** The median length of the block's runs of ink, across (rows) or down (columns), and how many runs a row or column has on average. */
function runsOf(b: DarkPiece, w: number, labels: Int32Array, across: boolean): { median: number; perLine: number } {
  const runs: number[] = [];
  const [outer0, outer1, inner0, inner1] = across ? [b.y0, b.y1, b.x0, b.x1] : [b.x0, b.x1, b.y0, b.y1];
  for (let o = outer0; o <= outer1; o++) {
    let run = 0;
    for (let i = inner0; i <= inner1 + 1; i++) {
      const p = across ? o * w + i : i * w + o;
      if (i <= inner1 && labels[p] === b.id) run++;
      else if (run) {
        runs.push(run);
        run = 0;
      }
    }
  }
  const lines = across ? b.y1 - b.y0 + 1 : b.x1 - b.x0 + 1;
  return { median: median(runs), perLine: runs.length / lines };
}

/** Paint a block's pixels paper white, and the blurred grey edge round it (two pixels out, lighter than ink). */
function paint(data: Buffer, w: number, h: number, b: DarkPiece, labels: Int32Array): void {
  for (let y = b.y0; y <= b.y1; y++)
    for (let x = b.x0; x <= b.x1; x++) {
      if (labels[y * w + x] !== b.id) continue;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          const q = (y + dy) * w + x + dx;
          if (y + dy >= 0 && y + dy < h && x + dx >= 0 && x + dx < w && (data[q] >= MARK || (dx === 0 && dy === 0))) data[q] = 255;
        }
    }
}

/** Paper in rows y0..y1 over columns x0..x1 (the page's edge counts as paper). */
function paperRows(data: Buffer, w: number, h: number, x0: number, x1: number, y0: number, y1: number): boolean {
  for (let y = Math.max(0, y0); y <= Math.min(h - 1, y1); y++) for (let x = x0; x <= x1; x++) if (data[y * w + x] < MARK) return false;
  return true;
}

/** Paper in columns x0..x1 over rows y0..y1 (the page's edge counts as paper). */
function paperColumns(data: Buffer, w: number, x0: number, x1: number, y0: number, y1: number): boolean {
  for (let y = y0; y <= y1; y++) for (let x = Math.max(0, x0); x <= Math.min(w - 1, x1); x++) if (data[y * w + x] < MARK) return false;
  return true;
}

/** Paint a legend's swatches and a donut's arcs paper white; returns how many blocks were painted. */
export function eraseChartMarks(data: Buffer, w: number, h: number, rowPx: number): number {
  let painted = 0;
  const arcs: { b: DarkPiece; stroke: number }[] = [];
  const labels = new Int32Array(w * h);
  // (Painting a block as the scan goes changes no later block: its own pixels are labelled already, its halo is lighter than ink.)
  for (const b of blobs(data, w, h, Math.max(w, h) * 0.6, labels)) {
    const bw = b.x1 - b.x0 + 1;
    const bh = b.y1 - b.y0 + 1;
    const fill = b.n / (bw * bh);
    const gap = Math.max(2, Math.round(rowPx * 0.2));
    const swatch =
      bw >= 0.5 * rowPx &&
      bh >= 0.5 * rowPx &&
      bw <= 1.5 * rowPx &&
      bh <= 1.5 * rowPx &&
      Math.abs(bw - bh) <= 0.25 * Math.max(bw, bh) &&
      fill >= 0.85 &&
      paperColumns(data, w, b.x0 - Math.max(gap, bw), b.x0 - 1, b.y0, b.y1) &&
      paperColumns(data, w, b.x1 + 1, b.x1 + gap, b.y0, b.y1) &&
      paperRows(data, w, h, b.x0, b.x1, b.y0 - Math.max(2, Math.round(bh / 2)), b.y0 - 1) &&
      paperRows(data, w, h, b.x0, b.x1, b.y1 + 1, b.y1 + Math.max(2, Math.round(bh / 2)));
    const big = !swatch && Math.max(bw, bh) >= 2.5 * rowPx && Math.min(bw, bh) >= 2 * rowPx && fill <= 0.6;
    const across = big ? runsOf(b, w, labels, true) : null;
    const down = big ? runsOf(b, w, labels, false) : null;
    const stroke = across && down ? Math.min(across.median, down.median) : 0;
    const arc = Boolean(across && down && stroke >= 0.45 * rowPx && across.perLine <= 2.5 && down.perLine <= 2.5);
    if (!swatch && !arc) continue;
    paint(data, w, h, b, labels);
    if (arc) arcs.push({ b, stroke });
    painted++;
  }
  eraseRings(data, w, h, arcs);
  return painted;
}

/**
 * A donut's short arcs (a small CBD or CBG share: a sliver too small to tell by its shape) lie on
 * the ring its long arcs draw: arcs whose boxes touch make one ring when together they span a
 * box about as wide as tall; every mark on that ring (between its outer edge and a stroke in) is
 * painted too. The hole's text, inside the ring, and the legend, outside it, stay.
 */
function eraseRings(data: Buffer, w: number, h: number, arcs: { b: DarkPiece; stroke: number }[]): void {
  const groups: { x0: number; x1: number; y0: number; y1: number; stroke: number }[] = [];
  for (const { b, stroke } of arcs) {
    const near = groups.find((g) => b.x0 <= g.x1 + stroke && b.x1 >= g.x0 - stroke && b.y0 <= g.y1 + stroke && b.y1 >= g.y0 - stroke);
    if (near)
      Object.assign(near, {
        x0: Math.min(near.x0, b.x0),
        x1: Math.max(near.x1, b.x1),
        y0: Math.min(near.y0, b.y0),
        y1: Math.max(near.y1, b.y1),
        stroke: Math.max(near.stroke, stroke),
      });
    else groups.push({ x0: b.x0, x1: b.x1, y0: b.y0, y1: b.y1, stroke });
  }
  for (const g of groups) {
    const gw = g.x1 - g.x0 + 1;
    const gh = g.y1 - g.y0 + 1;
    if (Math.abs(gw - gh) > 0.15 * Math.max(gw, gh)) continue;
    const cx = (g.x0 + g.x1) / 2;
    const cy = (g.y0 + g.y1) / 2;
    const outer = Math.max(gw, gh) / 2 + 3;
    const inner = Math.max(0, outer - g.stroke - 2);
    for (let y = Math.max(0, Math.floor(cy - outer)); y <= Math.min(h - 1, Math.ceil(cy + outer)); y++)
      for (let x = Math.max(0, Math.floor(cx - outer)); x <= Math.min(w - 1, Math.ceil(cx + outer)); x++) {
        const r = Math.hypot(x - cx, y - cy);
        if (r >= inner && r <= outer) data[y * w + x] = 255;
      }
  }
}
