import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { marks, visibleText } from '@/lib/scrape/extract/card-dom';
import { dealOnly, PRICE_ALL } from '@/lib/scrape/extract/card-prices';

/** Where a menu card's name and brand are written, and which of its lines could be a name. */

// Where a card's name lives, most specific first (plain JS predicates: compiling CSS selectors
// for every card dominated the cost on 200-product menus).
export const NAME_PREDICATES: Array<(e: Element) => boolean> = [
  (e) => e.attribs.itemprop === 'name',
  (e) => /name/.test(e.attribs['data-testid'] ?? ''),
  // A test hook naming the element the product's name (Wix's `data-hook="product-item-name"`), not its brand's.
  (e) => /(?:^|[-_])(?:product-?)?name$/.test(e.attribs['data-hook'] ?? '') && !/brand|vendor/.test(e.attribs['data-hook']),
  (e) => /product-?name/.test(marks(e)),
  (e) => /name/.test(e.attribs.class?.toLowerCase() ?? '') && !/brand/.test(marks(e)),
  (e) => /title/.test(e.attribs.class?.toLowerCase() ?? ''),
  (e) => /^h[1-6]$/.test(e.name),
  (e) => e.name === 'a',
  (e) => e.name === 'strong' || e.name === 'b',
];
export const NOT_A_NAME =
  /^(add( to (cart|bag))?|buy( now)?|(?:add(?: to (?:cart|bag|basket))?|buy(?: it)?(?: now)?|order(?: now)?|purchase)\b[^$]{0,24}\$\s?\d.*|view|details|(view|see|show|check) (all )?(prices?|sizes?|options|details|weights?)|quick ?(view|shop|add)|(select|choose) (an? )?(options?|sizes?|weights?)|options|(on )?sale!?|new!?|sold out|staff pick|limited|\d+% off|in stock|out of stock|select|choose|(?:(?:now|was|reg\.?|sale|only|from)\s*)?\$[\d.,\s]*(?:each|ea|\/\s?\w+|per \w+|(?:was|reg\.?)\s*\$[\d.,\s]*)?|[\/\s]*\d+(\.\d+)?\s*(g|%|mg|oz|ml)|(thc|cbd)a?\s*:?\s*[\d.]+.*|indica|sativa|hybrid|quantity|qty)$/i;

/** A potency figure ("THC 20.5%", "CBD: 1%"): a line with one is the card's meta line, not its name. */
const POTENCY = /\b(?:thc|cbd)a?\s*:?\s*\d+(?:\.\d+)?\s*%/i;

/**
 * A strain named by a letter and a number (`I-95`, `G13`, `B-52`): fewer than two letters, yet a
 * name when it is what the name element holds. A size (`1g`, `3.5 g`) starts with its digits.
 */
const STRAIN_CODE = /^\p{Lu}{1,2}[- ]?\d{1,3}$/u;

const TYPE_WORD = /^(?:indica|sativa|hybrid)$/i;
/**
 * A product named only by its strain type (a house "Indica" pre-roll): a type word is a label
 * anywhere on a card but in its name slot — an element marked as the name or title, or a heading
 * that is only the product's link — where it is the name.
 */
const typeName = (el: Element, t: string) => TYPE_WORD.test(t) && (NAME_PREDICATES.slice(0, 6).some((p) => p(el)) || headingLink(el));
/** A heading holding only a link with an address (`<h3 class="card__heading"><a href="/products/x">…</a></h3>`). */
function headingLink(el: Element): boolean {
  if (!/^h[1-6]$/.test(el.name)) return false;
  const tags = el.children.filter((c) => c.type === 'tag') as Element[];
  return tags.length === 1 && tags[0].name === 'a' && !!tags[0].attribs.href && el.children.every((c) => c.type === 'tag' || !(c as unknown as { data: string }).data.trim());
}

/**
 * `els`: the card then its descendants; marked-up names are looked for below the card itself.
 * `attrName`: the name the card's attributes give (attr-names.ts), taken when no element is
 * marked as the name, before a plain text line (which is then a brand or a label).
 */
