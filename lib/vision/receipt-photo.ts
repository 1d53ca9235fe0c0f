import { round2 } from '@/lib/vision/parse-common';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/**
 * Slips a hand-held phone photo of a receipt causes (blur, rotation, JPEG) that the clean print
 * does not: the point of a small weight lost ("Vape Cart 05g", "Diamonds 5g", "Pre-Roll 5g x 5"),
 * the slash of an ounce fraction lost ("1/8 oz" → "18 OZ"), the space before a weight lost
 * ("Lemonkush3.5g"), the `Subtotal` word garbled so that its line reads like an item ("suTom",
 * "Subtoul"). Each rule is what a real dispensary receipt would need: no one sells a 5 g vape
 * cartridge or an 18 oz bag of flower, and no item costs exactly the sum of the items above it.
 */

/** Vape and concentrate words: products sold by the half gram or gram, never by 5 g. */
const SMALL_UNIT = /\b(vapes?|cart(ridge)?s?|pods?|disposable|shatter|rosin|diamonds|badder|budder|wax|sauce|crumble|live\s+resin|distillate)\b/i;
/** Pre-roll words: a pack of pre-rolls is a count of half grams or grams each. */
const PRE_ROLL = /\b(pre[- ]?rolls?|prerolls?|joints?|blunts?)\b/i;
/** Words of a drink, whose `12 oz` is a volume, not a fraction of an ounce. */
const DRINK = /\b(fl|drinks?|beverages?|soda|seltzer|tea|lemonade|shot|can)\b/i;

/** One line of OCR text with the slips of a photo repaired (see the module comment). */
export function photoSlips(raw: string): string {
  let s = raw
    // "lLemonKush": a speck read as an l before a name's capital (a lowercase l never starts a word so)
    .replace(/^(\s*)l(?=[A-Z][a-z])/, '$1')
    // "1/doz", "1/Aoz", "1/Boz": the 4 or the 8 of an ounce fraction read as a letter
    .replace(/(\b[1-9]\/)[dA](\s?oz)\b/g, '$14$2')
    .replace(/(\b[1-9]\/)B(\s?oz)\b/g, '$18$2')
    // "PRE-ROLLPACK": the space before "pack" lost
    .replace(/\b(pre[- ]?rolls?)(?=packs?\b)/gi, '$1 ')
    // ".5@   $41.60": the g of a weight with a decimal point read as @ (a quantity before @ has no point)
    .replace(/(?<![\d$])(\d?\.\d)@(?=\s)/g, '$1g')
    // "1/4ce", "1/8cz": the oz of an ounce fraction read as c and e
    .replace(/(\b[1-9]\/(?:2|4|8|16)\s?)(?:c[ze]|oe)\b/g, '$1oz')
    // "Lemonkush3.5g": the space before a weight lost (three letters, then the weight and its unit)
    .replace(/(?<=[A-Za-z]{3})(?=(?:\d{0,2}[.,]\d|\d{1,2})\s?g\b)/g, ' ')
    // "05g", "05 g": a weight printed with a leading zero has lost its point (0.5 g)
    .replace(/(?<![\w.,$])0([1-9])(\s?g)\b/gi, '0.$1$2')
    // "£118.80": the $ of faint print read as a pound sign (no dispensary receipt prints pounds)
    .replace(/£(?=\s?\d)/g, '$');
  // The G of a weight at a name's end read as a 6 ("DISPOSABLE 16", "0.56"), its 2 as a Z
  // ("ROSIN ZG"): a dot or block font's G and 6, Z and 2 differ by a stroke
  s = capsWeightSlips(s);
  // "5g" on a vape or a concentrate, "5g x 5" on a pre-roll pack: ".5g" with its point lost
  if (SMALL_UNIT.test(s))
    s = s
      .replace(/(?<![\w.,$/])5(\s?g)\b(?!\s?[x×]\s?\d)/gi, '.5$1')
      // ".56G": the g of ".5g" read twice, once as a 6 or 9 (no one sells 0.56 g)
      .replace(/(?<![\d])\.5[69](\s?g)\b/gi, '.5$1')
      // "59" alone in a size cell: its g read as 9 too
      .replace(/(?<=\s{2}|[A-Za-z]\s)59(?=\s{2}|\s*$)/g, '.5g');
  if (PRE_ROLL.test(s) || SMALL_UNIT.test(s)) s = s.replace(/(?<![\w.,$/])5(\s?g\s?[x×]\s?[\d§])/gi, '.5$1');
  // "Joint 2 x 0.5   $32.04": a pre-roll pack's g lost at the end of its name (a joint's weight is grams)
  if (PRE_ROLL.test(s)) s = s.replace(/(\b[1-9]\d?\s?[x×]\s?0?[.,][1-9])(?=\s{2,}|\s*$)/g, '$1g');
  // "18 OZ", "14oz": an eighth or a quarter ounce with its slash lost (no one sells 18 oz of flower)
  if (!DRINK.test(s)) s = s.replace(/(?<![\w.,$/])1([248])(\s?)(oz)\b/gi, '1/$1$2$3');
  return s;
}

