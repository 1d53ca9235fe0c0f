import { isObj, type Json, type Obj } from '@/lib/scrape/extract/json';

/** Keys a SKU never takes from its product: its own identity and its money. */
const OWN = /^(?:id|_id|sku|slug|name|title|url|href|variants|skus)$|price|amount|cost|money/i;

/** A record's fields, its CMS `fieldData` (Webflow's Data API) read as its own. */
const fieldsOf = (o: Obj): Obj => (isObj(o.fieldData) ? { ...o, ...o.fieldData, fieldData: null } : o);

/**
 * A product record kept beside its SKUs (Webflow's Data API: `{ product: { fieldData: {
 * 'brand-name', 'product-type', … } }, skus: [{ fieldData: { name, price } }] }`, a commerce
 * API's `{ product, variants }`): the SKUs carry the prices, the product the brand, category and
 * potency. Each SKU takes the product's fields it does not write itself (never its name, id or
 * money), and the product record is dropped so that it is not read again on its own.
 */
export function skusWithProduct(o: Obj): Obj {
  const parent = isObj(o.product) ? fieldsOf(o.product) : null;
  const key = ['skus', 'variants'].find((k) => Array.isArray(o[k]) && (o[k] as Json[]).some(isObj));
  if (!parent || !key) return o;
  // A product priced itself is a product of its own, read as it is.
  if (Object.entries(parent).some(([k, v]) => /price/i.test(k) && v !== null && v !== undefined)) return o;
  const inherited = Object.fromEntries(Object.entries(parent).filter(([k, v]) => v !== null && v !== undefined && !isObj(v) && !Array.isArray(v) && !OWN.test(k)));
  const skus = (o[key] as Json[]).map((s) => {
    if (!isObj(s)) return s;
    const own = fieldsOf(s);
    const add = Object.fromEntries(Object.entries(inherited).filter(([k]) => own[k] === undefined || own[k] === null));
    return { ...own, ...add };
  });
  return { ...o, product: null, [key]: skus };
}
