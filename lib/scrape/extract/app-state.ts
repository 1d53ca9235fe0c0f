import type { CheerioAPI } from 'cheerio';
import { dedupeProducts, toScrapedProduct, type RawProductFields } from '@/lib/scrape/normalize';
import type { ScrapedProduct } from '@/lib/scrape/types';
import { embeddedStates } from '@/lib/scrape/extract/embedded-json';
import { isObj, MAX_NODES, resolveUrl, SIZE_LABEL, str, type Json, type Obj } from '@/lib/scrape/extract/json';
import { decimalMoney } from '@/lib/scrape/extract/minor-money';
import { skusWithProduct } from '@/lib/scrape/extract/sku-parent';
import { snakeKeys, unitMoney } from '@/lib/scrape/extract/unit-money';
import { liftCommerceFields } from '@/lib/scrape/extract/commerce-fields';
import { withoutAlternatives } from '@/lib/scrape/extract/state-alternatives';

/** Embedded application state walked for product-like records (names, prices, sizes, potency). */

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
  'specialPriceRec',
  'recSpecialPrice',
  'rec_special_price',
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
  // Dutchie-like variants: the recreational price is the one every buyer pays (priceMed needs a card).
  'priceRec',
  'recPrice',
  'rec_price',
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
    for (const k of ['price', 'amount', 'value', 'unitPrice', 'priceCents', 'priceRec', 'low', 'min', 'regular', 'med', 'rec']) {
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
    weightKeyed(o).length > 0 ||
    // Sizes as objects each with its price (`weights: [{ label: '1g', price: 12 }]`).
    ['weights', 'sizes'].some((k) => Array.isArray(o[k]) && (o[k] as Json[]).some((x) => isObj(x) && priceOf(x) !== null)) ||
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
    const sale = pick(v, ['sale', 'salePrice', 'sale_price', 'special', 'specialPrice', 'current', 'now', 'discounted', 'final', 'promo']);
    const regular = pick(v, ['regular', 'regularPrice', 'regular_price', 'original', 'originalPrice', 'was', 'list', 'compareAt', 'compare_at_price', 'msrp', 'base', 'full']);
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

/** A name out of a string, `{ name }`, or a list of either (`brands: [{ name }]`, `categories: [{ name }]`). */
function nameOf(v: Json | undefined): string | null {
  if (Array.isArray(v)) return v.length ? nameOf(v[0]) : null;
  return isObj(v) ? str(v.name ?? v.title ?? null) : str(v);
}

function appStateToRaw(o: Obj, base: string): RawProductFields {
  const prices = statePrices(o);
  const cat = pick(o, ['category', 'Category', 'productType', 'product_type', 'kind', 'category_name', 'categoryName', 'type', 'categories']);
  const brand = pick(o, ['brand', 'brandName', 'brand_name', 'vendor', 'producer', 'manufacturer', 'brands']);
  const type = pick(o, ['strainType', 'strain_type', 'lineage', 'genetics', 'type']);
  const href = str(pick(o, ['url', 'href', 'link', 'permalink']) ?? null);
  return {
    name: String(pick(o, NAME_KEYS)),
    brand: nameOf(brand),
    category: nameOf(cat),
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

/** The weights of weight-keyed price fields (`price_eighth_ounce`), as the size labels of the size rule. */
const WEIGHT_WORDS: Record<string, string> = {
  half_gram: '0.5g',
  gram: '1g',
  two_gram: '2g',
  eighth_ounce: '3.5g',
  quarter_ounce: '7g',
  half_ounce: '14g',
  ounce: '28g',
};
const WEIGHT_KEY = /^(price|discounted_price|special_price|sale_price)_(half_gram|gram|two_gram|eighth_ounce|quarter_ounce|half_ounce|ounce)$/;

/**
 * Prices written one field per weight (`price_gram: "12.00"`, `price_eighth_ounce: "40.00"`, a
 * `discounted_price_eighth_ounce` / `special_price_…` / `sale_price_…` beside it for a sale), as
 * some menu platforms' product records are: each priced weight with its price paid and regular
 * price, lightest first.
 */
export function weightKeyed(o: Obj): Array<{ label: string; price: string; regularPrice: string | null }> {
  const by = new Map<string, { base?: string; sale?: string }>();
  for (const [k, v] of Object.entries(o)) {
    const m = WEIGHT_KEY.exec(k);
    if (!m || v === null || v === undefined) continue;
    const p = priceOf(v, k);
    if (!p) continue;
    const e = by.get(m[2]) ?? {};
    if (m[1] === 'price') e.base = p;
    else e.sale = p;
    by.set(m[2], e);
  }
  const out: Array<{ label: string; price: string; regularPrice: string | null }> = [];
  for (const w of Object.keys(WEIGHT_WORDS)) {
    const e = by.get(w);
    if (!e?.base) continue;
    const sale = e.sale && Number(e.sale.replace(/[^0-9.]/g, '')) < Number(e.base.replace(/[^0-9.]/g, '')) ? e.sale : null;
    out.push({ label: WEIGHT_WORDS[w], price: sale ?? e.base, regularPrice: sale ? e.base : null });
  }
  return out;
}

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
  const keyed = weightKeyed(o);
  if (keyed.length) {
    const blank = Object.fromEntries(
      Object.keys(o)
        .filter((k) => WEIGHT_KEY.test(k))
        .map((k) => [k, null]),
    );
    return keyed.map(
      (w) => ({ ...o, ...blank, [nameKey]: keyed.length > 1 ? `${name} ${w.label}` : name, price: w.price, regularPrice: w.regularPrice, salePrice: null, weight: w.label }) as Obj,
    );
  }
  const variants = pick(o, ['variants', 'options', 'Variants', 'skus', 'weights', 'sizes']);
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
          weights: null,
          sizes: null,
          price: r.prices.price,
          regularPrice: r.prices.regularPrice,
          salePrice: null,
          weight: r.label,
          // A size sold out on its own (`available: false` on the variant) is no product either.
          ...(stateSoldOut(r.v) ? { soldOut: true } : {}),
        }) as Obj,
    );
  }
  return null;
}

