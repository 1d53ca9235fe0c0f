import type { GreyPage } from '@/lib/vision/image';

/**
 * The table beside a photographed label, cut off (issue 14, degraded labels). A label photographed
 * on a table, turned and keystoned, leaves wedges and strips of table along the frame's edges;
 * once the light is evened out they are grey-to-dark bands along the page's border, and
 * tesseract's line finding reads the rows that run into them as garbage (a certificate's table
 * rows: `RR A Te CRE TRB aR STR TS` for `Δ9-THC  1.17  0.05`; the same page cut to its paper reads
 * every row). From each edge: a band of rows (columns) mostly dark (`DARK_SHARE` of their pixels
 * darker than `INK`) beginning near it, and its fading side, are taken off, up to `MAX_CUT` of the
 * page; a page whose edges are paper is left (null). The page without them is one more reading
 * judged against the others (local-engine.ts), never the only one.
 */
const INK = 200;
const DARK_SHARE = 0.35;
/** At most this share of the page's height (width) is cut from one edge. */
const MAX_CUT = 0.15;
/** The band begins within this share of the page from its edge… */
const BAND_STARTS_WITHIN = 0.05;
/** …and ends where fewer than this share of a row's (column's) pixels are dark. */
const FADED = 0.12;
/** …within this share of the page after it (beyond, the rows are the label's own). */
const FADE_WITHIN = 0.015;
/**
 * A label's best reading after every try is read once more without the table when it found less
 * than this share of the fields. Tried and dropped: also an unsure reading (confidence < 0.6)
 * below 0.75 (`coa-loq-last` degraded #0, 0.625 at confidence 0.45, read 0.720 → 0.741), which
 * let a keystoned lid photo's reading without the table win on score and lose its name
 * (`seventh` `arc-lid` degraded #1 0.700 → 0.500; seventh degraded 0.882 → 0.859).
 */
export const MARGINS_BELOW = 0.5;

/** Whether a label reading (its coverage, 0..1) is worth reading again without the table (`MARGINS_BELOW`). */
export function edgesWorthReading(coverage: number): boolean {
  return coverage < MARGINS_BELOW;
}

/** A cut this thin (pixels) is no margin worth a reading. */
const MIN_CUT = 8;

function darkShare(data: Uint8Array, width: number, from: number, step: number, n: number): number {
  let dark = 0;
  for (let i = 0, p = from; i < n; i++, p += step) if (data[p] < INK) dark++;
  return n ? dark / n : 0;
}

/** The page's box without its dark border bands (null when no edge has one). */
export function paperBox(page: GreyPage): { x0: number; y0: number; x1: number; y1: number } | null {
  const { data, width: w, height: h } = page;
  // A band that starts near the edge (the very edge may be white: the light evened out there),
  // then everything up to where the band has faded.
  const edge = (n: number, maxCut: number, share: (i: number) => number) => {
    const near = Math.ceil(n * BAND_STARTS_WITHIN);
    let k = 0;
    while (k < near && share(k) < DARK_SHARE) k++;
    if (k >= near) return 0;
    while (k < maxCut && share(k) >= DARK_SHARE) k++;
    // Its fading side, a few rows at most: print beside the band is dark in places too.
    const fade = Math.min(maxCut, k + Math.ceil(n * FADE_WITHIN));
    while (k < fade && share(k) >= FADED) k++;
    return k;
  };
  const rowShare = (y: number, x0: number, x1: number) => darkShare(data, w, y * w + x0, 1, x1 - x0);
  const colShare = (x: number, y0: number, y1: number) => darkShare(data, w, y0 * w + x, w, y1 - y0);
  // Rows first, then columns within the rows kept, then rows again within the columns kept (a
  // strip down one side darkens every row a little).
  let y0 = 0;
  let y1 = h;
  let x0 = 0;
  let x1 = w;
  for (let round = 0; round < 2; round++) {
    y0 = edge(h, Math.floor(h * MAX_CUT), (k) => rowShare(k, x0, x1));
    y1 = h - edge(h, Math.floor(h * MAX_CUT), (k) => rowShare(h - 1 - k, x0, x1));
    x0 = edge(w, Math.floor(w * MAX_CUT), (k) => colShare(k, y0, y1));
    x1 = w - edge(w, Math.floor(w * MAX_CUT), (k) => colShare(w - 1 - k, y0, y1));
  }
  if (Math.max(y0, h - y1, x0, w - x1) < MIN_CUT) return null;
  return { x0, y0, x1, y1 };
}

/** Light pixels in a row that end the table's band along one line of pixels (its speckle is shorter). */
const LIGHT_RUN = 6;

/**
 * The page with the table along its edges painted paper white (`paperBox` finds which edges have
 * it), or null when its edges are paper already. Line by line from each such edge: the dark run
 * that starts near the edge, up to the first stretch of paper, so a wedge of table beside a
 * turned label goes and the label's print beside it stays (a straight cut took the first letter of
 * every row where the label's edge leaned into it).
 */
export function withoutTableEdges(page: GreyPage): GreyPage | null {
  const box = paperBox(page);
  if (!box) return null;
  const { width: w, height: h } = page;
  const data = Buffer.from(page.data);
  // `at(line, i)`: the i-th pixel inward from one edge on one line; `lines`, `depth`: how many lines and how deep.
  const paint = (lines: number, depth: number, at: (line: number, i: number) => number) => {
    if (depth <= 0) return;
    const near = Math.max(LIGHT_RUN, Math.ceil(depth / 2));
    for (let l = 0; l < lines; l++) {
      let i = 0;
      while (i < near && data[at(l, i)] >= INK) i++;
      if (i >= near) continue;
      let end = i;
      let light = 0;
      for (; i < depth + LIGHT_RUN && light < LIGHT_RUN; i++) {
        if (data[at(l, i)] < INK) {
          end = i;
          light = 0;
        } else light++;
      }
      for (let j = 0; j <= end; j++) data[at(l, j)] = 255;
    }
  };
  paint(h, box.x0, (y, i) => y * w + i);
  paint(h, w - box.x1, (y, i) => y * w + (w - 1 - i));
  paint(w, box.y0, (x, i) => i * w + x);
  paint(w, h - box.y1, (x, i) => (h - 1 - i) * w + x);
  return { data, width: w, height: h };
}
