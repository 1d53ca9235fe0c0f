import * as cheerio from 'cheerio';
import { isCategoryName, pathFamily, resolveLink } from '@/lib/scrape/pagination';

/**
 * A listing whose prices are only on each product's own page (docs/menus.md, tenth round): the
 * menu page names the products and links to them (`/product/blue-dream`, `/products/blue-dream`,
 * `/product.php?id=12`, `/p/12/blue-dream`, `/menu/products/12`), and no product shows a price.
 * Such links are recognised as a group: same origin, outside the site's navigation, header,
 * footer and sidebars, not the page's own path family (its pagination), not a category or a
 * site page (cart, account, blog…), and of one URL shape — the same query keys, or the same
 * number of path segments with the same leading segments (numbers counted alike). The largest
 * group of at least three distinct URLs is the product links, in page order. The crawl reads
 * them as pages of the menu (every URL through the same guarded fetch, bounded by
 * SCRAPE_MAX_PAGES: DECISIONS §6 applies to them as to any page).
 */

const SITE_PAGE =
  /^\/?(?:cart|basket|bag|checkout|account|my-account|login|log-in|sign-?in|sign-?up|register|wishlist|blog|news|about(?:-us)?|contact(?:-us)?|faq|help|terms|privacy|policies|policy|careers|locations?|stores?|deals|specials|rewards|loyalty|search)(?:[/?.]|$)/i;
const CONTROL_TEXT = /^(?:view|details|view details|more|read more|learn more|see (?:price|prices|details|more)|shop now|buy now|add to (?:cart|bag)|select options|quick view)$/i;
/** Fewest product links that make a listing. */
const MIN_LINKS = 3;
/**
 * Product pages read before a listing's links are given up when none of them gave a product (dead
 * links, pages without a price: a listing whose prices a script fills in later, nineteenth round);
 * the scan's page budget is left for the browser, which reads the listing as scripts render it.
 */
export const DETAIL_TRIES = 3;

/** Whether the product-page crawl stops before reading page `read` (0-based) with `found` products so far. */
export const detailLinksDead = (read: number, found: number): boolean => found === 0 && read >= DETAIL_TRIES;

/** The URL shape a group of product links shares. */
export function linkShape(url: string): string {
  const u = new URL(url);
  const keys = [...new URLSearchParams(u.search).keys()].sort();
  if (keys.length) return `${u.pathname}?${keys.join('&')}`;
  const segs = u.pathname.split('/').filter(Boolean);
  return `${segs.length}:${segs
    .slice(0, -1)
    .map((s) => (/^\d+$/.test(s) ? ':n' : s.toLowerCase()))
    .join('/')}`;
}

/** The links of a listing to its products' own pages (see above), or [] when the page has none. */
export function detailLinks(html: string, pageUrl: string): string[] {
  const $ = cheerio.load(html);
  const here = new URL(pageUrl);
  const family = pathFamily(pageUrl);
  const groups = new Map<string, { urls: string[]; named: Set<string> }>();
  $('a[href]').each((_, el) => {
    const a = $(el);
    if (a.closest('nav, header, footer, aside, [role="navigation"], [role="banner"], [role="contentinfo"]').length) return;
    const u = resolveLink(a.attr('href'), pageUrl);
    if (!u) return;
    const url = new URL(u);
    if (url.origin !== here.origin || pathFamily(u) === family || SITE_PAGE.test(url.pathname)) return;
    const text = a.text().replace(/\s+/g, ' ').trim();
    if (isCategoryName(text)) return;
    const shape = linkShape(u);
    const g = groups.get(shape) ?? { urls: [], named: new Set<string>() };
    groups.set(shape, g);
    if (!g.urls.includes(u)) g.urls.push(u);
    // A link named like a product (letters, not a control's label) names its URL.
    if (text.length >= 2 && text.length <= 150 && /\p{L}.*\p{L}/u.test(text) && !CONTROL_TEXT.test(text)) g.named.add(u);
  });
  let best: string[] = [];
  for (const g of groups.values()) {
    const urls = g.urls.filter((u) => g.named.has(u));
    if (urls.length >= MIN_LINKS && urls.length > best.length) best = urls;
  }
  return best;
}