export function pickName($: CheerioAPI, els: Element[], skip: string[], common?: (line: string) => boolean, attrName?: string | null): string | null {
  const heading = (e: Element) => NAME_PREDICATES.slice(0, 7).some((p) => p(e));
  // A product named like its brand ("HIBEGONE" by HIBEGONE): the heading is still the name when
  // the brand is also written in an element of its own that is no heading (the vendor line).
  const brandToo = (el: Element, t: string) =>
    t === skip[0] &&
    heading(el) &&
    els.slice(1).some((o) => o !== el && !heading(o) && visibleText($, $(o)) === t && !$(o).find(el as never).length && !$(el).find(o as never).length);
  for (const pred of NAME_PREDICATES) {
    for (const el of els.slice(1)) {
      if (!pred(el)) continue;
      const full = visibleText($, $(el));
      if (brandToo(el, full)) return full;
      const t = withoutSkipped($, el, skip) || full;
      // A text with a price in an element of its own is a whole block (a product link around name
      // and price), not the name; a price in the name's own words ("$10 Shake 1/8th") is the name's.
      if (
        t.length >= 2 &&
        t.length <= 160 &&
        (/\p{L}.*\p{L}/u.test(t) || STRAIN_CODE.test(t)) &&
        (!NOT_A_NAME.test(t) || typeName(el, t)) &&
        !dealOnly(t) &&
        !skip.includes(t) &&
        !(/\$\s?\d/.test(t) && priceBlock($, el))
      )
        return t;
    }
  }
  if (attrName && !skip.includes(attrName)) return attrName;
  // No marked-up name: the first text line that is not a price, a deal, a potency or a label; a
  // line that many cards repeat (a brand, a category) only when nothing else is left.
  // A line with a price in it ("Cactus Jellies 100mg — $17") only when the card has no other.
  // A strain code line ("I-95" before the brand line) counts here, where the name is looked for.
  const all = textLines(els, true).filter((t) => !skip.includes(t));
  const lines = all.some((t) => !/\$\s?\d/.test(t)) ? all.filter((t) => !/\$\s?\d/.test(t)) : all;
  const own = common ? lines.filter((t) => !common(t)) : lines;
  return (own.length ? own : lines)[0] ?? null;
}

/**
 * A name element's text without its child elements that hold only the card's brand or category
 * label (a WooCommerce table's `<td class="product-name"><a>Name</a> <span class="brand">House</span>
 * <span class="cat">Edibles</span></td>`): the name, not the name with its captions.
 */
function withoutSkipped($: CheerioAPI, el: Element, skip: string[]): string {
  const drop = new Set(skip.filter(Boolean));
  const kids = $(el).children().toArray() as Element[];
  if (!drop.size || !kids.some((k) => drop.has(visibleText($, $(k))))) return visibleText($, $(el));
  const parts: string[] = [];
  for (const n of el.children) {
    if (n.type === 'text') parts.push((n as unknown as { data: string }).data);
    else if (n.type === 'tag') {
      const t = visibleText($, $(n));
      if (!drop.has(t)) parts.push(t);
    }
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/**
 * A name element (heading, bold, name/title class or itemprop — not a link, which may wrap the
 * whole card) whose short text is words with a price among them: a product name, not a price.
 */
export function nameWithPrice(text: string, el: Element): boolean {
  const named = (e: Element) => NAME_PREDICATES.slice(0, 7).some((p) => p(e)) || e.name === 'strong' || e.name === 'b';
  // The link inside a heading that holds nothing else (`<h3><a>Airo Pro - .5g $40 each</a></h3>`,
  // Dawn's card title) is that name too.
  const parent = el.parent as Element | null;
  const onlyChild = parent?.type === 'tag' && parent.children.every((c) => c === el || (c.type === 'text' && !(c as unknown as { data: string }).data.trim())) && named(parent);
  if (text.length > 80 || !(named(el) || onlyChild)) return false;
  const words = text.replace(new RegExp(PRICE_ALL.source, 'gi'), ' ').match(/\p{L}{2,}/gu) ?? [];
  const named2 = words.filter((w) => !/^(?:now|was|reg|sale|only|price|from|each|ea|per|off|save)$/i.test(w));
  if (named2.length >= 2) return true;
  // A product's title link (a heading holding only a link to an address, Shopify Dawn's card
  // title "$60 Bong", "3.5G MACHALATO $20") names the product even with one word beside the
  // amount: a link to the product's page is its name, never its price. Units stay prices ("$35 / oz").
  const titleLink = headingLink(el) || (el.name === 'a' && !!el.attribs.href && onlyChild && /^h[1-6]$/.test(parent!.name));
  return titleLink && named2.some((w) => w.length >= 3 && !/^(?:gram|grams|ounce|ounces|each|usd|tax|incl)$/i.test(w));
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

/**
 * A card's own text lines that could name it (letters, no label, no potency, no deal alone);
 * `codes`: a strain code alone on its line (`I-95`, `G13`) too.
 */
export function textLines(els: Element[], codes = false): string[] {
  return els
    .flatMap((e) => e.children)
    .filter((n) => n.type === 'text')
    .map((n) => (n as unknown as { data: string }).data.replace(/\s+/g, ' ').trim())
    .filter((t) => (/[a-z]{3}/i.test(t) || (codes && STRAIN_CODE.test(t))) && !NOT_A_NAME.test(t) && !POTENCY.test(t) && !dealOnly(t));
}

export function firstText($: CheerioAPI, els: Element[], pred: (e: Element) => boolean): string | null {
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
export function labelledBrand($: CheerioAPI, els: Element[]): string | null {
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
