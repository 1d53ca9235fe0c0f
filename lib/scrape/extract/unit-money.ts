import { isObj, type Obj } from '@/lib/scrape/extract/json';

/** Currencies without minor units (their amounts are whole units already). */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'XAF', 'XOF']);

/**
 * Money objects that state their currency as a `unit` beside an integer `value`, in minor units
 * (Webflow's Data API: `price: { value: 2500, unit: "USD" }` is $25.00), made decimal numbers
 * where the record holds them, so that `price` / `compare-at-price` read as prices. A `value`
 * that is not an integer, or an object without a currency-code `unit`, is left as it is (a
 * BigCommerce money object writes `{ currency, formatted, value }` in major units).
 */
export function unitMoney(o: Obj): Obj {
  let out: Obj | null = null;
  for (const [k, v] of Object.entries(o)) {
    if (!isObj(v) || typeof v.unit !== 'string' || !/^[A-Z]{3}$/.test(v.unit)) continue;
    if (typeof v.value !== 'number' || !Number.isInteger(v.value)) continue;
    out ??= { ...o };
    out[k] = ZERO_DECIMAL.has(v.unit) ? v.value : v.value / 100;
  }
  return out ?? o;
}

/**
 * Field slugs written in kebab case (a Webflow CMS item's `fieldData`: `compare-at-price`,
 * `brand-name`, `product-type`, `thc-percentage`) read as their snake-case twins
 * (`compare_at_price`, …), which the record walker knows; a twin the record writes itself wins.
 */
export function snakeKeys(o: Obj): Obj {
  let out: Obj | null = null;
  for (const [k, v] of Object.entries(o)) {
    if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/.test(k)) continue;
    const twin = k.replace(/-/g, '_');
    if (o[twin] !== undefined) continue;
    out ??= { ...o };
    out[twin] = v;
  }
  return out ?? o;
}
