import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { descendants, visibleText } from '@/lib/scrape/extract/card-dom';
import { ATTR_MONEY, ATTR_PRICE, ATTR_REGULAR, priceCount, salePrices } from '@/lib/scrape/extract/card-prices';
import { parsePrice } from '@/lib/scrape/normalize';

/** Sizes a card offers, each with its price: chips, selects, columns of a price grid, plain text. */

export const SIZE_TEXT = String.raw`(?:\d+(?:\.\d+)?\s?(?:g|gr|grams?|oz|mg|ml)|1\/8\s?oz|1\/4\s?oz|1\/2\s?oz|1\/8|1\/4|1\/2|eighth|quarter|half(?: oz)?|ounce|\d+\s?(?:pk|pack))`;
/** A size option with its price: "1/8 oz $35", "3.5g · $30", "1g $12 $15" (sale and struck). */
const SIZE_CHIP = new RegExp(String.raw`^(${SIZE_TEXT})\s*[-–·:|]?\s*(?:\$\s?\d+(?:\.\d{1,2})?\s*){1,2}$`, 'i');

/**
 * The size options of a card, each with its own price: the innermost elements whose text is a
 * size and a price (buttons, chips, list items); two or more distinct sizes, else none.
 */
export function sizeChips($: CheerioAPI, els: Element[], classes: ReadonlySet<string>): SizePrice[] {
  const chips: Array<{ el: Element; size: string }> = [];
  for (const e of els) {
    const t = visibleText($, $(e));
    if (t.length > 40) continue;
    const m = SIZE_CHIP.exec(t);
    if (!m) continue;
    // Innermost: drop an enclosing chip already taken.
    const i = chips.findIndex((c) => $(c.el).find(e as never).length > 0);
    if (i >= 0) chips.splice(i, 1);
    chips.push({ el: e, size: m[1].replace(/\s+/g, ' ').trim() });
  }
  if (new Set(chips.map((c) => c.size.toLowerCase())).size < 2 || new Set(chips.map((c) => c.size.toLowerCase())).size !== chips.length) return [];
  return chips.map((c) => ({ size: c.size, ...salePrices(c.el, classes) })).filter((c): c is SizePrice => c.price !== null);
}

export type SizePrice = { size: string; price: string; regularPrice: string | null };
let sizesAll: RegExp | null = null;
/** Every size in a text ("1g 3.5g 7g" in a row of size buttons), for letters(). */
export function SIZES_ALL(): RegExp {
  sizesAll ??= new RegExp(String.raw`(?<![a-z])${SIZE_TEXT}(?![a-z])`, 'gi');
  sizesAll.lastIndex = 0;
  return sizesAll;
}

const SIZE_OPTION = new RegExp(String.raw`^(${SIZE_TEXT})(?:\s*[-–·:|]?\s*(\$\s?\d+(?:,\d{3})*(?:\.\d{1,2})?))?$`, 'i');

/**
 * A size chosen on the card: a \`<select>\` whose options are sizes, each with its price in its
 * text ("3.5g - $35.00") or in a price attribute (\`data-price\`, with \`data-compare-price\` for a
 * sale). Selects are page furniture otherwise (sort orders, store lists) and are removed before
 * cards are read; such a select is first written as a list of size options ("3.5g <s>$40.00</s>
 * $35.00"), which the size reader turns into one product per size. Two or more distinct sizes,
 * every option priced, else the select is left alone.
 */
export function sizeSelects($: CheerioAPI, scope: Cheerio<AnyNode>): void {
  for (const sel of scope.find('select').toArray() as Element[]) {
    const opts = ($(sel).find('option').toArray() as Element[]).filter((o) => (o.attribs.value ?? $(o).text()).trim() !== '');
    const items: string[] = [];
    const sizes = new Set<string>();
    for (const o of opts) {
      const m = SIZE_OPTION.exec($(o).text().replace(/\s+/g, ' ').trim());
      if (!m) break;
      const attr = ATTR_PRICE.map((k) => o.attribs[k]).find((x) => x !== undefined && ATTR_MONEY.test(x));
      const price = m[2] ? (parsePrice(m[2]) ?? null) : attr !== undefined ? Number(attr) : null;
      if (price === null || !(price > 0)) break;
      const reg = ATTR_REGULAR.map((k) => o.attribs[k]).find((x) => x !== undefined && ATTR_MONEY.test(x) && Number(x) > price);
      sizes.add(m[1].toLowerCase().replace(/\s+/g, ''));
      items.push(`<li>${m[1]} ${reg ? `<s>$${Number(reg).toFixed(2)}</s> ` : ''}$${price.toFixed(2)}</li>`);
    }
    if (items.length < 2 || items.length !== opts.length || sizes.size !== items.length) continue;
    $(sel).replaceWith(`<ul data-scan-sizes="">${items.join('')}</ul>`);
  }
}
/**
 * A WooCommerce variable product's variations form: its `data-product_variations` (each
 * variation's attribute values, `display_price` paid now and `display_regular_price`) written onto
 * the options of the form's one attribute select as `data-price` / `data-compare-price`, so that
 * sizeSelects reads one product per size. A form with several attribute selects (size × flavour)
 * or without readable variations is left alone.
 */
