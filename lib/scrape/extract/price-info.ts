import { isObj, type Json, type Obj } from '@/lib/scrape/extract/json';

/**
 * A product's prices in a nested `price_info` (Magento's ProductRender, what the
 * `Magento_Catalog/js/product/view/provider` component is given in `text/x-magento-init`):
 * `final_price` is the price paid (on a configurable or bundle product, its lowest), and
 * `regular_price` the regular one when higher. `minimal_price`, `max_price`, the `*_regular_price`
 * bounds, the `formatted_prices` HTML and the tax adjustments beside them are not separate prices.
 */
export function priceInfo(o: Obj): { price: number; regularPrice: number | null } | null {
  const v: Json | undefined = o.price_info ?? o.priceInfo;
  if (!isObj(v)) return null;
  const num = (x: Json | undefined) => (typeof x === 'number' ? x : typeof x === 'string' && /^\d+(?:\.\d+)?$/.test(x.trim()) ? Number(x) : null);
  const paid = num(v.final_price ?? v.finalPrice);
  if (paid === null || paid <= 0) return null;
  const regular = num(v.regular_price ?? v.regularPrice);
  return { price: paid, regularPrice: regular !== null && regular > paid ? regular : null };
}
