import { darkPieces, pieceRowSpan, turnPiece } from '@/lib/vision/pixel-edits';

/**
 * Light print on a MID-GREY filled band (a value pill or badge in an accent colour that a photo's
 * blur, noise and evened-out light leave at grey 140–180 instead of dark) turned dark-on-light
 * before OCR, labels only (`midBands` in image.ts, after `invertBands`). `invertBands` only sees
 * shapes darker than 150: such a band falls apart into pieces along its noise, none filled enough,
 * and tesseract read its white values as nothing (`Batch`, `Packed`, `Tested`, `Lab` pills lost).
 *
 * A band here is a 4-connected shape darker than MID_BAND, with invertBands' geometry (0.8–5 text
 * rows tall, at least 2 rows wide, filled at least 70 %), off the photo's border (the background
 * beyond the paper), and it must look like a band and not like dark print on a light ground:
 * - its own pixels are one grey level: at most 3 % of them are more than INK_BELOW darker than
 *   their median (dark text on a shaded cell is part of the shape and darker than the shade);
 * - it holds print lighter than itself: at least 3 % of its box, between its left and right edge
 *   on each row, is not the shape, and those pixels are on average at least PRINT_ABOVE lighter
 *   than the shape's median;
 * - that print is enclosed by it (ENCLOSED of those pixels not joined to the box's border): a
 *   blurred grey bold word (`DIME`, `ENGLISH` on a degraded bilingual label) merges into a filled
 *   shape of the same grey too, but the gaps between its letters open to the outside (measured:
 *   words 0.01–0.23 enclosed, pills 0.87–0.97).
 * The band's pixels become paper and the print inside is inverted, as in invertBands.
 */
export const MID_BAND = 200;
const INK_BELOW = 60;
const PRINT_ABOVE = 50;
/** Share of the shape's holes that must be enclosed by it (print inside a band, not gaps of a word). */
const ENCLOSED = 0.6;

export function invertMidBands(data: Buffer, width: number, height: number, rowH: number): number {
  const labels = new Int32Array(width * height);
  let turned = 0;
  for (const { id, n, x0, x1, y0, y1 } of darkPieces(data, width, height, MID_BAND, labels)) {
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (h < 0.8 * rowH || h > 5 * rowH || w < 2 * rowH || n < 0.7 * w * h) continue;
    if (x0 === 0 || y0 === 0 || x1 === width - 1 || y1 === height - 1) continue;
    const hist = new Uint32Array(256);
    let holes = 0;
    let holeSum = 0;
    for (let y = y0; y <= y1; y++) {
      const [left, right] = pieceRowSpan(labels, width, id, y, x0, x1);
      for (let x = left; x >= 0 && x <= right; x++) {
        const p = y * width + x;
        if (labels[p] === id) hist[data[p]]++;
        else {
          holes++;
          holeSum += data[p];
        }
      }
    }
    const median = quantile(hist, n, 0.5);
    let inky = 0;
    for (let v = 0; v < Math.max(0, median - INK_BELOW); v++) inky += hist[v];
    if (inky > 0.03 * n || holes < 0.03 * w * h || holeSum / holes < median + PRINT_ABOVE) continue;
    if (enclosedShare(labels, width, id, x0, x1, y0, y1) < ENCLOSED) continue;
    turned++;
    turnPiece(data, labels, width, id, x0, x1, y0, y1);
  }
  return turned;
}

/** The level below which `share` of a histogram's `n` pixels lie. */
function quantile(hist: Uint32Array, n: number, share: number): number {
  for (let v = 0, seen = 0; v < 256; v++) {
    seen += hist[v];
    if (seen >= share * n) return v;
  }
  return 255;
}

/**
 * The share of the non-shape pixels of a shape's box, between its left and right edge on each row,
 * that are enclosed by the shape: not joined (4-connected, through non-shape pixels) to the box's
 * border. The print inside a band is enclosed by it; a blurred grey word that merged into one
 * shape has its gaps between letters and the openings of its `E`, `S`, `C` open to the outside.
 */
export function enclosedShare(labels: Int32Array, width: number, id: number, x0: number, x1: number, y0: number, y1: number): number {
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const open = new Uint8Array(bw * bh);
  const stack: number[] = [];
  const free = (i: number) => labels[(y0 + Math.floor(i / bw)) * width + x0 + (i % bw)] !== id;
  for (let i = 0; i < bw * bh; i++) {
    const x = i % bw;
    const y = Math.floor(i / bw);
    if ((x === 0 || y === 0 || x === bw - 1 || y === bh - 1) && free(i)) {
      open[i] = 1;
      stack.push(i);
    }
  }
  while (stack.length) {
    const i = stack.pop() as number;
    const x = i % bw;
    for (const j of [x > 0 ? i - 1 : -1, x < bw - 1 ? i + 1 : -1, i - bw, i + bw])
      if (j >= 0 && j < bw * bh && !open[j] && free(j)) {
        open[j] = 1;
        stack.push(j);
      }
  }
  let holes = 0;
  let enclosed = 0;
  for (let y = y0; y <= y1; y++) {
    const [left, right] = pieceRowSpan(labels, width, id, y, x0, x1);
    for (let x = left; x >= 0 && x <= right; x++) {
      const i = (y - y0) * bw + (x - x0);
      if (labels[y * width + x] === id) continue;
      holes++;
      if (!open[i]) enclosed++;
    }
  }
  return holes ? enclosed / holes : 0;
}