export function wooVariationPrices($: CheerioAPI, scope: Cheerio<AnyNode>): void {
  for (const form of scope.find('form[data-product_variations]').toArray() as Element[]) {
    let vars: unknown;
    try {
      vars = JSON.parse(form.attribs['data-product_variations']);
    } catch {
      continue;
    }
    const selects = $(form).find('select[name^="attribute_"]').toArray() as Element[];
    if (!Array.isArray(vars) || selects.length !== 1) continue;
    const attr = selects[0].attribs.name;
    for (const o of $(selects[0]).find('option').toArray() as Element[]) {
      const value = o.attribs.value;
      if (!value) continue;
      const hit = (vars as Array<Record<string, unknown>>).find(
        (v) => v && typeof v === 'object' && (v.attributes as Record<string, unknown> | undefined)?.[attr] === value && v.variation_is_active !== false,
      );
      const now = Number(hit?.display_price);
      if (!hit || !(now > 0)) continue;
      o.attribs['data-price'] = now.toFixed(2);
      const was = Number(hit.display_regular_price);
      if (was > now) o.attribs['data-compare-price'] = was.toFixed(2);
    }
  }
}
const SIZE_ONLY = new RegExp(String.raw`^${SIZE_TEXT}$`, 'i');
/** A text that is a size alone ("3.5g", "1/8 oz", "Eighth"): a size column's header. */
export const isSizeLabel = (s: string): boolean => SIZE_ONLY.test(s.replace(/\s+/g, ' ').trim());
const SIZE_IN = new RegExp(String.raw`(?:^|[\s(])(${SIZE_TEXT})(?=$|[\s)])`, 'i');
const AMOUNT = String.raw`\$\s?\d+(?:,\d{3})*(?:\.\d{1,2})?`;
/** What is left of a size segment without its size: a price, optionally "Now $x was $y" / "$x reg. $y". */
const SEGMENT_PRICES = new RegExp(
  String.raw`^[\s()\-–:]*(?:(?:now|sale|special|only|just)\s*:?\s*)?(${AMOUNT})(?:\s*(?:was|reg\.?|regular(?: price)?|orig(?:inal|\.)?(?: price)?|msrp|compare at)\s*:?\s*(${AMOUNT}))?[\s()]*$`,
  'i',
);

/**
 * Sizes priced in plain text, without markup per size: "$12 (1g) · $35 (3.5g) · Now $30 was $40
 * (7g)", "1g $12 | 3.5g Now $30 was $40 | 7g $65". The text is cut at `·`, `|`, `•`, ` — `
 * and line breaks; a piece that is one size and one price (a "Now … was …" pair counts as one,
 * the "was" price regular) is a size option. Two or more distinct sizes, else none.
 */
export function textSizes(text: string): SizePrice[] {
  const out: SizePrice[] = [];
  for (const piece of text.split(/\s*(?:[·|•\n]|\s[—–-]\s)\s*/)) {
    const m = SIZE_IN.exec(piece);
    if (!m) continue;
    const rest = piece.slice(0, m.index) + piece.slice(m.index + m[0].length);
    const p = SEGMENT_PRICES.exec(rest.trim());
    if (!p) continue;
    const price = p[1].replace(/\s+/g, '');
    const regular = p[2] && (parsePrice(p[2]) ?? 0) > (parsePrice(price) ?? 0) ? p[2].replace(/\s+/g, '') : null;
    out.push({ size: m[1].replace(/\s+/g, ' ').trim(), price, regularPrice: regular });
  }
  const sizes = new Set(out.map((c) => c.size.toLowerCase()));
  return sizes.size >= 2 && sizes.size === out.length ? out : [];
}

