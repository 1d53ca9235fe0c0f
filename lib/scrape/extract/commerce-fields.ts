import { isObj, type Json, type Obj } from '@/lib/scrape/extract/json';

/**
 * Fields a headless commerce backend's product record keeps where the app-state walker does not
 * look, lifted onto the record: Medusa's store products (v2) price each variant in a
 * `calculated_price` object (`calculated_amount` paid now, `original_amount` before a price
 * list's sale, major units), write the brand and potency in `metadata` and the product type as
 * `type: { value }`. One variant (or all at one price) is the product's price; several sizes stay
 * variants, each with its own price, for the size rule.
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

export function liftCommerceFields(o: Obj): Obj {
  let out = o;
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