const COMMON_GRAMS = new Set(['.5', '0.5', '1', '2', '2.5', '3.5', '7', '14', '28']);

/**
 * A last name token that is a common weight followed by a 6 (`TRIANGLE KUSH DISPOSABLE 16   27.96`,
 * `PURPLE HAZE DISPOSABLE 0.56`, `MASTER KUSH PREMIUM FLOWER 3.56   $83.30`) is that weight in
 * grams, its capital G read as a 6: on a line printed in capitals, or one whose amounts carry a `$`
 * (so the token is no amount), and whose name has no weight already. A `ZG` at a capitals name's
 * end is `2G`. Other lines are left as they are (`Gelato 41 3.5g`, `Blue Dream 16   35.00`).
 */
export function capsWeightSlips(line: string): string {
  const name = line.replace(/\s{2,}\S.*$/, '');
  const caps = !/[a-z]/.test(name) && /[A-Z]{3}/.test(name);
  const signed = /\$\s?\d/.test(line.slice(name.length)) && !/(?<![$\d.,])\d{1,5}[.,]\d{2}(?!\d)/.test(line.slice(name.length).replace(/\$\s?\d{1,5}(?:,\d{3})*[.,]\d{2}/g, ''));
  if (!caps && !signed) return line;
  const zg = caps ? line.replace(/(?<=[A-Z]{2,}\s)Z(?=G(?:\s|$))/, '2') : line;
  // (A word `0G` is the letter O read as a zero, `LARRY 0G DOGWALKER 16`: no weight.)
  if (
    /\d\s?(g|mg|oz)\b/i.test(
      zg
        .replace(/\s{2,}\S.*$/, '')
        .replace(/\b\d{1,2}(?:\.\d)?6$/, '')
        .replace(/\b0G\b/g, 'OG'),
    )
  )
    return zg;
  return zg.replace(/(?<=[A-Za-z]{2,}\s)(\d{1,2}(?:\.\d)?|\.\d)6(?=\s{2,}\S|\s*$)/, (whole, w: string) => (COMMON_GRAMS.has(w) ? `${w}g` : whole));
}

/**
 * The `Subtotal` word as blur garbles it ("suTom", "Subtoul", "SubTowl", "Sublotal"): an `s`, a
 * `u` (or `v`), an optional `b`, then `t` and a vowel or a `0`, and two to four more letters,
 * alone on a line with one amount. Such a line is never an item's: an item names a product.
 */
export function isGarbledSubtotal(line: string): boolean {
  const words = line
    .replace(/[-−]?\$?\s?\d[\d,]*[.,]\d{2}\b/g, ' ')
    .split(/\s+/)
    .filter((w) => /[A-Za-z]/.test(w));
  if (words.length !== 1) return false;
  const w = words[0].replace(/[:.]$/, '');
  return w.length >= 5 && w.length <= 9 && /^s[uv][bh]?[tl1][o0a][a-z1]{1,4}$/i.test(w);
}

/**
 * The last item read when its amount is the sum of every item above it (at least two, net of
 * their own discounts or not) and no subtotal was read: that line was the subtotal, its word lost
 * to the photo. Returns the subtotal and drops the line from the items; null when it does not fit.
 */
export function subtotalFromLastItem(items: ParsedReceiptItem[]): number | null {
  if (items.length < 3) return null;
  const last = items[items.length - 1];
  if (last.price === null || last.grams !== null || last.thcPct !== null || (last.quantity ?? 1) !== 1) return null;
  const above = items.slice(0, -1);
  const gross = round2(above.reduce((a, it) => a + (it.price ?? 0), 0));
  const net = round2(above.reduce((a, it) => a + (it.price ?? 0) - (it.discount ?? 0), 0));
  if (Math.abs(last.price - gross) >= 0.015 && Math.abs(last.price - net) >= 0.015) return null;
  items.pop();
  return last.price;
}

