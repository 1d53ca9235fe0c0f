import type { CheerioAPI } from 'cheerio';

/**
 * Frames a page loads later (docs/menus.md, fifteenth round): an `<iframe>` whose address is in a
 * lazy-loading or consent attribute rather than `src` (lazysizes' and most lazy loaders'
 * `data-src`, WP Rocket's `data-lazy-src`, consent managers' `data-cookieblock-src`, … — any
 * `data-…src` / `data-…url`), a click-to-load facade holding the embed address
 * (`data-embed`, `data-iframe-src`, `data-frame-url`), and an embed's JSON configuration naming
 * the menu frame (`"menuUrl"`, `"embedUrl"`, `"iframeSrc"`). Only the raw attribute values are
 * returned; the caller resolves them, keeps http(s) and fetches each through the guarded fetch,
 * so DECISIONS §6 (a refused address is never contacted) holds for these as for `src`.
 */
const IFRAME_ATTR = /^data-(?:[\w-]+-)?(?:src|url)$/i;
const FACADE_ATTR = /^data-(?:embed|iframe|frame)(?:-(?:src|url))?$/i;
const CONFIG_KEY = /"(?:menu|embed|iframe|frame)_?(?:url|src)"\s*:\s*"(https?:[^"\\]+)"/gi;

export function lazyFrameSources($: CheerioAPI): string[] {
  const out: string[] = [];
  $('iframe, frame').each((_, el) => {
    for (const [name, value] of Object.entries((el as { attribs?: Record<string, string> }).attribs ?? {})) if (IFRAME_ATTR.test(name) && value.trim()) out.push(value.trim());
  });
  $('[data-embed], [data-iframe-src], [data-iframe], [data-frame-url], [data-embed-url], [data-embed-src], [data-iframe-url]').each((_, el) => {
    if ((el as { name?: string }).name === 'iframe' || (el as { name?: string }).name === 'script') return;
    for (const [name, value] of Object.entries((el as { attribs?: Record<string, string> }).attribs ?? {}))
      if (FACADE_ATTR.test(name) && /^(?:https?:)?\/\//i.test(value.trim())) out.push(value.trim());
  });
  $('script[type="application/json"], script[type="application/ld+json"]').each((_, el) => {
    const text = $(el).text();
    if (text.length > 200_000) return;
    CONFIG_KEY.lastIndex = 0;
    for (let m = CONFIG_KEY.exec(text); m; m = CONFIG_KEY.exec(text)) out.push(m[1]);
  });
  return out;
}
