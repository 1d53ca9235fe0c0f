import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { REGULAR_WORD } from '@/lib/scrape/extract/card-prices';

/**
 * Tier ("shelf") pricing (twenty-third round): the price written once on a section heading
 * ("Flower · Tier 2 · $35.00 each", "All $25.00 (was $30.00):") and the products under it without
 * a price of their own. Each priceless item under such a heading is given the heading's price (and
 * its regular price), and the heading keeps only its words, so the cards are read as any other.
 */
const AMOUNT = /\$\s?\d[\d,]*(?:\.\d\d)?/g;
const SHELF_WORD = /\b(?:each|ea\.?|all|tier|shelf)\b/i;
const REGULAR_BEFORE = new RegExp(String.raw`\b${REGULAR_WORD}\s*:?\s*$`, 'i');
/** Section headings; a table's heading cell only when it spans the row (a row header is a product's). */
const HEADING = 'h1, h2, h3, h4, h5, h6, th[colspan], p > strong:first-child, p > b:first-child';

/** A heading's shelf price: one amount (each), another after "reg." / "was" as the regular price. */
export function shelfPrice(text: string): { price: string; regular: string | null } | null {
  // A shelf says so ("each", "all", "tier", "shelf"); a product's name with an amount in it ("Highway Max $5 Puffcup") is none.
  if (text.length > 100 || !SHELF_WORD.test(text)) return null;
  const found = [...text.matchAll(AMOUNT)];
  if (found.length === 0 || found.length > 2) return null;
  let price: string | null = null;
  let regular: string | null = null;
  for (const m of found) {
    if (
      REGULAR_BEFORE.test(
        text
          .slice(0, m.index)
          .replace(/[(\s]+$/, ' ')
          .trimEnd(),
      )
    )
      regular = m[0];
    else price ??= m[0];
  }
  if (!price || (found.length === 2 && !regular)) return null;
  return { price, regular };
}

/** A shelf heading without its amounts ("Flower · Tier 2 · $35.00 each (reg. $40.00)" → "Flower · Tier 2"). */
const wordsOf = (t: string) =>
  t
    .replace(/\(?\s*(?:reg\.?|regular|was)?\s*\$\s?\d[\d,]*(?:\.\d\d)?\s*(?:each|ea\.?)?\s*\)?/gi, ' ')
    .replace(/\b(?:all|every(?:thing)?)\s*:?\s*$/i, '')
    .replace(/[·:\s]+$/, '')
    .trim();
/**
 * A text line "Name — Brand (22%)": the name, then what follows the last dash as its own line. A
 * name may hold dashes of its own ("Ooze Duplex Pro – 900 mAh – … — Ooze"): an em dash, when the
 * line has one, is the brand's separator, else the last en dash.
 */
const nameLine = (l: string) => {
  const seps = [...l.matchAll(/\s—\s/g)];
  const at = (seps.length ? seps : [...l.matchAll(/\s–\s/g)]).pop();
  const name = at ? l.slice(0, at.index) : l;
  const brand = at ? l.slice(at.index + at[0].length) : '';
  return `<b>${name.trim()}</b>${brand ? ` <span class="brand">${brand.replace(/\s*\([\d.]+%\)\s*$/, '')}</span>` : ''}`;
};
const named = (t: string) => (t.match(/\p{L}/gu) ?? []).length >= 3;
const hasAmount = (t: string) => /\$\s?\d/.test(t);
const tags = (nodes: AnyNode[]) => nodes.filter((n): n is Element => n.type === 'tag');

const shapeOf = (el: Element) => `${el.name}.${el.attribs.class ?? ''}`;

/**
 * The like items (same tag, two or more, none with an amount) in or among the blocks after a
 * heading. A shape the other shelves' items have wins (a shelf of one product is that product,
 * not the brand and name spans inside it).
 */
function itemsIn($: CheerioAPI, blocks: Element[], known: ReadonlySet<string> = new Set()): Element[] {
  if (blocks.length >= 2 && blocks.every((b) => b.name === blocks[0].name && named($(b).text()) && !hasAmount($(b).text()))) return blocks;
  // A shelf of one item in the other shelves' item shape (a table's one row under its tier row) is that item, not its cells.
  if (blocks.length === 1 && known.has(shapeOf(blocks[0])) && named($(blocks[0]).text()) && !hasAmount($(blocks[0]).text())) return blocks;
  let best: Element[] = [];
  let bestKnown = false;
  for (const b of blocks)
    for (const el of [b, ...$(b).find('*').toArray()] as Element[]) {
      const kids = tags(el.children as AnyNode[]);
      // Items name something (a currency sign's span beside an amount is none).
      if (!kids.length || !kids.every((k) => k.name === kids[0].name && named($(k).text())) || kids.some((k) => hasAmount($(k).text()))) continue;
      const isKnown = kids.every((k) => known.has(shapeOf(k)));
      if ((isKnown && !bestKnown) || (isKnown === bestKnown && kids.length > best.length)) [best, bestKnown] = [kids, isKnown];
    }
  return best;
}

/** Gives the priceless items under each shelf heading the heading's price. */
export function shelfPrices($: CheerioAPI, scope: Cheerio<AnyNode>): void {
  let heads = scope
    .find(HEADING)
    .toArray()
    .filter((el): el is Element => el.type === 'tag' && shelfPrice($(el).text().replace(/\s+/g, ' ').trim()) !== null);
  if (heads.length < 2) return;
  let isHead = (el: Element) => heads.includes(el) || heads.some((h) => $(el).find(h).length > 0);
  const blocksAfter = (h: Element): Element[] => {
    let anchor: Element = h;
    while (!tags(anchor.next ? [anchor.next, ...$(anchor).nextAll().toArray()] : []).length && anchor.parent && (anchor.parent as Element).name !== 'body')
      anchor = anchor.parent as Element;
    const blocks: Element[] = [];
    for (const s of $(anchor).nextAll().toArray() as Element[]) {
      if (isHead(s)) break;
      blocks.push(s);
    }
    return blocks;
  };
  // A shelf's products carry no price of their own: a heading followed by priced blocks is a
  // product's name with an amount in it ("Airo Pro - .5g $40 each" over its own "$40.00").
  heads = heads.filter((h) => h.name === 'strong' || h.name === 'b' || !blocksAfter(h).some((b) => hasAmount($(b).text())));
  if (heads.length < 2) return;
  isHead = (el: Element) => heads.includes(el) || heads.some((h) => $(el).find(h).length > 0);
  // The shapes of the items of shelves holding three or more.
  const known = new Set(
    heads
      .map((h) => itemsIn($, blocksAfter(h)))
      .filter((xs) => xs.length >= 3)
      .flatMap((xs) => xs.map(shapeOf)),
  );
  for (const h of heads) {
    const sp = shelfPrice($(h).text().replace(/\s+/g, ' ').trim())!;
    const tag = (p: string) => `${sp.regular ? `<s class="shelf-regular">${sp.regular}</s> ` : ''}<span class="shelf-price">${p}</span>`;
    if (h.name === 'strong' || h.name === 'b') {
      // "All $25:" then `<br>`-separated lines in the same paragraph: one item per line.
      const p = h.parent as Element;
      const lines = $(p)
        .html()!
        .split(/<br\s*\/?>/i)
        .slice(1)
        .map((l) => l.trim())
        .filter((l) => l && !hasAmount(l));
      if (lines.length)
        $(p).replaceWith(`<h4>${wordsOf($(h).text())}</h4><div class="shelf">${lines.map((l) => `<div class="shelf-item">${nameLine(l)} ${tag(sp.price)}</div>`).join('')}</div>`);
      continue;
    }
    const items = itemsIn($, blocksAfter(h), known);
    if (!items.length) continue;
    for (const it of items) {
      // One class on every shelf's items: a shelf of one item is still one of the menu's like cards.
      $(it).addClass('shelf-item');
      if (it.name === 'tr') $(it).append(`<td>${tag(sp.price)}</td>`);
      else {
        const slot = $(it)
          .find('.price, [class*="price"]')
          .filter((_, e) => !$(e).text().trim())
          .first();
        if (slot.length) slot.append(tag(sp.price));
        else $(it).append(`<div class="price">${tag(sp.price)}</div>`);
      }
    }
    $(h).text(wordsOf($(h).text()));
  }
}
