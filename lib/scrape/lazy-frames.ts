import type { CheerioAPI } from 'cheerio';

/**
 * Frames a page loads later (docs/menus.md, fifteenth round): an `<iframe>` whose address is in a
 * lazy-loading or consent attribute rather than `src` (lazysizes' and most lazy loaders'
 * `data-src`, WP Rocket's `data-lazy-src`, consent managers' `data-cookieblock-src`, … — any
 * `data-…src` / `data-…url`), a click-to-load facade holding the embed address
 * (`data-embed`, `data-iframe-src`, `data-frame-url`; a loader's `data-menu-src` that creates the
 * `<object>` / `<embed>` by script, sixteenth round), and an embed's JSON configuration naming
 * the menu frame (`"menuUrl"`, `"embedUrl"`, `"iframeSrc"`). Only the raw attribute values are
 * returned; the caller resolves them, keeps http(s) and fetches each through the guarded fetch,
 * so DECISIONS §6 (a refused address is never contacted) holds for these as for `src`.
 */
const IFRAME_ATTR = /^data-(?:[\w-]+-)?(?:src|url)$/i;
const FACADE_ATTR = /^data-(?:embed|iframe|frame|menu)(?:-(?:src|url))?$/i;
const CONFIG_KEY = /"(?:menu|embed|iframe|frame)_?(?:url|src)"\s*:\s*"(https?:[^"\\]+)"/gi;

export function lazyFrameSources($: CheerioAPI): string[] {
  const out: string[] = [];
  $('iframe, frame').each((_, el) => {
    for (const [name, value] of Object.entries((el as { attribs?: Record<string, string> }).attribs ?? {})) if (IFRAME_ATTR.test(name) && value.trim()) out.push(value.trim());
  });
  $('[data-embed], [data-iframe-src], [data-iframe], [data-frame-url], [data-embed-url], [data-embed-src], [data-iframe-url], [data-menu], [data-menu-src], [data-menu-url]').each(
    (_, el) => {
      if ((el as { name?: string }).name === 'iframe' || (el as { name?: string }).name === 'script') return;
      for (const [name, value] of Object.entries((el as { attribs?: Record<string, string> }).attribs ?? {}))
        if (FACADE_ATTR.test(name) && /^(?:https?:)?\/\//i.test(value.trim())) out.push(value.trim());
    },
  );
  $('script[type="application/json"], script[type="application/ld+json"]').each((_, el) => {
    const text = $(el).text();
    if (text.length > 200_000) return;
    CONFIG_KEY.lastIndex = 0;
    for (let m = CONFIG_KEY.exec(text); m; m = CONFIG_KEY.exec(text)) out.push(m[1]);
  });
  return out;
}

/** Media an `<object>` / `<embed>` shows that is no document (a picture, a video, a plug-in; a PDF is read by pdf/menu.ts). */
const MEDIA = /\.(?:jpe?g|png|gif|webp|avif|svg|pdf|swf|mp4|webm|mov|mp3|wav|ogg)(?:[?#]|$)/i;

/**
 * Documents a page embeds without a frame (docs/menus.md, sixteenth round): `<object data>` and
 * `<embed src>` that show an HTML page (type text/html or none, no media address). Returned raw,
 * resolved and fetched through the guarded fetch by the caller like a frame's `src`.
 */
export function embeddedDocSources($: CheerioAPI): string[] {
  const out: string[] = [];
  $('object[data], embed[src]').each((_, el) => {
    const a = (el as { attribs?: Record<string, string> }).attribs ?? {};
    const src = ((el as { name?: string }).name === 'object' ? a.data : a.src)?.trim();
    const type = (a.type ?? '').trim().toLowerCase();
    if (src && (!type || type === 'text/html' || type === 'application/xhtml+xml') && !MEDIA.test(src)) out.push(src);
  });
  return out;
}
