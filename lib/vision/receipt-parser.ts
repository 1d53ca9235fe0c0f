import { repairFormWords } from '@/lib/vision/receipt-form-words';
import { applyDetail, isBareCode, isPotencyDetail, isQtyUnitDetail, stripDetail } from '@/lib/vision/receipt-detail-lines';
import { afterGreeting, continuesName, joinName, startsWithQuantity } from '@/lib/vision/receipt-names';
import { readWeighedOr } from '@/lib/vision/receipt-weighed';
import { CBD, THC } from '@/lib/vision/receipt-figures';
import { inlineDiscount } from '@/lib/vision/receipt-inline-discount';
import { detailLineAmount, lostMinusDiscounts, taxFromRates, taxRateOf, type DetailAmount } from '@/lib/vision/receipt-lost-signs';
import { joinWrappedParens, summaryLast, withoutStretchedBoxes } from '@/lib/vision/receipt-rows';
import { commaCurrencyStyle, fromCommaCurrency } from '@/lib/vision/receipt-text-slips';
import { finishItems, namePotency, rowForms } from '@/lib/vision/receipt-row-forms';
import {
  categorize,
  letters,
  parseWeightGrams,
  linesFromWords,
  moneyOn,
  NAME_MIN_CONF,
  nameFix,
  parseDate,
  round2,
  tidyName,
  type MoneyHit,
  type WordBox,
} from '@/lib/vision/parse-common';
import type { Category, ParsedReceipt, ParsedReceiptItem } from '@/lib/vision/types';

export { dateOf } from '@/lib/vision/receipt-dates';
export { inlineDiscount } from '@/lib/vision/receipt-inline-discount';
import { beforeAmounts, DETAIL, isSectionHeading, splitLine, stripItemKey, withoutMarginDigit } from '@/lib/vision/receipt-lines';
import { isReturnLine, isSavingsSummary, isVoidLine, restatedItemTaxes, saysIncluded, voidedIndex, withoutVoidedRows } from '@/lib/vision/receipt-cancels';
import { withoutLineNumbers } from '@/lib/vision/receipt-line-numbers';
import { isGroupSubtotal, isPageCarry } from '@/lib/vision/receipt-pages';
import { isLaterPromotion, isTipTotal, TIP_LINE } from '@/lib/vision/receipt-tail';
import { withQtyColumn } from '@/lib/vision/receipt-qty-column';
import { markFee, withoutFees } from '@/lib/vision/receipt-fees';
import { isDispensingDetail } from '@/lib/vision/receipt-dispensing';
import { taxFromRateLines } from '@/lib/vision/receipt-rate-lines';
import { endsWithWeight, wrappedRow, type WordPending } from '@/lib/vision/receipt-wrapped-row';
import { dateOf } from '@/lib/vision/receipt-dates';
import { isNotStoreName, unquoteMail } from '@/lib/vision/receipt-mail';
import { discountAsRated, isItemDiscountLine } from '@/lib/vision/receipt-rate-discount';
import { splitTenderPays, taxLostDigit, totalFromPaid } from '@/lib/vision/receipt-paid-witness';
import { isTaxBase, signAsDigitTotal } from '@/lib/vision/receipt-included-taxes';
import { qtyUnitUnder } from '@/lib/vision/receipt-unit-times';
import { isGarbledSubtotal, orderDiscountSlip, receiptCoverage, reconcileTotals, repairUnitSlip, subtotalFromLastItem } from '@/lib/vision/receipt-photo';

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

