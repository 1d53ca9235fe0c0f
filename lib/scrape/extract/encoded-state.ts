import type { CheerioAPI } from 'cheerio';
import type { Json } from '@/lib/scrape/extract/json';
import { jsStringLiteral } from '@/lib/scrape/extract/js-literal';
import { inflatedJsonText } from '@/lib/scrape/extract/packed-json';

/**
 * App state the page keeps encoded, read only when nothing else on the page gave a product
 * (extract/index.ts), never evaluated:
 * - JSON in an attribute, entity-encoded in the markup (Inertia's `data-page`, Livewire's
 *   `wire:initial-data`, React-on-Rails / Stimulus `data-*-props`, Astro islands' `props`, whose
 *   type tags `[0, v]` / `[1, [...]]` are taken off);
 * - base64 or URI-encoded JSON in an attribute or a meta tag's content (`data-state="eyJ…"`);
 * - a script's `JSON.parse(atob("…"))`, `JSON.parse(decodeURIComponent("…"))`, and a JSON text
 *   assigned as a string (`window.__PRELOADED_STATE__ = "{\"…\"}"`), as an object's property or
 *   handed to a function as a string argument;
 * - base64 of gzip / zlib / raw-deflate JSON in any of those places (extract/packed-json.ts).
 */

/** Shorter attribute values are a card's own data, not a page's state. */
const MIN_ATTR = 200;
const B64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

const asObject = (text: string): Json | null => {
  try {
    const v = JSON.parse(text) as Json;
    return v !== null && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
};

/** JSON text, base64 of JSON text or URI-encoded JSON text: the object or array, else null. */
export function decodeJsonText(raw: string): Json | null {
  const t = raw.trim();
  if (t.startsWith('{') || t.startsWith('[')) return asObject(t);
  if (/^%(7B|5B)/i.test(t)) {
    try {
      return asObject(decodeURIComponent(t));
    } catch {
      return null;
    }
  }
  if (t.length >= 16 && t.length % 4 !== 1 && B64.test(t)) {
    const bytes = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    const text = bytes.toString('utf8');
    if (/^\s*[[{]/.test(text)) return asObject(text);
    if (t.length >= MIN_ATTR) {
      const inflated = inflatedJsonText(bytes);
      if (inflated !== null) return asObject(inflated);
    }
  }
  return null;
}

/**
 * Astro's serialized island props: every value a `[type, value]` pair — 0 a plain value (an
 * object's values tagged again), 1 an array of tagged items, the other types (Date, Map, URL, …)
 * kept as their serialized value.
 */
export function astroRevive(v: Json): Json {
  if (!Array.isArray(v) || v.length !== 2 || typeof v[0] !== 'number') return v;
  const [type, value] = v as [number, Json];
  if (type === 1 && Array.isArray(value)) return value.map(astroRevive);
  if (type === 0 && value !== null && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, astroRevive(x)]));
  return value;
}

const astroProps = (props: Json): Json =>
  props !== null && typeof props === 'object' && !Array.isArray(props) ? Object.fromEntries(Object.entries(props).map(([k, x]) => [k, astroRevive(x)])) : props;

/** Calls whose string argument is encoded JSON: `atob("…")`, `decodeURIComponent("…")`. */
const DECODE_CALL = /\b(atob|decodeURIComponent)\(\s*(?=["'])/g;
/** A name assigned a string literal (`x.__STATE__ = "…"`): the string may be JSON text. */
const STRING_ASSIGNMENT = /(?:^|[;\s,{(])(?:[\w$]+\.)*[\w$]+\s*=\s*(?=["'])/g;
/** A string pushed to an array (`self.__packed.push("…")`). */
const PUSH_CALL = /((?:[\w$]+\.)*[\w$]+)\.push\(\s*(?=["'])/g;
/** An object's property given a string (`{ products_gz: "H4sI…" }`, `"data":"…"`). */
const STRING_PROPERTY = /[{,]\s*(?:"[\w$-]+"|'[\w$-]+'|[\w$]+)\s*:\s*(?=["'])/g;
/**
 * A string handed to a function (any argument) or listed in an array: BigCommerce Stencil's
 * `window.stencilBootstrap("category", "{\"categoryProducts\":[…]}")` passes the page's context
 * as JSON text in a string.
 */
const STRING_ARGUMENT = /[(,]\s*(?=["'])/g;

/** Every encoded state blob of the page. */
export function encodedStates($: CheerioAPI): Json[] {
  const out: Json[] = [];
  $('*').each((_, el) => {
    const attribs = (el as { attribs?: Record<string, string> }).attribs ?? {};
    for (const [name, value] of Object.entries(attribs)) {
      if (value.length < MIN_ATTR || /^(srcdoc|style|class|src|href|srcset|d|points)$/i.test(name)) continue;
      const state = decodeJsonText(value);
      if (state !== null) out.push((el as { name?: string }).name === 'astro-island' && name === 'props' ? astroProps(state) : state);
    }
  });
  // Chunks pushed to one array across scripts (`self.__packed.push("…")`), joined in order.
  const pushed = new Map<string, string[]>();
  $('script:not([src])').each((_, el) => {
    const src = $(el).text();
    if (src.length > 5_000_000) return;
    // A script whose whole text is one encoded blob (`<script type="application/octet-stream">H4sI…</script>`).
    const whole = src.trim();
    if (whole.length >= MIN_ATTR && B64.test(whole)) {
      const state = decodeJsonText(whole);
      if (state !== null) out.push(state);
    }
    PUSH_CALL.lastIndex = 0;
    for (let m = PUSH_CALL.exec(src); m; m = PUSH_CALL.exec(src)) {
      const lit = jsStringLiteral(src, m.index + m[0].length);
      if (lit !== null) pushed.set(m[1], [...(pushed.get(m[1]) ?? []), lit]);
    }
    // A literal is read once (an `atob("…")` argument is also a call's string argument).
    const read = new Set<number>();
    for (const re of [DECODE_CALL, STRING_ASSIGNMENT, STRING_PROPERTY, STRING_ARGUMENT]) {
      re.lastIndex = 0;
      for (let m = re.exec(src); m; m = re.exec(src)) {
        const at = m.index + m[0].length;
        if (read.has(at)) continue;
        read.add(at);
        const lit = jsStringLiteral(src, at);
        if (lit === null || lit.length < MIN_ATTR) continue;
        const state = m[1] === 'atob' ? decodeJsonText(lit.replace(/\s+/g, '')) : decodeJsonText(lit);
        if (state !== null) out.push(state);
      }
    }
  });
  for (const chunks of pushed.values()) {
    const joined = chunks.join('');
    if (chunks.length < 2 || joined.length < MIN_ATTR) continue;
    const state = decodeJsonText(joined.replace(/\s+/g, ''));
    if (state !== null) out.push(state);
  }
  return out;
}
