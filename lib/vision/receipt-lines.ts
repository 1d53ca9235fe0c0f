import { weightThcCells } from '@/lib/vision/receipt-wt-cells';
import { unitColumnOfWeights } from '@/lib/vision/receipt-unit-column';
import { strainAbove } from '@/lib/vision/receipt-strain-over';
import { trailingDiscount } from '@/lib/vision/receipt-disc-column';
import { oneDigitApart, photoSlips } from '@/lib/vision/receipt-photo';
import { receiptSlips, stripLeaders } from '@/lib/vision/receipt-text-slips';
import {
  brandPrefix,
  categorize,
  categorizeLast,
  cleanLine,
  letters,
  moneyOn,
  nameFix,
  parseWeightGrams,
  round2,
  stripCategoryWords,
  strainTypeIn,
  type MoneyHit,
} from '@/lib/vision/parse-common';
import type { Category, ParsedReceiptItem } from '@/lib/vision/types';
import { packKind } from '@/lib/vision/receipt-pack-kinds';
import { CBD, num, pct, qtyUnitPattern, THC } from '@/lib/vision/receipt-figures';

/**
 * The lines of a receipt: column cells of one line, detail lines under an item, and an item line
 * read into a ParsedReceiptItem (lib/vision/receipt-parser.ts drives them over the whole receipt).
 */

const QTY_X = /(?<![\w.])(\d{1,3})\s?(?:x|X|×|@|ea\b)(?![a-wyz])\s?(?:@\s?)?/;
const QTY_WORD = /\bqty:?\s?(\d{1,3})\b/i;
/** A quantity and its unit price (receipt-figures.ts), in a cell of its own and anywhere in a cell. */
const QTY_UNIT_CELL = qtyUnitPattern({ before: '^(?:qty:?\\s?)?', after: '$' });
const QTY_UNIT = qtyUnitPattern();
// "THC" alone is not a detail word: "THC Bomb" is a strain. Potency needs its figure.
export const DETAIL = /\b(THC|CBD):?\s?\(?\d|\b(SKU|lot|pkg|batch|qty|ea|each)\b|@|^\s*(flower|pre-?roll|vape|concentrate|edible|cartridge|cart)\b|^\s*strain\s?:/i;
const PCT_CELL = /^\(?(\d{1,2}(?:[.,]\d{1,2})?)\s?%\)?$/;
const INT_CELL = /^\d{1,3}$/;

export interface Pending {
  name: string;
  /** Detail lines printed between the name and its price line (a keyed item card). */
  details?: string[];
  /** A line discount printed inline with the name ("(save $3.50)"). */
  discount?: number;
}

interface Cell {
  text: string;
  kind: 'money' | 'qtyunit' | 'int' | 'pct' | 'category' | 'text';
}

function cellKind(text: string): Cell['kind'] {
  if (/^[-(]?\$?\s?\d{1,5}[.,]\d{2}\)?$/.test(text)) return 'money';
  if (QTY_UNIT_CELL.test(text)) return 'qtyunit';
  if (INT_CELL.test(text)) return 'int';
  if (PCT_CELL.test(text)) return 'pct';
  if (letters(stripCategoryWords(text).replace(/\b(indica|sativa|hybrid)\b/gi, '')) < 2 && categorize(text, 'Other') !== 'Other') return 'category';
  return 'text';
}

/** A Category column's cell with a letter or two misread ("Flowet", "Concentrale"): its first letters. */
function categoryLike(text: string): Category | null {
  const named = categorize(text, 'Other');
  if (named !== 'Other') return named;
  const head = text
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, 4);
  const known: [string, Category][] = [
    ['flow', 'Flower'],
    ['prer', 'Pre-Roll'],
    ['vape', 'Vape'],
    ['conc', 'Concentrate'],
    ['edib', 'Edible'],
  ];
  return known.find(([k]) => head === k)?.[1] ?? null;
}

/** A strain-type tag after a name: "[H]", "[I]", "[S]", "(Sativa)", "[Indica]". */
const TYPE_TAG = /\s?[[(]\s?(i|s|h|indica|sativa|hybrid)\s?[\])](?=\s|$)/i;
const TAG_TYPE: Record<string, 'indica' | 'sativa' | 'hybrid'> = { i: 'indica', s: 'sativa', h: 'hybrid', indica: 'indica', sativa: 'sativa', hybrid: 'hybrid' };

