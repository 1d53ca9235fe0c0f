import { brandPrefix, categorize, cleanLine, letters, moneyOn, nameFix, parseDate, parseWeightGrams, round2, strainTypeIn, tidyName, type MoneyHit } from './parse-common';
import type { ParsedReceipt, ParsedReceiptItem } from './types';

/**
 * Receipt text (OCR output, a pasted or e-mailed receipt) → line items and totals.
 * Line based: summary lines are recognised by their keywords, item lines by a price; a name-only
 * line followed by a price-only line ("2 @ $35.00   $70.00") is one item; a discount printed
 * before the subtotal belongs to the item above it, one printed after it to the whole order.
 */

const SUBTOTAL = /\bsub\s?-?\s?tota[l1]\b/i;
const TOTAL = /\b(grand\s+)?tota[l1]\b|\bamount\s+due\b|\bbalance\s+due\b/i;
const NOT_TOTAL = /\btotal\s+(savings|saved|discounts?|items?|qty|quantity|units?)\b/i;
const TAX = /\b(tax|taxes|excise|vat|gst|hst)\b/i;
const DISCOUNT = /\b(discount|promo|coupon|savings|loyalty|reward|deal)\b|%\s*off\b/i;
const PAYMENT = /\b(cash|card|visa|master\s?card|amex|debit|credit|change|tender(ed)?|paid|payment|tip|points|cashback|rounding)\b/i;
const HEADER_NOISE =
  /\b(receipt|order|invoice|ticket|transaction|cashier|budtender|served|register|terminal|license|lic\b|tel|phone|www\.|https?:|\.com|thank|date|time|customer|member|patient|st\.?|street|ave|avenue|blvd|road|rd\.?|suite|ste)\b|#\s?\d|\(\d{3}\)|\d{3}[-.]\d{3}[-.]\d{4}|\b[A-Z]{2}\s\d{5}\b/i;
const STORE_NOISE = /\d{3}|\b(receipt|order|invoice|ticket|transaction|cashier|budtender|register|terminal|license|tel|phone|www\.|https?:|\.com|thank|date|time|customer|member|patient)\b|#\s?\d/i;
const QTY_X = /(?<![\w.])(\d{1,3})\s?(?:x|X|×|@|ea\b)(?![a-wyz])/;
const QTY_WORD = /\bqty:?\s?(\d{1,3})\b/i;
const THC = /\bTHC:?\s?(\d{1,2}(?:\.\d{1,2})?)\s?%/i;
const CBD = /\bCBD:?\s?(\d{1,2}(?:\.\d{1,2})?)\s?%/i;

interface Pending {
  name: string;
  grams: number | null;
  line: string;
}

export function parseReceiptText(raw: string): ParsedReceipt {
  const lines = raw.split(/\r?\n/).map(cleanLine).filter((l) => l.length > 0);
  const items: ParsedReceiptItem[] = [];
  let dispensaryName: string | null = null;
  let orderDate: string | null = null;
  let subtotal: number | null = null;
  let total: number | null = null;
  let orderDiscount = 0;
  let sawOrderDiscount = false;
  const taxes: number[] = [];
  let totalTax: number | null = null;
  let afterSubtotal = false;
  let lastWasItem = false;
  let pending: Pending | null = null;

  // When prices carry "$" on this receipt, an amount without one on an item line is not a price
  // (a "0.59" that was "0.5g" would otherwise turn a name line into an item).
  const usesDollar = lines.filter((l) => /\$\s?\d/.test(l)).length >= 2;

  for (const line of lines) {
    orderDate ??= /\b(\d{4}|date|\d{1,2}\/\d{1,2}\/\d{2})/i.test(line) ? parseDate(line) : null;
    const money = moneyOn(line);
    const last = money.at(-1);
    if (SUBTOTAL.test(line)) {
      if (last) subtotal = last.value;
      afterSubtotal = true;
      lastWasItem = false;
      continue;
    }
    if (TAX.test(line) && !DISCOUNT.test(line)) {
      if (last) {
        if (/\btotal\b/i.test(line)) totalTax = last.value;
        else taxes.push(last.value);
      }
      lastWasItem = false;
      continue;
    }
    if (TOTAL.test(line) && !NOT_TOTAL.test(line)) {
      if (last) total = last.value;
      afterSubtotal = true;
      lastWasItem = false;
      continue;
    }
    if (DISCOUNT.test(line) || NOT_TOTAL.test(line)) {
      if (last && !/\btotal\s+(items?|qty|quantity|units?)\b/i.test(line)) {
        if (!afterSubtotal && lastWasItem && items.length) {
          const it = items[items.length - 1];
          it.discount = round2((it.discount ?? 0) + last.value);
        } else if (!/\btotal\s+(savings|saved|discounts?)\b/i.test(line) || !sawOrderDiscount) {
          orderDiscount += last.value;
          sawOrderDiscount = true;
        }
      }
      continue;
    }
    if (PAYMENT.test(line) || afterSubtotal) {
      lastWasItem = false;
      continue;
    }
    const prices = usesDollar ? money.filter((m) => m.hasSign) : money;
    if (!prices.length) {
      // The first plain line of the header is the store; later name lines wait for a price line.
      const nameish = letters(line) >= 3 && !HEADER_NOISE.test(line) && !parseDate(line);
      // The store's name is the first plain line; street words are allowed there ("High Street").
      if (!items.length && dispensaryName === null && letters(line) >= 3 && !STORE_NOISE.test(line) && !parseDate(line)) dispensaryName = tidyName(line);
      else if (nameish && items.length + (dispensaryName ? 1 : 0) > 0) pending = { name: line, grams: null, line };
      lastWasItem = false;
      continue;
    }
    const item = readItemLine(line, itemAmounts(line, prices), pending);
    pending = null;
    if (item) {
      items.push(item);
      lastWasItem = true;
    } else lastWasItem = false;
  }

  const tax = totalTax ?? (taxes.length ? round2(taxes.reduce((a, b) => a + b, 0)) : null);
  const discount = sawOrderDiscount ? round2(orderDiscount) : null;
  return { dispensaryName, orderDate, items, discount, subtotal, tax, total, coverage: receiptCoverage(items, subtotal, tax, total, discount) };
}

