import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';

/**
 * A page that only sends the visitor on (docs/menus.md, eleventh round): `<meta http-equiv=
 * "refresh" content="0; url=/stores/las-cruces/menu">` — a redirect written in HTML, which a
 * browser follows and an HTTP client does not. The target (resolved against the page, http(s)
 * only, not the page itself) of a refresh of at most `maxDelay` seconds, or null. A longer delay
 * is a page that reloads itself now and then, not a redirect.
 */
export function metaRefreshTarget(html: string, pageUrl: string, maxDelay = 5): string | null {
  if (!/http-equiv\s*=\s*["']?refresh/i.test(html)) return null;
  const r = refreshOf(cheerio.load(html), pageUrl);
  return r && r.delay <= maxDelay ? r.url : null;
}

/** The page's `<meta http-equiv="refresh">`: its delay and its target (http(s), not the page itself), or null. */
function refreshOf($: CheerioAPI, pageUrl: string): { delay: number; url: string } | null {
  const content = $('meta[http-equiv]')
    .filter((_, el) => ($(el).attr('http-equiv') ?? '').toLowerCase() === 'refresh')
    .first()
    .attr('content');
  const m = content ? /^\s*(\d+(?:\.\d+)?)\s*[;,]\s*(?:url\s*=\s*)?['"]?([^'"]+?)['"]?\s*$/i.exec(content) : null;
  if (!m) return null;
  try {
    const u = new URL(m[2], pageUrl);
    u.hash = '';
    if (!/^https?:$/.test(u.protocol) || u.href === new URL(pageUrl).href) return null;
    return { delay: Number(m[1]), url: u.href };
  } catch {
    return null;
  }
}

/**
 * A page that shows its content and then moves on by itself after a while (a refresh of more than
 * five seconds to another page of the same origin): the web player of an in-store menu board
 * rotating its slides page by page (twenty-second round). The target is the next page of the menu,
 * read like a next link (the crawl stops at a page already seen, so a loop back to the first ends).
 */
export function slowRefreshNext($: CheerioAPI, pageUrl: string): string | null {
  const r = refreshOf($, pageUrl);
  return r && r.delay > 5 && new URL(r.url).origin === new URL(pageUrl).origin ? r.url : null;
}

/** Follows up to `max` HTML refreshes from an answer (each fetched by `get`, under the same guard); the last answer. */
export async function followMetaRefresh<T extends { url: string; body: string; status: number }>(res: T, get: (url: string) => Promise<T>, visited: string[], max = 3): Promise<T> {
  for (let hop = 0, to = metaRefreshTarget(res.body, res.url); to && hop < max && res.status < 400; hop++, to = metaRefreshTarget(res.body, res.url)) {
    visited.push(res.url);
    res = await get(to);
  }
  return res;
}
