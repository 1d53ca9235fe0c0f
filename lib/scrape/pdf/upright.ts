/**
 * A page's text as the reader sees it (docs/shopping.md, "PDF menus"): PDF.js gives each run's
 * matrix in the page's own space, before the page's `/Rotate` and whatever way the content was
 * drawn. A print driver writes a landscape sheet as a portrait page turned by `/Rotate 90` with
 * the content drawn sideways; read as drawn, every line of it stood on end. Each run is placed
 * through the page's view (its rotation), and the page is turned so its main reading direction —
 * the direction most of its letters run — goes left to right (a page scanned or drawn sideways
 * without `/Rotate`); runs set in another direction (a side tab, a watermark) are left out.
 */
/** `m1 · m2` (PDF.js `Util.transform`): `m2` applied first. */
export const compose = (m1: ArrayLike<number>, m2: ArrayLike<number>): number[] => [
  m1[0] * m2[0] + m1[2] * m2[1],
  m1[1] * m2[0] + m1[3] * m2[1],
  m1[0] * m2[2] + m1[2] * m2[3],
  m1[1] * m2[2] + m1[3] * m2[3],
  m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
  m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
];

/** A run's reading direction on the shown page, in quarter turns (0 = left to right; y grows downwards). */
export const quarterTurn = (m: ArrayLike<number>): number => ((Math.round(Math.atan2(m[1], m[0]) / (Math.PI / 2)) % 4) + 4) % 4;

/** Whether the run's direction is within a few degrees of a quarter turn (not a slanted watermark). */
const square = (m: ArrayLike<number>) => {
  const a = Math.atan2(m[1], m[0]) / (Math.PI / 2);
  return Math.abs(a - Math.round(a)) < 0.05;
};

export interface Placed<T> {
  item: T;
  /** Left edge and baseline from the page's bottom, after turning; the run's size and width along its line. */
  x: number;
  y: number;
  size: number;
}

/**
 * Runs (`matrix` each: their text matrix in page space, `chars` their letters) placed on the
 * page as shown (`view`: the page's view transform, y downwards; `height` the shown page's), turned
 * so the main reading direction is left to right, y from the bottom. Runs in another direction
 * are dropped.
 */
export function uprightRuns<T>(
  runs: ReadonlyArray<{ item: T; matrix: ArrayLike<number>; chars: number }>,
  view: ArrayLike<number> = [1, 0, 0, -1, 0, 0],
  height = 0,
): Array<Placed<T>> {
  const shown = runs.map((r) => ({ ...r, m: compose(view, r.matrix) }));
  const weight = [0, 0, 0, 0];
  for (const r of shown) weight[quarterTurn(r.m)] += r.chars;
  const turn = weight.indexOf(Math.max(...weight));
  // Turning the page back by `turn` quarter turns: (x, y) in y-down space.
  const back = (x: number, y: number): [number, number] => (turn === 0 ? [x, y] : turn === 1 ? [y, -x] : turn === 2 ? [-x, -y] : [-y, x]);
  const kept = shown.filter((r) => quarterTurn(r.m) === turn && square(r.m));
  const placed = kept.map((r) => {
    const [x, down] = back(r.m[4], r.m[5]);
    return { item: r.item, x, down, size: Math.hypot(r.m[2], r.m[3]) || Math.abs(r.m[3]) || 10 };
  });
  // Upright as drawn: baselines from the shown page's foot, as the PDF has them; else from the lowest run.
  const floor = turn === 0 ? height : Math.max(0, ...placed.map((p) => p.down));
  return placed.map((p) => ({ item: p.item, x: p.x, y: floor - p.down, size: p.size }));
}
