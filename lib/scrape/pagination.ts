import * as cheerio from 'cheerio';
import { embeddedDocSources, lazyFrameSources } from '@/lib/scrape/lazy-frames';
import { noscriptSources } from '@/lib/scrape/extract/inert-markup';
import { pageChooserUrls } from '@/lib/scrape/page-choosers';
import { resolveLink } from '@/lib/scrape/links';
import { slowRefreshNext } from '@/lib/scrape/meta-refresh';
import { isListPageParam } from '@/lib/scrape/page-params';
import { letterIndexUrls } from '@/lib/scrape/letter-index';

/**
 * A menu's own pagination, followed from the URL a user gives (no wildcard): `rel="next"`,
 * next/›/» controls, numbered page links, `?page=N` / `/page/N` patterns, "load more" links and
 * page choosers (page-choosers.ts).
 * Only links on the same origin and in the same path family as the page are followed (the
 * family: the path without its `/page/N` tail, the query without its page parameter).
 */

/** Page parameters (`pagina` / `seite`: Spanish, Portuguese, German storefronts). */
const PAGE_PARAMS = ['page', 'p', 'pg', 'paged', 'pagenum', 'page_number', 'pagenumber', 'pageno', 'pagina', 'seite', 'offset', 'start', 'skip'];
const PATH_PAGE = /\/(?:page|p|seite|pagina)\/(\d{1,4})\/?$/i;
/** A next-page control's text: `Next`, `Next page`, `Next ›`, `›`, `»`, `>>`; Spanish `Siguiente ›`, `Página siguiente`; French `Suivant »`, `Page suivante`; German `Weiter »`, `Nächste Seite`. */
export const NEXT_CONTROL =
  /^(?:next(?: page)?|next ?[›»>→]|[›»>→]|[›»>→]{2}|siguiente(?: página)?|página siguiente|siguiente ?[›»>→]|suivante?|page suivante|suivante? ?[›»>→]|weiter|nächste(?: seite)?|(?:weiter|nächste(?: seite)?) ?[›»>→]|הבא|העמוד הבא|לעמוד הבא|הבא ?[›»>←‹«<])$/i;
const MORE_TEXT =
  /^(?:more|older|load more|show more|view more|see more(?: products)?|(?:cargar|ver|mostrar) más(?: productos)?|(?:afficher|charger|voir) plus(?: de produits)?|mehr (?:laden|anzeigen)|weitere (?:produkte|artikel) (?:laden|anzeigen)|(?:טען|הצג|טענו|הציגו) (?:עוד|עוד מוצרים))$/i;
/** A button that loads the next batch of a list ("Load more", "Show more", "More products"; Spanish "Cargar más", "Ver más"; French "Afficher plus", "Charger plus"; German "Mehr laden", "Weitere Produkte laden"): over HTTP a page signal, in a posted form a next control. */
export const LOAD_MORE_CONTROL =
  /^(?:(?:load|show|view|see) more\b|more (?:products|items|results)\b|(?:cargar|ver|mostrar) más(?!\p{L})|(?:afficher|charger|voir) plus(?!\p{L})|mehr (?:laden|anzeigen)(?!\p{L})|weitere (?:produkte|artikel|ergebnisse) (?:laden|anzeigen)(?!\p{L})|(?:טען|הצג|טענו|הציגו) עוד(?!\p{L}))/iu;
const NEXT_ATTR = /\bnext\b|\bsiguiente\b|\bsuivante?\b|\bweiter\b|\bn(?:ä|ae)chste\b|העמוד הבא|(?<!\p{L})הבא(?!\p{L})/iu;

/** The path family key of a URL: origin + path without a /page/N tail + query without page params. */
export function pathFamily(url: string): string {
  const u = new URL(url);
  const path = u.pathname.replace(PATH_PAGE, '').replace(/\/+$/, '') || '/';
  const q = new URLSearchParams(u.search);
  for (const k of [...q.keys()]) if (PAGE_PARAMS.includes(k.toLowerCase()) || isListPageParam(k)) q.delete(k);
  q.sort();
  const qs = q.toString();
  return `${u.origin}${path}${qs ? `?${qs}` : ''}`;
}

/** The page number a URL names (?page=N or /page/N), 1 when it names none. */
export function pageNumber(url: string): number {
  const u = new URL(url);
  const m = PATH_PAGE.exec(u.pathname);
  if (m) return Number(m[1]);
  for (const [k, v] of new URLSearchParams(u.search))
    if ((['page', 'p', 'pg', 'paged', 'pagenum', 'page_number', 'pagenumber', 'pageno', 'pagina', 'seite'].includes(k.toLowerCase()) || isListPageParam(k)) && /^\d{1,4}$/.test(v))
      return Number(v);
  return 1;
}

