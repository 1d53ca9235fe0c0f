import { darkPieces, pieceRowSpan } from '@/lib/vision/pixel-edits';

/** Otsu's level for a histogram of 256 bins: the level that best splits it in two (dark below). */
export function otsuLevel(hist: ArrayLike<number>): number {
  let total = 0;
  let sum = 0;
  for (let v = 0; v < 256; v++) {
    total += hist[v];
    sum += v * hist[v];
  }
  let below = 0;
  let sumBelow = 0;
  let best = -1;
  let level = 0;
  for (let v = 0; v < 256; v++) {
    below += hist[v];
    if (!below) continue;
    const above = total - below;
    if (!above) break;
    sumBelow += v * hist[v];
    const d = sumBelow / below - (sum - sumBelow) / above;
    const between = below * above * d * d;
    if (between > best) {
      best = between;
      level = v + 1;
    }
  }
  return level;
}

/** A page's grey-level histogram, skipping the pixels `skip` says are not to count. */
function histogram(data: Uint8Array, skip?: Uint8Array): Uint32Array {
  const hist = new Uint32Array(256);
  for (let p = 0; p < data.length; p++) if (!skip || !skip[p]) hist[data[p]]++;
  return hist;
}

/** The body's level must be at least this much lighter than the page's for the page to be redone. */
const LEVEL_GAP = 24;
/**
 * And nearly all of the body's print (pixels darker than its level) lighter than the page's level,
 * so lost at it: thin grey faces, 0.95–0.99 of it (FreeMono, Nimbus Mono PS on blurred photos),
 * where a darker face keeps a core of ink at the page's level (0.78–0.84 lighter: Liberation Mono)
 * and is read better left as it is.
 */
const LOST_SHARE = 0.9;

/**
 * Thin light-grey print beside a wide dark filled band (a receipt's black header or totals block):
 * tesseract binarises the whole page at one level (Otsu's), and the band's black pulls that level
 * down between the band and the paper, so thin grey glyphs (a thin monospaced face, blurred) come
 * out paper and whole item lines are lost. Inverting the band alone does not help: its type, now
 * black and bold, pulls the level down just as far. So when the rest of the page splits at a level
 * well lighter than the whole page's, each band (a dark piece below the page's level at least a
 * third of the page wide, 0.8 text rows tall and filled at least 60 %) is turned dark-on-light
 * (its own pixels paper, the type inside inverted) and the rest of the page is binarised at its
 * own level, as tesseract would on a page without the band; only when nearly all of that print is
 * lighter than the page's level (`LOST_SHARE`). Returns whether the page was changed.
 */
export function darkenBesideBands(data: Uint8Array, width: number, height: number, rowPx: number): boolean {
  const page = otsuLevel(histogram(data));
  const labels = new Int32Array(width * height);
  const inBand = new Uint8Array(width * height);
  const ids = new Set<number>();
  for (const { id, x0, x1, y0, y1, n } of darkPieces(data, width, height, page, labels)) {
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (w < width / 3 || h < 0.8 * rowPx || n < 0.6 * w * h) continue;
    ids.add(id);
    // On each row, from the band's first pixel to its last (not the box: a band left sloped has paper in its corners).
    for (let y = y0; y <= y1; y++) {
      const [left, right] = pieceRowSpan(labels, width, id, y, x0, x1);
      if (left >= 0) inBand.fill(1, y * width + left, y * width + right + 1);
    }
  }
  if (!ids.size) return false;
  const body = otsuLevel(histogram(data, inBand));
  if (body - page < LEVEL_GAP) return false;
  let ink = 0;
  let lost = 0;
  for (let p = 0; p < data.length; p++)
    if (!inBand[p] && data[p] < body) {
      ink++;
      if (data[p] >= page) lost++;
    }
  if (!ink || lost < LOST_SHARE * ink) return false;
  for (let p = 0; p < data.length; p++) {
    if (inBand[p]) data[p] = ids.has(labels[p]) ? 255 : 255 - data[p];
    else data[p] = data[p] < body ? 0 : 255;
  }
  return true;
}
