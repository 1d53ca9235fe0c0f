import type { CheerioAPI } from 'cheerio';
import { dedupeProducts, toScrapedProduct, type RawProductFields } from '../normalize';
import type { ScrapedProduct } from '../types';

/**
 * Structured extraction: data the site already publishes as data. JSON-LD (schema.org Product,
 * Offer, ItemList, Menu/MenuItem) first, then embedded application state (__NEXT_DATA__,
 * __NUXT__, window.__INITIAL_STATE__ and friends) walked for product-like records.
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };
const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: Json | undefined): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
const MAX_NODES = 200_000;

function resolveUrl(href: string | null, base: string): string | null {
  if (!href) return null;
  try {
    const u = new URL(href, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

// ---------- JSON-LD ----------

const LD_PRODUCT_TYPES = new Set(['Product', 'IndividualProduct', 'ProductModel', 'MenuItem', 'Drug']);

function ldTypes(o: Obj): string[] {
  const t = o['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^https?:\/\/schema\.org\//, ''));
}

function ldName(v: Json | undefined): string | null {
  if (Array.isArray(v)) return ldName(v[0]);
  return isObj(v) ? str(v.name) : str(v);
}

/** schema.org price types of a previous price (StrikethroughPrice, ListPrice, MSRP, SRP). */
const LD_REGULAR_TYPE = /(?:strikethrough|list|msrp|srp|regular|original)/i;

function ldPriceSpecs(o: Obj): Obj[] {
  const ps = o.priceSpecification;
  return (Array.isArray(ps) ? ps : ps ? [ps] : []).filter(isObj);
}

function ldOffer(offers: Json | undefined): { price: string | null; regularPrice: string | null; weight: string | null } {
  const list = Array.isArray(offers) ? offers : offers ? [offers] : [];
  for (const o of list) {
    if (!isObj(o)) continue;
    const specs = ldPriceSpecs(o);
    const regularSpec = specs.find((x) => LD_REGULAR_TYPE.test(str(x.priceType) ?? ''));
    const saleSpec = specs.find((x) => !LD_REGULAR_TYPE.test(str(x.priceType) ?? '') && str(x.price));
    const p = str(o.price) ?? str(o.lowPrice) ?? (saleSpec ? str(saleSpec.price) : null);
    if (p) {
      const cur = str(o.priceCurrency);
      const weight = isObj(o.eligibleQuantity)
        ? [str(o.eligibleQuantity.value), str(o.eligibleQuantity.unitText) ?? str(o.eligibleQuantity.unitCode)].filter(Boolean).join(' ')
        : str(o.name);
      const money = (v: string) => (/^[\d.,]+$/.test(v) ? `${cur && cur !== 'USD' ? `${cur} ` : '$'}${v}` : v);
      const reg = (regularSpec ? str(regularSpec.price) : null) ?? str(o.regularPrice) ?? str(o.originalPrice) ?? str(o.listPrice) ?? str(o.wasPrice) ?? null;
      return { price: money(p), regularPrice: reg ? money(reg) : null, weight: weight || null };
    }
  }
  return { price: null, regularPrice: null, weight: null };
}

function ldProperty(o: Obj, re: RegExp): string | null {
  const props = Array.isArray(o.additionalProperty) ? o.additionalProperty : o.additionalProperty ? [o.additionalProperty] : [];
  for (const p of props) {
    if (isObj(p) && re.test(str(p.name) ?? '')) return [str(p.value), str(p.unitText)].filter(Boolean).join(' ') || null;
  }
  return null;
}

function ldToRaw(o: Obj, base: string): RawProductFields | null {
  const name = str(o.name);
  if (!name) return null;
  const offer = ldOffer(o.offers);
  const weight = isObj(o.weight) ? [str(o.weight.value), str(o.weight.unitText) ?? str(o.weight.unitCode)].filter(Boolean).join(' ') : str(o.weight);
  return {
    name,
    brand: ldName(o.brand) ?? ldName(o.manufacturer),
    category: str(o.category) ?? ldName(o.category),
    price: offer.price,
    regularPrice: offer.regularPrice,
    weight: weight ?? ldProperty(o, /weight|size/i) ?? offer.weight,
    thc: ldProperty(o, /\bthc/i),
    cbd: ldProperty(o, /\bcbd/i),
    strainType: ldProperty(o, /strain|type|lineage|genetics/i),
    url: resolveUrl(str(o.url), base),
    text: [str(o.description), offer.weight].filter(Boolean).join(' '),
  };
}

