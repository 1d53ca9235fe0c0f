import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

/**
 * Deal / bundle tiles placed among a menu's product cards in the cards' own markup (twenty-third
 * round): "Any 2 Edibles for $36", "3 for $45", "BOGO 50% off <brand>", "Buy 2 get 1 free",
 * "Bundle: … starter pack", "20% off all Vape Pens". They are offers, not products, and their
 * amounts are no product's price. A tile is told by its headline — its first text longer than a
 * badge ("Deal", "Special", a short "2 for $40" tag on a product card is a badge and skipped) —
 * reading as an offer. "Mix n Match Pre-Roll 5 pack" is a real product's name: mix-and-match alone
 * is no offer.
 */
export const DEAL_HEADLINE =
  /^(?:(?:deal|special|promo|offer)\s*[:\-–]\s*)?(?:any\s+(?:\d+|two|three|four|five)\b.{0,60}?\bfor\s+\$\s?\d|(?:.{0,60}?\s)?\d+\s+for\s+\$\s?\d|bogo\b|b[12]g[12]\b|buy\s+(?:one|two|three|\d+)\b.{0,40}?\bget\b|bundle\s*:|\d+\s*%\s*off\s+(?:all|any|every|everything|your|storewide|sitewide)\b)/i;
/** A badge, not a tile's headline: a short deal word ("Deal", "Special:") or a short tag with an amount ("2 for $40"). */
const BADGE_MAX = 12;
const badge = (t: string) => t.length <= BADGE_MAX && (/^(?:deal|deals|special|specials|promo|offer|sale|new|hot)\s*[:!]?$/i.test(t) || /\$\s?\d/.test(t));

/** The visible text nodes of an element, in order, trimmed and non-empty. */
function texts(el: Element): string[] {
  const out: string[] = [];
  const walk = (nodes: AnyNode[]) => {
    for (const n of nodes) {
      if (out.length > 8) return;
      if (n.type === 'text') {
        const t = (n as unknown as { data: string }).data.replace(/\s+/g, ' ').trim();
        if (t) out.push(t);
      } else if (n.type === 'tag' && !/^(?:script|style|template|noscript)$/.test((n as Element).name)) walk((n as Element).children as AnyNode[]);
    }
  };
  walk(el.children as AnyNode[]);
  return out;
}

/** Whether an element's headline (its first text longer than a badge) reads as an offer. */
export function dealHeadline(el: Element): boolean {
  // A short name ("Black Widow") before a deal line of its own is a product's headline.
  const head = texts(el).find((t) => !badge(t));
  return !!head && DEAL_HEADLINE.test(head);
}

/** Whether an element is one of a run of like siblings (a card, row or item among others). */
function repeatedItem(el: Element): boolean {
  const sibs = ((el.parent as Element | null)?.children ?? []).filter((c) => c.type === 'tag' && (c as Element).name === el.name);
  return sibs.length >= 4;
}

/** Removes the deal tiles among a menu's cards (rows, items) from the scope. */
export function removeDealTiles($: CheerioAPI, scope: Cheerio<AnyNode>): void {
  scope
    .find('li, tr, article, div, section')
    .filter((_, el) => {
      const e = el as Element;
      if (!repeatedItem(e) || !dealHeadline(e)) return false;
      return $(e).text().length < 400;
    })
    .remove();
}
