import type { Element } from 'domhandler';
import { descendants } from '@/lib/scrape/extract/card-dom';
import { categoryPiece, textCategory } from '@/lib/scrape/extract/card-category';
import { NAME_PREDICATES } from '@/lib/scrape/extract/card-names';

/**
 * A price block with no repeated card around it (card-find.ts): a banner ("Free delivery over
 * $100") unless its text says it is a product. Besides weight, potency or a product word (kept in
 * card-find.ts), a lone block is a product when it is laid out like one (a category or letter view
 * holding a single product: `az-index` "V (1 products)", a `hash-routes` category of one):
 * - it links its name to a product's own page, the block itself being that link too (WooCommerce's
 *   `a.woocommerce-LoopProduct-link` around the title and price);
 * - or it writes a category label or a maker ("by House") on a line of its own (a "Type" cell
 *   "Flower", a tile's `<small>Edibles</small>`) beside a name element (a heading, bold or
 *   name-class text) that is neither;
 * - or it is a row of a table whose header names a product and a price column.
 */

/** A product's own page: `/p/123`, `/product/blue-dream`, `/products/…`, `/item/…`. */
const PRODUCT_PATH = /^(?:https?:\/\/[^/]+)?\/(?:[\w-]+\/)?(?:p|products?|items?)\/[\w%.-]+\/?$/i;

const textOfNode = (el: Element): string =>
  el.children.map((c) => (c.type === 'text' ? (c as unknown as { data: string }).data : c.type === 'tag' ? textOfNode(c as Element) : '')).join('');

/** Whether the block, or a link in it, with text of its own (a name, not an icon) goes to a product's own page. */
export function linksProductPage(el: Element): boolean {
  return [el, ...descendants(el)].some((e) => e.name === 'a' && PRODUCT_PATH.test(e.attribs.href ?? '') && /\p{L}{2}/u.test(textOfNode(e)));
}

/** A maker's line of its own: "by Kiva", "by House". */
const MAKER_LINE = /^by\s+\p{L}[^$]{0,40}$/iu;

/** Whether the block writes a category label or a maker's line of its own beside a name element that is neither. */
export function factsCard(el: Element): boolean {
  const els = descendants(el);
  const line = (e: Element) => textOfNode(e).replace(/\s+/g, ' ').trim();
  if (!textCategory(els) && !els.some((e) => MAKER_LINE.test(line(e)))) return false;
  return els.some((e) => {
    const t = line(e);
    return NAME_PREDICATES.some((p) => p(e)) && /\p{L}{3}/u.test(t) && !categoryPiece(t) && !MAKER_LINE.test(t) && !/\$\s?\d/.test(t);
  });
}

/** A row of a table whose header row names a product column and a price column. */
export function productTableRow(el: Element): boolean {
  if (el.name !== 'tr') return false;
  let table = el.parent as Element | null;
  while (table && table.type === 'tag' && table.name !== 'table') table = table.parent as Element | null;
  if (!table || table.type !== 'tag') return false;
  const heads = descendants(table)
    .filter((e) => e.name === 'th')
    .map((e) => textOfNode(e).replace(/\s+/g, ' ').trim().toLowerCase());
  return heads.some((h) => /^(?:product|item|name|strain|product name)$/.test(h)) && heads.some((h) => /^(?:price|our price|sale price)$/.test(h));
}

/** A lone price block that is a product by its layout. */
export const loneProduct = (el: Element): boolean => linksProductPage(el) || factsCard(el) || productTableRow(el);
