import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { REGULAR_WORD } from '@/lib/scrape/extract/card-prices';

/**
 * Price-list lines (twenty-third round follow-up): a paragraph of `<br>`-separated lines, each a
 * name, a leader of dots and a price ("Blue Dream (Acme) ........ $25.00 (was $30.00)"), as a
 * restaurant menu is typed into a page. No element holds one product, so each line is rewritten
 * as a small card — the name, the brand written in parentheses after it, the price and the
 * regular price after "was" / "reg." — and read as any other card.
 */
const LEADER = /\s*(?:\.{3,}|…{2,}|·{3,}|_{3,}|-{4,})\s*/;
const AMOUNT = /\$\s?\d[\d,]*(?:\.\d\d)?/;
const REGULAR = new RegExp(String.raw`\(?\s*${REGULAR_WORD}\s*:?\s*(\$\s?\d[\d,]*(?:\.\d\d)?)\s*\)?`, 'i');

/** One line as name, brand, price and regular price, or null when it is no price-list line. */
export function priceLine(line: string): { name: string; brand: string | null; price: string; regular: string | null } | null {
  const parts = line.split(LEADER);
  if (parts.length !== 2) return null;
  const [left, right] = parts.map((s) => s.trim());
  const reg = REGULAR.exec(right);
  const price = AMOUNT.exec(reg ? right.replace(reg[0], ' ') : right);
  if (!price || (left.match(/\p{L}/gu) ?? []).length < 3 || AMOUNT.test(left)) return null;
  const m = /^(.*\S)\s*\(([^()]{2,40})\)$/.exec(left);
  return { name: m ? m[1] : left, brand: m ? m[2] : null, price: price[0], regular: reg ? reg[1] : null };
}

const INLINE = new Set(['br', 'b', 'strong', 'em', 'i', 'span', 'small', 's', 'del', 'a']);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const plain = ($: CheerioAPI, html: string) => $('<div>').html(html).text().replace(/\s+/g, ' ').trim();

/** Rewrites each block of dot-leader price lines (three or more on the page) into one card per line. */
export function priceLines($: CheerioAPI, scope: Cheerio<AnyNode>): void {
  const blocks: Array<[Element, NonNullable<ReturnType<typeof priceLine>>[]]> = [];
  for (const el of scope.find('p, div, td, li').toArray() as Element[]) {
    const kids = el.children.filter((c) => c.type === 'tag') as Element[];
    if (!kids.some((k) => k.name === 'br') || kids.some((k) => !INLINE.has(k.name))) continue;
    const lines = ($(el).html() ?? '')
      .split(/<br\s*\/?>/i)
      .map((l) => plain($, l))
      .filter(Boolean);
    const ok = lines.map(priceLine).filter((r) => r !== null);
    // Most lines of the block are price lines (a heading or a note line may sit among them).
    if (ok.length && ok.length * 4 >= lines.length * 3) blocks.push([el, ok]);
  }
  if (blocks.reduce((n, [, ok]) => n + ok.length, 0) < 3) return;
  for (const [el, ok] of blocks) {
    const cards = ok.map(
      (r) =>
        `<div class="price-line"><b class="price-line-name">${esc(r.name)}</b>${r.brand ? ` <span class="brand">${esc(r.brand)}</span>` : ''} ${
          r.regular ? `<s class="price-line-regular">${esc(r.regular)}</s> ` : ''
        }<span class="price">${esc(r.price)}</span></div>`,
    );
    $(el).replaceWith(`<div class="price-lines">${cards.join('')}</div>`);
  }
}