/**
 * A Product whose offers are several sizes, each with its own price (`offers: [{ name: '1g',
 * price: 15 }, { name: '3.5g', price: 40 }]`, or the size in `eligibleQuantity`), becomes one
 * product per size with the size in its name, as sized app-state products do (`sizeVariants`).
 */
function ldToRaws(o: Obj, base: string): RawProductFields[] {
  const raw = ldToRaw(o, base);
  if (!raw) return [];
  const list = (Array.isArray(o.offers) ? o.offers : []).filter(isObj);
  if (list.length < 2) return [raw];
  const sized = list.map((x) => ldOffer(x));
  if (!sized.every((x) => x.price && x.weight && SIZE_LABEL.test(x.weight))) return [raw];
  if (new Set(sized.map((x) => x.weight!.trim().toLowerCase())).size < sized.length || new Set(sized.map((x) => x.price)).size < 2) return [raw];
  return sized.map((x) => ({ ...raw, name: `${raw.name} ${x.weight!.trim()}`, price: x.price, regularPrice: x.regularPrice, weight: x.weight }));
}

function walkLd(node: Json, base: string, out: RawProductFields[], budget: { n: number }, menuHint: string | null): void {
  if (budget.n-- <= 0 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const x of node) walkLd(x, base, out, budget, menuHint);
    return;
  }
  const types = ldTypes(node);
  if (types.some((t) => LD_PRODUCT_TYPES.has(t))) {
    for (const raw of ldToRaws(node, base)) out.push({ ...raw, category: raw.category ?? menuHint });
    return;
  }
  // A MenuSection's name ("Flower", "Edibles") is the category of the items inside it.
  const hint = types.includes('MenuSection') ? (str(node.name) ?? menuHint) : menuHint;
  for (const [k, v] of Object.entries(node)) if (k !== '@context') walkLd(v, base, out, budget, hint);
}

export function extractJsonLd($: CheerioAPI, baseUrl: string): ScrapedProduct[] {
  const raws: RawProductFields[] = [];
  const budget = { n: MAX_NODES };
  $('script[type="application/ld+json"]').each((_, el) => {
    const text = $(el).text().trim();
    if (!text) return;
    try {
      walkLd(JSON.parse(text) as Json, baseUrl, raws, budget, null);
    } catch {
      // Broken JSON-LD is common (trailing commas, HTML entities); other strategies still run.
    }
  });
  return dedupeProducts(raws.map(toScrapedProduct).filter((p): p is ScrapedProduct => p !== null));
}

// ---------- Embedded application state ----------

const NAME_KEYS = ['name', 'productName', 'product_name', 'displayName', 'display_name', 'title', 'Name'];
/** Keys of the price paid now on a discounted product, most specific first. */
const SALE_KEYS = [
  'salePrice',
  'sale_price',
  'specialPrice',
  'special_price',
  'specialPrices',
  'special_prices',
  'recSpecialPrices',
  'medicalSpecialPrices',
  'discountedPrice',
  'discounted_price',
  'discountPrice',
  'discount_price',
  'promoPrice',
  'dealPrice',
  'finalPrice',
  'final_price',
  'currentPrice',
  'current_price',
  'nowPrice',
];
/** Keys of the regular (struck-through) price. */
const REGULAR_KEYS = [
  'regularPrice',
  'regular_price',
  'originalPrice',
  'original_price',
  'compareAtPrice',
  'compare_at_price',
  'compareAt',
  'listPrice',
  'list_price',
  'wasPrice',
  'was_price',
  'msrp',
  'retailPrice',
  'basePrice',
  'base_price',
  'fullPrice',
  'full_price',
  'strikethroughPrice',
];
const PRICE_KEYS = [
  'price',
  'Price',
  'priceValue',
  'unitPrice',
  'unit_price',
  'salePrice',
  'sale_price',
  'price_unit',
  'priceCents',
  'price_cents',
  'amount',
  'prices',
  'Prices',
  'pricing',
  'variants',
  'offers',
  'options',
];
const PRODUCTISH_KEYS = [
  'brand',
  'brandName',
  'brand_name',
  'thc',
  'thcPct',
  'thcPercent',
  'thc_percent',
  'potency',
  'strainType',
  'strain_type',
  'category',
  'productType',
  'product_type',
  'sku',
  'weight',
];

