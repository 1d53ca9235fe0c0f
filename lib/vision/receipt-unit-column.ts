/**
 * A `Unit` column is a weight column when its cell is no unit price: `Item | Unit | Qty | Price`
 * prints the weight there (`1/8 oz`, `0.5 g`, its g often read as a 9: `0.59`), while `QTY | ITEM |
 * UNIT | TOTAL` prints the unit price. The cell right after the name is a unit price when it times
 * the row's quantity (1, or a whole number of 1–20 anywhere on the row) makes the row's last amount.
 */
const figure = (text: string) => Number(text.replace(/[$\s,]/g, ''));

export function unitColumnOfWeights(header: readonly string[] | null, cells: readonly { text: string }[], nameIdx: number): boolean {
  if (!header?.includes('unit') || nameIdx < 0 || nameIdx + 1 >= cells.length) return false;
  const unit = figure(cells[nameIdx + 1].text);
  const after = cells
    .slice(nameIdx + 2)
    .map((c) => figure(c.text))
    .filter((n) => Number.isFinite(n));
  if (!Number.isFinite(unit) || !after.length) return false;
  const last = after[after.length - 1];
  const whole = cells.filter((_c, i) => i !== nameIdx + 1).map((c) => figure(c.text));
  const counts = [1, ...whole.filter((n) => Number.isInteger(n) && n >= 1 && n <= 20)];
  return !counts.some((q) => Math.abs(unit * q - last) < 0.015);
}
