import type { CheerioAPI } from 'cheerio';
import { LOAD_MORE_CONTROL } from '@/lib/scrape/pagination';

/**
 * A category section's own "more" control (twenty-fourth round, docs/menus.md): a menu page of
 * category sections, each showing its first few products and a control that fetches the rest of
 * that section into it, in place — "View all 32", "Show all Flower (32)", "+ 28 more", "Show 28
 * more", "See all Edibles →". Like a "Load more" button it is pressed in the browser (one section
 * a round, the control gone once pressed), and only when it goes nowhere: a "View all" link to a
 * category page is that page (followed by the crawler as a category link).
 *
 * The pattern travels into the page as a string (browser-gates.ts MARK_SCRIPT, flag `i` only).
 */
export const SECTION_MORE = String.raw`^(view|see|show|shop) all( [a-z][a-z0-9&' -]{0,30})?( \(?\d{1,4}\)?)?( ?[›»>→])?$|^\+ ?\d{1,4} more( products| items)?$|^(show|view|see|load) \d{1,4} more( products| items)?$`;
const SECTION_MORE_RE = new RegExp(SECTION_MORE, 'i');

/** An element that acts in place: a button, or a link to nowhere (`#`, `javascript:`, no href, role=button). */
function inPlace(e: ReturnType<CheerioAPI>): boolean {
  if (!e.is('a')) return true;
  const href = e.attr('href');
  return e.attr('role') === 'button' || !href || /^(?:#|javascript:)/i.test(href.trim());
}

/** Whether a control's label asks for more of the list in place ("Load more" or a section's "View all 32"). */
export const asksForMore = (label: string): boolean => {
  const t = label.replace(/\s+/g, ' ').trim();
  return t.length > 0 && t.length < 60 && (LOAD_MORE_CONTROL.test(t) || SECTION_MORE_RE.test(t));
};

/**
 * Over HTTP: whether the page holds an in-place "more" control that is no `<button>` the page
 * signals already count — a section's "View all 32" / "+ 28 more" button, or a link to nowhere
 * reading "Show more" / "See more Edibles →" / "Show all Flower (32)".
 */
export function inPlaceMoreControl($: CheerioAPI): boolean {
  return $('button, [role="button"], input[type="button"], a')
    .toArray()
    .some((el) => inPlace($(el)) && asksForMore($(el).text() || $(el).attr('value') || ''));
}
