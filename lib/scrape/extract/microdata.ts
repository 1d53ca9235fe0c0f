import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Json, Obj } from '@/lib/scrape/extract/json';

/**
 * schema.org microdata (`itemscope` / `itemtype` / `itemprop`, as shop themes and menu plugins
 * print it) read into the same objects JSON-LD gives (`@type` and properties), so one reader
 * (json-ld.ts) handles both: a Product's `offers` per size, a `priceSpecification` with a
 * StrikethroughPrice / ListPrice type as the regular price, an `eligibleQuantity` as the size.
 */

/** How many microdata elements one page's read may visit. */
const MAX_ELEMENTS = 100_000;

/** An itemprop's value as the microdata spec reads it: `content`, then URL attributes, then the text. */
function propValue($: CheerioAPI, el: Element): string {
  const a = el.attribs;
  if (a.content !== undefined) return a.content.trim();
  if ((el.name === 'link' || el.name === 'a' || el.name === 'area') && a.href) return a.href;
  if ((el.name === 'img' || el.name === 'source' || el.name === 'audio' || el.name === 'video') && a.src) return a.src;
  if ((el.name === 'data' || el.name === 'meter') && a.value !== undefined) return a.value;
  if (el.name === 'time' && a.datetime) return a.datetime;
  return $(el).text().replace(/\s+/g, ' ').trim();
}

function item($: CheerioAPI, scope: Element, budget: { n: number }): Obj {
  const out: Obj = {};
  const type = (scope.attribs.itemtype ?? '').trim().split(/\s+/)[0];
  if (type) out['@type'] = type.replace(/^https?:\/\/schema\.org\//, '');
  const add = (k: string, v: Json) => {
    const cur = out[k];
    out[k] = cur === undefined ? v : Array.isArray(cur) ? [...cur, v] : [cur, v];
  };
  const walk = (el: Element) => {
    for (const c of el.children) {
      if (c.type !== 'tag' || budget.n-- <= 0) continue;
      const child = c as Element;
      const props = (child.attribs.itemprop ?? '').trim().split(/\s+/).filter(Boolean);
      const scoped = child.attribs.itemscope !== undefined;
      for (const p of props) add(p, scoped ? item($, child, budget) : propValue($, child));
      // An element with its own itemscope holds its own properties, not this item's.
      if (!scoped) walk(child);
    }
  };
  walk(scope);
  return out;
}

/** Every top-level microdata item of the page (items that are no other item's property). */
export function microdataItems($: CheerioAPI): Obj[] {
  const budget = { n: MAX_ELEMENTS };
  return ($('[itemscope]').toArray() as Element[]).filter((el) => el.attribs.itemprop === undefined).map((el) => item($, el, budget));
}