/** Digits blur makes of one another on receipt print (read → printed): a trailing 0 read as 8, 6 or 9. */
const UNIT_SLIPS: Record<string, string[]> = { '8': ['0', '3', '6'], '6': ['0', '5', '8'], '9': ['0'], '0': ['6', '8'], '5': ['6'], '3': ['8'] };

/**
 * An item whose unit price times its quantity is not its price, when changing ONE digit of the
 * unit price by a usual slip makes them agree ("$33.58" unit, "$33.50" line, quantity 1): the unit
 * price was misread; so was one whose first digit is a misread `$`. Otherwise the item is left as read.
 */
export function repairUnitSlip(item: ParsedReceiptItem): void {
  const q = item.quantity ?? 1;
  if (item.unitPrice === null || item.price === null || Math.abs(item.unitPrice * q - item.price) < 0.015) return;
  const text = item.unitPrice.toFixed(2);
  const fits: number[] = [];
  for (let i = 0; i < text.length; i++)
    for (const to of UNIT_SLIPS[text[i]] ?? []) {
      const v = Number(`${text.slice(0, i)}${to}${text.slice(i + 1)}`);
      if (v > 0 && Math.abs(v * q - item.price) < 0.015) fits.push(v);
    }
  // A "$" read as a digit in front of the unit price ("2 @ 478.28" under a line of $156.56).
  const dropped = text.length > 4 ? Number(text.slice(1)) : 0;
  if (!fits.length && dropped > 0 && Math.abs(dropped * q - item.price) < 0.015) fits.push(dropped);
  if (fits.length === 1) item.unitPrice = fits[0];
}

/**
 * The total as printed when the photo lost one of its digits ("$2182" for $211.82, its point then
 * put back two from the end): the read figure is the expected one with one digit missing. The
 * expected total (subtotal − discount + tax) is only taken when the items confirm the subtotal.
 */
export function lostDigit(read: number, want: number): boolean {
  const [r, w] = [read.toFixed(2).replace('.', ''), want.toFixed(2).replace('.', '')];
  if (w.length !== r.length + 1) return false;
  for (let i = 0; i < w.length; i++) if (`${w.slice(0, i)}${w.slice(i + 1)}` === r) return true;
  return false;
}

/**
 * Items whose line amount is not their unit price times their quantity, one of the two misread
 * ("$39.52" unit, "$3352" line): when taking unit × quantity as the line amount for exactly one
 * of them makes the items add up to the subtotal (`fits`), that was the printed amount.
 */
export function priceFromUnit(items: ParsedReceiptItem[], fits: (sum: number) => boolean): boolean {
  const sum = items.reduce((a, it) => a + (it.price ?? 0) - (it.discount ?? 0), 0);
  if (fits(sum)) return false;
  const found = items.filter((it) => {
    if (it.price === null || it.unitPrice === null) return false;
    const line = round2(it.unitPrice * (it.quantity ?? 1));
    return Math.abs(line - it.price) >= 0.015 && fits(sum - it.price + line);
  });
  if (found.length !== 1) return false;
  found[0].price = round2((found[0].unitPrice as number) * (found[0].quantity ?? 1));
  return true;
}

/**
 * The order's discount one digit off ("-$8.00" read for -$9.00) when the items add up to the
 * subtotal and subtotal − discount + tax = total holds for a figure that differs from the read one
 * in one digit, a look-alike one (or with a figure in front, the `$` misread): that figure. Otherwise
 * the discount is left as read.
 */
export function orderDiscountSlip(items: ParsedReceiptItem[], discount: number | null, subtotal: number | null, tax: number | null, total: number | null): number | null {
  if (discount === null || subtotal === null || tax === null || total === null || !items.length) return discount;
  const sum = items.reduce((a, it) => a + (it.price ?? 0) - (it.discount ?? 0), 0);
  const want = round2(subtotal + tax - total);
  if (Math.abs(sum - subtotal) >= 0.015 || want <= 0 || Math.abs(want - discount) < 0.015) return discount;
  const [r, w] = [discount.toFixed(2), want.toFixed(2)];
  // (Its `$` read as a figure in front: `-85.68` for `-$5.68`.)
  if (r.length === w.length + 1 && '8593'.includes(r[0]) && r.slice(1) === w) return want;
  if (r.length !== w.length) return discount;
  const diff = [...r].map((ch, i) => [ch, w[i]]).filter(([a, b]) => a !== b);
  return diff.length === 1 && (LOOK_ALIKE[diff[0][0]] ?? '').includes(diff[0][1]) ? want : discount;
}

