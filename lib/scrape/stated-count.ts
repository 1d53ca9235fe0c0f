import type { CheerioAPI } from 'cheerio';

/**
 * The number of products a listing says it holds ("150 products", "Showing all 150 results",
 * "Showing 1–24 of 150 results": Shopify's product count, WooCommerce's result count), when the
 * page states exactly one such total; null otherwise (none, or several different counts — a
 * category chip's count is no total). Scripts, styles and templates are not read.
 */
const WHOLE = /^(?:showing\s+all\s+)?(\d{1,5})\s+(?:products|results|items)$/i;
const OF = /\bof\s+(\d{1,5})\s+(?:products|results|items)\b/i;

export function statedTotal($: CheerioAPI): number | null {
  const counts = new Set<number>();
  $('body *')
    .not('script, style, template, noscript, option')
    .each((_, el) => {
      if (el.type !== 'tag' || el.children.some((c) => c.type === 'tag' && $(c).text().trim())) return;
      const t = $(el).text().replace(/\s+/g, ' ').trim();
      if (t.length > 60) return;
      const m = WHOLE.exec(t) ?? OF.exec(t);
      if (m) counts.add(Number(m[1]));
    });
  return counts.size === 1 ? [...counts][0] : null;
}

/**
 * A listing whose products read over HTTP already number the total it states: its "Load more" /
 * "Show more" control has nothing left to show (the rest was in the HTML, an inert template read
 * in place), so it needs no browser for it.
 */
export const allStated = ($: CheerioAPI, read: number): boolean => {
  const n = statedTotal($);
  return n !== null && n > 0 && read >= n;
};
