/**
 * What the structured extractors share: the JSON value types, small readers, the node budget of a
 * walk, URL resolution against the page and the size-label pattern of per-size offers.
 */

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Obj = { [k: string]: Json };
export const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: Json | undefined): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
/** How many JSON nodes one page's walk may visit (a hostile page cannot make it run unbounded). */
export const MAX_NODES = 200_000;

export function resolveUrl(href: string | null, base: string): string | null {
  if (!href) return null;
  try {
    const u = new URL(href, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** A size ("1g", "3.5 g", "1/8 oz", "eighth", "2 pk"): the label of one of a product's per-size offers. */
export const SIZE_LABEL =
  /^\s*(?:\d+(?:\.\d+)?|\.\d+)\s*(?:g|gr|grams?|oz|ounces?|mg|ml)\b|^\s*(?:1\/8|1\/4|1\/2)\s*(?:oz)?\b|^\s*(?:eighth|quarter|half|ounce|each|single|[1-9]\s*pk|[1-9]\s*pack)\b/i;
