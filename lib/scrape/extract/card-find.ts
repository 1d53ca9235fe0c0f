import type { Element } from 'domhandler';
import { signature } from '@/lib/scrape/extract/card-dom';
import { NAME_PREDICATES, nameWithPrice } from '@/lib/scrape/extract/card-names';
import { priceCount, REGULAR_WORD } from '@/lib/scrape/extract/card-prices';
import { echoesName } from '@/lib/scrape/extract/echoed-name';
import { sizeListsIn, SIZES_ALL } from '@/lib/scrape/extract/card-sizes';
import { loneProduct } from '@/lib/scrape/extract/lone-card';

/**
 * The shape siblings share: the tag and the first class token. Not the whole class list: item
 * classes vary per product (WooCommerce's `post-123 product_cat-flower sale first`).
 */
const shape = (el: Element) => `${el.name}.${(el.attribs.class ?? '').trim().split(/\s+/)[0]}`;

/** The siblings of `el`'s shape (itself too), at most the first six. */
function likeSiblings(el: Element): Element[] {
  const parent = el.parent as Element | null;
  const sig = shape(el);
  return (parent?.children ?? []).filter((c): c is Element => c.type === 'tag' && shape(c as Element) === sig).slice(0, 6);
}

function sameShapeSiblings(el: Element): number {
  const parent = el.parent as Element | null;
  if (!parent || !parent.children) return 0;
  const sig = shape(el);
  return parent.children.filter((c) => c.type === 'tag' && shape(c as Element) === sig).length;
}

const LABEL_WORDS =
  /\b(price|prices|each|ea|per|gram|grams|g|oz|sale|was|now|only|from|usd|reg|regular|member|med|rec|tax|incl|starting|at|deal|deals|off|save|discount|special|promo|ounce|eighth|original|current|is|compare|list|retail|unit|weights?|sizes?|options?|select|choose|quantity|qty|add|to|cart|bag|basket|buy|order|purchase)\b/gi;
/**
 * Letters of a text that could name something: label words, sizes ("3.5g", "1/8 oz"), the
 * quantity of a multi-buy tier ("2 for $35", "4/$60") and an add-to-cart control's words ("Add to
 * cart · $25.00", "Buy – $25.00": a price shown only on the control, twenty-first round) left out.
 */
const letters = (t: string) =>
  t
    .replace(/\b\d+\s*(?:for|\/)(?=\s*\$)/gi, ' ')
    .replace(SIZES_ALL(), ' ')
    .replace(LABEL_WORDS, '')
    .replace(/[^a-z]/gi, '').length;

/**
 * Climbs from a price element to its card: the nearest ancestor that holds text besides the
 * price (a name) and whose shape repeats, either among its siblings or, for class-named
 * elements, elsewhere in the page (a category section with a single product still uses the
 * same card markup as the others).
 */
export function findCard(textOf: (el: Element) => string, priceEl: Element, classCounts: Map<string, number>): Element | null {
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
        if (hasNameElement(cur)) return widen(textOf, cur, classCounts);
        if (!found) [found, foundAt] = [cur, depth];
      } else if (!fallback && text.length < 600) fallback = cur;
    } else if (found) break;
    if (found && depth - foundAt >= 3) break;
    cur = cur.parent as Element | null;
  }
  if (found) return widen(textOf, found, classCounts);
  // A lone price with no repeated card is only a product when its text says so (weight, potency,
  // a product word): this keeps banners like "Free delivery over $100" out.
  if (fallback) {
    const t = textOf(fallback);
    if (/\d\s*(g|mg|oz)\b|thc|cbd|add to (cart|bag)|indica|sativa|hybrid/i.test(t)) return fallback;
    // Or when it is laid out as a product (a category or letter view holding one product: lone-card.ts).
    if (loneProduct(fallback)) return fallback;
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
      if (nameWithPrice(t, c as Element) || echoesName(textOf, c as Element)) n += priceCount(t);
      else walk(c as Element);
    }
  };
  walk(el);
  return n;
}

/** An element below `el` where a name is written: a heading, link, bold text, a name/title class or itemprop. */
function hasNameElement(el: Element): boolean {
  const walk = (n: Element): boolean => n.children.some((c) => c.type === 'tag' && (NAME_PREDICATES.slice(0, 9).some((p) => p(c as Element)) || walk(c as Element)));
  return walk(el);
}

