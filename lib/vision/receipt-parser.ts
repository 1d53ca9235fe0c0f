import {
  brandPrefix,
  categorize,
  cleanLine,
  letters,
  linesFromWords,
  moneyOn,
  NAME_MIN_CONF,
  nameFix,
  parseDate,
  parseWeightGrams,
  round2,
  stripCategoryWords,
  strainTypeIn,
  tidyName,
  type MoneyHit,
  type WordBox,
} from '@/lib/vision/parse-common';
import type { Category, ParsedReceipt, ParsedReceiptItem } from '@/lib/vision/types';

/**
 * Receipt text (OCR output, a pasted or e-mailed receipt) → line items and totals.
 *
 * Driven by the words on a line and the line's geometry, not by one layout's order:
 * - OCR keeps wide gaps as runs of spaces (preserve_interword_spaces), so a line splits into
 *   column cells: the name cell, a category cell, a THC % cell, a quantity cell, "2 x $35.00",
 *   unit and line amounts. A table's header row names its columns (THC vs CBD).
 * - Summary lines are recognised by their keywords (subtotal, taxes, total, discounts, payment).
 * - A line without a price after an item is that item's detail line when it carries detail
 *   words (THC/CBD %, a category alone, "Qty 2 @ $25.00", "1 ea @", SKU/lot): the item a
 *   detail line belongs to is the item line above it. Otherwise it is the name of the next
 *   item, whose price comes on the following line ("2 @ $35.00   $70.00").
 * - A discount printed before the subtotal belongs to the item above it, one printed after it to
 *   the whole order.
 */

const SUBTOTAL = /\bsub\s?-?\s?tota[l1]\b/i;
const TOTAL = /\b(grand\s+)?tota[l1]\b|\bamount\s+due\b|\bbalance\s+due\b/i;
const NOT_TOTAL = /\btotal\s+(savings|saved|discounts?|items?|qty|quantity|units?)\b/i;
// "Line total: $x" is an item's amount (an item card), not the order's total.
const LINE_TOTAL = /\bline\s+tota[l1]\b/i;
// "SalesTax": the space before a tax word lost to OCR
const TAX = /\b(tax|taxes|excise|vat|gst|hst)\b|(?<=sales|state|local|excise|city|county)tax(es)?\b/i;
const DISCOUNT = /\b(discount|disc|promo|coupon|savings|loyalty|reward|deal|bogo)\b|%\s*off\b/i;
const PAYMENT = /\b(cash|card|visa|master\s?card|amex|debit|credit|change|tender(ed)?|paid|payment|tip|points|cashback|rounding|auth)\b/i;
const HEADER_NOISE =
  /\b(receipt|order|invoice|ticket|transaction|cashier|budtender|served|register|terminal|license|lic\b|tel|phone|www\.|https?:|\.com|thank|thanks|date|time|customer|member|patient|bill\s+to|st\.?|street|ave|avenue|blvd|road|rd\.?|suite|ste)\b|#\s?\d|\(\d{3}\)|\d{3}[-.]\d{3}[-.]\d{4}|\b[A-Z]{2}\s\d{5}\b/i;
const STORE_NOISE =
  /\d{3}|\b(receipt|order|invoice|ticket|transaction|cashier|budtender|register|terminal|license|tel|phone|www\.|https?:|\.com|thank|date|time|customer|member|patient)\b|#\s?\d/i;
