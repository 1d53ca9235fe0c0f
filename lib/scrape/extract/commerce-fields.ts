import { isObj, type Json, type Obj } from '@/lib/scrape/extract/json';
import { priceInfo } from '@/lib/scrape/extract/price-info';

/**
 * Fields a headless commerce backend's product record keeps where the app-state walker does not
 * look, lifted onto the record: Medusa's store products (v2) price each variant in a
 * `calculated_price` object (`calculated_amount` paid now, `original_amount` before a price
 * list's sale, major units), write the brand and potency in `metadata` and the product type as
 * `type: { value }`. One variant (or all at one price) is the product's price; several sizes stay
 * variants, each with its own price, for the size rule. Wix Stores' `priceData`, BigCommerce
 * Stencil's tax-keyed `price` and titled info sections likewise (below).
 */
const amount = (v: Json | undefined): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+(?:\.\d+)?$/.test(v.trim()) ? Number(v) : null;

function calculated(v: Json): { price: number; regularPrice: number | null } | null {
  if (!isObj(v) || !isObj(v.calculated_price)) return null;
  const c = v.calculated_price;
  const paid = amount(c.calculated_amount);
  if (paid === null) return null;
  const was = amount(c.original_amount);
  return { price: paid, regularPrice: was !== null && was > paid ? was : null };
}

/**
 * Wix Stores' catalog product: `priceData` (and `price`, the same object) holds `price`, the
 * REGULAR price, and `discountedPrice`, the price paid (equal when there is no discount) — read
 * as they stand, the struck price would be taken for the one paid.
 */
function discounted(v: Json | undefined): { price: number; regularPrice: number | null } | null {
  if (!isObj(v)) return null;
  const was = amount(v.price);
  const paid = amount(v.discountedPrice);
  if (was === null || paid === null) return null;
  return { price: paid, regularPrice: was > paid ? was : null };
}

/**
 * BigCommerce Stencil's card model: `price` keyed by tax display, each a money object
 * (`{ currency, formatted, value }`) — `without_tax` / `with_tax` the price paid, a sale's regular
 * price in `non_sale_price_without_tax` / `non_sale_price_with_tax`, a product with options
 * priced from `price_range.min` (its low end, as the card's range reads). Read as they stand,
 * no price key of the walker holds a number.
 */
function taxKeyed(v: Json | undefined): { price: number; regularPrice: number | null } | null {
  if (!isObj(v)) return null;
  const money = (x: Json | undefined) => (isObj(x) ? amount(x.value) : null);
  const min = isObj(v.price_range) && isObj(v.price_range.min) ? v.price_range.min : null;
  for (const tax of ['without_tax', 'with_tax']) {
    const paid = (min ? money(min[tax]) : null) ?? money(v[tax]);
    if (paid === null) continue;
    const was = money(v[`non_sale_price_${tax}`]);
    return { price: paid, regularPrice: was !== null && was > paid ? was : null };
  }
  return null;
}

/** Titled info sections (`additionalInfoSections: [{ title: 'THC', description: '<p>21%</p>' }]`): the record's own fields by title. */
const SECTION_FIELD: Record<string, string> = {
  category: 'category',
  type: 'category',
  'product type': 'category',
  brand: 'brand',
  thc: 'thc',
  cbd: 'cbd',
  strain: 'strainType',
  'strain type': 'strainType',
};

function infoSections(o: Obj): Obj {
  const secs = Array.isArray(o.additionalInfoSections) ? o.additionalInfoSections : null;
  if (!secs) return o;
  let out = o;
  for (const s of secs) {
    if (!isObj(s) || typeof s.title !== 'string' || typeof s.description !== 'string') continue;
    const key = SECTION_FIELD[s.title.trim().toLowerCase()];
    const text = s.description
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (key && text && text.length <= 60 && (out[key] === undefined || out[key] === null || out[key] === '')) out = { ...out, [key]: text };
  }
  return out;
}

export function liftCommerceFields(o: Obj): Obj {
  let out = infoSections(o);
  const wix = discounted(o.priceData) ?? discounted(o.price);
  if (wix) out = { ...out, price: wix.price, regularPrice: wix.regularPrice, priceData: null };
  const stencil = taxKeyed(o.price);
  if (stencil) out = { ...out, price: stencil.price, regularPrice: stencil.regularPrice };
  const info = priceInfo(o);
  if (info) out = { ...out, price: info.price, regularPrice: info.regularPrice, price_info: null };
  const variants = Array.isArray(o.variants) ? o.variants : null;
  if (variants?.length && o.price === undefined) {
    const priced = variants.map(calculated);
    if (priced.every((p) => p !== null)) {
      const ps = priced as Array<{ price: number; regularPrice: number | null }>;
      out =
        new Set(ps.map((p) => `${p.price}/${p.regularPrice}`)).size === 1
          ? { ...o, variants: null, price: ps[0].price, regularPrice: ps[0].regularPrice }
          : { ...o, variants: variants.map((v, i) => ({ ...(v as Obj), price: ps[i].price, regularPrice: ps[i].regularPrice })) };
    }
  }
  const meta = isObj(o.metadata) ? o.metadata : null;
  if (meta) {
    for (const k of ['brand', 'brand_name', 'brandName', 'vendor', 'thc', 'thc_percent', 'thcPercent', 'cbd', 'cbd_percent', 'strain_type'])
      if (meta[k] !== undefined && meta[k] !== null && out[k] === undefined) out = { ...out, [k]: meta[k] };
  }
  if (isObj(o.type) && typeof o.type.value === 'string' && o.category === undefined) out = { ...out, category: o.type.value };
  return out;
}
