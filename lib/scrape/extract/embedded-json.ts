import type { CheerioAPI } from 'cheerio';
import type { Json } from '@/lib/scrape/extract/json';
import { jsStringLiteral, nuxtFunctionPayload } from '@/lib/scrape/extract/js-literal';
import { STREAM_ENQUEUE, streamLines, withFlat } from '@/lib/scrape/extract/flat-state';

/**
 * Embedded application state blobs (__NEXT_DATA__, __NUXT__, window.__INITIAL_STATE__ and
 * friends): found in the page's scripts and parsed as JSON, never evaluated.
 */

/** Finds the balanced JSON value starting at `start` (an opening brace/bracket), respecting strings. */
export function balancedJson(src: string, start: number): string | null {
  const open = src[start];
  if (open !== '{' && open !== '[') return null;
  let depth = 0;
  let inStr: string | null = null;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (inStr) {
      if (c === '\\') i++;
      else if (c === inStr) inStr = null;
      continue;
    }
    if (c === '"' || c === "'") inStr = c;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return src.slice(start, i + 1);
    }
  }
  return null;
}

export { jsStringLiteral };

const STATE_ASSIGNMENTS =
  /(?:window\.|self\.|globalThis\.)?(__NUXT__|__INITIAL_STATE__|__PRELOADED_STATE__|__APOLLO_STATE__|__APP_STATE__|__REDUX_STATE__|__STATE__|__DATA__|initialState|menuData)\s*=\s*/g;

/** Script types that hold data, not code, other than those read above (`text/x-magento-init`, `text/x-…-json`). */
const DATA_SCRIPT = /^(?:text|application)\/x-[\w.-]*(?:init|json|data|config)$/;

/** Every embedded state blob that parses as JSON. */
export function embeddedStates($: CheerioAPI): Json[] {
  const states: Json[] = [];
  const tryParse = (s: string | null) => {
    if (!s) return;
    try {
      // An index-flattened payload (Nuxt 3, SvelteKit, Remix, Qwik) is read rebuilt (flat-state.ts).
      states.push(...withFlat(JSON.parse(s) as Json));
    } catch {
      // Not JSON; skipped rather than evaluated (a Nuxt 2 function payload is read by nuxtFunctionPayload).
    }
  };
  $('script#__NEXT_DATA__, script#__NUXT_DATA__, script[type="application/json"], script[type="qwik/json"]').each((_, el) => tryParse($(el).text()));
  // A data script of another declared type holding JSON only (Magento's `text/x-magento-init`
  // component config, the product provider's items among it); JSON-LD is json-ld.ts's.
  $('script[type]:not([src])').each((_, el) => {
    const type = ($(el).attr('type') ?? '').toLowerCase();
    if (DATA_SCRIPT.test(type)) tryParse($(el).text().trim() || null);
  });
  const flight: string[] = [];
  const enqueued: string[] = [];
  $('script:not([src])').each((_, el) => {
    const src = $(el).text();
    if (src.length > 5_000_000) return;
    let named = false;
    STATE_ASSIGNMENTS.lastIndex = 0;
    for (let m = STATE_ASSIGNMENTS.exec(src); m; m = STATE_ASSIGNMENTS.exec(src)) {
      named = true;
      const at = m.index + m[0].length;
      if (src.startsWith('JSON.parse(', at)) tryParse(jsStringLiteral(src, at + 11));
      else if (src[at] === '(') {
        const state = nuxtFunctionPayload(src, at);
        if (state !== null) states.push(state);
      } else tryParse(balancedJson(src, at));
    }
    FLIGHT_PUSH.lastIndex = 0;
    for (let m = FLIGHT_PUSH.exec(src); m; m = FLIGHT_PUSH.exec(src)) {
      named = true;
      const chunk = jsStringLiteral(src, m.index + m[0].length);
      if (chunk) flight.push(chunk);
    }
    STREAM_ENQUEUE.lastIndex = 0;
    for (let m = STREAM_ENQUEUE.exec(src); m; m = STREAM_ENQUEUE.exec(src)) {
      named = true;
      const chunk = jsStringLiteral(src, m.index + m[0].length);
      if (chunk) enqueued.push(chunk);
    }
    const type = ($(el).attr('type') ?? '').toLowerCase();
    if (!named && (!type || /javascript|module/.test(type))) for (const lit of jsonLiterals(src)) tryParse(lit);
  });
  for (const row of flightRows(flight.join(''))) tryParse(row);
  for (const line of streamLines(enqueued.join(''))) states.push(...withFlat(line));
  return states;
}

/** Next.js app-router flight data: `self.__next_f.push([1, "…"])`, the string being a slice of the RSC stream. */
const FLIGHT_PUSH = /(?:self|window)\.__next_f\.push\(\[\s*1\s*,\s*/g;

/**
 * The JSON rows of a React Server Components stream (`7:["$","$L8",null,{"products":[…]}]`,
 * one per line, the pushed strings joined first as the stream may cut a row anywhere).
 */
export function flightRows(stream: string): string[] {
  const out: string[] = [];
  for (const line of stream.split('\n')) {
    const m = /^[0-9a-f]+:(?=[[{])/i.exec(line);
    if (m && line.length - m[0].length > 20) out.push(line.slice(m[0].length));
  }
  return out;
}

/**
 * JSON object / array literals handed to a function or assigned in an inline script whose state
 * has no known name (`wp.apiFetch.createPreloadingMiddleware({"/wc/store/v1/products…": {body: […]}})`,
 * `var meta = {"products": […]}`): each outermost `{"` / `[{` after `(`, `=`, `,` or `:` that
 * parses as JSON. Bounded: 50 literals per script.
 */
export function jsonLiterals(src: string): string[] {
  const out: string[] = [];
  const start = /[(=,:]\s*(?=\{\s*"|\[\s*\{\s*")/g;
  let tries = 0;
  for (let m = start.exec(src); m && tries < 50; m = start.exec(src)) {
    tries++;
    const at = m.index + m[0].length;
    const lit = balancedJson(src, at);
    if (!lit || lit.length < 40) continue;
    try {
      JSON.parse(lit);
    } catch {
      continue;
    }
    out.push(lit);
    start.lastIndex = at + lit.length;
  }
  return out;
}