function pick(o: Obj, keys: string[]): Json | undefined {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null && o[k] !== '') return o[k];
  return undefined;
}

function priceOf(v: Json | undefined, key?: string): string | null {
  if (typeof v === 'number') return key && /cents/i.test(key) ? `$${(v / 100).toFixed(2)}` : `$${v}`;
  if (typeof v === 'string') return /\d/.test(v) ? (/^[\d.,]+$/.test(v.trim()) ? `$${v.trim()}` : v.trim()) : null;
  if (Array.isArray(v)) {
    for (const x of v) {
      const p = priceOf(x);
      if (p) return p;
    }
    return null;
  }
  if (isObj(v)) {
    for (const k of ['price', 'amount', 'value', 'unitPrice', 'priceCents', 'low', 'min', 'regular', 'med', 'rec']) {
      if (v[k] !== undefined) {
        const p = priceOf(v[k], k);
        if (p) return p;
      }
    }
  }
  return null;
}

function weightOf(o: Obj): string | null {
  const direct = pick(o, ['weight', 'size', 'netWeight', 'net_weight', 'unitWeight', 'option', 'quantity_label', 'amountLabel']);
  if (typeof direct === 'string' || typeof direct === 'number') return typeof direct === 'number' ? `${direct}g` : direct;
  if (isObj(direct)) return [str(direct.value), str(direct.unit)].filter(Boolean).join(' ') || null;
  const variants = pick(o, ['variants', 'options', 'Options']);
  if (Array.isArray(variants) && variants.length) {
    const first = variants[0];
    if (typeof first === 'string') return first;
    if (isObj(first)) return str(pick(first, ['weight', 'size', 'name', 'option', 'label']) ?? null);
  }
  return null;
}

function potencyOf(o: Obj, which: 'thc' | 'cbd'): string | number | null {
  const keys =
    which === 'thc'
      ? ['thc', 'thcPct', 'thcPercent', 'thc_percent', 'THC', 'THCContent', 'potencyThc', 'thcContent']
      : ['cbd', 'cbdPct', 'cbdPercent', 'cbd_percent', 'CBD', 'CBDContent', 'potencyCbd', 'cbdContent'];
  const v = pick(o, keys);
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (isObj(v)) {
    const r = v.range ?? v.value ?? v.formatted;
    if (Array.isArray(r)) return typeof r[r.length - 1] === 'number' ? (r[r.length - 1] as number) : null;
    if (typeof r === 'number' || typeof r === 'string') return r;
  }
  if (isObj(o.potency)) return potencyOf(o.potency, which);
  return null;
}

function isProductLike(o: Obj): boolean {
  const name = pick(o, NAME_KEYS);
  if (typeof name !== 'string' || name.trim().length < 2 || name.length > 200) return false;
  const hasPrice =
    [...PRICE_KEYS, ...SALE_KEYS, ...REGULAR_KEYS].some((k) => o[k] !== undefined && o[k] !== null && priceOf(o[k], k) !== null) ||
    nestedPrices(o).sale !== null ||
    nestedPrices(o).regular !== null;
  const productish = PRODUCTISH_KEYS.filter((k) => o[k] !== undefined && o[k] !== null).length;
  return hasPrice ? productish >= 1 || /price/i.test(Object.keys(o).join(' ')) : productish >= 3;
}

/** A nested pricing object's sale / regular pair ({ current, was }, { sale, regular }, { special, original }). */
function nestedPrices(o: Obj): { sale: string | null; regular: string | null } {
  for (const k of ['pricing', 'prices', 'Prices', 'priceInfo', 'price']) {
    const v = o[k];
    if (!isObj(v)) continue;
    const sale = pick(v, ['sale', 'salePrice', 'special', 'specialPrice', 'current', 'now', 'discounted', 'final', 'promo']);
    const regular = pick(v, ['regular', 'regularPrice', 'original', 'originalPrice', 'was', 'list', 'compareAt', 'msrp', 'base', 'full']);
    const s = sale !== undefined ? priceOf(sale) : null;
    const r = regular !== undefined ? priceOf(regular) : null;
    if (s || r) return { sale: s, regular: r };
  }
  return { sale: null, regular: null };
}

