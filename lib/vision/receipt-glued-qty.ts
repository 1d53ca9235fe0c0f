/**
 * A quantity line under an item (`2 @ $33.28`) whose `@` and `$` the photo of a condensed face read
 * as figures and whose spaces it lost: `2053328` (the `@` as 0, the `$` as 5), `203328`. Put back
 * only when the arithmetic says so: the quantity (one figure, 2–9) times the figures after the one
 * or two misread marks, read as cents, is an amount printed on one of the two lines above (the
 * item's price) to the cent. Lines are rewritten in place (same count, same order).
 */
export function gluedQtyLines(lines: readonly string[]): string[] {
  return lines.map((line, i) => {
    const m = /^\s*([2-9])(\d{4,8})\s*$/.exec(line);
    if (!m) return line;
    const above = lines.slice(Math.max(0, i - 2), i).join(' ');
    const prices = [...above.matchAll(/\$\s?(\d{1,4}[.,]\d{2})(?!\d)/g)].map((p) => Number(p[1].replace(',', '.')));
    if (!prices.length) return line;
    const qty = Number(m[1]);
    for (const marks of [2, 1]) {
      const figures = m[2].slice(marks);
      if (figures.length < 3) continue;
      const unit = Number(figures) / 100;
      if (prices.some((p) => Math.abs(qty * unit - p) < 0.005)) return `${qty} @ $${unit.toFixed(2)}`;
    }
    return line;
  });
}
