/**
 * Menu-hosting platforms (DECISIONS §12): one list of the hosts that serve many dispensaries'
 * menus under one domain, the path segments that name the dispensary there, and the markers by
 * which a dispensary's own site shows it embeds one (embed scripts, frame URLs, app state keys,
 * class names). Public facts only: the hosts and embed URLs the platforms document or show.
 */

export interface Platform {
  id: string;
  /** Registrable hosts (a subdomain of one counts too). */
  hosts: string[];
  /** How many leading path segments name the dispensary on the platform's own host. */
  dispensarySegments: number;
  /** Path prefixes (first segment) under which dispensaries live; others use the host alone. */
  dispensaryPaths?: string[];
  /** Markup / script / state markers on a site that embeds the platform's menu. */
  markers: RegExp[];
}

export const PLATFORMS: Platform[] = [
  {
    id: 'dutchie',
    hosts: ['dutchie.com', 'dutchie.menu'],
    dispensarySegments: 2,
    dispensaryPaths: ['dispensary', 'dispensaries', 'embedded-menu', 'stores'],
    markers: [/dutchie\.com\/(?:api\/v2\/)?embedded-menu/i, /\bdutchie(?:--|-plus|plus)\b/i, /"__typename"\s*:\s*"(?:FilteredProducts|DispensaryProduct)"/i],
  },
  {
    id: 'jane',
    hosts: ['iheartjane.com', 'jane.app', 'janetechnologies.com'],
    dispensarySegments: 3,
    dispensaryPaths: ['stores', 'embed'],
    markers: [/iheartjane\.com\/(?:embed|stores)/i, /api\.iheartjane\.com/i, /\bjane-(?:frame|embed|menu)\b/i, /window\.janeDeferred|__JANE_/i],
  },
  {
    id: 'weedmaps',
    hosts: ['weedmaps.com'],
    dispensarySegments: 2,
    dispensaryPaths: ['dispensaries', 'deliveries', 'doctors', 'brands'],
    markers: [/weedmaps\.com\/(?:embed|dispensaries|deliveries)/i, /\bwm-(?:menu|embed)\b/i],
  },
  {
    id: 'leafly',
    hosts: ['leafly.com', 'leafly.ca'],
    dispensarySegments: 2,
    dispensaryPaths: ['dispensary-info', 'dispensaries', 'cbd-stores'],
    markers: [/leafly\.com\/(?:dispensary-info|embed)/i, /\bleafly-(?:menu|embed)\b/i],
  },
  { id: 'meadow', hosts: ['getmeadow.com'], dispensarySegments: 1, markers: [/getmeadow\.com/i, /\bmeadow-(?:menu|embed)\b/i] },
  { id: 'treez', hosts: ['treez.io'], dispensarySegments: 1, markers: [/treez\.io/i, /\btreez-(?:menu|ecommerce)\b/i] },
  { id: 'tymber', hosts: ['tymber.io', 'tymber.me'], dispensarySegments: 1, markers: [/tymber\.(?:io|me)/i] },
  { id: 'blaze', hosts: ['blaze.me'], dispensarySegments: 1, markers: [/blaze\.me\/(?:embed|menu)|\bblaze-(?:menu|ecom)\b/i] },
  { id: 'dispense', hosts: ['dispenseapp.com'], dispensarySegments: 1, markers: [/dispenseapp\.com/i] },
  { id: 'sweed', hosts: ['sweedpos.com'], dispensarySegments: 1, markers: [/sweedpos\.com|\bsweed-(?:menu|embed)\b/i] },
  { id: 'joint', hosts: ['jointcommerce.com'], dispensarySegments: 1, markers: [/jointcommerce\.com|\bjoint-ecommerce\b/i] },
];

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** The platform whose host serves this URL (its own host or a subdomain), or null. */
export function platformOfHost(url: string): Platform | null {
  const host = hostOf(url);
  if (!host) return null;
  return PLATFORMS.find((p) => p.hosts.some((h) => host === h || host.endsWith(`.${h}`))) ?? null;
}

/**
 * DECISIONS §12: a menu on a platform's host is filed under that host plus the path segments
 * naming the dispensary (`dutchie.com/dispensary/green-leaf`); null when the URL is not on one.
 */
export function platformDomain(url: string): string | null {
  const p = platformOfHost(url);
  if (!p) return null;
  const u = new URL(url);
  const host = p.hosts.find((h) => u.hostname.toLowerCase() === h || u.hostname.toLowerCase().endsWith(`.${h}`))!;
  const segs = u.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s).toLowerCase());
  if (segs.length === 0) return host;
  if (p.dispensaryPaths && !p.dispensaryPaths.includes(segs[0])) return `${host}/${segs[0]}`;
  return [host, ...segs.slice(0, p.dispensarySegments)].join('/');
}

/**
 * The platform a page comes from or embeds: the page's own host first, then frames and scripts
 * pointing at a platform host, then markers in markup and app state. Null when none.
 */
export function detectPlatform(html: string, url: string): string | null {
  const own = platformOfHost(url);
  if (own) return own.id;
  // Frame and script sources are the strongest evidence of an embedded menu.
  const srcs = [...html.matchAll(/<(?:iframe|script|frame)\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]);
  for (const src of srcs) {
    let abs: string;
    try {
      abs = new URL(src, url).href;
    } catch {
      continue;
    }
    const p = platformOfHost(abs);
    if (p) return p.id;
  }
  const sample = html.length > 2_000_000 ? html.slice(0, 2_000_000) : html;
  for (const p of PLATFORMS) if (p.markers.some((re) => re.test(sample))) return p.id;
  return null;
}
