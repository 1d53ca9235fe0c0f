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

const NOISE = 'script, style, noscript, template, svg, iframe, head, nav, footer, select, option, aside, [role="navigation"], [aria-hidden="true"], [hidden]';

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
const NOT_A_NAME =
  /^(add( to (cart|bag))?|buy( now)?|view|details|sale|new|in stock|out of stock|select|choose|\$.*|[\/\s]*\d+(\.\d+)?\s*(g|%|mg|oz|ml)|(thc|cbd)a?\s*:?\s*[\d.]+.*|indica|sativa|hybrid|quantity|qty)$/i;

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

function sameShapeSiblings(el: Element): number {
  const parent = el.parent as Element | null;
  if (!parent || !parent.children) return 0;
  const sig = signature(el);
  return parent.children.filter((c) => c.type === 'tag' && signature(c as Element) === sig).length;
}

const LABEL_WORDS =
  /\b(price|prices|each|ea|per|gram|grams|g|oz|sale|was|now|only|from|usd|reg|regular|member|med|rec|tax|incl|starting|at|deal|deals|off|save|discount|special|promo|ounce|eighth)\b/gi;
const letters = (t: string) => t.replace(LABEL_WORDS, '').replace(/[^a-z]/gi, '').length;

/**
 * Climbs from a price element to its card: the nearest ancestor that holds text besides the
 * price (a name) and whose shape repeats, either among its siblings or, for class-named
 * elements, elsewhere in the page (a category section with a single product still uses the
 * same card markup as the others).
 */
function findCard(textOf: (el: Element) => string, priceEl: Element, classCounts: Map<string, number>): Element | null {
  let cur: Element | null = priceEl;
  let fallback: Element | null = null;
  for (let depth = 0; cur && depth < 9; depth++) {
    if (cur.type !== 'tag' || cur.name === 'body') break;
    const text = textOf(cur);
    const hasName = letters(text) >= 3;
    if (hasName && text.length < 1200) {
      const sig = signature(cur);
      const repeated = sameShapeSiblings(cur) >= 2 || (sig.includes('.') && (classCounts.get(sig) ?? 0) >= 2);
      if (repeated) return cur;
      if (!fallback && text.length < 600) fallback = cur;
    }
    cur = cur.parent as Element | null;
  }
  // A lone price with no repeated card is only a product when its text says so (weight, potency,
  // a product word): this keeps banners like "Free delivery over $100" out.
  if (fallback) {
    const t = textOf(fallback);
    if (/\d\s*(g|mg|oz)\b|thc|cbd|add to (cart|bag)|indica|sativa|hybrid/i.test(t)) return fallback;
  }
  return null;
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

/** `els`: the card then its descendants; marked-up names are looked for below the card itself. */
function pickName($: CheerioAPI, els: Element[], skip: string[]): string | null {
  for (const pred of NAME_PREDICATES) {
    for (const el of els.slice(1)) {
      if (!pred(el)) continue;
      const t = visibleText($, $(el));
      if (t.length >= 2 && t.length <= 160 && /\p{L}.*\p{L}/u.test(t) && !NOT_A_NAME.test(t) && !skip.includes(t)) return t;
    }
  }
  // No marked-up name: the longest text line that is not a price or label.
  const lines = els
    .flatMap((e) => e.children)
    .filter((n) => n.type === 'text')
    .map((n) => (n as unknown as { data: string }).data.replace(/\s+/g, ' ').trim())
    .filter((t) => /[a-z]{3}/i.test(t) && !NOT_A_NAME.test(t) && !skip.includes(t));
  return lines.sort((a, b) => b.length - a.length)[0] ?? null;
}

function firstText($: CheerioAPI, els: Element[], pred: (e: Element) => boolean): string | null {
  const el = els.find(pred);
  const t = el ? visibleText($, $(el)) : '';
  return t || null;
}

/** The nearest heading above the card (walking up through ancestors' previous siblings). */
function sectionHeading($: CheerioAPI, card: Element): string | null {
  let cur: AnyNode | null = card;
  const cardSig = signature(card);
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
        if (t && t.length < 60) return t;
      }
    }
    cur = cur.parent;
    const tag = cur as Element | null;
    if (tag?.attribs?.['data-category']) return tag.attribs['data-category'];
    if (!tag || tag.name === 'body') break;
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
const SAVING_BEFORE = /\b(?:save|saving|you save|discount)\s*:?\s*$/i;
const SAVING_AFTER = /^\s*(?:off|discount|savings?)\b/i;
const PRICE_ALL = /(?:(?:US)?\$|USD\s?)\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?/gi;

function struck(el: Element): boolean {
  if (el.name === 's' || el.name === 'del' || el.name === 'strike') return true;
  if (/line-through/i.test(el.attribs.style ?? '')) return true;
  return REGULAR_CLASS.test(`${el.attribs.class ?? ''} ${el.attribs['data-testid'] ?? ''} ${el.attribs.itemprop ?? ''}`.replace(/\b(?:price|prices)\b/gi, ' '));
}

