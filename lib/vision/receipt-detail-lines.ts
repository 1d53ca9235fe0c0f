import { categorize, round2, stripCategoryWords, strainTypeIn } from '@/lib/vision/parse-common';
import { CBD, num, pct, qtyUnitPattern, THC } from '@/lib/vision/receipt-figures';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/**
 * Detail lines printed under an item that look like items of their own (issue 14, twelfth
 * receipt round): a line in another language that starts with a category word and carries the
 * item's potency (`Flor · 3.5g · THC 22.1%`), and one that also carries the quantity and unit price
 * of the line above (`Concentrado · 2g · THC 84.3% · 2 x $75.42`), whose amount is no item's price.
 */

/**
 * A potency line whose only other word is a category word, in whatever language ("Flor · THC 22.1%",
 * "Vaporizador - THC 85.2%", "Concentrado · 2g · THC 84.3%": a weight is no word): the detail line of
 * the item above, not a name.
 */
export function isPotencyDetail(line: string): boolean {
  const at = line.search(/\b(THC|CBD):?\s?\(?\d/i);
  if (at < 0) return false;
  const words = line
    .slice(0, at)
    .split(/\s+/)
    .filter((w) => /[A-Za-zÀ-ÿ]{2}/.test(w));
  return words.length <= 1 && (words[0]?.length ?? 0) <= 16;
}

const QTY_UNIT = qtyUnitPattern({ before: '(?<![\\w.])', spaceAfterSign: true, after: '(?!\\d)', flags: 'gi' });
/** `Qty 2 @ $25.00`, `2 x $17.50` on a detail line. */
const QTY_UNIT_DETAIL = qtyUnitPattern({ before: '\\b(?:qty:?\\s?)?' });

/**
 * A potency detail line (`isPotencyDetail`) whose every amount is the unit price of a `2 x $75.42`
 * that multiplies out to the price of the item above (to the cent): the item's detail line. Its
 * amount is no price of a new item.
 */
export function isQtyUnitDetail(line: string, item: ParsedReceiptItem | null): boolean {
  if (!item || item.price === null || !isPotencyDetail(line)) return false;
  const hits = [...line.matchAll(QTY_UNIT)];
  if (hits.length !== 1) return false;
  const [whole, qty, unit] = hits[0];
  const rest = line.replace(whole, ' ');
  if (/\d[.,]\d{2}(?!\d)/.test(rest.replace(/\b(THC|CBD):?\s?\(?\d{1,3}(?:[.,]\d{1,2})?\s?%?/gi, ' '))) return false;
  return Math.abs(round2(Number(qty) * Number(unit.replace(',', '.'))) - item.price) < 0.015;
}

/**
 * A package tag printed alone on its own line under an item (a METRC UID "1A4060300005F1B000012345",
 * a long SKU or barcode number): one run of capitals and digits, at least 12 long with 8 digits;
 * also such a tag with a keyed batch or lot code beside it.
 * It names no product, so it is neither the next item's name nor the end of this item's details.
 */
export function isBareCode(line: string): boolean {
  // The tag first and its batch beside it (`1A40A0300001F2B000012345  BATCH B24-1187`, as Treez and
  // Flowhub print them): the tag's letters are no product's name either.
  const tagged = /^\s*(\S{12,})\s+(?:batch|lot|b#|pkg|exp|uid)\s?[:#]?\s?[A-Z0-9][A-Z0-9-]*\s*$/i.exec(line);
  if (tagged) return isBareCode(tagged[1]);
  const compact = line.replace(/\s/g, '');
  if (!/^[0-9A-Z]+$/.test(compact)) return false;
  const digits = compact.match(/\d/g)?.length ?? 0;
  if (compact.length >= 12 && digits >= 8) return true;
  // A 24-character tag a blurred photo misread (figures as letters) and split in up to three runs
  // (`1AG060300EDAGA LPF ICOLSY`, `LA4DEOICOSARICEAF TIER 47`): 20–26 long, its first run at least
  // 8 long with letters and figures, 3 figures at least.
  const runs = line.trim().split(/\s+/);
  return compact.length >= 20 && compact.length <= 26 && digits >= 3 && runs.length <= 3 && runs[0].length >= 8 && /\d/.test(runs[0]) && /[A-Z]/.test(runs[0]);
}

export function stripDetail(text: string): string {
  return stripCategoryWords(text).replace(/\b(total\s+)?(THC|CBD|SKU|lot|pkg|qty|ea|batch)\b.*$|^\s*strain\s?:.*$/i, '');
}

/**
 * A keyed strain line under an item whose name prints none (`Strain: Blue Dream`, `Strain: Face Off
 * OG (Indica)`): the item's strain name (its type tag taken as the type). Nothing else is read
 * from it: a strain's words are no category (`Wedding Cake`, `Cherry Pie`).
 */
const KEYED_STRAIN = /^\s*strain\s?:\s*([A-Za-z0-9][^()|·•]*?)\s*(?:\(\s*([A-Za-z]+)\s*\))?\s*$/i;

/** A detail line under an item: potency, category, quantity × unit price; or its keyed strain. */
export function applyDetail(item: ParsedReceiptItem, line: string): void {
  const keyed = KEYED_STRAIN.exec(line);
  if (keyed) {
    if (keyed[1].replace(/[^A-Za-z]/g, '').length >= 3) item.strainName = keyed[1];
    item.type = strainTypeIn(keyed[2] ?? '') ?? item.type;
    return;
  }
  const thc = THC.exec(line);
  const cbd = CBD.exec(line);
  if (thc) item.thcPct = pct(thc[1]);
  if (cbd) item.cbdPct = pct(cbd[1]);
  const cat = categorize(line.replace(/\b(THC|CBD)\b.*$/i, ''), 'Other');
  if (cat !== 'Other') item.category = cat;
  const type = strainTypeIn(line);
  if (type) item.type = type;
  const qx = QTY_UNIT_DETAIL.exec(line) ?? /\bqty:?\s?(\d{1,3})\b/i.exec(line);
  if (qx) {
    item.quantity = Number(qx[1]);
    if (qx[2]) item.unitPrice = num(qx[2]);
    else if (item.price !== null) item.unitPrice = round2(item.price / item.quantity);
    if (!qx[2]) gluedQtyEach(item, line, qx[1]);
  }
}

/**
 * `Qty 281 $172.78 each` under a $345.56 item: the `at` between the quantity and the unit price
 * read as figures glued to it (`Qty 2 at $172.78 each`). The quantity's first figure is taken, and
 * the printed unit price, when that quantity times it is the item's price to the cent.
 */
function gluedQtyEach(item: ParsedReceiptItem, line: string, qty: string): void {
  const each = /\$\s?(\d{1,4}[.,]\d{2})\s?(?:each|ea)\b/i.exec(line);
  if (!each || item.price === null || qty.length < 2) return;
  const unit = num(each[1]);
  const first = Number(qty[0]);
  if (first >= 1 && Math.abs(round2(Number(qty) * unit) - item.price) >= 0.015 && Math.abs(round2(first * unit) - item.price) < 0.015) {
    item.quantity = first;
    item.unitPrice = unit;
  }
}