const COLUMN_WORDS = /^(item|items|product|products|description|qty|quantity|price|unit|each|total|amount|category|type|thc|cbd|sku)$/i;
const QTY_X = /(?<![\w.])(\d{1,3})\s?(?:x|X|×|@|ea\b)(?![a-wyz])\s?(?:@\s?)?/;
const QTY_WORD = /\bqty:?\s?(\d{1,3})\b/i;
// "THC 21.6%", also with the % lost to OCR when the figure has decimals ("THC 21.6" at a line's end or before a separator)
const THC = /\bTHC:?\s?\(?(\d{1,2}(?:[.,]\d{1,2})?\s?%|\d{1,2}[.,]\d{1,2}(?=\s*(?:$|[|·•*,;)]|\s{2}|\s-\s|\s?CBD)))/i;
const CBD = /\bCBD:?\s?\(?(\d{1,2}(?:[.,]\d{1,2})?\s?%|\d{1,2}[.,]\d{1,2}(?=\s*(?:$|[|·•*,;)]|\s{2}|\s-\s)))/i;
// "THC" alone is not a detail word: "THC Bomb" is a strain. Potency needs its figure.
const DETAIL = /\b(THC|CBD):?\s?\(?\d|\b(SKU|lot|pkg|batch|qty|ea)\b|@|^\s*(flower|pre-?roll|vape|concentrate|edible|cartridge|cart)\b/i;
const PCT_CELL = /^\(?(\d{1,2}(?:[.,]\d{1,2})?)\s?%\)?$/;
const INT_CELL = /^\d{1,3}$/;

interface Pending {
  name: string;
  /** Detail lines printed between the name and its price line (a keyed item card). */
  details?: string[];
}

interface Cell {
  text: string;
  kind: 'money' | 'qtyunit' | 'int' | 'pct' | 'category' | 'text';
}

const num = (s: string) => Number(s.replace(',', '.').replace(/\s?%$/, ''));

function cellKind(text: string): Cell['kind'] {
  if (/^[-(]?\$?\s?\d{1,5}[.,]\d{2}\)?$/.test(text)) return 'money';
  if (/^(qty:?\s?)?\d{1,3}\s?(x|×|@|ea)\s?@?\s?\$?\d{1,5}[.,]\d{2}$/i.test(text)) return 'qtyunit';
  if (INT_CELL.test(text)) return 'int';
  if (PCT_CELL.test(text)) return 'pct';
  if (letters(stripCategoryWords(text).replace(/\b(indica|sativa|hybrid)\b/gi, '')) < 2 && categorize(text, 'Other') !== 'Other') return 'category';
  return 'text';
}

/**
 * Dotted leaders between a name and its amount ("Blue Zushi 1/8 oz ........ $44.86") come out
 * of OCR as dots glued to lowercase garbage (".............ccvuvvvnn", "iii iit tities seit
 * ieee"): a run of three or more dots and the dot-like letters after it, or three or more
 * lowercase tokens of dot-like letters right before an amount, become a column gap.
 */
export function stripLeaders(raw: string): string {
  return raw
    .replace(/\s?(?:[.·…]\s?){3,}[.·…:;,'`ceinrstuvaz\s]*?(?=\s*[-−(]?\$?\s?\d|\s*$)/g, '   ')
    .replace(/(?:\s+(?!oz\b)[.·:;,'`ceinrstuvaz]{1,8}){3,}(?=\s+[-−(]?\$?\s?\d[\d.,]*\s*$)/g, (m) => (m.replace(/\s/g, '').length >= 10 ? '   ' : m));
}

/** Raw OCR line → cells split at wide gaps, each cleaned; and the whole cleaned line. */
function splitLine(raw: string): { line: string; cells: Cell[] } {
  const parts = stripLeaders(raw)
    .split(/\s{2,}|\t/)
    .map(cleanLine)
    .filter((c) => c.length > 0);
  // Specks at the page edge ("i", "E", ":") read as a column of their own.
  const junk = (c: string) => c.length <= 3 && !/\d/.test(c) && !/^(qty|tax|thc|cbd)$/i.test(c);
  const kept = parts.length > 1 ? parts.filter((c) => !junk(c)) : parts;
  const cells = kept.map((text) => ({ text, kind: cellKind(text) }));
  return { line: cleanLine(kept.join('   ')), cells };
}

/**
 * `words`: tesseract's word boxes, when the reading has them: the rows are then rebuilt from the
 * boxes (column gaps measured on the page, `linesFromWords`) instead of taken from its text.
 */
export function parseReceiptText(raw: string, words?: readonly WordBox[]): ParsedReceipt {
  const boxes = words?.length ? linesFromWords(words) : null;
  const source = boxes ? boxes.map((l) => l.text) : raw.split(/\r?\n/);
  const lines = source.map((s, i) => ({ ...splitLine(s), conf: boxes ? boxes[i].conf : 100 })).filter((l) => l.line.length > 0);
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
  let lastItem: ParsedReceiptItem | null = null;
  let pending: Pending | null = null;
  let header: string[] | null = null;
  /** Category of the section heading the items below belong to ("VAPES", "Pre-Rolls"). */
  let section: Category | null = null;

  // When prices carry "$" on this receipt, an amount without one on an item line is not a price
  // (a "0.59" that was "0.5g" would otherwise turn a name line into an item).
  // Only lines that could be item lines count: a thermal receipt prints its items without "$"
  // and still shows "Cash $60.00" at the bottom.
  const usesDollar =
    lines.filter((l) => /\$\s?\d/.test(l.line) && !SUBTOTAL.test(l.line) && !TAX.test(l.line) && !TOTAL.test(l.line) && !PAYMENT.test(l.line) && !DISCOUNT.test(l.line)).length >=
    1;

  for (const { line, cells, conf } of lines) {
    orderDate ??= /\b(\d{4}|date|\d{1,2}\/\d{1,2}\/\d{2})/i.test(line) ? parseDate(line) : null;
    const money = moneyOn(line);
    const last = money.at(-1);
    // A table's header row: two or more column words and nothing else.
    const words = line.split(/\s+/);
    if (!money.length && words.length >= 2 && words.filter((w) => COLUMN_WORDS.test(w.replace(/[:.]$/, ''))).length >= Math.max(2, words.length - 1)) {
      header = cells.map((c) => c.text.toLowerCase());
      continue;
    }
    if (SUBTOTAL.test(line)) {
      if (last) subtotal = last.value;
      afterSubtotal = true;
      lastItem = null;
      continue;
    }
    if (TAX.test(line) && !DISCOUNT.test(line)) {
      if (last) {
        if (/\btotal\b/i.test(line)) totalTax = last.value;
        else taxes.push(last.value);
      }
      lastItem = null;
      continue;
    }
    if (TOTAL.test(line) && !NOT_TOTAL.test(line) && !LINE_TOTAL.test(line)) {
      if (last) total = last.value;
      afterSubtotal = true;
      lastItem = null;
      continue;
    }
    if (DISCOUNT.test(line) || NOT_TOTAL.test(line)) {
      if (last && !/\btotal\s+(items?|qty|quantity|units?)\b/i.test(line)) {
        if (!afterSubtotal && lastItem && !/\b(loyalty|points|order|coupon|reward)\b/i.test(line)) {
          lastItem.discount = round2((lastItem.discount ?? 0) + last.value);
        } else if (!/\btotal\s+(savings|saved|discounts?)\b/i.test(line) || !sawOrderDiscount) {
          orderDiscount += last.value;
          sawOrderDiscount = true;
        }
      }
      continue;
    }
    if (PAYMENT.test(line) || afterSubtotal) {
      lastItem = null;
      continue;
    }
    if (isSectionHeading(line, cells)) {
      section = categorize(line, 'Other');
      lastItem = null;
      pending = null;
      continue;
    }
    const prices = usesDollar ? money.filter((m) => m.hasSign) : money;
    const nameCell = cells.find((c) => c.kind === 'text' && letters(beforeAmounts(c.text)) >= 3);
    const detailish = DETAIL.test(line) && (!nameCell || letters(stripDetail(nameCell.text)) < 3);
    // A name waiting for its price line, then a detail line ("Product: …" / "Category: Vape
    // THC: 88.1%" / "Qty: 1  Unit price: $x  Line total: $y"): the detail is the waiting item's.
    if (pending && !prices.length && (THC.test(line) || CBD.test(line) || /^\s*(category|type|potency)\s*:/i.test(line))) {
      pending.details = [...(pending.details ?? []), line];
      continue;
    }
    if (lastItem && !pending && detailish) {
      applyDetail(lastItem, line);
      continue;
    }
    if (!prices.length) {
      const nameish = letters(line) >= 3 && !HEADER_NOISE.test(line) && !parseDate(line);
      // The store's name is the first plain line; street words are allowed there ("High Street").
      if (!items.length && dispensaryName === null && letters(line) >= 3 && conf >= NAME_MIN_CONF && !STORE_NOISE.test(line) && !parseDate(line))
        dispensaryName = tidyName(withoutMarginDigit(line, cells));
      else if (nameish && items.length + (dispensaryName ? 1 : 0) > 0) pending = { name: withoutMarginDigit(line, cells) };
      continue;
    }
    const item = readItemLine(line, cells, itemAmounts(line, prices), pending, header);
    if (item && pending?.details && item.productName === nameFix(beforeAmounts(stripItemKey(pending.name)))) for (const d of pending.details) applyDetail(item, d);
    pending = null;
    // An item whose own line names no category takes its section's.
    if (item && section && categorize(`${item.productName} ${line}`, 'Other') === 'Other') item.category = section;
    if (item) items.push(item);
    lastItem = item;
  }

  const tax = totalTax ?? (taxes.length ? round2(taxes.reduce((a, b) => a + b, 0)) : null);
  const discount = sawOrderDiscount ? round2(orderDiscount) : null;
  return { dispensaryName, orderDate, items, discount, subtotal, tax, total, coverage: receiptCoverage(items, subtotal, tax, total, discount) };
}

/**
 * A section heading: a line that is only a category word, in capitals or in the plural
 * ("FLOWER", "VAPES", "Pre-Rolls", "Concentrates"). A singular "Flower" in ordinary case under an
 * item stays that item's detail line.
 */
function isSectionHeading(line: string, cells: Cell[]): boolean {
  if (cells.length !== 1 || cells[0].kind !== 'category' || /\d|%/.test(line)) return false;
  const word = line.replace(/[^A-Za-z-]/g, '');
  return word.length >= 4 && (word === word.toUpperCase() || /s$/i.test(word));
}

/**
 * A name-only line without the lone digit OCR made of a speck at the paper's right edge
 * ("PERMANENT MARKER PREROLL 1G      3"): a one-digit cell after a wide gap ends no product name.
 */
function withoutMarginDigit(line: string, cells: Cell[]): string {
  if (cells.length >= 2 && /^\d$/.test(cells[cells.length - 1].text))
    return cleanLine(
      cells
        .slice(0, -1)
        .map((c) => c.text)
        .join(' '),
    );
  return line;
}

/** The part of a text before its first amount, quantity mark or potency figure. */
function beforeAmounts(text: string): string {
  let end = text.length;
  for (const m of text.matchAll(/\$?\s?\d{1,5}[.,]\d{2}(?!\s?(?:g|mg|oz|%))/g)) {
    // "3.59" (3.5g whose g became 9) inside a name is a weight, not an amount
    if (!m[0].includes('$') && parseWeightGrams(m[0].trim(), { allowTrailingNine: true })) continue;
    end = Math.min(end, m.index ?? end);
    break;
  }
  for (const re of [/[(|·-]?\s?\bTHC:?\s?\(?\d/i, /[(|·-]?\s?\bCBD:?\s?\(?\d/i]) {
    const m = re.exec(text);
    if (m) end = Math.min(end, m.index);
  }
  return text.slice(0, end);
}

function stripDetail(text: string): string {
  return stripCategoryWords(text).replace(/\b(THC|CBD|SKU|lot|pkg|qty|ea|batch)\b.*$/i, '');
}

/** A detail line under an item: potency, category, quantity × unit price. */
function applyDetail(item: ParsedReceiptItem, line: string): void {
  const thc = THC.exec(line);
  const cbd = CBD.exec(line);
  if (thc) item.thcPct = num(thc[1]);
  if (cbd) item.cbdPct = num(cbd[1]);
  const cat = categorize(line.replace(/\b(THC|CBD)\b.*$/i, ''), 'Other');
  if (cat !== 'Other') item.category = cat;
  const type = strainTypeIn(line);
  if (type) item.type = type;
  const qx = /\b(?:qty:?\s?)?(\d{1,3})\s?(?:x|×|@|ea)\s?@?\s?\$?(\d{1,5}[.,]\d{2})/i.exec(line) ?? /\bqty:?\s?(\d{1,3})\b/i.exec(line);
  if (qx) {
    item.quantity = Number(qx[1]);
    if (qx[2]) item.unitPrice = num(qx[2]);
    else if (item.price !== null) item.unitPrice = round2(item.price / item.quantity);
  }
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

/** "Product: Blue Dream 3.5g" → "Blue Dream 3.5g" (an item card's key). */
function stripItemKey(name: string): string {
  return name.replace(/^\s*(?:product|item)(?:\s*name)?\s*:\s*/i, '');
}

function readItemLine(line: string, cells: Cell[], money: MoneyHit[], pending: Pending | null, header: string[] | null): ParsedReceiptItem | null {
  let quantity: number | null = null;
  let unitPrice: number | null = null;
  let thcPct: number | null = null;
  let cbdPct: number | null = null;
  let category: Category | null = null;

  // Column cells other than the name.
  const nameIdx = cells.findIndex((c) => c.kind === 'text' && letters(beforeAmounts(c.text)) >= 2);
  // A name split in two by a wide gap between its words ("Wana   Edibles - Pound Cake 1/8oz"):
  // the next cell is more name when it is words (no amount, %, quantity or category column).
  while (nameIdx >= 0 && nameIdx + 1 < cells.length) {
    const nx = cells[nameIdx + 1];
    if (nx.kind !== 'text' || letters(nx.text) < 3 || /%|\$|\d[.,]\d{2}\b|^[x×]\s?\d/i.test(nx.text) || QTY_X.test(nx.text) || QTY_WORD.test(nx.text) || DETAIL.test(nx.text))
      break;
    cells = [...cells.slice(0, nameIdx), { text: `${cells[nameIdx].text} ${nx.text}`, kind: 'text' }, ...cells.slice(nameIdx + 2)];
  }
  const multiCell = cells.length >= 2 && nameIdx >= 0;
  // A quantity printed as such ("Qty: 1", "1 x $37.41") beats a lone number at the margin, which
  // on a photo is as often a speck at the paper's edge read as a digit.
  const explicitQty = cells.some((c) => c.kind === 'qtyunit' || QTY_WORD.test(c.text) || (c.kind === 'text' && QTY_X.test(c.text) && moneyOn(c.text).length > 0));
  if (multiCell) {
    cells.forEach((c, i) => {
      if (i === nameIdx) return;
      const col = header && header.length === cells.length ? header[i] : null;
      if (c.kind === 'int' && i < nameIdx) quantity = explicitQty ? quantity : Number(c.text);
      else if (c.kind === 'int' && (!col || /qty|quantity/.test(col))) quantity ??= Number(c.text);
      else if (c.kind === 'pct') {
        const v = num((PCT_CELL.exec(c.text) as RegExpExecArray)[1]);
        if (col && /cbd/.test(col)) cbdPct = v;
        else if (!header || !header.some((h) => /cbd/.test(h)) || (col && /thc/.test(col))) thcPct ??= v;
      } else if (c.kind === 'text' && /^[x×]\s?\d{1,2}$/i.test(c.text)) {
        // a quantity column printed as "x2"
        quantity ??= Number(c.text.replace(/\D/g, ''));
      } else if (c.kind === 'category' || c.kind === 'text') {
        if (c.kind === 'category') category = categorize(c.text, 'Other');
        const p = /(?<![\w.])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(c.text);
        if (p && !/\bCBD\b/i.test(c.text)) thcPct ??= num(p[1]);
      } else if (c.kind === 'qtyunit') {
        const m = /(\d{1,3})\s?(?:x|×|@|ea)\s?@?\s?\$?(\d{1,5}[.,]\d{2})/i.exec(c.text);
        if (m) {
          quantity = Number(m[1]);
          unitPrice = num(m[2]);
        }
      }
    });
  }
  const source = multiCell ? cells[nameIdx].text : line;
  let left = beforeAmounts(source);
  const lead = explicitQty ? null : /^(\d{1,2})\s?(?:x|×)?\s+(?=[A-Za-z])/.exec(left);
  if (lead) {
    quantity ??= Number(lead[1]);
    left = left.slice(lead[0].length);
  }
  const qw = QTY_WORD.exec(left);
  if (qw) {
    quantity ??= Number(qw[1]);
    left = left.slice(0, qw.index);
  }
  const qx = QTY_X.exec(left);
  if (qx && !/^\s?[x×]\s?\d/.test(left.slice(qx.index - 1))) {
    // "2 @ $35.00" after the name; a pack ("1g x 2") is part of the name, not a quantity.
    const before = left.slice(0, qx.index);
    if (!/\d\s?(g|mg|oz)\s?$/i.test(before)) {
      quantity ??= Number(qx[1]);
      left = before;
    }
  }
  // A quantity column glued to the name by OCR ("Amnesia Haze Pod .59 1"): a lone small number
  // after the weight, or at the end when the table has a quantity column.
  const tailQty = /(?<![x×]\s?)\s(\d{1,2})\s*$/i.exec(left);
  if (tailQty && (header?.some((h) => /qty|quantity/.test(h)) || parseWeightGrams(left.slice(0, tailQty.index), { allowTrailingNine: true }))) {
    quantity ??= Number(tailQty[1]);
    left = left.slice(0, tailQty.index);
  }
  const thc = THC.exec(source);
  const cbd = CBD.exec(source);
  if (thc) thcPct ??= num(thc[1]);
  if (cbd) cbdPct ??= num(cbd[1]);

  let name = nameFix(left.replace(/[([]\s*$/, ''));
  // The price line of a name printed above it starts with its quantity ("1 @ $11.51", OCR'd
  // "1@su51"): whatever letters OCR made of the amount are not a name.
  const qtyLead = pending ? /^\s*(?:qty:?\s?)?(\d{1,3})\s?(?:@|x\b|×|ea\b)/i.exec(left) : null;
  if (qtyLead) {
    quantity ??= Number(qtyLead[1]);
    name = '';
  }
  let grams = parseWeightGrams(name, { allowTrailingNine: true })?.grams ?? null;
  if (letters(name) < 2) {
    if (!pending) return null;
    name = nameFix(beforeAmounts(stripItemKey(pending.name)));
    grams = parseWeightGrams(name, { allowTrailingNine: true })?.grams ?? null;
    const pth = THC.exec(pending.name);
    if (pth) thcPct ??= num(pth[1]);
  }
  if (letters(name) < 2) return null;
  // "3.59" read for "3.5g": print the weight as it was printed.
  const w = parseWeightGrams(name, { allowTrailingNine: true });
  if (w && /^\d*\.?\d+9$/.test(name.slice(w.index, w.end))) name = `${name.slice(0, w.index)}${name.slice(w.index, w.end - 1)}g${name.slice(w.end)}`;

  const price = money[money.length - 1].value;
  if (unitPrice === null && money.length >= 2) unitPrice = money[money.length - 2].value;
  if (quantity === null && unitPrice !== null && unitPrice > 0 && Math.abs(price / unitPrice - Math.round(price / unitPrice)) < 0.01) {
    quantity = Math.round(price / unitPrice);
  }
  quantity ??= 1;
  unitPrice ??= round2(price / quantity);
  const context = `${name} ${line}`;
  return {
    productName: name,
    strainName: null,
    category: category ?? categorize(context, grams !== null && grams >= 0.5 ? 'Flower' : 'Other'),
    grams,
    quantity,
    unitPrice,
    price,
    discount: null,
    thcPct,
    cbdPct,
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
  if (total !== null) checks.push(Math.abs((subtotal ?? lineSum) - (discount ?? 0) + (tax ?? 0) - total) < 0.02 || Math.abs((subtotal ?? lineSum) + (tax ?? 0) - total) < 0.02);
  checks.push(items.every((i) => i.grams !== null || i.category !== 'Flower'));
  return checks.filter(Boolean).length / checks.length;
}
