import type { AnyNode, Element } from 'domhandler';
import { canonicalCategory } from '@/lib/scrape/normalize';

/** A listing page of one category: `/category/edibles`, `/product-category/vape-pens/`, `/collections/pre-rolls`. */
const LISTING = /\/(?:categor(?:y|ies)|product[-_]categor(?:y|ies)|collections?|product[-_]types?|departments?)\/([^/?#]+)\/?(?:[?#]|$)/i;

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function text(n: AnyNode): string {
  if (n.type === 'text') return (n as unknown as { data: string }).data;
  return 'children' in n ? (n as Element).children.map(text).join(' ') : '';
}

/**
 * The category a card names by a link to that category's listing (a tag in the card, a Webflow
 * multi-reference field's nested collection list `<a href="/category/edibles">Edibles</a>`,
 * WooCommerce's `posted_in` links): a link whose text is the listing's own last path segment and
 * a menu category. Product links (`/collections/all/products/x`) and links whose text is some
 * other line never count.
 */
export function linkCategory(els: readonly Element[]): string | null {
  for (const e of els) {
    if (e.name !== 'a' || !e.attribs.href) continue;
    const m = LISTING.exec(e.attribs.href);
    if (!m) continue;
    const label = text(e).replace(/\s+/g, ' ').trim();
    let seg = m[1];
    try {
      seg = decodeURIComponent(seg);
    } catch {
      // a malformed escape: compared as written
    }
    if (label && label.length <= 40 && words(label) === words(seg) && canonicalCategory(label)) return label;
  }
  return null;
}