/**
 * A card that is one part of a repeated item (the product link inside WooCommerce's
 * `li.product`, beside the brand and add-to-cart blocks) widens to that item, as long as the item
 * holds no other price than the card's (so a section of cards never becomes one card).
 */
function widen(textOf: (el: Element) => string, card: Element, classCounts: Map<string, number>): Element {
  let cur = card;
  // An item repeated only by its class (at least three times), each alone in its wrapper (a
  // virtualised list's rows, one gallery `li` per absolutely placed row): the outermost such
  // ancestor passed on the way up. Twice is not a list (two sheets of a published spreadsheet).
  let classItem: Element | null = null;
  const classRepeated = (el: Element) => {
    const sig = signature(el);
    return sig.includes('.') && (classCounts.get(sig) ?? 0) >= 3 && !otherName(el, card);
  };
  // The sizes of the product chosen beside its link (a select written out by sizeSelects) are
  // the item's own prices, not another product's.
  const sizes = (el: Element) => sizeListsIn(el).reduce((n, l) => n + priceCount(textOf(l)), 0);
  const own = priceCount(textOf(card)) - sizes(card);
  const ownPaid = paidCount(textOf(card)) - sizes(card);
  // Up to two repeated items up; a card found deep inside its item (a Wix gallery item: the
  // details block in a link in two wrappers in the repeated `li`) reaches the item through up to
  // three wrappers that do not repeat, the item's other lines (brand, category) then its own.
  let at = cur;
  for (let i = 0, skipped = 0; i < 2;) {
    const parent = at.parent as Element | null;
    if (!parent || parent.type !== 'tag' || parent.name === 'body') break;
    const t = textOf(parent);
    // The item's other lines may add only its regular price ("Was $30.00" in a description under the title and price).
    if (t.length > 1200 || (priceCount(t) - sizes(parent) !== own && paidCount(t) - sizes(parent) !== ownPaid)) break;
    // A card with its own heading never widens to a block with another heading (a shelf's title above its one product).
    if (headingIn(card) && headingOutside(parent, at)) break;
    at = parent;
    if (sameShapeSiblings(parent) < 2) {
      if (cur === card && classRepeated(parent)) classItem = parent;
      if (cur !== card || ++skipped > 3) break;
      continue;
    }
    // Past wrappers, only to an item whose like siblings are single products too, a price and at
    // most a struck one each (never a category section holding one card among sections of several).
    if (skipped > 0 && !likeSiblings(parent).every((x) => priceCount(textOf(x)) - sizes(x) <= Math.max(own, 2))) break;
    cur = parent;
    i++;
    skipped = 0;
  }
  return cur === card && classItem ? classItem : cur;
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const headingIn = (el: Element): boolean => el.children.some((c) => c.type === 'tag' && (HEADINGS.has((c as Element).name) || headingIn(c as Element)));
/** A heading with text in `el` outside its child `inner`. */
const headingOutside = (el: Element, inner: Element): boolean =>
  el.children.some(
    (c) => c.type === 'tag' && c !== inner && ((HEADINGS.has((c as Element).name) && /\p{L}/u.test(textOfNode(c as Element))) || headingOutside(c as Element, inner)),
  );

/** Amounts less those labelled a regular price ("Was $30.00", "reg. $30"). */
const WAS_AMOUNT = new RegExp(String.raw`\b${REGULAR_WORD}\s*:?\s*\$\s?\d[\d,]*(?:\.\d\d)?`, 'gi');
const paidCount = (t: string) => priceCount(t.replace(WAS_AMOUNT, ' '));

/** A name or heading with text in `el` outside `card` (a category section's title): `el` is more than the card's item. */
function otherName(el: Element, card: Element): boolean {
  const walk = (n: Element): boolean =>
    n.children.some(
      (c) => c.type === 'tag' && c !== card && ((NAME_PREDICATES.slice(0, 7).some((p) => p(c as Element)) && /\p{L}/u.test(textOfNode(c as Element))) || walk(c as Element)),
    );
  return walk(el);
}
const textOfNode = (el: Element): string =>
  el.children.map((c) => (c.type === 'text' ? (c as unknown as { data: string }).data : c.type === 'tag' ? textOfNode(c as Element) : '')).join('');