/** A cell that is only a weight ("1/8oz", ".5g", "1g x 2", "3.5 g"; under a Wt header also "29", a 2g whose g was read as 9). */
function isWeightCell(text: string, wtColumn: boolean): boolean {
  // (also a pack printed count first: "2 x 1g", "5 x .5g")
  if (/^\d{1,2}\s?[x×]\s?\d{0,2}[.,]?\d{1,2}\s?g$/i.test(text.trim())) return true;
  const w = parseWeightGrams(text, { allowTrailingNine: wtColumn });
  return w !== null && w.index === 0 && w.end >= text.trim().length;
}

/** Amounts in a text, without a weight whose g was read as 9 ("3.59", "Flower 3.59"). */
export function amountsIn(text: string): MoneyHit[] {
  return moneyOn(text).filter((m) => m.hasSign || !parseWeightGrams(text.slice(m.index, m.end).trim(), { allowTrailingNine: true }));
}

/** Raw OCR line → cells split at wide gaps, each cleaned; and the whole cleaned line. */
export function splitLine(raw: string): { line: string; cells: Cell[] } {
  const parts = stripLeaders(receiptSlips(photoSlips(raw)))
    .split(/\s{2,}|\t/)
    .map(cleanLine)
    .filter((c) => c.length > 0);
  // Specks at the page edge ("i", "E", ":") read as a column of their own.
  // ("Qy": a Qty column header read short is no speck, nor is a "Wt" header.)
  const junk = (c: string) => c.length <= 3 && !/\d/.test(c) && !/^(qty|qy|qly|tax|thc|cbd|wt)$/i.test(c);
  const kept = parts.length > 1 ? parts.filter((c) => !junk(c)) : parts;
  const cells = kept.map((text) => ({ text, kind: cellKind(text) }));
  return { line: cleanLine(kept.join('   ')), cells };
}

/**
 * A section heading: a line that is only a category word, in capitals or in the plural
 * ("FLOWER", "VAPES", "Pre-Rolls", "Concentrates"). A singular "Flower" in ordinary case under an
 * item stays that item's detail line.
 */
export function isSectionHeading(line: string, cells: Cell[]): boolean {
  if (cells.length !== 1 || cells[0].kind !== 'category' || /\d|%/.test(line)) return false;
  const word = line.replace(/[^A-Za-z-]/g, '');
  return word.length >= 4 && (word === word.toUpperCase() || /s$/i.test(word));
}

/**
 * A name-only line without the lone digit OCR made of a speck at the paper's right edge
 * ("PERMANENT MARKER PREROLL 1G      3"): a one-digit cell after a wide gap ends no product name.
 */