/** Keys saying a record is buyable (false = sold out) and keys saying it is sold out (true). */
const IN_STOCK_KEYS = ['is_in_stock', 'isInStock', 'inStock', 'in_stock', 'available', 'availableForSale', 'isAvailable'];
const SOLD_OUT_KEYS = ['soldOut', 'sold_out', 'isSoldOut', 'outOfStock', 'out_of_stock', 'isOutOfStock'];
const SOLD_OUT_STATUS = /^(?:(?:https?:\/\/schema\.org\/)?(?:out_?of_?stock|outofstock|sold_?out|soldout|discontinued)|out of stock|sold out)$/i;

/**
 * A store record marked sold out by its own flags (`is_in_stock: false` in WooCommerce's Store
 * API, Shopify's `available: false`, `availableForSale: false`, `soldOut: true`, a
 * `stockStatus` / `availability` of out of stock): no product of the scan, as a card marked sold
 * out (docs/menus.md, seventh round). Only explicit flags count; a record without them is kept.
 */
export function stateSoldOut(o: Obj): boolean {
  if (IN_STOCK_KEYS.some((k) => o[k] === false)) return true;
  if (SOLD_OUT_KEYS.some((k) => o[k] === true)) return true;
  return ['stockStatus', 'stock_status', 'availability', 'inventoryStatus'].some((k) => typeof o[k] === 'string' && SOLD_OUT_STATUS.test((o[k] as string).trim()));
}

function walkState(node: Json, base: string, out: RawProductFields[], budget: { n: number }): void {
  if (budget.n-- <= 0 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const x of node) walkState(x, base, out, budget);
    return;
  }
  node = liftCommerceFields(unitMoney(snakeKeys(skusWithProduct(node))));
  if (isProductLike(node)) {
    if (stateSoldOut(node)) return;
    node = decimalMoney(node);
    const sizes = sizeVariants(node);
    if (sizes) for (const v of sizes) if (!stateSoldOut(v)) out.push(appStateToRaw(v, base));
    if (!sizes) out.push(appStateToRaw(node, base));
    return; // variants/options below belong to this product
  }
  // Other stores' menus of the same products (state-alternatives.ts): only the selected one.
  const namesOf = (x: Json) => {
    const found: RawProductFields[] = [];
    walkState(x, base, found, { n: Math.min(budget.n, MAX_NODES) });
    return found.map((r) => r.name);
  };
  for (const v of withoutAlternatives(node, namesOf)) walkState(v, base, out, budget);
}

export function extractAppState($: CheerioAPI, baseUrl: string): ScrapedProduct[] {
  return productsOfStates(embeddedStates($), baseUrl);
}

/** The products of state blobs, walked as embedded app state is (encoded-state.ts gives them too). */
export function productsOfStates(states: Json[], baseUrl: string): ScrapedProduct[] {
  const raws: RawProductFields[] = [];
  const budget = { n: MAX_NODES };
  for (const s of states) walkState(s, baseUrl, raws, budget);
  return dedupeProducts(raws.map(toScrapedProduct).filter((p): p is ScrapedProduct => p !== null));
}
