import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { descendants, marks, signature, visibleText } from '@/lib/scrape/extract/card-dom';
import { dataCategory, factsLineBrand, textCategory } from '@/lib/scrape/extract/card-category';
import { linkCategory } from '@/lib/scrape/extract/link-category';
import { findCard } from '@/lib/scrape/extract/card-find';
import { firstText, labelledBrand, nameWithPrice, pickName, textLines } from '@/lib/scrape/extract/card-names';
import { cutNameScope, isCut, wholeName } from '@/lib/scrape/extract/cut-names';
import { minusOnly } from '@/lib/scrape/extract/minus-amounts';
import { echoesName } from '@/lib/scrape/extract/echoed-name';
import { attributeNames } from '@/lib/scrape/extract/attr-names';
import { removeQuantityTiers } from '@/lib/scrape/extract/quantity-tiers';
import { attributePrices, cardPrices, dealOnly, notPaidOnly, salePrices, struckClasses } from '@/lib/scrape/extract/card-prices';
import { regroupSizeRows } from '@/lib/scrape/extract/size-rows';
import { optionProducts } from '@/lib/scrape/extract/option-products';
import { columnSizes, definitionSizes, sizeChips, sizeListsIn, sizeSelects, textSizesIn, wooVariationPrices } from '@/lib/scrape/extract/card-sizes';
import { markCssSoldOut, soldOutCard } from '@/lib/scrape/extract/sold-out';
import { removeDealTiles } from '@/lib/scrape/extract/deal-tiles';
import { shelfPrices } from '@/lib/scrape/extract/shelf-prices';
import { priceLines } from '@/lib/scrape/extract/price-lines';
import { canonicalCategory, dedupeProducts, extractPriceText, parsePrice, toScrapedProduct } from '@/lib/scrape/normalize';
import type { ScrapedProduct } from '@/lib/scrape/types';

/**
 * The deterministic reader of rendered menus (used with the local AI provider, and as the
 * fallback when a hosted model fails). It looks for price text, climbs to the repeated element
 * that holds it (a "card": siblings with the same tag and classes), and reads the name, brand,
 * category, weight and potency from that card. Section headings ("Flower", "Edibles") above a
 * group of cards give the category when the card itself does not.
 */

const NOISE = 'script, style, noscript, template, svg, iframe, head, nav, footer, select, option, [role="navigation"], [hidden], [data-scan-hidden]';
/**
 * An `<aside>` is a sidebar (filters, widgets), except one that holds most of the page's amounts
 * and at least eight: an off-canvas drawer or side panel the menu was opened in ("Shop now",
 * nineteenth round). A sidebar's price bands and a "Top sellers" widget stay out.
 */
const amountsIn = (t: string) => (t.match(/\$\s?\d/g) ?? []).length;
/** A block with at least eight amounts and most of the page's is the menu, whatever its class says. */
const holdsTheMenu = (n: number, total: number) => n >= 8 && n * 2 > total;
function removeSidebars($: CheerioAPI, scope: Cheerio<AnyNode>): void {
  const amounts = amountsIn;
  const total = amounts(scope.text());
  scope
    .find('aside')
    .filter((_, el) => {
      const n = amounts($(el).text());
      return n < 8 || n * 2 <= total;
    })
    .remove();
}
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
/**
 * A class naming furniture, unless it names the product itself; WooCommerce's underscore-named
 * cart control (`add_to_cart_button`) stays only when it shows a price (a price given only on the
 * control, twenty-first round) — a bare "Add" button beside each size row is furniture.
 */
const isFurnitureClass = (cls: string | undefined, priced: boolean) =>
  !!cls && cls.split(/\s+/).some((t) => FURNITURE_CLASS.test(t) && !/add-?to-?cart|cart-?add|product|card|item/i.test(t) && !(priced && /add_to_cart|cart_add/i.test(t)));
