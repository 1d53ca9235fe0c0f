import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { canonicalCategory, dedupeProducts, extractPriceText, parsePrice, toScrapedProduct } from '@/lib/scrape/normalize';
import type { ScrapedProduct } from '@/lib/scrape/types';

/**
 * The deterministic reader of rendered menus (used with the local AI provider, and as the
 * fallback when a hosted model fails). It looks for price text, climbs to the repeated element
 * that holds it (a "card": siblings with the same tag and classes), and reads the name, brand,
 * category, weight and potency from that card. Section headings ("Flower", "Edibles") above a
 * group of cards give the category when the card itself does not.
 */

const NOISE = 'script, style, noscript, template, svg, iframe, head, nav, footer, select, option, aside, [role="navigation"], [hidden], [data-scan-hidden]';
/**
 * `aria-hidden` hides from screen readers, not from the eye: WooCommerce puts the struck and the
 * sale price in `<del aria-hidden="true">` / `<ins aria-hidden="true">` (with screen-reader text
 * beside them), React cards their visual price likewise. Such elements stay when they hold a
 * price; other aria-hidden content (icons, carousel clones, closed drawers) goes.
 */
const ARIA_HIDDEN = '[aria-hidden="true"]';

/**
 * Page furniture that carries prices but is never a product: filters and facets ("Under $25"),
 * sort bars, cart totals, promotion banners, pagination. Matched on class tokens.
 */
const FURNITURE_CLASS =
  /^(?:[a-z0-9]+[_-])*(?:filters?|facets?|sort|sorting|sort-bar|sortbar|mini-?cart|cart|minicart|cart-summary|cart-total|subtotal|promos?|promotions?|banner|announcement|pagination|pager)(?:[_-][a-z0-9]+)*$/i;
const isFurnitureClass = (cls: string | undefined) => !!cls && cls.split(/\s+/).some((t) => FURNITURE_CLASS.test(t) && !/add-?to-?cart|cart-?add|product|card|item/i.test(t));
/** Text of a "card" that is furniture: totals, delivery promises, price bands of a filter. */
const FURNITURE_TEXT =
  /\b(?:sub-?total|cart total|order total|your cart|free (?:delivery|shipping)|orders? (?:over|above)|minimum order|sort by)\b|^(?:under|over|below|above|less than|more than|up to)\s*\$\s?\d+$|^\$\s?\d+(?:\.\d\d)?\s*(?:-|–|to)\s*\$\s?\d+(?:\.\d\d)?$|^\$\s?\d+(?:\.\d\d)?\s*(?:and up|\+|or more)$/i;
/** Marker text of an element: class, itemprop, data-testid (lower-cased), for field lookup. */
const marks = (e: Element) => `${e.attribs.class ?? ''} ${e.attribs.itemprop ?? ''} ${e.attribs['data-testid'] ?? ''}`.toLowerCase();

// Where a card's name lives, most specific first (plain JS predicates: compiling CSS selectors
// for every card dominated the cost on 200-product menus).
const NAME_PREDICATES: Array<(e: Element) => boolean> = [
  (e) => e.attribs.itemprop === 'name',
  (e) => /name/.test(e.attribs['data-testid'] ?? ''),
  (e) => /product-?name/.test(marks(e)),
  (e) => /name/.test(e.attribs.class?.toLowerCase() ?? '') && !/brand/.test(marks(e)),
  (e) => /title/.test(e.attribs.class?.toLowerCase() ?? ''),
  (e) => /^h[1-6]$/.test(e.name),
  (e) => e.name === 'a',
  (e) => e.name === 'strong' || e.name === 'b',
];
export const NOT_A_NAME =
  /^(add( to (cart|bag))?|buy( now)?|view|details|(on )?sale!?|new!?|sold out|staff pick|limited|\d+% off|in stock|out of stock|select|choose|(?:(?:now|was|reg\.?|sale|only|from)\s*)?\$[\d.,\s]*(?:each|ea|\/\s?\w+|per \w+|(?:was|reg\.?)\s*\$[\d.,\s]*)?|[\/\s]*\d+(\.\d+)?\s*(g|%|mg|oz|ml)|(thc|cbd)a?\s*:?\s*[\d.]+.*|indica|sativa|hybrid|quantity|qty)$/i;

