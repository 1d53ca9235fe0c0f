import type { Element } from 'domhandler';

/**
 * The category a card writes in its own text, beside the brand or the potency ("Everest · Pre-Roll
 * THC 23.1%", a table cell "Edibles", "Category: Vape Pens"), when no element is marked as the
 * category. Only a whole piece of text that is a menu's category label counts: a word of a
 * product's name ("Flower Power Gummies") never does, nor a product word a name may be on its own
 * ("Chocolate", "Gummies", "Pods"), nor the card's name element.
 */
const LABEL =
  /^(?:flowers?|pre[\s-]?rolls?|prerolls?|vapes?|vape pens?|vaporizers?|(?:vape )?cartridges?|concentrates?|extracts?|edibles?|beverages?|tinctures?|topicals?|accessories|gear|apparel|merch(?:andise)?|cultivation|seeds|clones)$/i;
/** Separators menus put between a card's facts. */
const SEPARATOR = /\s*[·•|—–]\s*|\s+-\s+/;
/** Where a card writes its product's name. */
const NAME_TAG = /^(?:h[1-6]|a|strong|b)$/;
const NAME_MARK = /(?:^|[\s_-])(?:name|title|heading)(?:$|[\s_-])/i;

/** A piece of card text as a category label: the label itself, with a `Category:` key, potency or maker after it cut off. */
export function categoryPiece(piece: string): string | null {
  const t = piece
    .replace(/^(?:category|type|product type)\s*:\s*/i, '')
    .replace(/\s+(?:THC|CBD|THCa|TAC|total)\b.*$/i, '')
    // A subtitle or short description naming the maker after the category ("Flower from Acme.",
    // "Edibles by Kiva", Luma's list-mode description).
    .replace(/\s+(?:from|by)(?:\s.*)?$/i, '')
    .replace(/\s+\d.*$/, '')
    .trim();
  return LABEL.test(t) ? t : null;
}

/** The card's facts lines: its elements' own short text runs (not the card's name element), cut into pieces at the separators. */
function* factsLines(els: readonly Element[]): Generator<string[]> {
  for (const e of els) {
    if (NAME_TAG.test(e.name) || NAME_MARK.test(`${e.attribs.class ?? ''} ${e.attribs['data-testid'] ?? ''} ${e.attribs.itemprop ?? ''}`)) continue;
    for (const n of e.children) {
      if (n.type !== 'text') continue;
      const text = (n as unknown as { data: string }).data.replace(/\s+/g, ' ').trim();
      if (text && text.length <= 80) yield text.split(SEPARATOR);
    }
  }
}

/** The first category label among the card's elements' own text pieces (not the card element itself, nor its name). */
export function textCategory(els: readonly Element[]): string | null {
  for (const pieces of factsLines(els))
    for (const piece of pieces) {
      const label = categoryPiece(piece);
      if (label) return label;
    }
  return null;
}

/**
 * The category a card keeps in a data attribute of its own or of an element in it (`data-category`,
 * when no element's text gave one), and the analytics data tags storefronts write (`data-product-category` on a BigCommerce
 * Cornerstone card, `data-item-category` of GA4 item markup), padded with the template's
 * whitespace or a comma-separated list of the product's categories (the first is its own).
 */
export function dataCategory(els: readonly Element[]): string | null {
  for (const e of els)
    for (const k of ['data-category', 'data-product-category', 'data-item-category']) {
      const first = e.attribs[k]
        ?.split(',')
        .map((t) => t.replace(/\s+/g, ' ').trim())
        .find(Boolean);
      // A label, not an id ("23") or a path.
      if (first && first.length <= 40 && /\p{L}{2}/u.test(first) && !/[/\d]/.test(first)) return first;
    }
  return null;
}

/** Words of a card's facts line that are no brand: strain types, potency keys, stock words. */
const NOT_BRAND = /^(?:indica|sativa|hybrid|indica[\s-]hybrid|sativa[\s-]hybrid|cbd|thc|thca|balanced|new|sale|special|in stock|out of stock|sold out|staff pick)$/i;

/**
 * The brand a card writes in its facts line just before the category label, with no element of
 * its own ("Everest · Pre-Roll THC 23.1%", "Ripple · Edibles"): the piece right before a category
 * piece, when it is a short run of words (no price, no figure only), no strain type or potency
 * key, and not the product's name itself (`name`: "Blue Dream · Flower" on a card named Blue Dream
 * is the name again, not a brand).
 */
export function factsLineBrand(els: readonly Element[], name: string): string | null {
  const lowName = name.toLowerCase();
  for (const pieces of factsLines(els)) {
    const at = pieces.findIndex((piece, k) => k > 0 && categoryPiece(piece) !== null);
    if (at < 1) continue;
    const b = pieces[at - 1].trim();
    if (b.length < 2 || b.length > 40 || !/\p{L}{2}/u.test(b) || /[$%]|\d{2}/.test(b) || NOT_BRAND.test(b) || categoryPiece(b)) continue;
    if (lowName !== b.toLowerCase()) return b;
  }
  return null;
}
