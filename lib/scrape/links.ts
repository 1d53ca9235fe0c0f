/** A link's absolute http(s) URL without its fragment; null for in-page, script, mail and phone links. */
export function resolveLink(href: string | undefined, base: string): string | null {
  if (!href || href.startsWith('#') || /^(?:javascript|mailto|tel):/i.test(href)) return null;
  try {
    const u = new URL(href, base);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}