export function withoutMarginDigit(line: string, cells: Cell[]): string {
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
export function beforeAmounts(text: string): string {
  let end = text.length;
  for (const m of text.matchAll(/\$?\s?\d{1,5}[.,]\d{2}(?!\d|\s?(?:g|mg|oz|%))/g)) {
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

/**
 * Amounts on an item line that are prices: when some carry a "$", only those (so "3.59", a 3.5g
 * whose g became 9, is not a price); else all but a leading weight-looking one.
 */
export function itemAmounts(line: string, money: MoneyHit[]): MoneyHit[] {
  if (money.some((m) => m.hasSign)) return money.filter((m) => m.hasSign);
  if (money.length >= 2 && parseWeightGrams(line.slice(money[0].index, money[0].end), { allowTrailingNine: true })) return money.slice(1);
  return money;
}

/** "Product: Blue Dream 3.5g" → "Blue Dream 3.5g" (an item card's key). */
export function stripItemKey(name: string): string {
  return name.replace(/^\s*(?:product|item)(?:\s*name)?\s*:\s*/i, '');
}

/** A pack printed count first after the name ("Preroll 2 x 1g", "5 x .5g", "2x1g"): the count times the weight. */
export function packGrams(name: string): number | null {
  const m = /(?<=[A-Za-z]\s+)(\d{1,2})\s?[x×]\s?(\d{0,2}[.,]?\d{1,2})\s?g\s*$/i.exec(name);
  return m ? round2(Number(m[1]) * Number(m[2].replace(',', '.'))) : null;
}

export function readItemLine(line: string, cells: Cell[], money: MoneyHit[], pending: Pending | null, header: string[] | null): ParsedReceiptItem | null {
  // A table whose last column is the line's tax ("Qty | Item | Size | Price | Tax"): that amount is no price.
  // Also without a header read: two dollar amounts, the last under half the first, are a price and
  // its tax (a unit price is never above its line's price; a list price beside the price charged is
  // near it). Not when the first ends in the second: "1094.74  94.74" is "1 @ 94.74" with its @ read as 0.
  const taxAfter =
    !header &&
    money.length === 2 &&
    money.every((m) => m.hasSign) &&
    !money[1].negative &&
    money[1].value < 0.45 * money[0].value &&
    !money[0].value.toFixed(2).endsWith(money[1].value.toFixed(2));
  if (money.length >= 2 && ((header && /^(tax|excise)$|\btax$/.test(header[header.length - 1])) || taxAfter)) money = money.slice(0, -1);
  let quantity: number | null = null;
  let unitPrice: number | null = null;
  let thcPct: number | null = null;
  let cbdPct: number | null = null;
  let category: Category | null = null;

  // Column cells other than the name.
  const nameIdx = cells.findIndex((c) => c.kind === 'text' && letters(beforeAmounts(c.text)) >= 2);
  // A name split in two by a wide gap between its words ("Wana   Edibles - Pound Cake 1/8oz"):
  // the next cell is more name when it is words (no amount, %, quantity or category column).
  // Not in a table whose header names every cell of the row (its Category cell may be misread, "Flowet").
  while (nameIdx >= 0 && nameIdx + 1 < cells.length && !(header && header.length === cells.length)) {
    const nx = cells[nameIdx + 1];
    if (nx.kind !== 'text' || letters(nx.text) < 3 || /%|\$|\d[.,]\d{2}\b|^[x×]\s?\d/i.test(nx.text) || QTY_X.test(nx.text) || QTY_WORD.test(nx.text) || DETAIL.test(nx.text))
      break;
    cells = [...cells.slice(0, nameIdx), { text: `${cells[nameIdx].text} ${nx.text}`, kind: 'text' }, ...cells.slice(nameIdx + 2)];
  }
  // Under a Wt header (a Unit one of weights, receipt-unit-column.ts), "1202" is 1/2oz (its slash lost, the oz read as 02) and "19x2" is 1g x 2
  // (its g read as 9).
  const wtCol = (header?.some((h) => /^(wt|weight|size)$/.test(h)) ?? false) || unitColumnOfWeights(header, cells, nameIdx);
  // (`0.59 80.9%`: a weight and the THC beside it in one cell are two, receipt-wt-cells.ts.)
  if (wtCol)
    cells = weightThcCells(cells).map((c) =>
      /^[1-9][248][0o][z2]$/i.test(c.text)
        ? { text: `${c.text[0]}/${c.text[1]}oz`, kind: 'text' }
        : /^(\.?\d)9\s?[x×]\s?(\d{1,2})$/i.test(c.text)
          ? { text: c.text.replace(/^(\.?\d)9\s?[x×]\s?(\d{1,2})$/i, '$1g x $2'), kind: 'text' }
          : c,
    );
  // A weight printed in a column of its own after the name ("Gary Payton   1/2oz   $137.63"):
  // the printed name is the name and its weight.
  if (nameIdx >= 0 && nameIdx + 1 < cells.length && isWeightCell(cells[nameIdx + 1].text, wtCol) && !parseWeightGrams(cells[nameIdx].text, { allowTrailingNine: true }))
    cells = [...cells.slice(0, nameIdx), { text: `${cells[nameIdx].text} ${cells[nameIdx + 1].text}`, kind: 'text' }, ...cells.slice(nameIdx + 2)];
  const multiCell = cells.length >= 2 && nameIdx >= 0;
  // A quantity printed as such ("Qty: 1", "1 x $37.41") beats a lone number at the margin, which
  // on a photo is as often a speck at the paper's edge read as a digit.
  // ("1 x Everest - Orange Cookies Whole Flower 3.59": a weight whose g was read as 9 is no amount.)
  const explicitQty = cells.some((c) => c.kind === 'qtyunit' || QTY_WORD.test(c.text) || (c.kind === 'text' && QTY_X.test(c.text) && amountsIn(c.text).length > 0));
  if (multiCell) {
    cells.forEach((c, i) => {
      if (i === nameIdx) return;
      const col = header && header.length === cells.length ? header[i] : null;
      if (c.kind === 'int' && i < nameIdx) quantity = explicitQty ? quantity : Number(c.text);
      // (Not a number no one buys: a misread weight "359" is no quantity.)
      else if (c.kind === 'int' && (!col || /qty|quantity/.test(col)) && Number(c.text) <= 50) quantity ??= Number(c.text);
      else if (c.kind === 'pct') {
        const v = num((PCT_CELL.exec(c.text) as RegExpExecArray)[1]);
        if (col && /cbd/.test(col)) cbdPct = v;
        else if (!header || !header.some((h) => /cbd/.test(h)) || (col && /thc/.test(col))) thcPct ??= v;
      } else if (c.kind === 'text' && /^[x×]\s?\d{1,2}$/i.test(c.text)) {
        // a quantity column printed as "x2"
        quantity ??= Number(c.text.replace(/\D/g, ''));
      } else if (c.kind === 'category' || c.kind === 'text') {
        if (c.kind === 'category') category = categorize(c.text, 'Other');
        else if (col && /category|type/.test(col)) category = categoryLike(c.text);
        const p = /(?<![\w.])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(c.text);
        if (p && !/\bCBD\b/i.test(c.text)) thcPct ??= num(p[1]);
      } else if (c.kind === 'qtyunit') {
        const m = QTY_UNIT.exec(c.text);
        if (m) {
          quantity = Number(m[1]);
          unitPrice = num(m[2]);
        }
      }
    });
  }
  // (A capital G read as 6 after a common size is put back before: capsWeightSlips, receipt-photo.ts.)
  const source = multiCell ? cells[nameIdx].text : line;
  let left = beforeAmounts(source);
  // "2 x Name", "2  Name", also with the space after the x lost to OCR ("1xEverest - …")
  const lead = explicitQty ? null : /^(\d{1,2})\s?(?:[x×]\s*(?=[A-Z])|[x×]?\s+(?=[A-Za-z]))/.exec(left);
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
    // (Nor is a pack printed count first, "Preroll 2 x 1g": a weight follows the x.)
    if (!/\d\s?(g|mg|oz)\s?$/i.test(before) && parseWeightGrams(left.slice(qx.index + qx[0].length))?.index !== 0) {
      quantity ??= Number(qx[1]);
      left = before;
    }
  }
  // A quantity column glued to the name by OCR ("Amnesia Haze Pod .59 1"): a lone small number
  // after the weight, or at the end when the table has a quantity column.
  const tailQty = /(?<![x×]\s?)\s(\d{1,2})\s*$/i.exec(left);
  if (tailQty && quantity === null && (header?.some((h) => /qty|quantity/.test(h)) || parseWeightGrams(left.slice(0, tailQty.index), { allowTrailingNine: true }))) {
    quantity = Number(tailQty[1]);
    left = left.slice(0, tailQty.index);
  }
  // "Everest Animal Mints Flower x 2   $119.92": a quantity after the name (not a pack's count after a weight).
  const nameTimes = /\s[x×]\s?(\d{1,2})\s*$/i.exec(left);
  const beforeTimes = nameTimes ? left.slice(0, nameTimes.index) : '';
  const packWeight = parseWeightGrams(beforeTimes, { allowTrailingNine: true });
  // (".59 x 5": a weight whose g was read as 9 before the count is a pack too.)
  if (nameTimes && !(packWeight && packWeight.end >= beforeTimes.trimEnd().length) && Number(nameTimes[1]) >= 1) {
    quantity ??= Number(nameTimes[1]);
    left = left.slice(0, nameTimes.index);
  }
  const thc = THC.exec(source);
  const cbd = CBD.exec(source);
  if (thc) thcPct ??= pct(thc[1]);
  if (cbd) cbdPct ??= pct(cbd[1]);

  // The strain type printed as a tag ("[H]", "(Sativa)") is the item's type, not part of its name.
  const tag = TYPE_TAG.exec(left);
  if (tag) left = left.replace(TYPE_TAG, ' ');
  let name = nameFix(left.replace(/[([]\s*$/, ''));
  // The price line of a name printed above it starts with its quantity ("1 @ $11.51", OCR'd
  // "1@su51"): whatever letters OCR made of the amount are not a name.
  const qtyLead = pending ? /^\s*(?:qty:?\s?)?(\d{1,3})\s?(?:@|x\b|×|ea\b)/i.exec(left) : null;
  if (qtyLead) {
    quantity ??= Number(qtyLead[1]);
    name = '';
  }
  let grams = packGrams(name) ?? parseWeightGrams(name, { allowTrailingNine: true })?.grams ?? null;
  if (letters(name) < 2) {
    if (!pending) return null;
    name = nameFix(beforeAmounts(stripItemKey(pending.name)));
    // "2 × Blue Dream 3.5g" above its price line: the quantity leads the name.
    // ("1% Name": the x read as %; "5 1 x Name": a speck of the photo's margin read before it.)
    const plead = /^(?:[^\sA-Za-z]{1,2}\s+(?=\d{1,2}\s?[x×]))?(\d{1,2})\s?(?:[x×]\s*|%\s+)(?=[A-Za-z])/.exec(name);
    if (plead) {
      quantity ??= Number(plead[1]);
      name = nameFix(name.slice(plead[0].length));
    }
    grams = parseWeightGrams(name, { allowTrailingNine: true })?.grams ?? null;
    const pth = THC.exec(pending.name);
    if (pth) thcPct ??= pct(pth[1]);
  }
  if (letters(name) < 2) return null;
  // `Brand – Kind – Size` under the strain's own line: the strain leads the name (receipt-strain-over.ts).
  const over = strainAbove(pending?.name, name);
  if (over) name = `${over.strain} ${name}`;
  // "3.59" read for "3.5g": print the weight as it was printed.
  const w = parseWeightGrams(name, { allowTrailingNine: true });
  if (w && /^\d*\.?\d+9$/.test(name.slice(w.index, w.end))) {
    name = `${name.slice(0, w.index)}${name.slice(w.index, w.end - 1)}g${name.slice(w.end)}`;
    grams = packGrams(name) ?? parseWeightGrams(name)?.grams ?? grams;
  }

  // A discount column between the unit price and the line amount ("$28.35   -$2.84   $25.51"):
  // the amount is after the discount, the item's price before it.
  let columnDiscount: number | null = null;
  const trail = trailingDiscount(money, header);
  if (trail) money = trail.money;
  const negs = money.slice(0, -1).filter((m) => m.negative);
  if (negs.length === 1 && !money[money.length - 1].negative && money.length >= 3) {
    columnDiscount = negs[0].value;
    money = money.filter((m) => m !== negs[0]);
  } else if (money.length === 3 && !negs.length) {
    // The same with the discount's minus lost to OCR: unit × quantity − discount = amount.
    const [u, d, a] = money.map((m) => m.value);
    if (d > 0 && d < u * (quantity ?? 1) && Math.abs(u * (quantity ?? 1) - d - a) < 0.015) {
      columnDiscount = d;
      money = [money[0], money[2]];
    }
  }
  let price = money[money.length - 1].value;
  if (columnDiscount !== null) {
    // The price is the net amount and the discount (two readings); a unit that does not make
    // it with the quantity ("$11.86" for $11.06) was misread.
    price = round2(price + columnDiscount);
    const q = quantity ?? 1;
    if (money.length >= 2 && Math.abs(money[money.length - 2].value * q - price) >= 0.015) unitPrice = round2(price / q);
  }
  // The amount before the line's price is its unit price unless it is above the price (a unit is
  // never dearer than its line: "1   $35.78   $30.32" is a list or adult-use price column beside
  // the price charged; "$39.52   $33.52", one digit apart, is a misread price and the unit stays). A whole number of it making the price beats a quantity digit that does
  // not fit ("3   $33.50   $33.50").
  // "$14.84 x2": the unit price with a trailing quantity, the line amount not printed (register tapes).
  const times = money.length === 1 && columnDiscount === null ? /^\s?[x×]\s?(\d{1,2})\s*$/i.exec(line.slice(money[0].end)) : null;
  if (times && Number(times[1]) >= 1) {
    quantity = Number(times[1]);
    unitPrice = price;
    price = round2(price * quantity);
  }
  if (unitPrice === null && money.length >= 2) {
    const u = money[money.length - 2].value;
    if (u <= price + 0.015 || oneDigitApart(u, price)) {
      unitPrice = u;
      const times = u > 0 ? price / u : 0;
      if (quantity !== null && Math.abs(u * quantity - price) >= 0.015 && times >= 1 && Math.abs(times - Math.round(times)) < 0.01) quantity = Math.round(times);
    }
  }
  if (quantity === null && unitPrice !== null && unitPrice > 0 && Math.abs(price / unitPrice - Math.round(price / unitPrice)) < 0.01) {
    quantity = Math.round(price / unitPrice);
  }
  quantity ??= 1;
  unitPrice ??= round2(price / quantity);
  const context = `${name} ${line}`;
  return {
    productName: name,
    strainName: null,
    category: category ?? packKind(name) ?? categorizeLast(context, grams !== null && grams >= 0.5 ? 'Flower' : 'Other'),
    grams,
    quantity,
    unitPrice,
    price,
    discount: columnDiscount ?? trail?.discount ?? null,
    thcPct,
    cbdPct,
    type: (tag ? TAG_TYPE[tag[1].toLowerCase()] : null) ?? strainTypeIn(context),
    brand: over?.brand ?? brandPrefix(name),
  };
}