/**
 * A page's HTML or its loaded document: the link readers below only read it, so one parse of a
 * page serves them all (scrape-menu.ts loads each crawled page once for them).
 */
export type PageDoc = string | cheerio.CheerioAPI;
export const loadPage = (html: PageDoc): cheerio.CheerioAPI => (typeof html === 'string' ? cheerio.load(html) : html);

export { resolveLink };

export interface PageLinks {
  /** Next-page links (rel=next, next controls), strongest first. */
  next: string[];
  /** Numbered page links and other same-family page URLs, in page order. */
  numbered: string[];
}

/**
 * The pagination links of a page. A link is kept only when it stays on the page's origin and in
 * its path family and names a page (a page parameter, a /page/N tail, or the family's first page).
 */
export function paginationLinks(html: PageDoc, pageUrl: string): PageLinks {
  const $ = loadPage(html);
  const family = pathFamily(pageUrl);
  const here = new URL(pageUrl);
  here.hash = '';
  const ok = (u: string | null): u is string => {
    if (!u || u === here.href) return false;
    try {
      return new URL(u).origin === here.origin && pathFamily(u) === family;
    } catch {
      return false;
    }
  };
  const next: string[] = [];
  const numbered: Array<{ url: string; n: number }> = [];
  $('link[rel~="next"], a[rel~="next"]').each((_, el) => {
    const u = resolveLink($(el).attr('href'), pageUrl);
    if (ok(u)) next.push(u);
  });
  // A menu board's next slide, reached only by a slow refresh (meta-refresh.ts).
  const slide = slowRefreshNext($, pageUrl);
  if (slide) next.push(slide);
  $('a[href]').each((_, el) => {
    const a = $(el);
    const u = resolveLink(a.attr('href'), pageUrl);
    if (!ok(u)) return;
    const text = a.text().replace(/\s+/g, ' ').trim();
    const label = `${a.attr('aria-label') ?? ''} ${a.attr('title') ?? ''} ${a.attr('class') ?? ''}`;
    if (NEXT_CONTROL.test(text) || MORE_TEXT.test(text) || (NEXT_ATTR.test(label) && !/\bprev/i.test(label))) {
      next.push(u);
      return;
    }
    if (/^\d{1,4}$/.test(text) || pageNumber(u) > 1 || u !== family) numbered.push({ url: u, n: /^\d{1,4}$/.test(text) ? Number(text) : pageNumber(u) });
  });
  // Pages reached only through a page chooser (a select of page URLs, a GET form's page field).
  for (const { url, carried } of pageChooserUrls($, pageUrl)) {
    const bare = new URL(url);
    for (const k of carried) bare.searchParams.delete(k);
    if (ok(url) || (url !== here.href && ok(bare.href))) numbered.push({ url, n: pageNumber(url) });
  }
  const seen = new Set<string>();
  const uniq = (xs: string[]) => xs.filter((x) => (seen.has(x) ? false : (seen.add(x), true)));
  // The letters of an A–Z bar: pages of the menu after its numbered ones (letter-index.ts).
  return { next: uniq(next), numbered: uniq([...numbered.sort((a, b) => a.n - b.n).map((x) => x.url), ...letterIndexUrls($, pageUrl)]) };
}

/**
 * The page links to follow from a page read in the browser: its own family's, and the family of
 * the URL the scan asked for when the tab ended elsewhere (a bot check or a gate that sent it on
 * with a token of its own: `/menu?i=1`, `?__cf_chl_tk=…`); next links first, no repeats.
 */
export function menuPageLinks(html: string, pageUrl: string, asked: string): string[] {
  const $ = loadPage(html);
  const here = paginationLinks($, pageUrl);
  const base = asked === pageUrl ? { next: [], numbered: [] } : paginationLinks($, asked);
  return [...new Set([...here.next, ...base.next, ...here.numbered, ...base.numbered])];
}

/**
 * Frame URLs of a page (iframe/frame src, documents in `<object>` / `<embed>`, then the frames
 * it loads later: lazy-frames.ts),
 * resolved, http(s) only, in document order.
 */
export function frameUrls(html: PageDoc, pageUrl: string): string[] {
  const $ = loadPage(html);
  const out: string[] = [];
  const srcs: string[] = [];
  $('iframe[src], frame[src]').each((_, el) => void srcs.push($(el).attr('src') ?? ''));
  for (const src of [...srcs, ...embeddedDocSources($), ...lazyFrameSources($), ...noscriptSources($, pageUrl)]) {
    const u = resolveLink(src, pageUrl);
    if (u && !out.includes(u)) out.push(u);
  }
  return out;
}

