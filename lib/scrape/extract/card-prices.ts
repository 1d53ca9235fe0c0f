import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { marks } from '@/lib/scrape/extract/card-dom';
import { parsePrice } from '@/lib/scrape/normalize';
import { struckByClass, struckEntry } from '@/lib/scrape/extract/struck-rules';
import { minusAmount } from '@/lib/scrape/extract/minus-amounts';

/**
 * The prices of a menu card (DECISIONS §12): the price paid now, the struck or "was" regular price,
 * and amounts that are neither (savings, multi-buy deals, member prices, unit prices).
 */
/** Class tokens of a struck-through / previous price ("price--regular", "old-price", "was-price"). */
const REGULAR_CLASS =
  /(?:^|[\s_-])(?:strike|struck|strikethrough|line-?through|crossed|original|regular|reg|was|compare|compare-at|compareat|old|before|msrp|list-price|listprice|retail)(?:[\s_-]|$)/i;
/** A label right before a price that makes it the previous price ("Was", "Reg.", "Regular price:", "regularly"). */
/**
 * The words that name a regular (previous) price before its amount: "was", "reg.", "regular",
 * "regularly", "orig.", "originally". One pattern for every reader (card-find.ts, shelf-prices.ts,
 * price-lines.ts, REGULAR_LABEL here), each building its own expression from it.
 */
export const REGULAR_WORD = String.raw`(?:was|reg\.?|regular(?:ly)?|orig(?:inally)?\.?)`;
const REGULAR_LABEL = new RegExp(String.raw`\b(?:${REGULAR_WORD}|regular price|orig(?:inal|\.)?(?: price)?|msrp|compare at|list price|retail|before)\s*:?\s*$`, 'i');
/** A title / aria-label naming an element the previous price ("Regular price", "Original price", "Was $50", "Compare at"). */
/**
 * The whole label, an amount at most after it: an aria-label naming a product that starts with
 * such a word (Wix's item `aria-label="Original Sour gallery"`) is no price label.
 */
const LABELLED_REGULAR = /^\s*(?:regular|original|was|compare(?:d)? at|list price|retail|msrp)(?:\s+price)?(?:\s+(?:was|is))?\s*:?\s*(?:[$€£]\s?\d[\d.,]*(?:\s*usd)?)?\s*\.?\s*$/i;
/** Amounts that are not the item's price: "Save $8", "$5 off". */
const SAVING_BEFORE = /\b(?:save|saving|you save|discount)\s*:?\s*$|\b(?:[2-9]|[1-9]\d+)\s*(?:for|\/)\s*$/i;
/**
 * A multi-buy deal ("2 for $40", "3/$50", "Mix & match 2 for $16"): the amount is the deal's, not
 * an item's price. "1 for $20" (the first of a card's quantity tiers) is the unit price.
 */
const DEAL = /\b(?:[2-9]|[1-9]\d+)\s*(?:for|\/)\s*\$\s?\d+(?:\.\d{1,2})?/i;
export const DEAL_ALL = new RegExp(DEAL.source, 'gi');
/**
 * A member / medical / loyalty price beside the price everyone pays (`Med $27`, `Member $27`,
 * `Medical: $27`, `Loyalty price $27`, `MMJ $27`): it needs a card or a registration, so it is
 * not the price paid (docs/menus.md, seventh round) — neither `price` nor `regularPrice`.
 */
const MEMBER_WORDS = String.raw`(?:med(?:ical)?|mmj|members?|membership|loyalty|rewards?|vip|club|patients?)(?:\s+(?:price|pricing|only))?`;
const MEMBER_BEFORE = new RegExp(String.raw`\b${MEMBER_WORDS}\s*:?\s*$`, 'i');
const MEMBER_ALL = new RegExp(String.raw`\b${MEMBER_WORDS}\s*:?\s*\$\s?\d+(?:,\d{3})*(?:\.\d{1,2})?`, 'gi');
/**
 * Amounts a card names as something other than the price paid (docs/scraping.md, eighteenth
 * round): savings ("You save $8", "Save $8", "$5 off"), the price with tax ("$52.31 out the door",
 * "$48.40 with tax"; "incl. tax" alone is how a tax-inclusive price is written, so it stays), rewards or cash back ("Earn $1.95 in rewards"), pay-later instalments ("or 4
 * interest-free payments of $10.00"), thresholds ("Spend $75, get a free pre-roll", "orders over $100").
 */
