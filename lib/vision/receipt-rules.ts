/**
 * A printed rule right against a text row (a `THC 21.6%  CBD 1.1%` detail line a few pixels above
 * the rule that closes a page's items, the first item under a header rule): tesseract took the row
 * and the rule for one picture and dropped the row's text altogether. Such a rule, straight across
 * most of the page and thin, is painted paper white with its grey anti-aliased edge when ink lies
 * within a text row above or below it; a rule with space around it reads as before and stays. A
 * grey rule counts (printed `#8c8c8c`, its rows lighter than the ink level): a row of small print a
 * row above one was lost the same way. But only a grey rule with sharp edges (`blurredRule`): a dark
 * rule a blurred photo spread into grey is read by tesseract apart from its rows as it is, and
 * erasing it cost those rows their names and potencies (fifteenth-round degraded 0.969 → 0.964).
 * Row sums only (one pass over the page): a rule sloped by keystone spreads over rows that are
 * each under the share and is left as it is.
 */
const INK = 128;
/** Grey level below which a pixel counts toward a rule: rules are often printed grey, and tesseract still takes them for ink. */
const RULE_INK = 176;
/** Share of the page's width a rule's rows are inked across. */
const ACROSS = 0.6;
/** Ink on a row that counts as print beside the rule (pixels). */
const PRINT = 6;
/** Share of the width grey on a row beside a grey rule that marks its edge as spread by blur. */
const SPREAD = 0.25;

export function eraseTightRules(data: Buffer, w: number, h: number, rowPx: number): number {
  const count = new Uint32Array(h);
  const grey = new Uint32Array(h);
  for (let y = 0; y < h; y++) {
    let n = 0;
    let g = 0;
    const row = y * w;
    for (let x = 0; x < w; x++) {
      if (data[row + x] < INK) n++;
      if (data[row + x] < RULE_INK) g++;
    }
    count[y] = n;
    grey[y] = g;
  }
  const thin = Math.max(4, Math.round(rowPx / 3));
  const near = Math.max(3, Math.round(rowPx));
  const isRule = (y: number) => grey[y] >= w * ACROSS;
  const printed = (y: number) => y >= 0 && y < h && count[y] >= PRINT && !isRule(y);
  // A band under the ink level (grey only) whose row above or below is grey over a quarter of the
  // width: a dark rule's edge spread by blur (a printed grey rule's edge rows are paper or rule).
  const greyOnly = (y: number) => count[y] < w * ACROSS;
  const spread = (y: number) => y >= 0 && y < h && !isRule(y) && grey[y] >= w * SPREAD;
  const blurredRule = ([a, b]: readonly [number, number]) => {
    let light = false;
    for (let r = a; r <= b; r++) light ||= greyOnly(r);
    return light && (spread(a - 1) || spread(b + 1));
  };
  let erased = 0;
  for (let y = 0; y < h; y++) {
    if (!isRule(y)) continue;
    let end = y;
    while (end + 1 < h && isRule(end + 1)) end++;
    const band = [y, end] as const;
    y = end;
    if (band[1] - band[0] + 1 > thin) continue;
    if (blurredRule(band)) continue;
    // Ink within half a row of the rule, past its anti-aliased edge (two rows).
    let tight = false;
    for (let d = 3; d <= near && !tight; d++) tight = printed(band[0] - d) || printed(band[1] + d);
    if (!tight) continue;
    for (let r = Math.max(0, band[0] - 2); r <= Math.min(h - 1, band[1] + 2); r++) data.fill(255, r * w, (r + 1) * w);
    erased++;
  }
  return erased;
}