/** The heading of the block a link sits in (its parent and up to two more ancestors). */
function sectionTitle($: cheerio.CheerioAPI, el: Parameters<cheerio.CheerioAPI>[0]): string | null {
  let box = $(el).parent();
  for (let i = 0; i < 3 && box.length; i++, box = box.parent()) {
    const h = box.find('h1, h2, h3, h4').first();
    if (h.length) return h.text().replace(/\s+/g, ' ').trim();
  }
  return null;
}

/** A link text that names a menu category ("Flower", "Vape Pens", "Edibles (12)", "Shop Pre-Rolls"). */
const CATEGORY_LINK =
  /^(?:shop |all |browse )?(?:flowers?|pre-?rolls?|prerolls?|joints|infused pre-?rolls|vapes?|vape pens|vaporizers|vape cartridges|cartridges|carts|disposables|edibles|gummies|chocolates|beverages|drinks|concentrates|extracts|dabs|topicals|tinctures|capsules|cbd|accessories)$/i;
/** A control's or link's text that is a category name and nothing else (counts such as "(12)" ignored). */
export function isCategoryName(t: string | undefined): boolean {
  const clean = (t ?? '')
    .replace(/\(\s*\d+\s*\)|\b\d+\s+(?:products|items)\b/gi, ' ')
    .replace(/[^\p{L}\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return CATEGORY_LINK.test(clean);
}
/** "View all" / "Shop all Edibles" / "See all products ›": a rail's or a section's link to its whole category. */
const VIEW_ALL = /^(?:view|see|shop|browse|show)\s+all\b\s*(.*?)\s*[›»→>]?$/i;

/**
 * Whether a "View all" link leads to a category: its text names one ("Shop all Edibles"), else its
 * URL's last path segment or a query value does (`/menu/pre-rolls`, `?category=vapes`), else the
 * heading of the section it sits in does (a rail headed "Flower" with a "View all" link).
 */
export function viewAllCategory(text: string, url: string, sectionHeading: string | null): boolean {
  const m = VIEW_ALL.exec(text.replace(/\s+/g, ' ').trim());
  if (!m) return false;
  const rest = m[1].replace(/^(?:products|items)$/i, '');
  if (rest) return isCategoryName(rest);
  const u = new URL(url);
  const words = (t: string) => decodeURIComponent(t).replace(/[-_+]+/g, ' ');
  const parts = [u.pathname.split('/').filter(Boolean).pop() ?? '', ...u.searchParams.values()];
  return parts.some((t) => isCategoryName(words(t))) || isCategoryName(sectionHeading ?? '');
}

/** Most category links followed from one menu page. */
export const MAX_CATEGORY_LINKS = 12;

/**
 * Links to the categories of a menu split into category pages (`/menu/flower`,
 * `?category=edibles`, WooCommerce `/product-category/flower/`, Shopify `/collections/vapes`):
 * same origin, another path family than the page's, and a text (else an aria-label / title
 * ending in one) that is a category name and nothing else. Counts ("(12)") are ignored. A "View
 * all" / "See all" / "Shop all …" link counts when it leads to a category (`viewAllCategory`).
 * `siteNav`: links inside the site's navigation (nav, header, footer) count only on a page that
 * shows products itself — an "About us" page's menu bar does not make it a menu; a category
 * directory in the page's content (WooCommerce's shop page, Shopify's collection list) does.
 */
export function categoryLinks(html: PageDoc, pageUrl: string, siteNav = true): string[] {
  const $ = loadPage(html);
  const here = new URL(pageUrl);
  const family = pathFamily(pageUrl);
  const out: string[] = [];
  $('a[href]').each((_, el) => {
    if (out.length >= MAX_CATEGORY_LINKS) return false;
    const a = $(el);
    const u = resolveLink(a.attr('href'), pageUrl);
    if (!u || new URL(u).origin !== here.origin || pathFamily(u) === family || out.includes(u)) return;
    if (!siteNav && a.closest('nav, header, footer, [role="navigation"]').length) return;
    const label = `${a.attr('aria-label') ?? ''}|${a.attr('title') ?? ''}`.split('|').map((t) => /\b(?:category|collection)\s+(.+)$/i.exec(t)?.[1]);
    if ([a.text(), ...label].some((t) => isCategoryName(t))) out.push(u);
    else if (VIEW_ALL.test(a.text().trim()) && viewAllCategory(a.text(), u, sectionTitle($, el))) out.push(u);
  });
  return out;
}
