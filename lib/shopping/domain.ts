import { createHash } from 'node:crypto';
import { parse } from 'tldts';
import { platformDomain } from '@/lib/scrape/platforms';

/**
 * docs/contract.md §6: the registrable domain of the first menu URL's host (public-suffix list with its private section, so tenants of myshopify.com or github.io stay apart;
 * `www.` and other subdomains go); an IP address or `localhost` stays as it is, followed by
 * `:<port>` when the URL names a non-default port.
 */
export function domainFor(menuUrl: string): string {
  // DECISIONS §12: a menu-hosting platform's host plus the path segments naming the dispensary.
  const onPlatform = platformDomain(menuUrl);
  if (onPlatform) return onPlatform;
  const u = new URL(menuUrl);
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  const info = parse(host, { allowPrivateDomains: true });
  if (info.isIp || host === 'localhost' || host.startsWith('[')) {
    // URL leaves `port` empty for the scheme's default port.
    return u.port ? `${host}:${u.port}` : host;
  }
  return info.domain ?? host;
}

/** First 16 hex characters of SHA-256 over the categories lower-cased, trimmed, de-duplicated, sorted, joined by `,`. */
export function categoriesHash(categories: readonly string[] | undefined | null): string {
  const norm = [...new Set((categories ?? []).map((c) => c.trim().toLowerCase()).filter((c) => c !== ''))].sort();
  return createHash('sha256').update(norm.join(',')).digest('hex').slice(0, 16);
}

/** The idempotency / de-duplication key of a scan. */
export function scanKey(domain: string, hash: string): string {
  return `${domain}|${hash}`;
}
