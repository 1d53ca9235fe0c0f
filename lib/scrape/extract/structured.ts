/**
 * Structured extraction: data the site already publishes as data. JSON-LD (schema.org Product,
 * Offer, ItemList, Menu/MenuItem) first, then embedded application state (__NEXT_DATA__,
 * __NUXT__, window.__INITIAL_STATE__ and friends) walked for product-like records.
 *
 * The parts: `json-ld.ts` (JSON-LD), `embedded-json.ts` (finding and parsing the state blobs),
 * `app-state.ts` (walking them for products), `json.ts` (what they share).
 */

export { extractJsonLd } from '@/lib/scrape/extract/json-ld';
export { balancedJson, embeddedStates, jsStringLiteral } from '@/lib/scrape/extract/embedded-json';
export { extractAppState, sizeVariants, statePrices } from '@/lib/scrape/extract/app-state';