const AMT = String.raw`\$\s?\d+(?:,\d{3})*(?:\.\d{1,2})?`;
const NOT_PAID_BEFORE = String.raw`(?:you save|save|saving|savings of|earn|you earn|(?:payments?|installments?|instalments?) of|spend|orders? (?:over|above|of))`;
// "back" is cash back ("$2 back", "$5 cash back"), not the link after a price ("$30.00 Back to menu").
const NOT_PAID_AFTER = String.raw`(?:off\b|out the door|otd\b|(?:with|after|w\/)\s*tax|(?:in|of)\s+rewards|(?:cash\s?)?back\b(?!\s*(?:to|home)\b))`;
export const NOT_PAID_ALL = new RegExp(String.raw`\b${NOT_PAID_BEFORE}\s*:?\s*${AMT}|${AMT}\s*${NOT_PAID_AFTER}`, 'gi');
const NOT_PAID_BEFORE_RE = new RegExp(String.raw`\b${NOT_PAID_BEFORE}\s*:?\s*$`, 'i');
const NOT_PAID_AFTER_RE = new RegExp(String.raw`^\s*${NOT_PAID_AFTER}`, 'i');
/** Text with amounts, every one named as not paid ("or 4 interest-free payments of $10.00"). */
export const notPaidOnly = (t: string): boolean => /\$\s?\d/.test(t) && !/\$\s?\d/.test(t.replace(NOT_PAID_ALL, ''));
/** Text whose only prices are multi-buy deals, member prices or amounts not paid (no price anyone pays as such). */
export const dealOnly = (t: string): boolean => {
  const rest = t.replace(DEAL_ALL, '').replace(MEMBER_ALL, '').replace(NOT_PAID_ALL, '');
  return rest.length < t.length && !/\$\s?\d/.test(rest);
};
/** A saving word right after an amount, in the same block ("$5 off"; not a brand line "Discount Dabs" below the price). */
const SAVING_AFTER = /^[^\S\n]*(?:off|discount|savings?)\b/i;
/** Block elements: their boundaries read as a line break. */
const BLOCK = new Set(['p', 'div', 'li', 'ul', 'ol', 'section', 'article', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'table', 'dl', 'dt', 'dd', 'header', 'footer']);
export const PRICE_ALL = /(?:(?:US)?\$|USD\s?)\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?/gi;

/**
 * Class names a page's own `<style>` rules strike through (`.css-1x2y3z{text-decoration:line-through}`):
 * CSS-in-JS builds (emotion, styled-components) put the strike-through in a generated class,
 * never inline. Rules whose selector ends in a class, or in a class and a tag inside it
 * (`svg.struck text`), are read (a class inside other classes counts only inside them); selectors
 * with a state or pseudo-element (":hover") are not.
 */
export function struckClasses($: CheerioAPI): Set<string> {
  const out = new Set<string>();
  $('style').each((_, el) => {
    const css = $(el).text();
    if (css.length > 2_000_000 || !/line-through/i.test(css)) return;
    for (const m of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      if (!/text-decoration(?:-line)?\s*:[^;]*line-through/i.test(m[2])) continue;
      for (const sel of m[1].split(',')) {
        // A state (":hover", ":focus") is not how the price shows.
        if (sel.includes(':')) continue;
        // `.struck text` / `.was span`: the class of a holder whose drawn text is struck counts too;
        // `.old-price .price` only inside its ancestor's class (struck-rules.ts).
        const entry = struckEntry(sel);
        if (entry) out.add(entry);
      }
    }
  });
  return out;
}

function struck(el: Element, classes?: ReadonlySet<string>): boolean {
  if (el.name === 's' || el.name === 'del' || el.name === 'strike') return true;
  if (/line-through/i.test(el.attribs.style ?? '') || el.attribs['data-scan-struck'] !== undefined) return true;
  if (classes?.size && struckByClass(el, classes)) return true;
  // An element titled or labelled as the previous price (`title="Regular price"`, `aria-label="Was $50"`).
  if (LABELLED_REGULAR.test(el.attribs.title ?? el.attribs['aria-label'] ?? '')) return true;
  // "price-discounted": the price that was discounted (a restaurant-menu plugin's old price beside
  // its "price-discount"), unlike "discounted-price", the price after the discount.
  if (/(?:^|\s|[-_])price[-_]discounted(?:\s|$)/i.test(el.attribs.class ?? '')) return true;
  return REGULAR_CLASS.test(`${el.attribs.class ?? ''} ${el.attribs['data-testid'] ?? ''} ${el.attribs.itemprop ?? ''}`.replace(/\b(?:price|prices)\b/gi, ' '));
}

/** An element that holds a product's name: a heading, a title / name class or test hook (not a brand's). */
const nameElement = (el: Element): boolean =>
  (/^h[1-6]$/.test(el.name) || /(?:^|[\s_-])(?:title|name)(?:$|[\s_-])/i.test(`${el.attribs.class ?? ''} ${el.attribs['data-hook'] ?? ''} ${el.attribs['data-testid'] ?? ''}`)) &&
  !/brand|vendor/i.test(`${el.attribs.class ?? ''} ${el.attribs['data-hook'] ?? ''}`);