/** What the buyer pays now and the regular price (DECISIONS §12), from sale / regular keys. */
export function statePrices(o: Obj): { price: string | null; regularPrice: string | null } {
  const saleKey = SALE_KEYS.find((k) => o[k] !== undefined && o[k] !== null && priceOf(o[k], k) !== null);
  const regularKey = REGULAR_KEYS.find((k) => o[k] !== undefined && o[k] !== null && priceOf(o[k], k) !== null);
  const nested = nestedPrices(o);
  const priceKey = PRICE_KEYS.find((k) => o[k] !== undefined && priceOf(o[k], k) !== null && !(k === 'price' && isObj(o[k]) && (nested.sale || nested.regular)));
  const plain = priceKey ? priceOf(o[priceKey], priceKey) : null;
  const sale = saleKey ? priceOf(o[saleKey], saleKey) : nested.sale;
  const regular = regularKey ? priceOf(o[regularKey], regularKey) : nested.regular;
  if (sale) return { price: sale, regularPrice: regular ?? (plain !== sale ? plain : null) };
  if (regular && plain) return { price: plain, regularPrice: regular };
  return { price: plain ?? regular, regularPrice: null };
}

function appStateToRaw(o: Obj, base: string): RawProductFields {
  const prices = statePrices(o);
  const cat = pick(o, ['category', 'Category', 'productType', 'product_type', 'kind', 'category_name', 'categoryName', 'type']);
  const brand = pick(o, ['brand', 'brandName', 'brand_name', 'vendor', 'producer', 'manufacturer']);
  const type = pick(o, ['strainType', 'strain_type', 'lineage', 'genetics', 'type']);
  const href = str(pick(o, ['url', 'href', 'link', 'permalink']) ?? null);
  return {
    name: String(pick(o, NAME_KEYS)),
    brand: isObj(brand) ? str(brand.name) : str(brand),
    category: isObj(cat) ? str(cat.name) : Array.isArray(cat) ? str(cat[0]) : str(cat),
    price: prices.price,
    regularPrice: prices.regularPrice,
    weight: weightOf(o),
    thc: potencyOf(o, 'thc'),
    cbd: potencyOf(o, 'cbd'),
    strainType: isObj(type) ? str(type.name) : str(type),
    url: resolveUrl(href, base),
    text: str(pick(o, ['description', 'subtitle'])),
  };
}

const SIZE_LABEL =
  /^\s*(?:\d+(?:\.\d+)?|\.\d+)\s*(?:g|gr|grams?|oz|ounces?|mg|ml)\b|^\s*(?:1\/8|1\/4|1\/2)\s*(?:oz)?\b|^\s*(?:eighth|quarter|half|ounce|each|single|[1-9]\s*pk|[1-9]\s*pack)\b/i;

/**
 * A product sold in several sizes, each with its own price, becomes one product per size with the
 * size in its name ("Blue Dream 1g", "Blue Dream 3.5g"), consistently for both shapes menus use:
 * parallel arrays (`Options: ['1g', '3.5g'], Prices: [15, 40]`, optional `specialPrices` per
 * size) and a `variants` / `options` array of objects with a size and a price.
 */