/**
 * Amounts on an item line that are prices: when some carry a "$", only those (so "3.59", a 3.5g
 * whose g became 9, is not a price); else all but a leading weight-looking one.
 */
function itemAmounts(line: string, money: MoneyHit[]): MoneyHit[] {
  if (money.some((m) => m.hasSign)) return money.filter((m) => m.hasSign);
  if (money.length >= 2 && parseWeightGrams(line.slice(money[0].index, money[0].end), { allowTrailingNine: true })) return money.slice(1);
  return money;
}

function readItemLine(line: string, money: MoneyHit[], pending: Pending | null): ParsedReceiptItem | null {
  const left = line.slice(0, money[0].index);
  let nameEnd = left.length;
  let nameStart = 0;
  let quantity: number | null = null;

  const qx = QTY_X.exec(left) ?? QTY_WORD.exec(left);
  if (qx) {
    quantity = Number(qx[1]);
    nameEnd = Math.min(nameEnd, qx.index);
  } else {
    const lead = /^(\d{1,2})\s+(?=[A-Za-z])/.exec(left);
    if (lead && money.length >= 1) {
      quantity = Number(lead[1]);
      nameStart = lead[0].length;
    }
  }
  const weightZone = left.slice(nameStart, qx ? qx.index : left.length);
  const w = parseWeightGrams(weightZone, { allowTrailingNine: true });
  if (w) nameEnd = Math.min(nameEnd, nameStart + w.index);
  const thc = THC.exec(line);
  const cbd = CBD.exec(line);
  if (thc) nameEnd = Math.min(nameEnd, thc.index);

  let name = nameFix(left.slice(nameStart, nameEnd).replace(/\(\s*$/, ''));
  let grams = w?.grams ?? null;
  if (letters(name) < 2) {
    if (!pending) return null;
    name = nameFix(pending.name);
    const pw = parseWeightGrams(pending.name, { allowTrailingNine: true });
    if (pw) {
      grams ??= pw.grams;
      name = tidyName(pending.name.slice(0, pw.index));
    }
    const pth = THC.exec(pending.name);
    if (pth) name = tidyName(name.replace(pth[0], ''));
  }
  if (letters(name) < 2) return null;

  const lineHit = money[money.length - 1];
  const price = lineHit.value;
  let unitPrice: number | null = money.length >= 2 ? money[money.length - 2].value : null;
  if (quantity === null && unitPrice !== null && unitPrice > 0 && Math.abs(price / unitPrice - Math.round(price / unitPrice)) < 0.01) {
    quantity = Math.round(price / unitPrice);
  }
  quantity ??= 1;
  unitPrice ??= round2(price / quantity);
  const context = `${name} ${pending?.name ?? ''} ${line}`;
  return {
    productName: name,
    strainName: null,
    category: categorize(context, grams !== null && grams >= 0.5 ? 'Flower' : 'Other'),
    grams,
    quantity,
    unitPrice,
    price,
    discount: null,
    thcPct: thc ? Number(thc[1]) : null,
    cbdPct: cbd ? Number(cbd[1]) : null,
    type: strainTypeIn(context),
    brand: brandPrefix(name),
  };
}

/** 0..1: share of the fields a receipt normally carries that were found, plus arithmetic checks. */
export function receiptCoverage(items: ParsedReceiptItem[], subtotal: number | null, tax: number | null, total: number | null, discount: number | null): number {
  if (!items.length) return total !== null ? 0.15 : 0;
  const checks: boolean[] = [true, total !== null, subtotal !== null || tax !== null];
  const lineSum = items.reduce((a, it) => a + (it.price ?? 0) - (it.discount ?? 0), 0);
  if (subtotal !== null) checks.push(Math.abs(lineSum - subtotal) < 0.02 || Math.abs(lineSum - (discount ?? 0) - subtotal) < 0.02);
  if (total !== null && subtotal !== null) checks.push(Math.abs(subtotal - (discount ?? 0) + (tax ?? 0) - total) < 0.02 || Math.abs(subtotal + (tax ?? 0) - total) < 0.02);
  checks.push(items.every((i) => i.grams !== null || i.category !== 'Flower'));
  return checks.filter(Boolean).length / checks.length;
}