// (French: "Sous-total")
const SUBTOTAL = /\b(sub|sous)\s?-?\s?tota[l1]\b/i;
const TOTAL = /\b(grand\s+)?tota[l1]\b|\bamount\s+due\b|\bbalance\s+due\b/i;
// "TOTAL THC 23.4%" under an item is its potency, not the order's total.
const NOT_TOTAL = /\btotal\s+(savings|saved|discounts?|items?|qty|quantity|units?)\b/i;
const POTENCY_TOTAL = /\btota[l1]\s+(thc|cbd|cannabinoids)\b/i;
// "Line total: $x" is an item's amount (an item card), not the order's total.
const LINE_TOTAL = /\bline\s+tota[l1]\b/i;
// "SalesTax": the space before a tax word lost to OCR
// (Canada: GST, PST, HST, QST; French: TPS, TVQ, TVH)
// (Spanish: "IVU" in Puerto Rico, "IVA", "Impuesto")
const TAX = /\b(tax|taxes|excise|vat|gst|hst|pst|qst|tps|tvq|tvh|ivu|iva|impuestos?)\b|(?<=sales|state|local|excise|city|county)tax(es)?\b|\b(gst|pst|tps|tvq)(?=\d)/i;
// (French: "Rabais", "Remise"; Spanish: "Descuento", "Rebaja", "Ahorro"; a figure then `off`: `15% off`, a coupon's `$10 off $50+`)
const DISCOUNT = /\b(discounts?|disc|promos?|coupons?|savings|loyalty|rewards?|deals?|bogo|rabais|remise|redeemed|redemption|descuentos?|rebajas?|ahorros?)\b|[%\d]\s*off\b/i;
// (Spanish: "Efectivo" cash, "Cambio" change, "Tarjeta" card, "Pagado" paid)
const PAYMENT =
  /\b(cash|card|visa|master\s?card|amex|debit|credit|change|tender(ed)?|paid|payment|tip|points|cashback|rounding|auth|interac|d[ée]bit|comptant|carte|efectivo|cambio|tarjeta|pagado)\b/i;
const HEADER_NOISE =
  /\b(receipt|order|invoice|ticket|transaction|cashier|budtender|served|register|terminal|license|lic\b|tel|phone|www\.|https?:|\.com|thank|thanks|date|time|customer|member|patient|bill\s+to|recibo|cajer[oa]|paciente|fecha|st\.?|street|ave|avenue|blvd|road|rd\.?|suite|ste)\b|#\s?\d|\(\d{3}\)|\d{3}[-.]\d{3}[-.]\d{4}|\b[A-Z]{2}\s\d{5}\b/i;
const STORE_NOISE =
  /\d{3}|\b(receipt|order|invoice|ticket|transaction|cashier|budtender|register|terminal|license|tel|phone|www\.|https?:|\.com|thank|date|time|customer|member|patient|recibo|cajer[oa]|paciente|fecha)\b|#\s?\d/i;
