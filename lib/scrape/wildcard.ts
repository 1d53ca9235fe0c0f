import * as cheerio from 'cheerio';
import { config } from '@/lib/config';

/**
 * Wildcard menu URLs: `https://shop.example/menu/*` means "every same-site page whose URL
 * matches this pattern", reached by following links from the part before the `*`.
 */

export const WILDCARD_LIMITS = {
  maxPages: () => config().scrape.wildcardMaxPages,
  maxDepth: () => config().scrape.wildcardMaxDepth,
};

export const isWildcardUrl = (url: string): boolean => url.includes('*');

export interface WildcardPattern {
  /** Where the crawl starts: the pattern cut at the last "/" before the first "*". */
  start: string;
  /** Matches candidate URLs (without fragment). */
  test(url: string): boolean;
}

const escapeRe = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

export function wildcardPattern(pattern: string): WildcardPattern {
  const star = pattern.indexOf('*');
  const cut = pattern.lastIndexOf('/', star);
  const start = pattern.slice(0, cut + 1);
  // Parse with the stars replaced so the origin is normalised (case, default port) like candidates.
  const normalised = new URL(pattern.replace(/\*/g, 'WILDCARDSTAR'));
  const source = normalised.href.replace(/#.*$/, '');
  const re = new RegExp(`^${source.split('WILDCARDSTAR').map(escapeRe).join('[^#]*')}$`);
  return {
    start: new URL(start).href,
    test: (url: string) => re.test(url.replace(/#.*$/, '')),
  };
}

/** Links on a page that match the pattern, resolved, de-fragmented, same origin as the start. */
export function matchingLinks(html: string, pageUrl: string, pattern: WildcardPattern): string[] {
  const $ = cheerio.load(html);
  const origin = new URL(pattern.start).origin;
  const out = new Set<string>();
  $('a[href]').each((_, a) => {
    const href = $(a).attr('href');
    if (!href || /^(javascript|mailto|tel):/i.test(href)) return;
    try {
      const u = new URL(href, pageUrl);
      u.hash = '';
      if (u.origin === origin && pattern.test(u.href)) out.add(u.href);
    } catch {
      // unparseable link
    }
  });
  return [...out];
}