/** Visible text of an element with spaces between text nodes (cheerio's .text() glues them). */
export function visibleText($: CheerioAPI, el: Cheerio<AnyNode>): string {
  const parts: string[] = [];
  const walk = (nodes: AnyNode[]) => {
    for (const n of nodes) {
      if (n.type === 'text') parts.push((n as unknown as { data: string }).data);
      else if (n.type === 'tag') {
        const tag = (n as Element).name;
        if (tag === 'script' || tag === 'style' || tag === 'noscript' || tag === 'template') continue;
        walk((n as Element).children as AnyNode[]);
      }
    }
  };
  walk(el.toArray());
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

const signature = (el: Element) => `${el.name}.${(el.attribs.class ?? '').split(/\s+/).filter(Boolean).sort().join('.')}`;

/**
 * The shape siblings share: the tag and the first class token. Not the whole class list: item
 * classes vary per product (WooCommerce's `post-123 product_cat-flower sale first`).
 */
const shape = (el: Element) => `${el.name}.${(el.attribs.class ?? '').trim().split(/\s+/)[0]}`;

function sameShapeSiblings(el: Element): number {
  const parent = el.parent as Element | null;
  if (!parent || !parent.children) return 0;
  const sig = shape(el);
  return parent.children.filter((c) => c.type === 'tag' && shape(c as Element) === sig).length;
}

const LABEL_WORDS =
  /\b(price|prices|each|ea|per|gram|grams|g|oz|sale|was|now|only|from|usd|reg|regular|member|med|rec|tax|incl|starting|at|deal|deals|off|save|discount|special|promo|ounce|eighth|original|current|is|compare|list|retail|unit|weights?|sizes?|options?|select|choose|quantity|qty)\b/gi;
/** Letters of a text that could name something: label words and sizes ("3.5g", "1/8 oz") left out. */
const letters = (t: string) =>
  t
    .replace(SIZES_ALL(), ' ')
    .replace(LABEL_WORDS, '')
    .replace(/[^a-z]/gi, '').length;

/**
 * Climbs from a price element to its card: the nearest ancestor that holds text besides the
 * price (a name) and whose shape repeats, either among its siblings or, for class-named
 * elements, elsewhere in the page (a category section with a single product still uses the
 * same card markup as the others).
 */
function findCard(textOf: (el: Element) => string, priceEl: Element, classCounts: Map<string, number>): Element | null {
  let cur: Element | null = priceEl;
  let fallback: Element | null = null;
  let found: Element | null = null;
  let foundAt = 0;
  const repeatedAt = (el: Element) => {
    const sig = signature(el);
    return sameShapeSiblings(el) >= 2 || (sig.includes('.') && (classCounts.get(sig) ?? 0) >= 2);
  };
  for (let depth = 0; cur && depth < 9; depth++) {
    if (cur.type !== 'tag' || cur.name === 'body') break;
    const text = textOf(cur);
    const hasName = letters(text) >= 3;
    if (hasName && text.length < 1200) {
      if (repeatedAt(cur)) {
        // A repeated block without any name element (a theme's "card-information": vendor line +
        // price) is part of the card: the card is the nearest repeated ancestor that names the
        // product and holds no other price (never a category section of several such cards).
        if (found && priceCount(text) !== priceCount(textOf(found)) && priceCount(text) - namePrices(textOf, cur) !== priceCount(textOf(found)) - namePrices(textOf, found)) break;
        if (hasNameElement(cur)) return widen(textOf, cur);
        if (!found) [found, foundAt] = [cur, depth];
      } else if (!fallback && text.length < 600) fallback = cur;
    } else if (found) break;
    if (found && depth - foundAt >= 3) break;
    cur = cur.parent as Element | null;
  }
  if (found) return widen(textOf, found);
  // A lone price with no repeated card is only a product when its text says so (weight, potency,
  // a product word): this keeps banners like "Free delivery over $100" out.
  if (fallback) {
    const t = textOf(fallback);
    if (/\d\s*(g|mg|oz)\b|thc|cbd|add to (cart|bag)|indica|sativa|hybrid/i.test(t)) return fallback;
  }
  return null;
}

/**
 * Prices written in names below an element ("Airo Pro - .5g $40 each" in the card's heading,
 * nameWithPrice): part of a card, not another product's price. Outermost name elements only.
 */
function namePrices(textOf: (el: Element) => string, el: Element): number {
  let n = 0;
  const walk = (e: Element) => {
    for (const c of e.children) {
      if (c.type !== 'tag') continue;
      const t = textOf(c as Element);
      if (!/\$\s?\d/.test(t)) continue;
      if (nameWithPrice(t, c as Element)) n += priceCount(t);
      else walk(c as Element);
    }
  };
  walk(el);
  return n;
}

/** An element below `el` where a name is written: a heading, link, bold text, a name/title class or itemprop. */
function hasNameElement(el: Element): boolean {
  const walk = (n: Element): boolean => n.children.some((c) => c.type === 'tag' && (NAME_PREDICATES.slice(0, 8).some((p) => p(c as Element)) || walk(c as Element)));
  return walk(el);
}

/** Prices in a text, multi-buy deals ("2 for $40") left out. */
const priceCount = (t: string) =>
  (
    t
      .replace(DEAL_ALL, '')
      .replace(MEMBER_ALL, '')
      .match(/\$\s?\d/g) ?? []
  ).length;

/**
 * A card that is one part of a repeated item (the product link inside WooCommerce's
 * `li.product`, beside the brand and add-to-cart blocks) widens to that item, as long as the item
 * holds no other price than the card's (so a section of cards never becomes one card).
 */
function widen(textOf: (el: Element) => string, card: Element): Element {
  let cur = card;
  for (let i = 0; i < 2; i++) {
    const parent = cur.parent as Element | null;
    if (!parent || parent.type !== 'tag' || parent.name === 'body' || sameShapeSiblings(parent) < 2) break;
    const t = textOf(parent);
    // The sizes of the product chosen beside its link (a select written out by sizeSelects) are
    // the item's own prices, not another product's.
    const sizes = (el: Element) => sizeListsIn(el).reduce((n, l) => n + priceCount(textOf(l)), 0);
    if (t.length > 1200 || priceCount(t) - sizes(parent) !== priceCount(textOf(cur)) - sizes(cur)) break;
    cur = parent;
  }
  return cur;
}

/** The size lists written out of selects (sizeSelects) inside an element. */
function sizeListsIn(el: Element): Element[] {
  return descendants(el).filter((e) => e.attribs['data-scan-sizes'] !== undefined);
}

function descendants(el: Element): Element[] {
  const out: Element[] = [];
  const walk = (n: Element) => {
    for (const c of n.children) {
      if (c.type === 'tag') {
        out.push(c as Element);
        walk(c as Element);
      }
    }
  };
  walk(el);
  return out;
}

/**
 * A strain named by a letter and a number (`I-95`, `G13`, `B-52`): fewer than two letters, yet a
 * name when it is what the name element holds. A size (`1g`, `3.5 g`) starts with its digits.
 */
const STRAIN_CODE = /^\p{Lu}{1,2}[- ]?\d{1,3}$/u;

/** `els`: the card then its descendants; marked-up names are looked for below the card itself. */
function pickName($: CheerioAPI, els: Element[], skip: string[], common?: (line: string) => boolean): string | null {
  const heading = (e: Element) => NAME_PREDICATES.slice(0, 6).some((p) => p(e));
  // A product named like its brand ("HIBEGONE" by HIBEGONE): the heading is still the name when
  // the brand is also written in an element of its own that is no heading (the vendor line).
  const brandToo = (el: Element, t: string) =>
    t === skip[0] &&
    heading(el) &&
    els.slice(1).some((o) => o !== el && !heading(o) && visibleText($, $(o)) === t && !$(o).find(el as never).length && !$(el).find(o as never).length);
  for (const pred of NAME_PREDICATES) {
    for (const el of els.slice(1)) {
      if (!pred(el)) continue;
      const t = visibleText($, $(el));
      if (brandToo(el, t)) return t;
      // A text with a price in an element of its own is a whole block (a product link around name
      // and price), not the name; a price in the name's own words ("$10 Shake 1/8th") is the name's.
      if (
        t.length >= 2 &&
        t.length <= 160 &&
        (/\p{L}.*\p{L}/u.test(t) || STRAIN_CODE.test(t)) &&
        !NOT_A_NAME.test(t) &&
        !dealOnly(t) &&
        !skip.includes(t) &&
        !(/\$\s?\d/.test(t) && priceBlock($, el))
      )
        return t;
    }
  }
  // No marked-up name: the first text line that is not a price, a deal, a potency or a label; a
  // line that many cards repeat (a brand, a category) only when nothing else is left.
  // A line with a price in it ("Cactus Jellies 100mg — $17") only when the card has no other.
  const all = textLines(els).filter((t) => !skip.includes(t));
  const lines = all.some((t) => !/\$\s?\d/.test(t)) ? all.filter((t) => !/\$\s?\d/.test(t)) : all;
  const own = common ? lines.filter((t) => !common(t)) : lines;
  return (own.length ? own : lines)[0] ?? null;
}

/**
 * A name element (heading, bold, name/title class or itemprop — not a link, which may wrap the
 * whole card) whose short text is words with a price among them: a product name, not a price.
 */
export function nameWithPrice(text: string, el: Element): boolean {
  const named = (e: Element) => NAME_PREDICATES.slice(0, 6).some((p) => p(e)) || e.name === 'strong' || e.name === 'b';
  // The link inside a heading that holds nothing else (`<h3><a>Airo Pro - .5g $40 each</a></h3>`,
  // Dawn's card title) is that name too.
  const parent = el.parent as Element | null;
  const onlyChild = parent?.type === 'tag' && parent.children.every((c) => c === el || (c.type === 'text' && !(c as unknown as { data: string }).data.trim())) && named(parent);
  if (text.length > 80 || !(named(el) || onlyChild)) return false;
  const words = text.replace(new RegExp(PRICE_ALL.source, 'gi'), ' ').match(/\p{L}{2,}/gu) ?? [];
  return words.filter((w) => !/^(?:now|was|reg|sale|only|price|from|each|ea|per|off|save)$/i.test(w)).length >= 2;
}

/** An element holding a price in an element below it (a block around name and price). */
function priceBlock($: CheerioAPI, el: Element): boolean {
  const all = visibleText($, $(el));
  return $(el)
    .find('*')
    .toArray()
    .some((c) => {
      if (c.type !== 'tag') return false;
      const t = visibleText($, $(c));
      return t !== all && /\$\s?\d/.test(t);
    });
}

/** A card's own text lines that could name it (letters, no label, no potency, no deal alone). */
function textLines(els: Element[]): string[] {
  return els
    .flatMap((e) => e.children)
    .filter((n) => n.type === 'text')
    .map((n) => (n as unknown as { data: string }).data.replace(/\s+/g, ' ').trim())
    .filter((t) => /[a-z]{3}/i.test(t) && !NOT_A_NAME.test(t) && !POTENCY.test(t) && !dealOnly(t));
}

function firstText($: CheerioAPI, els: Element[], pred: (e: Element) => boolean): string | null {
  const el = els.find(pred);
  const t = el ? visibleText($, $(el)) : '';
  return t || null;
}

const BRAND_LABEL = /^(?:vendor|brand|brand name|manufacturer|producer)\s*:?$/i;
const BRAND_LINE = /^(?:vendor|brand|manufacturer|producer)\s*:\s*(.{2,60})$/i;

/**
 * A brand given after a label: the element after one that reads "Vendor:" / "Brand:" (Shopify's
 * Dawn card writes a visually-hidden "Vendor:" before its vendor line, whose class names nothing),
 * or a line "Brand: Acme". Never a text with a price.
 */
function labelledBrand($: CheerioAPI, els: Element[]): string | null {
  for (const e of els) {
    const t = visibleText($, $(e));
    const line = BRAND_LINE.exec(t);
    if (line && !/\$\s?\d/.test(line[1]) && e.children.every((c) => c.type === 'text')) return line[1].trim();
    if (!BRAND_LABEL.test(t)) continue;
    let next = e.next;
    while (next && next.type === 'text' && !(next as unknown as { data: string }).data.trim()) next = next.next;
    if (!next || next.type !== 'tag') continue;
    const b = visibleText($, $(next as Element));
    if (b && b.length <= 60 && !/\$\s?\d/.test(b)) return b;
  }
  return null;
}

/** The nearest heading above the card (walking up through ancestors' previous siblings). */
function sectionHeading($: CheerioAPI, card: Element): string | null {
  let cur: AnyNode | null = card;
  const cardSig = signature(card);
  // The card's own title repeated above it (a theme's image overlay, Shopify Dawn's card__inner) is no section.
  const own = new Set(
    $(card)
      .find('h1, h2, h3, h4, h5, h6, a')
      .toArray()
      .map((e) => visibleText($, $(e))),
  );
  for (let depth = 0; cur && depth < 8; depth++) {
    let sib: AnyNode | null = cur.prev;
    for (let n = 0; sib && n < 30; sib = sib.prev) {
      if (sib.type !== 'tag') continue;
      const el = sib as Element;
      // Other cards hold product names in headings, never the section's title.
      if (depth === 0 && signature(el) === cardSig) continue;
      n++;
      const heading = /^h[1-4]$/.test(el.name) ? $(el) : $(el).find('h1, h2, h3, h4').last();
      if (heading.length) {
        const t = visibleText($, heading);
        if (t && t.length < 60 && !own.has(t)) return t;
      }
    }
    cur = cur.parent;
    const tag = cur as Element | null;
    if (tag?.attribs?.['data-category']) return tag.attribs['data-category'];
    if (!tag || tag.name === 'body') break;
  }
  return null;
}

/**
 * The category a card's own class names (WooCommerce's post classes: `product_cat-edibles`,
 * `product_cat-vape-pens`), when it is one of the menu categories.
 */
function classCategory(el: Element): string | null {
  for (const t of (el.attribs.class ?? '').split(/\s+/)) {
    const m = /^(?:product_cat|product-cat|product-category|category)[-_]([a-z][a-z0-9-]*)$/i.exec(t);
    const label = m?.[1].replace(/-/g, ' ');
    if (label && canonicalCategory(label)) return label;
  }
  return null;
}

function resolve(href: string | undefined, base: string): string | null {
  if (!href || href.startsWith('#') || /^javascript:/i.test(href)) return null;
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

// ---------- sale and regular prices ----------

/** Class tokens of a struck-through / previous price ("price--regular", "old-price", "was-price"). */
const REGULAR_CLASS =
  /(?:^|[\s_-])(?:strike|struck|strikethrough|line-?through|crossed|original|regular|reg|was|compare|compare-at|compareat|old|before|msrp|list-price|listprice|retail)(?:[\s_-]|$)/i;
/** A label right before a price that makes it the previous price ("Was", "Reg.", "Regular price:"). */
const REGULAR_LABEL = /\b(?:was|reg\.?|regular(?: price)?|orig(?:inal|\.)?(?: price)?|msrp|compare at|list price|retail|before)\s*:?\s*$/i;
/** Amounts that are not the item's price: "Save $8", "$5 off". */
const SAVING_BEFORE = /\b(?:save|saving|you save|discount)\s*:?\s*$|\b\d+\s*(?:for|\/)\s*$/i;
/** A multi-buy deal ("2 for $40", "3/$50", "Mix & match 2 for $16"): the amount is the deal's, not an item's price. */
const DEAL = /\b\d+\s*(?:for|\/)\s*\$\s?\d+(?:\.\d{1,2})?/i;
const DEAL_ALL = new RegExp(DEAL.source, 'gi');
/**
 * A member / medical / loyalty price beside the price everyone pays (`Med $27`, `Member $27`,
 * `Medical: $27`, `Loyalty price $27`, `MMJ $27`): it needs a card or a registration, so it is
 * not the price paid (docs/menus.md, seventh round) — neither `price` nor `regularPrice`.
 */
const MEMBER_WORDS = String.raw`(?:med(?:ical)?|mmj|members?|membership|loyalty|rewards?|vip|club|patients?)(?:\s+(?:price|pricing|only))?`;
const MEMBER_BEFORE = new RegExp(String.raw`\b${MEMBER_WORDS}\s*:?\s*$`, 'i');
const MEMBER_ALL = new RegExp(String.raw`\b${MEMBER_WORDS}\s*:?\s*\$\s?\d+(?:,\d{3})*(?:\.\d{1,2})?`, 'gi');
/** Text whose only prices are multi-buy deals or member prices (no price anyone pays as such). */
export const dealOnly = (t: string): boolean => {
  const rest = t.replace(DEAL_ALL, '').replace(MEMBER_ALL, '');
  return rest.length < t.length && !/\$\s?\d/.test(rest);
};
const SAVING_AFTER = /^\s*(?:off|discount|savings?)\b/i;
const PRICE_ALL = /(?:(?:US)?\$|USD\s?)\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?/gi;

/**
 * Class names a page's own `<style>` rules strike through (`.css-1x2y3z{text-decoration:line-through}`):
 * CSS-in-JS builds (emotion, styled-components) put the strike-through in a generated class,
 * never inline. Rules whose selector ends in a class are read (descendant selectors count for
 * their last class); selectors with a state or pseudo-element (":hover") are not.
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
        const last = /\.(-?[_a-zA-Z][\w-]*)\s*$/.exec(sel.trim());
        if (last) out.add(last[1]);
      }
    }
  });
  return out;
}

function struck(el: Element, classes?: ReadonlySet<string>): boolean {
  if (el.name === 's' || el.name === 'del' || el.name === 'strike') return true;
  if (/line-through/i.test(el.attribs.style ?? '') || el.attribs['data-scan-struck'] !== undefined) return true;
  if (classes?.size && (el.attribs.class ?? '').split(/\s+/).some((c) => classes.has(c))) return true;
  return REGULAR_CLASS.test(`${el.attribs.class ?? ''} ${el.attribs['data-testid'] ?? ''} ${el.attribs.itemprop ?? ''}`.replace(/\b(?:price|prices)\b/gi, ' '));
}

interface PriceHit {
  text: string;
  regular: boolean;
  /** Inside an element marked as a price (class, itemprop). */
  marked: boolean;
  /** A price per unit ("$10/g", "$9.14 / per g"): the item's price only when there is no other. */
  unit?: boolean;
}

/** A potency figure ("THC 20.5%", "CBD: 1%"): a line with one is the card's meta line, not its name. */
const POTENCY = /\b(?:thc|cbd)a?\s*:?\s*\d+(?:\.\d+)?\s*%/i;

/** What follows a price per unit: "/g", "/ per g", "per gram", "/oz", "/ea". */
const UNIT_AFTER = /^\s*(?:\/\s*(?:per\s*)?|per\s+)(?:\d+(?:\.\d+)?\s*)?(?:g|gr|grams?|oz|ounces?|mg|ml|lb|each|ea|unit)\b/i;
/** Cents written apart, in a superscript ("$32<sup>00</sup>", "$32<sup>.99</sup>"). */
const SUP_CENTS = /^\s*\.?(\d{2})\s*$/;

/**
 * Every price in a card in document order, each flagged regular (struck through, in a "was"/
 * "reg." element or after such a label) or not; savings ("Save $8", "$5 off") are left out.
 */
export function cardPrices(card: Element, classes?: ReadonlySet<string>, skip?: Element): PriceHit[] {
  const segs: Array<{ text: string; regular: boolean; marked: boolean }> = [];
  // Element boundaries read as one space (so "$<span>32</span>" stays one price, "Name</b>$30" two words).
  const gap = (regular: boolean, marked: boolean) => {
    if (!/\s$/.test(segs.at(-1)?.text ?? ' ')) segs.push({ text: ' ', regular, marked });
  };
  const walk = (n: AnyNode, regular: boolean, marked: boolean) => {
    if (n.type === 'text') {
      segs.push({ text: (n as unknown as { data: string }).data, regular, marked });
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
    gap(r, m);
    for (const c of el.children) walk(c as AnyNode, r, m);
    gap(r, m);
  };
  walk(card, false, false);
  let full = '';
  const owner: number[] = [];
  segs.forEach((sg, i) => {
    full += sg.text;
    for (let k = 0; k < sg.text.length; k++) owner.push(i);
  });
  const hits: PriceHit[] = [];
  PRICE_ALL.lastIndex = 0;
  for (let m = PRICE_ALL.exec(full); m; m = PRICE_ALL.exec(full)) {
    const before = full.slice(Math.max(0, m.index - 24), m.index).replace(/\s+/g, ' ');
    const after = full.slice(m.index + m[0].length, m.index + m[0].length + 16);
    if (SAVING_BEFORE.test(before) || SAVING_AFTER.test(after) || MEMBER_BEFORE.test(before)) continue;
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

const ATTR_PRICE = ['data-price', 'data-product-price', 'data-sale-price', 'data-current-price'];
const ATTR_REGULAR = ['data-regular-price', 'data-compare-price', 'data-compare-at-price', 'data-original-price', 'data-list-price'];
/** A decimal amount ("32.00", "32"): integers of four digits or more are left out (themes write cents there too). */
const ATTR_MONEY = /^\s*(?:\d{1,3}|\d{1,5}\.\d{1,2})\s*$/;

/**
 * Prices a card gives only in attributes — `data-price="32.00"` (with `data-compare-price`),
 * microdata `<meta itemprop="price" content="32.00">` — written into the card as text when
 * neither the element holding them nor its parent shows a price, so such a card is read like the
 * others.
 */
function attributePrices($: CheerioAPI, scope: Cheerio<AnyNode>): void {
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

// ---------- sold out ----------

/** A sold-out mark written on a card: a badge, a line or a disabled button saying so. */
const SOLD_OUT_TEXT = /^\(?\s*(?:sold[\s-]?out|out[\s-]of[\s-]stock|(?:currently )?unavailable|not available)\s*[.!)]?\s*$/i;
/** Class tokens of the sold-out state: `outofstock` (WooCommerce), `sold-out`, BEM modifiers `--sold-out` (Dawn's `price--sold-out`). */
const SOLD_OUT_CLASS = /^(?:outofstock|out-of-stock|sold-?out|soldout|is-sold-?out|is-unavailable|is-out-of-stock|unavailable)$|--(?:sold-?out|out-of-stock|unavailable)$/i;
/** A class naming a sold-out badge slot (Dawn's `price__badge-sold-out`, shown by CSS only on a sold-out card). */
const SOLD_OUT_SLOT = /sold-?out|out-?of-?stock/i;

/**
 * A card shown sold out (DECISIONS §12: `price` is what the buyer pays now; nothing is paid for
 * a sold-out item, which would also be tagged `favorite_in_stock`): a sold-out state class on the
 * card or inside it, `aria-disabled="true"` or `data-available="false"` on the card, or an
 * element whose whole text says sold out / out of stock / unavailable — not one inside a badge
 * slot whose class names the state (a theme that writes the badge in every card and shows it by
 * CSS), which the state class decides.
 */
export function soldOutCard($: CheerioAPI, card: Element, els: Element[]): boolean {
  if (card.attribs['aria-disabled'] === 'true' || /^(?:false|0|no)$/i.test(card.attribs['data-available'] ?? '') || /^(?:true|1|yes)$/i.test(card.attribs['data-sold-out'] ?? ''))
    return true;
  for (const e of els) {
    if ((e.attribs.class ?? '').split(/\s+/).some((t) => SOLD_OUT_CLASS.test(t))) return true;
  }
  for (const e of els) {
    if (e.children.some((c) => c.type === 'tag' && visibleText($, $(c as Element)).trim())) continue;
    const t = visibleText($, $(e)).trim();
    if (!t || t.length > 30 || !SOLD_OUT_TEXT.test(t)) continue;
    let slot = false;
    for (let a: Element | null = e; a && a !== card.parent; a = a.parent as Element | null) if (SOLD_OUT_SLOT.test(a.attribs?.class ?? '')) slot = true;
    if (!slot) return true;
  }
  return false;
}

export function extractHeuristic($: CheerioAPI, baseUrl: string): ScrapedProduct[] {
  const root: Cheerio<AnyNode> = $('body').length ? $('body') : $.root();
  const scope = root.clone();
  sizeSelects($, scope);
  scope.find(NOISE).remove();
  scope
    .find(ARIA_HIDDEN)
    .filter((_, el) => !/\$\s?\d/.test($(el).text()))
    .remove();
  scope
    .find('[class]')
    .filter((_, el) => el.type === 'tag' && isFurnitureClass((el as Element).attribs.class))
    .remove();
  const classes = struckClasses($);
  attributePrices($, scope);

  // Ancestors are shared by every card below them: memoise their text (else quadratic).
  const texts = new Map<Element, string>();
  const textOf = (el: Element) => {
    let t = texts.get(el);
    if (t === undefined) texts.set(el, (t = visibleText($, $(el))));
    return t;
  };
  const ownText = (el: Element) =>
    el.children
      .filter((n) => n.type === 'text')
      .map((n) => (n as unknown as { data: string }).data)
      .join(' ');
  const isPrice = (t: string) => {
    if (dealOnly(t)) return false;
    const p = extractPriceText(t);
    return p !== null && (parsePrice(p) ?? 0) > 0;
  };
  /**
   * A short element whose text is a price only with its children's: the currency symbol in its
   * own span (WooCommerce's `<bdi><span>$</span>40.00</bdi>`), dollars and cents apart
   * (`$<span>32</span><sup>00</sup>`).
   */
  const splitPrice = (el: Element) => {
    if (!/[$\d]/.test(ownText(el))) return false;
    const t = textOf(el);
    if (t.length > 24 || dealOnly(t) || !isPrice(t.replace(/\s+/g, ''))) return false;
    return !el.children.some((c) => c.type === 'tag' && isPrice(textOf(c as Element).replace(/\s+/g, '')));
  };

  // Price holders: the smallest elements whose own text carries a price — not a name whose words
  // hold one ("$10 Shake 1/8th", "Airo Pro - .5g $40 each" in a heading or bold name).
  const priceEls = scope
    .find('*')
    .toArray()
    .filter((el): el is Element => el.type === 'tag' && (isPrice(ownText(el as Element)) || splitPrice(el as Element)) && !nameWithPrice(textOf(el as Element), el as Element));
  const classCounts = new Map<string, number>();
  for (const el of scope.find('[class]').toArray()) {
    if (el.type !== 'tag') continue;
    const sig = signature(el as Element);
    classCounts.set(sig, (classCounts.get(sig) ?? 0) + 1);
  }
  const cards: Element[] = [];
  const seen = new Set<Element>();
  for (const el of priceEls) {
    const card = findCard(textOf, el, classCounts);
    if (card && !seen.has(card)) {
      seen.add(card);
      cards.push(card);
    }
  }
  // Keep the innermost cards: a container found for one price must not swallow its children.
  const containers = new Set<Element>();
  for (const c of cards) {
    for (let a = c.parent as Element | null; a && a.type === 'tag'; a = a.parent as Element | null) if (seen.has(a)) containers.add(a);
  }
  const inner = cards.filter((c) => !containers.has(c));

  // Names are the product's own; a line found in several cards is a brand, a category or a badge.
  const lineCards = new Map<string, number>();
  for (const el of inner) for (const t of new Set(textLines([el, ...descendants(el)]))) lineCards.set(t, (lineCards.get(t) ?? 0) + 1);
  const repeated = (t: string) => inner.length >= 4 && (lineCards.get(t) ?? 0) >= 3;

  const products: ScrapedProduct[] = [];
  for (const el of inner) {
    const card = $(el);
    const els = [el, ...descendants(el)];
    const text = textOf(el);
    const brand = firstText($, els.slice(1), (e) => e.attribs.itemprop === 'brand' || /brand|vendor/.test(marks(e))) ?? el.attribs['data-brand'] ?? labelledBrand($, els.slice(1));
    const catLabel =
      el.attribs['data-category'] ??
      firstText($, els.slice(1), (e) => /category/.test(marks(e)) || e.attribs['data-category'] !== undefined) ??
      classCategory(el) ??
      sectionHeading($, el);
    if (FURNITURE_TEXT.test(text) && text.length < 120) continue;
    if (soldOutCard($, el, els)) continue;
    // A menu whose brand line repeats the name still names the product.
    const name = pickName($, els, [brand ?? '', catLabel ?? ''], repeated) ?? pickName($, els, [catLabel ?? ''], repeated);
    if (!name) continue;
    const href = els.find((e) => e.name === 'a' && e.attribs.href)?.attribs.href;
    const common = {
      brand,
      category: canonicalCategory(catLabel) ? catLabel : null,
      strainType: firstText($, els.slice(1), (e) => /strain-type|lineage|(^|[\s_-])type\b/.test(marks(e))),
      url: resolve(href ?? card.attr('href'), baseUrl),
      text,
    };
    // One card, several sizes each with its price ("1/8 oz $35", "1/4 oz $60"): one product per
    // size, the size in the name (DECISIONS §12, as for app state and JSON-LD offers).
    let chips = sizeChips($, els.slice(1), classes);
    if (chips.length < 2) chips = columnSizes($, el, classes);
    if (chips.length < 2) chips = textSizesIn(textOf, els);
    if (chips.length >= 2) {
      for (const c of chips) {
        const p = toScrapedProduct({ ...common, name: `${name} ${c.size}`, price: c.price, regularPrice: c.regularPrice, weight: c.size });
        if (p) products.push(p);
      }
      continue;
    }
    // A name with a price in its words ("$10 Shake 1/8th") is not where the card's price is read.
    const nameEl = /\$\s?\d/.test(name) ? els.slice(1).find((e) => visibleText($, $(e)) === name) : undefined;
    const prices = salePrices(el, classes, nameEl);
    const p = toScrapedProduct({
      ...common,
      name,
      price: prices.price ?? extractPriceText(text),
      regularPrice: prices.regularPrice,
      weight: firstText($, els.slice(1), (e) => /weight|size/.test(marks(e))),
    });
    if (p) products.push(p);
  }
  return dedupeProducts(products);
}

const SIZE_TEXT = String.raw`(?:\d+(?:\.\d+)?\s?(?:g|gr|grams?|oz|mg|ml)|1\/8\s?oz|1\/4\s?oz|1\/2\s?oz|1\/8|1\/4|1\/2|eighth|quarter|half(?: oz)?|ounce|\d+\s?(?:pk|pack))`;
/** A size option with its price: "1/8 oz $35", "3.5g · $30", "1g $12 $15" (sale and struck). */
const SIZE_CHIP = new RegExp(String.raw`^(${SIZE_TEXT})\s*[-–·:|]?\s*(?:\$\s?\d+(?:\.\d{1,2})?\s*){1,2}$`, 'i');

/**
 * The size options of a card, each with its own price: the innermost elements whose text is a
 * size and a price (buttons, chips, list items); two or more distinct sizes, else none.
 */
function sizeChips($: CheerioAPI, els: Element[], classes: ReadonlySet<string>): SizePrice[] {
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

type SizePrice = { size: string; price: string; regularPrice: string | null };
let sizesAll: RegExp | null = null;
/** Every size in a text ("1g 3.5g 7g" in a row of size buttons), for letters(). */
function SIZES_ALL(): RegExp {
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
const SIZE_ONLY = new RegExp(String.raw`^${SIZE_TEXT}$`, 'i');
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
function textSizesIn(textOf: (el: Element) => string, els: Element[]): SizePrice[] {
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
 * Two or more, else none.
 */
export function columnSizes($: CheerioAPI, row: Element, classes: ReadonlySet<string>): SizePrice[] {
  if (row.name !== 'tr') return [];
  const table = $(row).closest('table');
  const head = table.find('thead tr').first().length ? table.find('thead tr').first() : table.find('tr').first();
  if (!head.length || head[0] === row) return [];
  const headers: string[] = [];
  head.children('th, td').each((_, c) => {
    const span = Number((c as Element).attribs.colspan) || 1;
    for (let k = 0; k < span; k++) headers.push(visibleText($, $(c)));
  });
  const out: SizePrice[] = [];
  let col = 0;
  for (const c of $(row).children('td, th').toArray() as Element[]) {
    const size = headers[col];
    col += Number(c.attribs.colspan) || 1;
    if (!size || !SIZE_ONLY.test(size.trim())) continue;
    const prices = salePrices(c, classes);
    if (prices.price) out.push({ size: size.replace(/\s+/g, ' ').trim(), price: prices.price, regularPrice: prices.regularPrice });
  }
  return out.length >= 2 ? out : [];
}
