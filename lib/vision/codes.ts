/**
 * QR codes printed beside a label's text: tesseract reads their modules as a column of junk glued
 * to the start of the lines beside them (`[ml fi[m] Dime INDUSTRIES`), and the brand beside the
 * code is lost. A QR code is found the way readers find it, by its three finder patterns (a dark
 * square ring round a dark core: across its middle, in rows and in columns, dark-light-dark-light-
 * dark runs in the ratio 1:1:3:1:1), at three corners of a square; the square is painted paper
 * white out to the code's quiet zone. Text and filled badges never show that ring in both
 * directions, three times, at the corners of a square.
 */
const INK = 128;
/** Grey of a module's blurred edge, still the code's. */
const EDGE = 200;

interface Finder {
  x: number;
  y: number;
  /** Module size in pixels. */
  u: number;
}

/** Runs of ink and paper along a line of `n` pixels read by `at`. */
function runs(n: number, at: (i: number) => number): { start: number; len: number; ink: boolean }[] {
  const out: { start: number; len: number; ink: boolean }[] = [];
  for (let i = 0; i < n; i++) {
    const ink = at(i) < INK;
    const last = out[out.length - 1];
    if (last && last.ink === ink) last.len++;
    else out.push({ start: i, len: 1, ink });
  }
  return out;
}

/** The centre and module size of a 1:1:3:1:1 pattern starting at run `k` (an ink run), or null. */
function ring(rs: { start: number; len: number; ink: boolean }[], k: number): { mid: number; u: number } | null {
  if (k + 4 >= rs.length || !rs[k].ink) return null;
  const [a, b, c, d, e] = rs.slice(k, k + 5).map((r) => r.len);
  const u = (a + b + c + d + e) / 7;
  if (u < 1.5) return null;
  const near = (v: number, m: number) => Math.abs(v - m * u) <= u * 0.7;
  if (!near(a, 1) || !near(b, 1) || !near(c, 3) || !near(d, 1) || !near(e, 1)) return null;
  return { mid: rs[k + 2].start + c / 2, u };
}

function findFinders(data: Buffer, w: number, h: number): Finder[] {
  const found: Finder[] = [];
  for (let y = 0; y < h; y += 2) {
    const rs = runs(w, (x) => data[y * w + x]);
    for (let k = 0; k + 4 < rs.length; k++) {
      const hit = ring(rs, k);
      if (!hit) continue;
      const x = Math.round(hit.mid);
      // The same ring down the column through its middle.
      const top = Math.max(0, Math.round(y - 6 * hit.u));
      const col = runs(Math.min(h, Math.round(y + 6 * hit.u)) - top, (i) => data[(top + i) * w + x]);
      const v = col.map((_, j) => ring(col, j)).find((r) => r && Math.abs(top + r.mid - y) <= 1.5 * hit.u && Math.abs(r.u - hit.u) <= 0.4 * hit.u);
      if (!v) continue;
      const cy = top + v.mid;
      if (!found.some((f) => Math.abs(f.x - x) < 3 * f.u && Math.abs(f.y - cy) < 3 * f.u)) found.push({ x, y: cy, u: (hit.u + v.u) / 2 });
    }
  }
  return found;
}

/** Three finders at the corners of a square (one at the right angle, the other two as far from it, at right angles): the code's box. */
function codeBoxes(fs: Finder[]): { x0: number; y0: number; x1: number; y1: number }[] {
  const out: { x0: number; y0: number; x1: number; y1: number }[] = [];
  for (let i = 0; i < fs.length; i++)
    for (let j = 0; j < fs.length; j++)
      for (let k = j + 1; k < fs.length; k++) {
        if (i === j || i === k) continue;
        const [a, b, c] = [fs[i], fs[j], fs[k]];
        const u = (a.u + b.u + c.u) / 3;
        if ([a, b, c].some((f) => Math.abs(f.u - u) > 0.35 * u)) continue;
        const ab = [b.x - a.x, b.y - a.y];
        const ac = [c.x - a.x, c.y - a.y];
        const lb = Math.hypot(ab[0], ab[1]);
        const lc = Math.hypot(ac[0], ac[1]);
        // At least 14 modules apart (a 21-module code), sides equal, a right angle at `a`.
        if (lb < 14 * u || Math.abs(lb - lc) > 0.15 * lb || Math.abs(ab[0] * ac[0] + ab[1] * ac[1]) > 0.15 * lb * lc) continue;
        const xs = [a.x, b.x, c.x, b.x + c.x - a.x];
        const ys = [a.y, b.y, c.y, b.y + c.y - a.y];
        const m = 4 * u;
        out.push({ x0: Math.min(...xs) - m, y0: Math.min(...ys) - m, x1: Math.max(...xs) + m, y1: Math.max(...ys) + m });
      }
  return out;
}

/** Paint each QR code on the page paper white; returns how many were painted. */
export function eraseCodes(data: Buffer, w: number, h: number): number {
  return paintCodes(data, w, h, codeBoxes(findFinders(data, w, h)));
}

/** The boxes of the QR codes on a page (`data` grey, ink dark). */
export const findCodes = (data: Buffer, w: number, h: number) => codeBoxes(findFinders(data, w, h));

/** Paint `boxes` paper white, each out to the code's quiet zone (ink read on `data` itself); returns how many were painted. */
export function paintCodes(data: Buffer, w: number, h: number, boxes: { x0: number; y0: number; x1: number; y1: number }[]): number {
  let painted = 0;
  for (const b of boxes) {
    let [left, right, top, bottom] = [Math.max(0, Math.floor(b.x0)), Math.min(w - 1, Math.ceil(b.x1)), Math.max(0, Math.floor(b.y0)), Math.min(h - 1, Math.ceil(b.y1))];
    // Out to the quiet zone (a line of paper), at most a few modules.
    const inkedColumn = (x: number) => x >= 0 && x < w && Array.from({ length: bottom - top + 1 }, (_, k) => data[(top + k) * w + x]).some((v) => v < EDGE);
    const inkedRow = (y: number) => y >= 0 && y < h && data.subarray(y * w + left, y * w + right + 1).some((v) => v < EDGE);
    const most = Math.round((b.x1 - b.x0) / 8);
    for (let k = 0; k < most && inkedColumn(left - 1); k++) left--;
    for (let k = 0; k < most && inkedColumn(right + 1); k++) right++;
    for (let k = 0; k < most && inkedRow(top - 1); k++) top--;
    for (let k = 0; k < most && inkedRow(bottom + 1); k++) bottom++;
    for (let y = top; y <= bottom; y++) data.fill(255, y * w + left, y * w + right + 1);
    painted++;
  }
  return painted;
}