const POTENCY_LEAD = /^\s*(THC|CBD):?\s?\(?\d/i;
/** A package / batch code line under an item name ("SKU 00012345   Batch ABC-123", "Pkg: 1A4…"). */
const CODE_LINE = /^\s*(sku|lot|batch|pkg|package|upc|plu|uid)\b:?\s?#?\s?[\dA-Z]/i;
const COLUMN_WORDS = /^([il]tems?|products?|description|qty|quantity|price|unit|each|total|amount|category|type|thc|cbd|sku|size|weight|wt|tax|excise|disc(?:ount)?|potency)$/i;
/**
 * `words`: tesseract's word boxes, when the reading has them: the rows are then rebuilt from the
 * boxes (column gaps measured on the page, `linesFromWords`) instead of taken from its text.
 */
export function parseReceiptText(raw: string, words0?: readonly WordBox[]): ParsedReceipt {
  const words = words0 && withoutStretchedBoxes(words0);
  const boxes = words?.length ? linesFromWords(words) : null;
  // (Numbered item lines, `01  Name   $35.00 T`: the numbers are taken off, they are no quantities.)
  // (Quote marks of a forwarded mail off, receipt-mail.ts; voided rows blanked, receipt-cancels.ts; `2053328` for `2 @ $33.28`, unit-led rows and potency cells, receipt-row-forms.ts; an order summary printed above the items read after them, receipt-summary-first.ts.)
  const source = rowForms(withoutVoidedRows(unquoteMail(withoutLineNumbers(boxes && words ? withQtyColumn(boxes, words) : raw.split(/\r?\n/)))));
  // Amounts printed "35,00 $" are read as "$35.00"; such a receipt prints its dates day first.
  const commaStyle = commaCurrencyStyle(source);
  // (Misread form words put back: `Vape Cantnidge` → `Vape Cartridge`, receipt-form-words.ts.)
  const rows = summaryLast(joinWrappedParens(source.map((s, i) => ({ text: repairFormWords(commaStyle ? fromCommaCurrency(s) : s), conf: boxes ? boxes[i].conf : 100 }))));
  const lines = rows
    .map((r) => {
      const inline = inlineDiscount(r.text);
      return { ...splitLine(inline ? inline.rest : r.text), conf: r.conf, inlineDiscount: inline?.value ?? null };
    })
    .filter((l) => l.line.length > 0 || l.inlineDiscount !== null);
  const items: ParsedReceiptItem[] = [];
  let dispensaryName: string | null = null;
  let orderDate: string | null = null;
  let subtotal: number | null = null;
  let total: number | null = null;
  /** A total printed at the head of the receipt, before the items (used when none follows them). */
  let headTotal: number | null = null;
  let orderDiscount = 0;
  let sawOrderDiscount = false;
  const taxes: number[] = [];
  let totalTax: number | null = null;
  let afterSubtotal = false;
  /** A tip line was read after the total (a card slip): a total after it includes the tip. */
  let tipAfterTotal = false;
  let lastItem: ParsedReceiptItem | null = null;
  let pending: WordPending | null = null;
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

  /** The line before this one was an item line (read from its own line). */
  let afterItemLine = false;
  /** Amounts of unlabelled rate lines between the subtotal and the total. */
  const rateLines: number[] = [];
  /** Index of the line a waiting name was read from. */
  let pendingAt = -1;
  /** Amounts of payment lines ("VISA *4821   $133.45", "Cash Tendered   $160.00"). */
  const paid: number[] = [];
  /** Unsigned amounts on items' detail lines; rates of tax lines read without their amount (receipt-lost-signs.ts). */
  const detailAmounts: DetailAmount[] = [];
  const taxRates: number[] = [];
  for (const [lineNo, { line, cells, conf, inlineDiscount: inlineDisc }] of lines.entries()) {
    const justAfterItem = afterItemLine;
    afterItemLine = false;
    // (Also a month name glued to its day and year by OCR: "Sep242026".)
    orderDate ??= /\b(\d{4}|date|\d{1,2}\/\d{1,2}\/\d{2})|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s?\d{5,6}\b|\b\d{1,2}-[a-z]{3}-\d{2}\b/i.test(line)
      ? dateOf(line, commaStyle)
      : null;
    // A line that was only an inline discount ("(Deal -$6.32)" wrapped under its name): the
    // discount of the item being read (a name waiting for its price) or of the item above.
    if (inlineDisc !== null && !/[A-Za-z0-9]/.test(line)) {
      if (pending) pending.discount = round2((pending.discount ?? 0) + inlineDisc);
      else if (lastItem) lastItem.discount = round2((lastItem.discount ?? 0) + inlineDisc);
      continue;
    }
    const money = moneyOn(line);
    const last = money.at(-1);
    // A line voided at the register cancels its item; a return of an earlier purchase and a
    // savings summary are no item and no discount (receipt-cancels.ts).
    if (last && !afterSubtotal && isVoidLine(beforeAmounts(line))) {
      const at = voidedIndex(items, last.value, lastItem);
      if (at >= 0) items.splice(at, 1);
      lastItem = null;
      pending = null;
      continue;
    }
    if (last && !afterSubtotal && isReturnLine(line)) {
      lastItem = null;
      pending = null;
      continue;
    }
    if (isSavingsSummary(line)) continue;
    // Promotions for a later visit and a card slip's tip after the total (receipt-tail.ts).
    if (isLaterPromotion(line)) continue;
    // A medical item's dispensing details are its own (receipt-dispensing.ts).
    if ((lastItem || pending) && !money.length && isDispensingDetail(line)) continue;
    if (total !== null && TIP_LINE.test(line) && !TOTAL.test(line)) tipAfterTotal = true;
    // A receipt printed on more than one page: page numbers, a page subtotal carried to the next
    // page and brought forward there, the store's name `(continued)`, a group's own sum: no item, no subtotal.
    if (isPageCarry(line) || isGroupSubtotal(line)) {
      lastItem = null;
      pending = null;
      continue;
    }
    // A table's header row: two or more column words and nothing else.
    const words = line.split(/\s+/);
    if (!money.length && !/\d/.test(line) && words.length >= 2 && words.filter((w) => COLUMN_WORDS.test(w.replace(/[:.]$/, ''))).length >= Math.max(2, words.length - 1)) {
      header = cells.map((c) => c.text.toLowerCase());
      continue;
    }
    if (SUBTOTAL.test(line) || (items.length > 0 && isGarbledSubtotal(line))) {
      if (last) subtotal = last.value;
      afterSubtotal = true;
      lastItem = null;
      continue;
    }
    if (TAX.test(line) && !DISCOUNT.test(line) && !(last && isTaxBase(line))) {
      // A duty included in the item's price, printed under it (`duty incl. $3.50`): its detail.
      if (!afterSubtotal && lastItem && saysIncluded(line)) continue;
      if (last) {
        if (/\btotal\b/i.test(line)) totalTax = last.value;
        else taxes.push(last.value);
      } else if (taxRateOf(line) !== null) taxRates.push(taxRateOf(line) as number);
      lastItem = null;
      continue;
    }
    if (TOTAL.test(line) && !NOT_TOTAL.test(line) && !LINE_TOTAL.test(line) && !POTENCY_TOTAL.test(line)) {
      if (total !== null && isTipTotal(line, tipAfterTotal)) continue;
      // The total printed big at the head, before any item (Square, Clover): the items follow.
      if (!items.length && !pending && !afterSubtotal) {
        if (last) headTotal = last.value;
        continue;
      }
      if (last) total = last.value;
      afterSubtotal = true;
      lastItem = null;
      continue;
    }
    if (DISCOUNT.test(line) || NOT_TOTAL.test(line)) {
      if (last && total === null && !/\btotal\s+(items?|qty|quantity|units?)\b/i.test(line)) {
        // (A loyalty or reward line is the order's, unless its rate of the item above is its amount:
        // `- Loyalty 20% off  -$12.75` under a $63.75 item.)
        const rate = /(\d{1,2}(?:\.\d{1,2})?)\s?%/.exec(line.slice(0, last.index));
        const ofItem = lastItem?.price != null && rate !== null && Math.abs(round2((lastItem.price * Number(rate[1])) / 100) - last.value) < 0.015;
        if (!afterSubtotal && lastItem && (ofItem || !/\b(loyalty|points|order|coupons?|rewards?)\b/i.test(line))) {
          lastItem.discount = round2((lastItem.discount ?? 0) + discountAsRated(line, last, lastItem));
        } else if (!/\btotal\s+(savings|saved|discounts?)\b/i.test(line) || !sawOrderDiscount) {
          orderDiscount += last.value;
          sawOrderDiscount = true;
        }
      }
      continue;
    }
    // Between the subtotal and the total, a minus amount under words no list knows (`Happy hour
    // 10%  -$10.00`, `Employee 20%  -$5.00`): the order's discount.
    if (afterSubtotal && subtotal !== null && total === null && last?.negative && !PAYMENT.test(line) && letters(beforeAmounts(line)) >= 3) {
      orderDiscount += last.value;
      sawOrderDiscount = true;
      continue;
    }
    if (PAYMENT.test(line) && last && !last.negative) paid.push(last.value);
    if (PAYMENT.test(line) || afterSubtotal) {
      // Between the subtotal and the total, a line with a rate and an amount whose label OCR
      // lost ("VQ 9,975 %", "GSTS5%", "GSTS%"): a tax if the totals' arithmetic says so (checked at the end).
      if (afterSubtotal && subtotal !== null && total === null && last && /%/.test(line.slice(0, last.index)) && !PAYMENT.test(line)) rateLines.push(last.value);
      lastItem = null;
      continue;
    }
    if (isSectionHeading(line, cells)) {
      section = categorize(line, 'Other');
      lastItem = null;
      pending = null;
      continue;
    }
    if (!money.length && (lastItem || pending) && isBareCode(line)) continue;
    const prices = usesDollar ? money.filter((m) => m.hasSign) : money;
    const nameCell = cells.find((c) => c.kind === 'text' && letters(beforeAmounts(c.text)) >= 3);
    // (A line that starts with a potency figure is a detail line whatever words follow: "THC 21.4 %  Dispensed 7.0 g".)
    // (So is a line that is only a quantity and its unit price, "2 x $82.09", under the item's line price.)
    const detailish =
      (DETAIL.test(line) && (!nameCell || letters(stripDetail(nameCell.text)) < 3 || POTENCY_LEAD.test(line))) ||
      (cells.length === 1 && cells[0].kind === 'qtyunit') ||
      (!prices.length && isPotencyDetail(line)) ||
      isQtyUnitDetail(line, lastItem);
    // A name waiting for its price line, then a detail line ("Product: …" / "Category: Vape
    // THC: 88.1%" / "Qty: 1  Unit price: $x  Line total: $y"): the detail is the waiting item's.
    // Also a code line ("SKU 00012345   Batch ABC-123") between a name and its "1 @ 35.00" line.
    if (pending && !prices.length && (THC.test(line) || CBD.test(line) || /^\s*(category|type|potency|strain)\s*:/i.test(line) || CODE_LINE.test(line))) {
      pending.details = [...(pending.details ?? []), line];
      continue;
    }
    if (justAfterItem && lastItem && !pending && !prices.length && continuesName(lastItem, line)) {
      joinName(lastItem, line);
      continue;
    }
    if (lastItem && !pending && detailish) {
      applyDetail(lastItem, line);
      // A minus amount at the right of a detail line (`THC 22.4% | CBD 0.1%    -$4.50`): the item's discount.
      const amount = detailLineAmount(line, prices, lastItem);
      if (amount?.signed) lastItem.discount = round2((lastItem.discount ?? 0) + amount.value);
      else if (amount) detailAmounts.push({ item: lastItem, value: amount.value });
      continue;
    }
    if (!prices.length) {
      const nameish = letters(line) >= 3 && !HEADER_NOISE.test(line) && !parseDate(line);
      // A speck row of a photo ("ioy") inside a name wrapped before its price line: skipped.
      if (pending && pendingAt === lineNo - 1 && !parseWeightGrams(pending.name, { allowTrailingNine: true }) && /^[A-Za-z]{1,3}$/.test(line.trim())) {
        pendingAt = lineNo;
        continue;
      }
      // A name wrapped onto a second line before its price line ("2 × Sour Space Candy Live
      // Resin" / "Cartridge .5g" / "$30.14"): the waiting name has no weight yet and this line
      // ends with one (printed names end with their weight).
      // (Neither line a keyed or coded one: "Product: …", "STORE 0042  TERM 03".)
      if (
        pending &&
        pendingAt === lineNo - 1 &&
        !pending.details &&
        (nameish || (letters(line) >= 1 && !HEADER_NOISE.test(line))) &&
        !/[:@]|\d{3}/.test(`${pending.name} ${line}`) &&
        !/\b(qty|sku|lot|pkg|batch|ea|thc|cbd)\b/i.test(line) &&
        !startsWithQuantity(line) &&
        !parseWeightGrams(pending.name, { allowTrailingNine: true }) &&
        endsWithWeight(line)
      ) {
        pending.name = `${pending.name} ${line}`;
        pendingAt = lineNo;
        if (inlineDisc !== null) pending.discount = round2((pending.discount ?? 0) + inlineDisc);
        continue;
      }
      // The store's name is the first plain line; street words are allowed there ("High Street").
      // (A greeting over the name, `Welcome to`, is no name; `Welcome to Green Therapy` is the name after it.)
      const store = !items.length && dispensaryName === null ? afterGreeting(line) : null;
      if (store !== null && letters(store) < 3) continue;
      if (
        !items.length &&
        dispensaryName === null &&
        letters(store ?? line) >= 3 &&
        conf >= NAME_MIN_CONF &&
        !STORE_NOISE.test(store ?? line) &&
        !parseDate(line) &&
        !isNotStoreName(line)
      )
        dispensaryName = tidyName(store ?? withoutMarginDigit(line, cells));
      else if (nameish && items.length + (dispensaryName ? 1 : 0) > 0) {
        pending = { ...namePotency(withoutMarginDigit(line, cells)), conf, ...(inlineDisc !== null ? { discount: inlineDisc } : {}) };
        pendingAt = lineNo;
      }
      continue;
    }
    // "2 $31.76" under an item: its "2 @ $31.76" line with the @ lost by OCR (or the quantity too, read too faintly to be kept: "$31.76" alone), or "@ 362.00 x 2",
    // when the quantity times the amount is the item's price (else a line with no name would end the item, and its discount below would be taken for the order's).
    const glued = lastItem && !pending && lastItem.price !== null ? qtyUnitUnder(line, lastItem.price) : null;
    if (lastItem && glued) {
      lastItem.quantity = glued.quantity;
      lastItem.unitPrice = glued.unitPrice;
      continue;
    }
    const lostAt = lastItem && !pending ? /^\s*(?:(\d{1,2})\s+)?\$?\s?(\d{1,5}[.,]\d{2})\s*$/.exec(line) : null;
    if (lastItem && lostAt && lastItem.price !== null) {
      const unit = Number(lostAt[2].replace(',', '.'));
      const q = lostAt[1] ? Number(lostAt[1]) : unit > 0 ? Math.round(lastItem.price / unit) : 0;
      if (q > 1 && q <= 10 && Math.abs(q * unit - lastItem.price) < 0.015) {
        lastItem.quantity = q;
        lastItem.unitPrice = unit;
        continue;
      }
    }
    // Only negative amounts under an item ("Bundle -10%   -$4.38"): a deal on that line, whatever its words.
    // (A minus sign, not parentheses: "LA CONFIDENTIAL SMALLS (3.56)" is a weight "(3.5G)" misread.)
    // (Or `Happy Hour 20%  $6.41`, that rate of the item above: its minus lost, receipt-rate-discount.ts.)
    if (lastItem && !pending && isItemDiscountLine(line, prices, lastItem, afterSubtotal)) {
      lastItem.discount = round2((lastItem.discount ?? 0) + (prices.at(-1) as MoneyHit).value);
      continue;
    }
    // (A table row whose name's start wrapped onto the line above: read with it, receipt-wrapped-row.ts.)
    const wrapped = wrappedRow(line, cells, pending, pendingAt === lineNo - 1, header, usesDollar);
    const item = wrapped ? readWeighedOr(wrapped.line, wrapped.cells, wrapped.prices, usesDollar, null, header) : readWeighedOr(line, cells, prices, usesDollar, pending, header);
    if (item && pending?.details && item.productName === nameFix(beforeAmounts(stripItemKey(pending.name)))) for (const d of pending.details) applyDetail(item, d);
    // An inline discount on the waiting name's line or on this one is the item's.
    const inlineSum = (pending?.discount ?? 0) + (inlineDisc ?? 0);
    if (item && inlineSum > 0) item.discount = round2((item.discount ?? 0) + inlineSum);
    pending = null;
    // An item whose own line names no category takes its section's.
    if (item && section && categorize(`${item.productName} ${line}`, 'Other') === 'Other') item.category = section;
    // (A fee rung up among the items, an exit bag, is read as one and left out at the end: receipt-fees.ts.)
    if (item) items.push(markFee(item, line));
    lastItem = item;
    afterItemLine = item !== null;
  }

  let discount = sawOrderDiscount ? round2(orderDiscount) : null;
  total ??= headTotal;
  if (subtotal === null && (total !== null || taxes.length)) subtotal = subtotalFromLastItem(items);
  for (const item of finishItems(items)) repairUnitSlip(item);
  lostMinusDiscounts(detailAmounts, items, subtotal);
  taxes.splice(0, restatedItemTaxes(taxes, subtotal, discount, total));
  const rated = !taxes.length && totalTax === null ? taxFromRates(taxRates, subtotal, discount, total) : null;
  if (rated !== null) taxes.push(rated);
  if (subtotal !== null && total !== null && totalTax === null) {
    taxes.push(...taxFromRateLines(rateLines, round2(total - subtotal + (discount ?? 0) - taxes.reduce((a, b) => a + b, 0))));
  }
  // No total read (its line lost to the photo): the amount paid by card (or the tenders less the
  // change), when it is exactly what the subtotal, discount and tax make, is the total.
  if (total === null && subtotal !== null && (totalTax !== null || taxes.length)) {
    const want = round2(subtotal - (discount ?? 0) + (totalTax ?? taxes.reduce((a, b) => a + b, 0)));
    if (paid.some((v) => Math.abs(v - want) < 0.015) || splitTenderPays(paid, want)) total = want;
  }
  total = signAsDigitTotal(totalFromPaid(total, paid), subtotal, discount);
  discount = orderDiscountSlip(items, discount, subtotal, totalTax ?? (taxes.length ? round2(taxes.reduce((a, b) => a + b, 0)) : null), total);
  const sums = reconcileTotals(items, { subtotal, tax: totalTax ?? (taxes.length ? round2(taxes.reduce((a, b) => a + b, 0)) : null), total }, discount);
  sums.tax = taxLostDigit(items, sums.subtotal, discount, sums.tax, sums.total);
  return { dispensaryName, orderDate, items: withoutFees(items), discount, ...sums, coverage: receiptCoverage(items, sums.subtotal, sums.tax, sums.total, discount) };
}