interface PriceHit {
  text: string;
  regular: boolean;
  /** Inside an element marked as a price (class, itemprop). */
  marked: boolean;
}

/**
 * Every price in a card in document order, each flagged regular (struck through, in a "was"/
 * "reg." element or after such a label) or not; savings ("Save $8", "$5 off") are left out.
 */
export function cardPrices(card: Element): PriceHit[] {
  const segs: Array<{ text: string; regular: boolean; marked: boolean }> = [];
  const walk = (n: AnyNode, regular: boolean, marked: boolean) => {
    if (n.type === 'text') {
      segs.push({ text: (n as unknown as { data: string }).data, regular, marked });
      return;
    }
    if (n.type !== 'tag') return;
    const el = n as Element;
    if (el.name === 'script' || el.name === 'style' || el.name === 'noscript' || el.name === 'template') return;
    const r = regular || struck(el);
    const m = marked || /price/i.test(marks(el));
    segs.push({ text: ' ', regular: r, marked: m });
    for (const c of el.children) walk(c as AnyNode, r, m);
    segs.push({ text: ' ', regular: r, marked: m });
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
    if (SAVING_BEFORE.test(before) || SAVING_AFTER.test(after)) continue;
    if ((parsePrice(m[0]) ?? 0) <= 0) continue;
    const seg = segs[owner[m.index]];
    hits.push({ text: m[0].replace(/\s+/g, ' ').trim(), regular: seg.regular || REGULAR_LABEL.test(before), marked: seg.marked });
  }
  return hits;
}

/** The price paid now and the regular price of a card (DECISIONS §12). */
export function salePrices(card: Element): { price: string | null; regularPrice: string | null } {
  const hits = cardPrices(card);
  const now = hits.filter((h) => !h.regular);
  const was = hits.filter((h) => h.regular);
  const price = (now.find((h) => h.marked) ?? now[0])?.text ?? null;
  if (!price) return { price: was[0]?.text ?? null, regularPrice: null };
  return { price, regularPrice: was[0]?.text ?? null };
}

export function extractHeuristic($: CheerioAPI, baseUrl: string): ScrapedProduct[] {
  const root: Cheerio<AnyNode> = $('body').length ? $('body') : $.root();
  const scope = root.clone();
  scope.find(NOISE).remove();
  scope
    .find('[class]')
    .filter((_, el) => el.type === 'tag' && isFurnitureClass((el as Element).attribs.class))
    .remove();

  // Price holders: the smallest elements whose own text carries a price.
  const priceEls = scope
    .find('*')
    .toArray()
    .filter((el): el is Element => {
      if (el.type !== 'tag') return false;
      const own = $(el)
        .contents()
        .toArray()
        .filter((n) => n.type === 'text')
        .map((n) => (n as unknown as { data: string }).data)
        .join(' ');
      const p = extractPriceText(own);
      return p !== null && (parsePrice(p) ?? 0) > 0;
    });

  // Ancestors are shared by every card below them: memoise their text (else quadratic).
  const texts = new Map<Element, string>();
  const textOf = (el: Element) => {
    let t = texts.get(el);
    if (t === undefined) texts.set(el, (t = visibleText($, $(el))));
    return t;
  };
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

  const products: ScrapedProduct[] = [];
  for (const el of inner) {
    const card = $(el);
    const els = [el, ...descendants(el)];
    const text = textOf(el);
    const brand = firstText($, els.slice(1), (e) => e.attribs.itemprop === 'brand' || /brand/.test(marks(e))) ?? el.attribs['data-brand'] ?? null;
    const catLabel =
      el.attribs['data-category'] ?? firstText($, els.slice(1), (e) => /category/.test(marks(e)) || e.attribs['data-category'] !== undefined) ?? sectionHeading($, el);
    if (FURNITURE_TEXT.test(text) && text.length < 120) continue;
    // A menu whose brand line repeats the name still names the product.
    const name = pickName($, els, [brand ?? '', catLabel ?? '']) ?? pickName($, els, [catLabel ?? '']);
    if (!name) continue;
    const prices = salePrices(el);
    const href = els.find((e) => e.name === 'a' && e.attribs.href)?.attribs.href;
    const p = toScrapedProduct({
      name,
      brand,
      category: canonicalCategory(catLabel) ? catLabel : null,
      price: prices.price ?? extractPriceText(text),
      regularPrice: prices.regularPrice,
      weight: firstText($, els.slice(1), (e) => /weight|size/.test(marks(e))),
      strainType: firstText($, els.slice(1), (e) => /strain-type|lineage|(^|[\s_-])type\b/.test(marks(e))),
      url: resolve(href ?? card.attr('href'), baseUrl),
      text,
    });
    if (p) products.push(p);
  }
  return dedupeProducts(products);
}
