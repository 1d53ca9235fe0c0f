import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

/**
 * Quantity tiers beside a product's unit price (docs/menus.md, twelfth round): WooCommerce's
 * Tiered Price Table (`Quantity | Price` rows `1`, `2 - 3`, `4+`), Shopify's volume pricing
 * (`5+ $18.00/ea`), a "Buy 2+" list. The price paid for one unit is shown as the card's price;
 * the tier rows are prices for buying more, neither products nor the card's price. They are
 * removed from the menu's scope before cards are looked for.
 */

/** A tier row: a quantity, a range or "N+", then a price (maybe per each). */
const TIER_ROW =
  /^\s*(?:buy\s+)?(\d{1,3})\s*(?:(?:-|–|to)\s*(\d{1,3})|\+|or more)?\s*(?:units?|pcs|items?|x)?\s*[:|]?\s*\$\s?\d{1,4}(?:\.\d{2})?\s*(?:\/\s*(?:ea|each|unit)\.?|each|ea\.?|per unit)?\s*$/i;
/** A range or an "N+" in a row: what makes a row a tier, not a size or a plain price. */
const RANGE = /\d\s*(?:-|–|to)\s*\d|\d\s*\+|or more/i;

/** The text of a row, its elements' texts apart (`<td>1</td><td>$20.00</td>` reads "1 $20.00"). */
function rowText(el: Element): string {
  const parts: string[] = [];
  const walk = (n: AnyNode) => {
    if (n.type === 'text') parts.push((n as unknown as { data: string }).data);
    else if (n.type === 'tag') for (const c of (n as Element).children) walk(c as AnyNode);
  };
  walk(el);
  return parts
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/\$\s+(?=\d)/g, '$')
    .trim();
}

/** Whether `rows` (a table's body rows, a list's items) are quantity tiers: every row a tier, one with a range or "N+". */
export function isTierRows(texts: string[]): boolean {
  return texts.length >= 2 && texts.every((t) => TIER_ROW.test(t)) && texts.some((t) => RANGE.test(t));
}

/** Removes quantity-tier tables and lists from `scope`. */
export function removeQuantityTiers($: CheerioAPI, scope: Cheerio<AnyNode>): void {
  for (const el of scope.find('table, ul, ol, dl').toArray() as Element[]) {
    const rows = (el.name === 'table' ? $(el).find('tbody tr, tr').not('thead tr') : $(el).children('li, dt, div')).toArray() as Element[];
    const texts = rows.map((r) => rowText(r)).filter((t) => !/^(?:quantity|qty)\b.*\bprice\b/i.test(t));
    if (isTierRows(texts)) $(el).remove();
  }
}
