/**
 * A loyalty POINTS column in an item table (issue 14, twenty-first receipt round: `ITEM  QTY  PTS
 * PRICE`, `Blue Dream Flower 3.5g   1   34   34.43`): the points a line earns are a whole number
 * beside the quantity, no quantity and no amount. Under a head row naming both a quantity and a
 * points column (`PTS`, `POINTS`), each row's points figure is taken off, up to the totals: of two
 * whole numbers before the row's amount the one in the points column's place (the head's order);
 * a lone one (the quantity lost to the photo) when it is no quantity (over 20) and not above the
 * amount. Same count of rows, so the rows stay beside their word boxes.
 */

const HEAD_QTY = /\b(qty|quantity)\b/i;
const HEAD_POINTS = /\b(pts|points?)\b/i;
const TOTALS = /\b(sub\s?-?\s?tota[l1]|tota[l1])\b/i;
const AMOUNT = String.raw`-?\$?\s?\d{1,5}[.,]\d{2}`;
const TWO = new RegExp(String.raw`^(.*[A-Za-z].*?)\s{2,}(\d{1,4})\s{2,}(\d{1,4})(\s{2,}${AMOUNT}\s*)$`);
const ONE = new RegExp(String.raw`^(.*[A-Za-z].*?)\s{2,}(\d{1,4})(\s{2,}(${AMOUNT})\s*)$`);

export function withoutPointsColumn(rows: readonly string[]): string[] {
  const out = [...rows];
  let pointsFirst: boolean | null = null;
  for (let i = 0; i < out.length; i++) {
    const row = out[i];
    if (!/\d/.test(row) && HEAD_QTY.test(row) && HEAD_POINTS.test(row)) {
      pointsFirst = (HEAD_POINTS.exec(row)?.index ?? 0) < (HEAD_QTY.exec(row)?.index ?? 0);
      continue;
    }
    if (pointsFirst === null) continue;
    if (TOTALS.test(row)) {
      pointsFirst = null;
      continue;
    }
    const two = TWO.exec(row);
    if (two) {
      out[i] = `${two[1]}   ${pointsFirst ? two[3] : two[2]}${two[4]}`;
      continue;
    }
    const one = ONE.exec(row);
    const amount = one ? Number(one[4].replace(/[^\d.,-]/g, '').replace(',', '.')) : NaN;
    if (one && Number(one[2]) > 20 && Number(one[2]) <= Math.abs(amount)) out[i] = `${one[1]}${one[3]}`;
  }
  return out;
}