interface PriceHit {
  text: string;
  regular: boolean;
  /** Inside an element marked as a price (class, itemprop). */
  marked: boolean;
  /** A price per unit ("$10/g", "$9.14 / per g"): the item's price only when there is no other. */
  unit?: boolean;
}

/** What follows a price per unit: "/g", "/ per g", "per gram", "/oz", "/ea". */
const UNIT_AFTER = /^\s*(?:\/\s*(?:per\s*)?|per\s+)(?:\d+(?:\.\d+)?\s*)?(?:g|gr|grams?|oz|ounces?|mg|ml|lb|each|ea|unit)\b/i;
/** Cents written apart, in a superscript ("$32<sup>00</sup>", "$32<sup>.99</sup>"). */
const SUP_CENTS = /^\s*\.?(\d{2})\s*$/;

/**
 * Dollars, decimal point and cents in elements of their own (`<span>$</span> <span>20</span><span>.</span><span>00</span>`)
 * read as one amount: the gaps between the pieces go.
 */
export function joinAmountPieces(segs: Array<{ text: string }>): void {
  let tail = '';
  for (let i = 0; i < segs.length; i++) {
    const next = segs[i + 1]?.text ?? '';
    const piece = (/\$\s?\d+$/.test(tail) && /^\.(?:\d{2})?(?!\d)/.test(next)) || (/\$\s?\d+\.$/.test(tail) && /^\d{2}(?!\d)/.test(next));
    if (/^\s+$/.test(segs[i].text) && (/\$\s$/.test(tail) || piece)) {
      segs.splice(i, 1);
      i--;
      continue;
    }
    tail = (tail + segs[i].text).slice(-16);
  }
}

/**
 * Every price in a card in document order, each flagged regular (struck through, in a "was"/
 * "reg." element or after such a label) or not; savings ("Save $8", "$5 off") are left out.
 */
export function cardPrices(card: Element, classes?: ReadonlySet<string>, skip?: Element): PriceHit[] {
  const segs: Array<{ text: string; regular: boolean; marked: boolean; name?: boolean }> = [];
  // Element boundaries read as one space (so "$<span>32</span>" stays one price, "Name</b>$30" two
  // words), a block's as a line break.
  const gap = (regular: boolean, marked: boolean, block = false) => {
    const last = segs.at(-1)?.text ?? '\n';
    if (block ? !/\n\s*$/.test(last) : !/\s$/.test(last)) segs.push({ text: block ? '\n' : ' ', regular, marked });
  };
  const walk = (n: AnyNode, regular: boolean, marked: boolean, name = false) => {
    if (n.type === 'text') {
      segs.push({ text: (n as unknown as { data: string }).data, regular, marked, name });
      return;
    }
    if (n.type !== 'tag') return;
    const el = n as Element;
    if (el.name === 'script' || el.name === 'style' || el.name === 'noscript' || el.name === 'template' || el === skip) return;
    const r = regular || struck(el, classes);
    const m = marked || /price/i.test(marks(el));
    if (el.name === 'sup') {
      const cents = SUP_CENTS.exec(el.children.map((c) => (c.type === 'text' ? (c as unknown as { data: string }).data : '')).join(''));
      const prev = segs
        .map((x) => x.text)
        .join('')
        .slice(-12);
      if (cents && /\$\s?\d+\s*$/.test(prev)) {
        while (segs.length && /^\s+$/.test(segs.at(-1)!.text)) segs.pop();
        const last = segs.at(-1);
        if (last) last.text = last.text.replace(/\s+$/, '');
        segs.push({ text: `.${cents[1]}`, regular: r, marked: m }, { text: ' ', regular: r, marked: m });
        return;
      }
    }
    const block = BLOCK.has(el.name);
    gap(r, m, block);
    for (const c of el.children) walk(c as AnyNode, r, m, name || nameElement(el));
    gap(r, m, block);
  };
  walk(card, false, false);
  joinAmountPieces(segs);
  let full = '';
  // The text with the product's name blanked: a name ending in a member word ("… 250 mg - MEDICAL",
  // "… MED only") labels no amount after it.
  let labels = '';
  const owner: number[] = [];
  segs.forEach((sg, i) => {
    full += sg.text;
    labels += sg.name ? sg.text.replace(/\S/g, ' ') : sg.text;
    for (let k = 0; k < sg.text.length; k++) owner.push(i);
  });
  const hits: PriceHit[] = [];
  PRICE_ALL.lastIndex = 0;
  for (let m = PRICE_ALL.exec(full); m; m = PRICE_ALL.exec(full)) {
    const before = full.slice(Math.max(0, m.index - 24), m.index).replace(/\s+/g, ' ');
    const after = full.slice(m.index + m[0].length, m.index + m[0].length + 16);
    const labelBefore = labels.slice(Math.max(0, m.index - 24), m.index).replace(/\s+/g, ' ');
    if (SAVING_BEFORE.test(before) || SAVING_AFTER.test(after) || MEMBER_BEFORE.test(labelBefore)) continue;
    if (NOT_PAID_BEFORE_RE.test(before) || NOT_PAID_AFTER_RE.test(after)) continue;
    // "-$10.00": a discount badge beside the prices (minus-amounts.ts).
    if (minusAmount(before)) continue;
    if ((parsePrice(m[0]) ?? 0) <= 0) continue;
    const seg = segs[owner[m.index]];
    hits.push({
      text: m[0].replace(/\s+/g, ''),
      regular: seg.regular || REGULAR_LABEL.test(before),
      marked: seg.marked,
      ...(UNIT_AFTER.test(after) ? { unit: true } : {}),
    });
  }
  return hits;
}