/**
 * Sizes priced in plain text somewhere in a card (textSizes): read in the smallest element whose
 * text gives two or more, so the card's other lines ("Brand · Flower") do not run into the first
 * size's piece.
 */
export function textSizesIn(textOf: (el: Element) => string, els: Element[]): SizePrice[] {
  let best: { len: number; sizes: SizePrice[] } | null = null;
  for (const e of els) {
    const t = textOf(e);
    if (priceCount(t) < 2 || (best && t.length >= best.len)) continue;
    const sizes = textSizes(t);
    if (sizes.length >= 2) best = { len: t.length, sizes };
  }
  return best?.sizes ?? [];
}

/**
 * A price grid table: one row per strain under columns headed by sizes ("1g", "3.5g", "1/8 oz",
 * "Eighth"): each cell with a price is that size's option (`<del>` inside it the regular price).
 * The header is the table's `<thead>` row, else its first row, else the last row of a header table
 * just before it (a theme that prints the head as a table of its own); an ARIA grid of `div`s
 * (`role="row"` rows in a `role="table"` / `role="grid"`) is read the same way, its first row the
 * header. Two or more, else none.
 */
export function columnSizes($: CheerioAPI, row: Element, classes: ReadonlySet<string>): SizePrice[] {
  const aria = row.name !== 'tr' && row.attribs.role === 'row';
  if (row.name !== 'tr' && !aria) return [];
  const cellsOf = (r: Element) => (aria ? $(r).children() : $(r).children('td, th')).toArray() as Element[];
  const sized = (r: Element) => cellsOf(r).filter((c) => SIZE_ONLY.test(visibleText($, $(c)).trim())).length >= 2;
  let heads: Element[];
  if (aria) heads = [$(row).closest('[role="table"], [role="grid"]').children('[role="row"]').first()[0]].filter(Boolean) as Element[];
  else {
    const table = $(row).closest('table');
    const before = table.prevAll('table').first().find('tr').last();
    heads = [table.find('thead tr').first(), table.find('tr').first(), before].map((h) => h[0]).filter(Boolean) as Element[];
  }
  const head = heads.find((h) => h !== row && sized(h));
  if (!head) return [];
  const headers: string[] = [];
  for (const c of cellsOf(head)) {
    const span = Number(c.attribs.colspan) || 1;
    for (let k = 0; k < span; k++) headers.push(visibleText($, $(c)));
  }
  const out: SizePrice[] = [];
  let col = 0;
  for (const c of cellsOf(row)) {
    const size = headers[col];
    col += Number(c.attribs.colspan) || 1;
    if (!size || !SIZE_ONLY.test(size.trim())) continue;
    const prices = salePrices(c, classes);
    if (prices.price) out.push({ size: size.replace(/\s+/g, ' ').trim(), price: prices.price, regularPrice: prices.regularPrice });
  }
  return out.length >= 2 ? out : [];
}

/**
 * Sizes in a definition list: a `<dt>` that is a size, the `<dd>` after it its price (`<s>` inside
 * it the regular price): `<dl><dt>1g</dt><dd>$12</dd><dt>3.5g</dt><dd>$35</dd></dl>`. Two or
 * more distinct sizes, else none.
 */
export function definitionSizes($: CheerioAPI, els: Element[], classes: ReadonlySet<string>): SizePrice[] {
  const out: SizePrice[] = [];
  for (const dt of els.filter((e) => e.name === 'dt')) {
    const size = visibleText($, $(dt)).trim();
    const dd = $(dt).next('dd')[0] as Element | undefined;
    if (!dd || !SIZE_ONLY.test(size)) continue;
    const prices = salePrices(dd, classes);
    if (prices.price) out.push({ size: size.replace(/\s+/g, ' '), price: prices.price, regularPrice: prices.regularPrice });
  }
  const sizes = new Set(out.map((c) => c.size.toLowerCase()));
  return sizes.size >= 2 && sizes.size === out.length ? out : [];
}

/** The size lists written out of selects (sizeSelects) inside an element. */
export function sizeListsIn(el: Element): Element[] {
  return descendants(el).filter((e) => e.attribs['data-scan-sizes'] !== undefined);
}
