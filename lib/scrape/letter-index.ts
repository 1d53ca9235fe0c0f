import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { resolveLink } from '@/lib/scrape/links';

/**
 * A menu split by first letter behind an A–Z bar (twenty-third round): only one letter's products
 * on the URL given, the others on pages the bar links to (`?letter=b`, `/menu/letter/b`,
 * `?filter_letter=b`, `/collections/all/letter-b`). Those pages are the menu's own pages, though
 * no page parameter names them. A bar is eight or more links side by side (one parent, or one
 * list) whose texts are single letters (`#`, `0-9` for digits), on the page's origin and under the
 * first segment of its path.
 */
export const LETTER = /^(?:[a-z]|#|0-9|0–9)$/i;
export const MIN_LETTERS = 8;

export function letterIndexUrls($: CheerioAPI, pageUrl: string): string[] {
  const here = new URL(pageUrl);
  here.hash = '';
  const section = here.pathname.split('/').filter(Boolean)[0] ?? '';
  const bars = new Map<AnyNode, string[]>();
  $('a[href]').each((_, el) => {
    const t = $(el).text().replace(/\s+/g, '');
    if (!LETTER.test(t)) return;
    const u = resolveLink($(el).attr('href'), pageUrl);
    if (!u || u === here.href) return;
    const url = new URL(u);
    if (url.origin !== here.origin || (url.pathname.split('/').filter(Boolean)[0] ?? '') !== section) return;
    const parent = el.parent as Element | null;
    const bar = parent?.name === 'li' ? parent.parent : parent;
    if (!bar) return;
    bars.set(bar, [...(bars.get(bar) ?? []), u]);
  });
  const best = [...bars.values()].filter((xs) => new Set(xs).size >= MIN_LETTERS).sort((a, b) => b.length - a.length)[0];
  return best ? [...new Set(best)] : [];
}
