import * as cheerio from 'cheerio';
import { getDomain } from 'tldts';
import { throwIfAborted } from '@/lib/scrape/errors';
import { guardedFetch, type GuardedFetchOptions } from '@/lib/scrape/guarded-fetch';

/**
 * Menu URL discovery for sites whose menu is not linked from the given page: robots.txt
 * `Sitemap:` lines plus the conventional /sitemap.xml and /sitemap_index.xml, sitemap indexes
 * followed (bounded), page URLs on the same site ranked by how menu-like their path is.
 */

export const SITEMAP_LIMITS = { maxSitemaps: 8, maxUrls: 5, sitemapBytes: 2 * 1024 * 1024, timeoutMs: 10_000 };

/** Same registrable domain (shop.example.com ~ example.com); IPs and localhost compare host:port. */
export function sameSite(a: URL, b: URL): boolean {
  const da = getDomain(a.hostname);
  const db = getDomain(b.hostname);
  if (da && db) return da === db;
  return a.host === b.host;
}

export function robotsSitemaps(robots: string, base: string): string[] {
  const out: string[] = [];
  for (const line of robots.split(/\r?\n/)) {
    const m = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    if (!m) continue;
    try {
      out.push(new URL(m[1], base).href);
    } catch {
      // ignore malformed lines
    }
  }
  return out;
}

export function parseSitemap(xml: string): { sitemaps: string[]; urls: string[] } {
  const $ = cheerio.load(xml, { xml: true });
  const locs = (sel: string) =>
    $(sel)
      .toArray()
      .map((el) => $(el).text().trim())
      .filter(Boolean);
  return { sitemaps: locs('sitemap > loc'), urls: locs('url > loc') };
}

const GOOD: Array<[RegExp, number]> = [
  [/\bmenu\b/i, 6],
  [/\b(products?|inventory|catalog)\b/i, 5],
  [/\b(shop|store|order(?:-online)?|buy)\b/i, 3],
  [/\b(flower|edibles?|vapes?|concentrates?|pre-?rolls?|cartridges?|tinctures?|topicals?|categor(?:y|ies)|strains?|deals)\b/i, 3],
];
const BAD = /\b(blog|news|article|about(?:-us)?|contact|careers?|jobs|privacy|terms|faq|login|sign-?in|account|cart|checkout|press|events?|policy|wp-content|tag|author)\b/i;

export function scoreMenuUrl(u: URL, start: URL): number {
  const path = decodeURIComponent(u.pathname + u.search).replace(/[_/.-]+/g, ' ');
  let score = 0;
  for (const [re, w] of GOOD) if (re.test(path)) score += w;
  if (BAD.test(path)) score -= 8;
  const firstSeg = (x: URL) => x.pathname.split('/').filter(Boolean)[0] ?? '';
  if (firstSeg(u) && firstSeg(u) === firstSeg(start)) score += 1;
  return score;
}

export async function discoverMenuUrls(startUrl: string, opts: GuardedFetchOptions = {}): Promise<{ urls: string[]; sitemapsRead: string[] }> {
  const start = new URL(startUrl);
  const fetchOpts = { ...opts, maxBytes: SITEMAP_LIMITS.sitemapBytes, timeoutMs: Math.min(opts.timeoutMs ?? SITEMAP_LIMITS.timeoutMs, SITEMAP_LIMITS.timeoutMs) };
  const queue: string[] = [];
  try {
    const robots = await guardedFetch(new URL('/robots.txt', start).href, fetchOpts);
    if (robots.status < 400) queue.push(...robotsSitemaps(robots.body, robots.url));
  } catch (e) {
    throwIfAborted(opts.signal);
    void e; // no robots.txt: try the conventional locations
  }
  queue.push(new URL('/sitemap.xml', start).href, new URL('/sitemap_index.xml', start).href);

  const seen = new Set<string>();
  const sitemapsRead: string[] = [];
  const pages = new Set<string>();
  while (queue.length && sitemapsRead.length < SITEMAP_LIMITS.maxSitemaps) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    let u: URL;
    try {
      u = new URL(next);
    } catch {
      continue;
    }
    if (!sameSite(u, start) || /\.gz$/i.test(u.pathname)) continue;
    try {
      const res = await guardedFetch(u.href, fetchOpts);
      if (res.status >= 400) continue;
      sitemapsRead.push(u.href);
      const parsed = parseSitemap(res.body);
      queue.push(...parsed.sitemaps);
      for (const p of parsed.urls) pages.add(p);
    } catch (e) {
      throwIfAborted(opts.signal);
      void e; // one broken sitemap does not end discovery
    }
  }

  const ranked = [...pages]
    .map((p) => {
      try {
        return new URL(p);
      } catch {
        return null;
      }
    })
    .filter((u): u is URL => u !== null && (u.protocol === 'http:' || u.protocol === 'https:') && sameSite(u, start) && u.href !== start.href)
    .map((u) => ({ href: u.href, score: scoreMenuUrl(u, start) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.href.length - b.href.length);
  return { urls: ranked.slice(0, SITEMAP_LIMITS.maxUrls).map((x) => x.href), sitemapsRead };
}