/** Text of a "card" that is furniture: totals, delivery promises, price bands of a filter. */
const FURNITURE_TEXT =
  /\b(?:sub-?total|cart total|order total|your cart|free (?:delivery|shipping)|orders? (?:over|above)|minimum order|sort by)\b|^(?:under|over|below|above|less than|more than|up to)\s*\$\s?\d+$|^\$\s?\d+(?:\.\d\d)?\s*(?:-|–|to)\s*\$\s?\d+(?:\.\d\d)?$|^\$\s?\d+(?:\.\d\d)?\s*(?:and up|\+|or more)$/i;

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
    // Other cards hold product names in headings, never the section's title: siblings shaped like
    // the card, or like the ancestor being walked (a card found inside its grid item, Shopify
    // Dawn's `card__information` in `li.grid__item`: the previous item's title is no section).
    const curSig = depth === 0 ? cardSig : signature(cur as Element);
    for (let n = 0; sib && n < 30; sib = sib.prev) {
      if (sib.type !== 'tag') continue;
      const el = sib as Element;
      if (signature(el) === curSig) continue;
      n++;
      // A block before the cards that holds one heading titles them; one holding several is a list
      // of its own (Shopify's collection list of category cards: its last title is no section).
      // A form's `<legend>` titles its fieldset's fields (an order form's checkboxes per category).
      const inner = /^(?:h[1-4]|legend)$/.test(el.name) ? null : $(el).find('h1, h2, h3, h4');
      if (inner && inner.length > 1) continue;
      const heading = inner ?? $(el);
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

/** Whether `el` is a descendant of `box`. */
function isInside(el: Element, box: Element): boolean {
  for (let a = el.parent; a; a = a.parent) if (a === box) return true;
  return false;
}

/** The page's body without scripts, navigation, hidden content and furniture; and the classes its CSS strikes through. */
export function menuScope($: CheerioAPI): { scope: Cheerio<AnyNode>; classes: Set<string> } {
  const root: Cheerio<AnyNode> = $('body').length ? $('body') : $.root();
  const scope = root.clone();
  wooVariationPrices($, scope);
  sizeSelects($, scope);
  optionProducts($, scope);
  // Before strains are regrouped: a deal row with no amount ("20% off all Edibles") is no strain's title row over the product rows after it.
  removeDealTiles($, scope);
  regroupSizeRows($, scope);
  markCssSoldOut($, scope);
  scope.find(NOISE).remove();
  removeSidebars($, scope);
  shelfPrices($, scope);
  priceLines($, scope);
  scope
    .find(ARIA_HIDDEN)
    .filter((_, el) => !/\$\s?\d/.test($(el).text()))
    .remove();
  const menuAmounts = amountsIn(scope.text());
  scope
    .find('[class]')
    // A product's own add-to-cart form (WooCommerce's `variations_form cart`) holding its size options stays.
    .filter((_, el) => el.type === 'tag' && isFurnitureClass((el as Element).attribs.class, /\$\s?\d/.test($(el).text())) && sizeListsIn(el as Element).length === 0)
    // So does a block holding most of the page's amounts (a slideshow "banner" that is the menu board; twenty-second round).
    .filter((_, el) => !holdsTheMenu(amountsIn($(el).text()), menuAmounts))
    .remove();
  removeQuantityTiers($, scope);
  const classes = struckClasses($);
  attributePrices($, scope);
  return { scope, classes };
}

export function extractHeuristic($: CheerioAPI, baseUrl: string): ScrapedProduct[] {
  const { scope, classes } = menuScope($);

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
    // The pieces may all be elements (`<span>$</span><span>20</span><sup>00</sup>`): a holder of leaves only.
    const leaves = el.children.every((c) => c.type !== 'tag' || (c as Element).children.every((g) => g.type === 'text'));
    if (!/[$\d]/.test(ownText(el)) && !leaves) return false;
    const t = textOf(el);
    if (t.length > 24 || dealOnly(t) || !isPrice(t.replace(/\s+/g, ''))) return false;
    return !el.children.some((c) => c.type === 'tag' && isPrice(textOf(c as Element).replace(/\s+/g, '')));
  };

  // Price holders: the smallest elements whose own text carries a price — not a name whose words
  // hold one ("$10 Shake 1/8th", "Airo Pro - .5g $40 each" in a heading or bold name).
  const priceEls = scope
    .find('*')
    .toArray()
    .filter((el): el is Element => el.type === 'tag' && (isPrice(ownText(el as Element)) || splitPrice(el as Element)) && !nameWithPrice(textOf(el as Element), el as Element))
    // Nor a label repeating such a name (`Add<span class="sr-only">, $10 Shake 1/8th</span>`, echoed-name.ts).
    .filter((el) => !echoesName(textOf, el))
    // A discount badge ("-$6.36" in a product flag) holds no card's price (minus-amounts.ts).
    .filter((el) => !minusOnly(textOf(el)))
    // An amount its line names as not paid ("payments of <strong>$10</strong>", "<b>$5</b> back") holds no card's price.
    .filter((el) => !notPaidOnly(textOf((el.parent as Element | null)?.type === 'tag' ? (el.parent as Element) : el)));
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
  // A block whose only amounts are previous prices ("On special, regularly $30.00" in a form field's
  // description) is part of the card around it, never a product of its own.
  const partOf = (c: Element) => {
    const hits = cardPrices(c, classes);
    return hits.length > 0 && hits.every((h) => h.regular) && cards.some((d) => d !== c && isInside(c, d));
  };
  const parts = new Set(cards.filter(partOf));
  // Keep the innermost cards: a container found for one price must not swallow its children.
  const containers = new Set<Element>();
  for (const c of cards) {
    if (parts.has(c)) continue;
    for (let a = c.parent as Element | null; a && a.type === 'tag'; a = a.parent as Element | null) if (seen.has(a)) containers.add(a);
  }
  // A card whose sizes are chosen in it (a size list written out of its select) is the product,
  // not the link or price box inside it that shows only a price range ("$11.00 – $60.00").
  const sizedCards = cards.filter((c) => sizeListsIn(c).length > 0 && !cards.some((d) => d !== c && isInside(d, c) && sizeListsIn(d).length > 0));
  const inSized = (c: Element) => sizedCards.some((s) => s !== c && isInside(c, s));
  const inner = cards.filter((c) => !parts.has(c) && (!containers.has(c) || sizedCards.includes(c)) && !inSized(c));

  // Names are the product's own; a line found in several cards is a brand, a category or a badge.
  const lineCards = new Map<string, number>();
  for (const el of inner) for (const t of new Set(textLines([el, ...descendants(el)]))) lineCards.set(t, (lineCards.get(t) ?? 0) + 1);
  const repeated = (t: string) => inner.length >= 4 && (lineCards.get(t) ?? 0) >= 3;
  // Names only in attributes (an image's alt, a link's title or aria-label): a value several cards share is no name.
  const attrOf = new Map(inner.map((el) => [el, attributeNames([el, ...descendants(el)])]));
  const attrCards = new Map<string, number>();
  for (const xs of attrOf.values()) for (const t of xs) attrCards.set(t, (attrCards.get(t) ?? 0) + 1);
  // A cut title's whole name may be in the attributes just around the card (cut-names.ts).
  const cutCandidates = (el: Element) => {
    const scope = cutNameScope(el, inner);
    return scope === el ? [] : attributeNames([scope, ...descendants(scope)]);
  };
  const attrName = (el: Element) => attrOf.get(el)!.find((t) => !(inner.length >= 4 && (attrCards.get(t) ?? 0) >= 3)) ?? null;

  const products: ScrapedProduct[] = [];
  for (const el of inner) {
    const card = $(el);
    const els = [el, ...descendants(el)];
    const text = textOf(el);
    const brand = firstText($, els.slice(1), (e) => e.attribs.itemprop === 'brand' || /brand|vendor/.test(marks(e))) ?? el.attribs['data-brand'] ?? labelledBrand($, els.slice(1));
    const catLabel =
      el.attribs['data-category'] ??
      firstText($, els.slice(1), (e) => /category/.test(marks(e)) || e.attribs['data-category'] !== undefined) ??
      dataCategory(els) ??
      classCategory(el) ??
      linkCategory(els.slice(1)) ??
      textCategory(els.slice(1)) ??
      sectionHeading($, el);
    if (FURNITURE_TEXT.test(text) && text.length < 120) continue;
    if (soldOutCard($, el, els)) continue;
    // A menu whose brand line repeats the name still names the product.
    const picked = pickName($, els, [brand ?? '', catLabel ?? ''], repeated, attrName(el)) ?? pickName($, els, [catLabel ?? ''], repeated);
    if (!picked) continue;
    // A title the theme cut ("Wana - Exotic Yuzu 2:1 -...") stands for the whole name the card's attributes write.
    let name = wholeName(picked, attrOf.get(el)!);
    if (name === picked && isCut(picked)) name = wholeName(picked, cutCandidates(el));
    const href = els.find((e) => e.name === 'a' && e.attribs.href)?.attribs.href;
    const common = {
      // A brand written only in the card's facts line, before its category ("Ripple · Edibles").
      brand: brand ?? factsLineBrand(els.slice(1), name),
      category: canonicalCategory(catLabel) ? catLabel : null,
      strainType: firstText($, els.slice(1), (e) => /strain-type|lineage|(^|[\s_-])type\b/.test(marks(e))),
      url: resolve(href ?? card.attr('href'), baseUrl),
      text,
    };
    // One card, several sizes each with its price ("1/8 oz $35", "1/4 oz $60"): one product per
    // size, the size in the name (DECISIONS §12, as for app state and JSON-LD offers).
    let chips = sizeChips($, els.slice(1), classes);
    if (chips.length < 2) chips = columnSizes($, el, classes);
    if (chips.length < 2) chips = definitionSizes($, els, classes);
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
