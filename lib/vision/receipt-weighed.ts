import { moneyOn, round2, type MoneyHit } from '@/lib/vision/parse-common';
import { itemAmounts, readItemLine, splitLine, type Pending } from '@/lib/vision/receipt-lines';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/**
 * Goods weighed out at the counter (a "deli" flower bar, bulk flower): the line prints the weight
 * weighed and a rate per gram or per ounce, then the line amount (`3.52 g @ $10.29/g   $36.22`,
 * `Blue Dream  7.08g x $9.87/g  $69.88`). The weight is the item's; the rate is no unit price (the
 * item is one weighed lot: quantity 1, its unit price the amount) and no amount of its own.
 */
const WEIGHED = /(?<![\w.])(\d{1,3}(?:[.,]\d{1,3})?|[.,]\d{1,3})\s?(g|gr|grams?|oz)\s?(?:@|at|x|×)\s?\$?\s?(\d{1,4}[.,]\d{2})\s?(?:\/|per\s|a\s)\s?(g|gr|gram|oz)\b\.?/i;
const GRAMS_PER_OZ = 28.35;

export interface Weighed {
  grams: number;
  /** The line without the weight and rate (name and amount left). */
  rest: string;
}

/**
 * The weight's `g` read as a 9 (a condensed face on a blurred photo: `14.009 @ $11.31/g`, `7.089 @ $12.41/g`):
 * taken only when the weight without the 9 times the rate is the line's amount to the cent.
 */
const WEIGHED_G_AS_9 = /(?<![\w.])(\d{1,3}[.,]\d{1,2})9\s?(?:@|x|×)\s?\$?\s?(\d{1,4}[.,]\d{2})\s?\/\s?(?:g|gr|gram)\b\.?/i;

function gAsNine(line: string): Weighed | null {
  const m = WEIGHED_G_AS_9.exec(line);
  if (!m) return null;
  const [grams, rate] = [m[1], m[2]].map((x) => Number(x.replace(',', '.')));
  const rest = `${line.slice(0, m.index)}   ${line.slice(m.index + m[0].length)}`;
  return moneyOn(rest).some((a) => Math.abs(grams * rate - a.value) < 0.011) ? { grams, rest } : null;
}

export function weighedLine(line: string): Weighed | null {
  const m = WEIGHED.exec(line);
  if (!m) return gAsNine(line);
  const n = Number(m[1].replace(',', '.'));
  const grams = /^oz$/i.test(m[2]) ? round2(n * GRAMS_PER_OZ) : n;
  if (!(grams > 0 && grams <= 1000)) return null;
  return { grams: round2(grams), rest: `${line.slice(0, m.index)}   ${line.slice(m.index + m[0].length)}` };
}

/**
 * The item of a line: a weighed line read without its weight and rate, then given the weight
 * (quantity 1, unit price the amount); any other line as it is.
 */
export function readWeighedOr(
  line: string,
  cells: ReturnType<typeof splitLine>['cells'],
  prices: MoneyHit[],
  usesDollar: boolean,
  pending: Pending | null,
  header: string[] | null,
): ParsedReceiptItem | null {
  const w = weighedLine(line);
  if (!w) return readItemLine(line, cells, itemAmounts(line, prices), pending, header);
  const rest = splitLine(w.rest);
  const money = moneyOn(rest.line).filter((m) => !usesDollar || m.hasSign);
  if (!money.length) return readItemLine(line, cells, itemAmounts(line, prices), pending, header);
  const item = readItemLine(rest.line, rest.cells, itemAmounts(rest.line, money), pending, header);
  if (item && item.price !== null) {
    item.grams = w.grams;
    item.quantity = 1;
    item.unitPrice = item.price;
    if (item.category === 'Other') item.category = 'Flower';
  }
  return item;
}