/** Digits that look alike on blurred print (read → printed), both ways: 8 and 9, 8 and 0, 6 and 5. */
const LOOK_ALIKE: Record<string, string> = { '8': '9036', '9': '80', '0': '869', '6': '850', '5': '6', '3': '8', '1': '7', '7': '1' };

/**
 * The `2 @ 11.86` line under an item as blur glues it: "2011.86" (the @ read as a 0, the gaps
 * lost), maybe after a speck ("PI   2011.86"). Read as count and unit price only when the count
 * (2–10) times the unit is the item's line price and no other split of the digits is.
 */
export function gluedQtyUnit(line: string, price: number): { quantity: number; unitPrice: number } | null {
  // Or with its @ read as ® or © ("2® $36.25"), maybe after a speck of the margin.
  const at = /^\s*(?:[^\w\s]{1,3}\s+)?(\d{1,2})\s?[®©]\s?\$?\s?(\d{1,5}[.,]\d{2})\s*$/.exec(line);
  if (at) {
    const [quantity, unitPrice] = [Number(at[1]), Number(at[2].replace(',', '.'))];
    return quantity >= 2 && quantity <= 10 && Math.abs(quantity * unitPrice - price) < 0.015 ? { quantity, unitPrice } : null;
  }
  const m = /^\s*(?:[A-Za-z|:;.'"]{1,3}\s+)?(\d{3,7})[.,](\d{2})\s*$/.exec(line);
  if (!m) return null;
  const [whole, cents] = [m[1], m[2]];
  const found = new Map<string, { quantity: number; unitPrice: number }>();
  for (const qLen of [1, 2])
    for (const skip of [0, 1]) {
      const rest = whole.slice(qLen + skip);
      if (!rest || (skip && whole[qLen] !== '0')) continue;
      const quantity = Number(whole.slice(0, qLen));
      const unitPrice = Number(`${rest}.${cents}`);
      if (quantity >= 2 && quantity <= 10 && Math.abs(quantity * unitPrice - price) < 0.015) found.set(`${quantity}/${unitPrice}`, { quantity, unitPrice });
    }
  return found.size === 1 ? [...found.values()][0] : null;
}

/**
 * Misread totals and amounts, repaired only where the receipt's own arithmetic proves it: a "$"
 * read as a leading digit, a subtotal the items and the total contradict, one digit of the total,
 * one digit of one item's amount. Anything else is left as read.
 */
export function reconcileTotals(
  items: ParsedReceiptItem[],
  read: { subtotal: number | null; tax: number | null; total: number | null },
  discount: number | null,
): { subtotal: number | null; tax: number | null; total: number | null } {
  let { subtotal, tax, total } = read;
  // A "$" read as a digit before one of the three ("Taxes & fees   826.41" for $26.41): when the
  // other two say what it must be and that is the printed figure without its first digit.
  const lead = (v: number, want: number) => (v >= 100 && want > 0 && Math.abs(v - want) > 0.015 && v.toFixed(2).slice(1) === want.toFixed(2) ? want : v);
  if (subtotal !== null && total !== null && tax !== null) {
    const [s0, t0, x0] = [subtotal, total, tax];
    const x1 = lead(x0, round2(t0 - s0 + (discount ?? 0)));
    const t1 = lead(t0, round2(s0 - (discount ?? 0) + x1));
    [tax, total, subtotal] = [x1, t1, lead(s0, round2(t1 + (discount ?? 0) - x1))];
  }
  // A misread subtotal ("1560.00" for 150.00) when the items' sum agrees with tax and total.
  if (subtotal !== null && total !== null) {
    const sum = round2(items.reduce((a, it) => a + (it.price ?? 0) - (it.discount ?? 0), 0));
    if (items.length >= 2 && Math.abs(sum - subtotal) > 0.015 && Math.abs(sum - (discount ?? 0) + (tax ?? 0) - total) < 0.015) subtotal = sum;
  }
  // A line amount its own unit price and quantity contradict, when the unit's product makes the
  // items add up to the subtotal: that amount ("$3352" read for $39.52 beside a "$39.52" unit).
  if (subtotal !== null) {
    const sub = subtotal;
    priceFromUnit(items, (s) => Math.abs(s - sub) < 0.015 || Math.abs(s - (discount ?? 0) - sub) < 0.015);
  }
  // The items agree with the subtotal, the total does not: one digit of the total misread ("178.01" for 175.01).
  if (subtotal !== null && total !== null && tax !== null) {
    const want = round2(subtotal - (discount ?? 0) + tax);
    const sum = items.reduce((a, it) => a + (it.price ?? 0) - (it.discount ?? 0), 0);
    if (Math.abs(want - total) > 0.015 && items.length && Math.abs(sum - subtotal) < 0.015 && (digitSlips(total).includes(want) || lostDigit(total, want))) total = want;
    // Or one digit of the tax misread ("$38.49" for $36.49), the total and the items agreeing.
    const wantTax = round2(total - subtotal + (discount ?? 0));
    if (Math.abs(wantTax - tax) > 0.015 && wantTax > 0 && items.length && Math.abs(sum - subtotal) < 0.015 && digitSlips(tax).includes(wantTax)) tax = wantTax;
  }
  // The totals agree with each other but not with the items: one digit of one item's amount misread.
  if (subtotal !== null && total !== null && Math.abs(subtotal - (discount ?? 0) + (tax ?? 0) - total) < 0.015) {
    repairItemDigit(items, subtotal, discount);
  }
  return { subtotal, tax, total };
}

/** Digits blur makes of one another on receipt print (read → printed). */
const DIGIT_SLIPS: Record<string, string[]> = { '0': ['6', '8', '9'], '6': ['0', '5', '8'], '8': ['0', '3', '5', '6'], '9': ['0'], '3': ['8'], '5': ['6'], '1': ['7'], '7': ['1'] };

/** Every amount one usual digit slip away from a read amount. */
function digitSlips(v: number): number[] {
  const text = v.toFixed(2);
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) for (const to of DIGIT_SLIPS[text[i]] ?? []) out.push(Number(`${text.slice(0, i)}${to}${text.slice(i + 1)}`));
  return out.filter((x) => x > 0);
}

/**
 * When the printed subtotal (checked against tax and total) differs from the item lines' sum,
 * and changing ONE digit of ONE item's amount by a usual OCR slip ("$36.16" for $30.16) makes
 * them agree, and no other such change does: that amount was misread. Anything else is left alone.
 */
function repairItemDigit(items: ParsedReceiptItem[], subtotal: number, discount: number | null): void {
  const sum = items.reduce((a, it) => a + (it.price ?? 0) - (it.discount ?? 0), 0);
  const fits = (s: number) => Math.abs(s - subtotal) < 0.015 || Math.abs(s - (discount ?? 0) - subtotal) < 0.015;
  if (!items.length || fits(sum)) return;
  const found: { item: ParsedReceiptItem; value: number }[] = [];
  for (const item of items) {
    if (item.price === null) continue;
    for (const value of digitSlips(item.price)) if (fits(sum - item.price + value)) found.push({ item, value });
  }
  if (found.length !== 1) return;
  const { item, value } = found[0];
  const qty = item.quantity ?? 1;
  if (item.unitPrice !== null && Math.abs(item.unitPrice * qty - (item.price ?? 0)) < 0.015) item.unitPrice = round2(value / qty);
  item.price = value;
}

/** 0..1: share of the fields a receipt normally carries that were found, plus arithmetic checks. */
export function receiptCoverage(items: ParsedReceiptItem[], subtotal: number | null, tax: number | null, total: number | null, discount: number | null): number {
  if (!items.length) return total !== null ? 0.15 : 0;
  const checks: boolean[] = [true, total !== null, subtotal !== null || tax !== null];
  const lineSum = items.reduce((a, it) => a + (it.price ?? 0) - (it.discount ?? 0), 0);
  if (subtotal !== null) checks.push(Math.abs(lineSum - subtotal) < 0.02 || Math.abs(lineSum - (discount ?? 0) - subtotal) < 0.02);
  if (total !== null) checks.push(Math.abs((subtotal ?? lineSum) - (discount ?? 0) + (tax ?? 0) - total) < 0.02 || Math.abs((subtotal ?? lineSum) + (tax ?? 0) - total) < 0.02);
  checks.push(items.every((i) => i.grams !== null || i.category !== 'Flower'));
  return checks.filter(Boolean).length / checks.length;
}

/** Two amounts printed alike but for one digit ("39.52" / "33.52"): one of them misread. */
export function oneDigitApart(a: number, b: number): boolean {
  const [x, y] = [a.toFixed(2), b.toFixed(2)];
  return x.length === y.length && [...x].filter((ch, i) => ch !== y[i]).length <= 1;
}