export function sizeVariants(o: Obj): Obj[] | null {
  const name = pick(o, NAME_KEYS);
  if (typeof name !== 'string') return null;
  const nameKey = NAME_KEYS.find((k) => o[k] === name)!;
  const labels = pick(o, ['Options', 'options', 'sizes', 'weights']);
  const prices = pick(o, ['Prices', 'prices', 'recPrices', 'price_list']);
  if (Array.isArray(labels) && Array.isArray(prices) && labels.length >= 2 && labels.length === prices.length && labels.every((l) => typeof l === 'string' && SIZE_LABEL.test(l))) {
    const specials = pick(o, ['specialPrices', 'recSpecialPrices', 'special_prices', 'salePrices']);
    return labels.map((l, i) => {
      const sale = Array.isArray(specials) && specials.length === labels.length ? specials[i] : null;
      const regular = prices[i];
      const hasSale = typeof sale === 'number' || (typeof sale === 'string' && /\d/.test(sale));
      return {
        ...o,
        [nameKey]: `${name} ${String(l).trim()}`,
        Options: null,
        options: null,
        Prices: null,
        prices: null,
        specialPrices: null,
        recSpecialPrices: null,
        price: hasSale ? sale : regular,
        regularPrice: hasSale ? regular : null,
        weight: String(l),
      } as Obj;
    });
  }
  const variants = pick(o, ['variants', 'options', 'Variants', 'skus']);
  if (Array.isArray(variants) && variants.length >= 2 && variants.every((v) => isObj(v))) {
    const rows = (variants as Obj[]).map((v) => ({ v, label: str(pick(v, ['size', 'weight', 'option', 'label', 'name', 'title']) ?? null), prices: statePrices(v) }));
    if (!rows.every((r) => r.label && SIZE_LABEL.test(r.label) && r.prices.price)) return null;
    if (new Set(rows.map((r) => r.prices.price)).size < 2) return null;
    return rows.map(
      (r) =>
        ({
          ...o,
          [nameKey]: `${name} ${r.label!.trim()}`,
          variants: null,
          options: null,
          Variants: null,
          skus: null,
          price: r.prices.price,
          regularPrice: r.prices.regularPrice,
          salePrice: null,
          weight: r.label,
        }) as Obj,
    );
  }
  return null;
}

function walkState(node: Json, base: string, out: RawProductFields[], budget: { n: number }): void {
  if (budget.n-- <= 0 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const x of node) walkState(x, base, out, budget);
    return;
  }
  if (isProductLike(node)) {
    const sizes = sizeVariants(node);
    if (sizes) for (const v of sizes) out.push(appStateToRaw(v, base));
    else out.push(appStateToRaw(node, base));
    return; // variants/options below belong to this product
  }
  for (const v of Object.values(node)) walkState(v, base, out, budget);
}

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

/** Decodes the JS string literal ('...' or "...") starting at `at`, as used in `= JSON.parse('...')`. */
export function jsStringLiteral(src: string, at: number): string | null {
  const q = src[at];
  if (q !== '"' && q !== "'") return null;
  let body = '';
  for (let i = at + 1; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      const n = src[i + 1];
      // Re-escape for JSON: \' is not a JSON escape, a bare " must be escaped.
      body += n === "'" ? "'" : `\\${n}`;
      i++;
    } else if (c === q) {
      try {
        return JSON.parse(`"${body}"`) as string;
      } catch {
        return null;
      }
    } else body += c === '"' ? '\\"' : c;
  }
  return null;
}

const STATE_ASSIGNMENTS =
  /(?:window\.|self\.|globalThis\.)?(__NUXT__|__INITIAL_STATE__|__PRELOADED_STATE__|__APOLLO_STATE__|__APP_STATE__|__REDUX_STATE__|__STATE__|__DATA__|initialState|menuData)\s*=\s*/g;

/** Every embedded state blob that parses as JSON. */
export function embeddedStates($: CheerioAPI): Json[] {
  const states: Json[] = [];
  const tryParse = (s: string | null) => {
    if (!s) return;
    try {
      states.push(JSON.parse(s) as Json);
    } catch {
      // Not JSON (e.g. a Nuxt IIFE); skipped rather than evaluated.
    }
  };
  $('script#__NEXT_DATA__, script#__NUXT_DATA__, script[type="application/json"]').each((_, el) => tryParse($(el).text()));
  $('script:not([src])').each((_, el) => {
    const src = $(el).text();
    if (src.length > 5_000_000) return;
    STATE_ASSIGNMENTS.lastIndex = 0;
    for (let m = STATE_ASSIGNMENTS.exec(src); m; m = STATE_ASSIGNMENTS.exec(src)) {
      const at = m.index + m[0].length;
      if (src.startsWith('JSON.parse(', at)) tryParse(jsStringLiteral(src, at + 11));
      else tryParse(balancedJson(src, at));
    }
  });
  return states;
}

export function extractAppState($: CheerioAPI, baseUrl: string): ScrapedProduct[] {
  const raws: RawProductFields[] = [];
  const budget = { n: MAX_NODES };
  for (const s of embeddedStates($)) walkState(s, baseUrl, raws, budget);
  return dedupeProducts(raws.map(toScrapedProduct).filter((p): p is ScrapedProduct => p !== null));
}
