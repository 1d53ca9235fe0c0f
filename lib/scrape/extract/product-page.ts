import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { descendants, marks, visibleText } from '@/lib/scrape/extract/card-dom';
import { firstText, labelledBrand, NOT_A_NAME } from '@/lib/scrape/extract/card-names';
import { cardPrices, salePrices } from '@/lib/scrape/extract/card-prices';
import { menuScope } from '@/lib/scrape/extract/heuristic';
import { soldOutCard } from '@/lib/scrape/extract/sold-out';
import { canonicalCategory, toScrapedProduct } from '@/lib/scrape/normalize';
import type { ScrapedProduct } from '@/lib/scrape/types';

/**
 * A product's own page (docs/menus.md, tenth round: a listing that links to each product, the
 * price only on the product's page). Such a page shows one product, not a repeated card: its name
 * is the page's title element — an `h1`, else a product title marked as such (`itemprop="name"`,
 * a `product_title` / `product-name` class), else an `h2` — and its price is read, with the card
 * reader's rules (struck = regular), in the smallest box around that title that holds a price.
 * Of several title candidates the one with the smallest such box wins (a site-wide `h1` above a
 * product block loses to the product's own title; in one box, the later title). Used only on pages reached as detail pages.
 */

const TITLE_MARK = /(?:^|[\s_-])(?:product[_-]?(?:title|name)|item[_-]?(?:title|name))(?:$|[\s_-])/i;
const MAX_CLIMB = 6;
const MAX_BOX = 3_000;

function candidates($: CheerioAPI, all: Element[]): Element[] {
  const h1 = all.filter((e) => e.name === 'h1');
  const marked = all.filter((e) => e.attribs.itemprop === 'name' || TITLE_MARK.test(marks(e)));
  const h2 = all.filter((e) => e.name === 'h2');
  return [...h1, ...marked, ...h2].filter((e) => {
    const t = visibleText($, $(e));
    return t.length >= 2 && t.length <= 200 && /\p{L}.*\p{L}/u.test(t) && !NOT_A_NAME.test(t) && !/\$\s?\d/.test(t);
  });
}

/** The one product of a product page, or null when the page shows no titled, priced product. */
export function extractProductPage($: CheerioAPI, url: string): ScrapedProduct | null {
  const { scope, classes } = menuScope($);
  const roots = scope.toArray().filter((n): n is Element => n.type === 'tag');
  const all = roots.flatMap((r) => descendants(r));
  let best: { title: Element; box: Element; size: number; at: number } | null = null;
  for (const title of candidates($, all)) {
    const at = all.indexOf(title);
    let box: Element | null = title.parent?.type === 'tag' ? (title.parent as Element) : null;
    for (let i = 0; box && i < MAX_CLIMB; i++) {
      const t = visibleText($, $(box));
      if (t.length > MAX_BOX) break;
      if (cardPrices(box, classes, title).length > 0) {
        // Of two titles in one box, the later one (nearer the price below it) names the product.
        if (!best || t.length < best.size || (t.length === best.size && at > best.at)) best = { title, box, size: t.length, at };
        break;
      }
      box = box.parent?.type === 'tag' ? (box.parent as Element) : null;
    }
  }
  if (!best) return null;
  const els = [best.box, ...descendants(best.box)];
  if (soldOutCard($, best.box, els)) return null;
  const name = visibleText($, $(best.title));
  const rest = els.filter((e) => e !== best.title);
  const marked = firstText($, rest, (e) => e.attribs.itemprop === 'brand' || /brand|vendor/.test(marks(e)));
  const brand = marked?.replace(/^(?:brand|vendor|by)\s*:?\s+/i, '') || labelledBrand($, rest);
  const cat = firstText($, rest, (e) => /category|posted_in/.test(marks(e)));
  const prices = salePrices(best.box, classes, best.title);
  return toScrapedProduct({
    name,
    brand,
    category: cat && canonicalCategory(cat.replace(/^categor(?:y|ies)\s*:\s*/i, '')) ? cat.replace(/^categor(?:y|ies)\s*:\s*/i, '') : null,
    price: prices.price,
    regularPrice: prices.regularPrice,
    url,
    text: visibleText($, $(best.box)),
  });
}
