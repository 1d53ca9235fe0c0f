/** DECISIONS §11: the menu platforms a dispensary row names. */
export const PLATFORMS = ['dutchie', 'jane', 'weedmaps', 'leafly', 'dispense', 'sweed', 'custom'] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * Host (or path) patterns of the hosted menu platforms, first match wins. A dispensary's own site
 * that embeds a platform's menu usually links it under the platform's host or a path naming it
 * (`/dutchie/…`, `?dtche[…]`), so the path and query are looked at too.
 */
const RULES: ReadonlyArray<{ platform: Exclude<Platform, 'custom'>; host: RegExp; path?: RegExp }> = [
  { platform: 'dutchie', host: /(^|\.)dutchie\.com$/, path: /(^|[/?&])(dutchie|dtche)([/=[._-]|$)/i },
  { platform: 'jane', host: /(^|\.)(iheartjane\.com|janetechnologies\.com|jane\.app)$/, path: /(^|[/?&])(iheartjane|jane-menu|janeroots)([/=._-]|$)/i },
  { platform: 'weedmaps', host: /(^|\.)weedmaps\.com$/ },
  { platform: 'leafly', host: /(^|\.)leafly\.(com|ca)$/ },
  { platform: 'dispense', host: /(^|\.)(dispenseapp\.com|dispense\.io)$/ },
  { platform: 'sweed', host: /(^|\.)(sweed\.io|sweedpos\.com)$/, path: /(^|[/?&])sweed([/=._-]|$)/i },
];

/** The platform a set of menu URLs is served by (by host first, then by path), else `custom`. */
export function detectPlatform(menuUrls: readonly string[]): Platform {
  const urls = menuUrls.flatMap((u) => {
    try {
      return [new URL(u)];
    } catch {
      return [];
    }
  });
  for (const r of RULES) if (urls.some((u) => r.host.test(u.hostname.toLowerCase()))) return r.platform;
  for (const r of RULES) if (r.path && urls.some((u) => r.path!.test(`${u.pathname}${u.search}`))) return r.platform;
  return 'custom';
}

/** A menu URL as stored: no credentials, no fragment (a menu address, nothing of the caller's). */
export function cleanMenuUrl(u: string): string | null {
  try {
    const url = new URL(u);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.username = '';
    url.password = '';
    url.hash = '';
    return url.toString();
  } catch {
    return null;
  }
}