/** The price paid now and the regular price of a card (DECISIONS §12). */
export function salePrices(card: Element, classes?: ReadonlySet<string>, skip?: Element): { price: string | null; regularPrice: string | null } {
  const all = cardPrices(card, classes, skip);
  // Prices per unit count only on a card that shows no other price paid (a struck regular price
  // beside `$30.00 / 3.5g` or `$12/each` does not make the unit price a mere per-unit figure).
  const hits = all.some((h) => !h.unit && !h.regular) ? all.filter((h) => !h.unit) : all;
  const now = hits.filter((h) => !h.regular);
  const was = hits.filter((h) => h.regular);
  const price = (now.find((h) => h.marked) ?? now[0])?.text ?? null;
  if (!price) return { price: was[0]?.text ?? null, regularPrice: null };
  // The regular price is the first flagged one above the price paid: a theme may also label the
  // current price "Regular price" (Shopify Dawn's price__regular, hidden by CSS on a sale).
  const paid = parsePrice(price) ?? 0;
  return { price, regularPrice: was.find((h) => (parsePrice(h.text) ?? 0) > paid)?.text ?? null };
}

export const ATTR_PRICE = ['data-price', 'data-product-price', 'data-sale-price', 'data-current-price'];
export const ATTR_REGULAR = ['data-regular-price', 'data-compare-price', 'data-compare-at-price', 'data-original-price', 'data-list-price'];
/** A decimal amount ("32.00", "32"): integers of four digits or more are left out (themes write cents there too). */
export const ATTR_MONEY = /^\s*(?:\d{1,3}|\d{1,5}\.\d{1,2})\s*$/;

/**
 * Prices a card gives only in attributes — `data-price="32.00"` (with `data-compare-price`),
 * microdata `<meta itemprop="price" content="32.00">` — written into the card as text when
 * neither the element holding them nor its parent shows a price, so such a card is read like the
 * others.
 */
export function attributePrices($: CheerioAPI, scope: Cheerio<AnyNode>): void {
  const sel = [...ATTR_PRICE.map((a) => `[${a}]`), '[itemprop="price"][content]'].join(', ');
  const adds: Array<[Element, string]> = [];
  for (const el of scope.find(sel).toArray() as Element[]) {
    const holder = el.name === 'meta' || el.name === 'link' ? (el.parent as Element | null) : el;
    if (!holder || holder.type !== 'tag') continue;
    const parent = holder.parent as Element | null;
    if (/\$\s?\d/.test($(holder).text()) || (parent?.type === 'tag' && /\$\s?\d/.test($(parent).text()))) continue;
    const v = [...ATTR_PRICE.map((k) => el.attribs[k]), el.attribs.content].find((x) => x !== undefined && ATTR_MONEY.test(x));
    if (!v) continue;
    const r = ATTR_REGULAR.map((k) => el.attribs[k] ?? holder.attribs[k]).find((x) => x !== undefined && ATTR_MONEY.test(x) && Number(x) > Number(v));
    adds.push([holder, `<span class="price">${r ? `<s>$${Number(r).toFixed(2)}</s> ` : ''}$${Number(v).toFixed(2)}</span>`]);
  }
  // Decided first, written after: one card's written price must not hide its neighbours'.
  for (const [holder, html] of adds) $(holder).append(html);
}

/** Prices in a text, multi-buy deals ("2 for $40") left out. */
export const priceCount = (t: string) =>
  (
    t
      .replace(DEAL_ALL, '')
      .replace(MEMBER_ALL, '')
      .replace(NOT_PAID_ALL, '')
      .match(/\$\s?\d/g) ?? []
  ).length;
