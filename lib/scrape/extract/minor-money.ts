import { isObj, type Json, type Obj } from '@/lib/scrape/extract/json';

/**
 * Money written in minor units, made decimal before it is read: a WooCommerce Store API `prices`
 * object (`{"price": "3200", "regular_price": "4000", "currency_minor_unit": 2}`) and Shopify's
 * Liquid product JSON (`{{ product | json }}`: `handle`, `variants`, integer `price` /
 * `compare_at_price` in cents; its `/products.json` writes "32.00" strings, left as they are).
 */
export function decimalMoney(o: Obj): Obj {
  o = minorUnits(o);
  const prices = o.prices;
  if (isObj(prices) && typeof prices.currency_minor_unit === 'number') {
    const f = 10 ** prices.currency_minor_unit;
    const conv = (v: Json | undefined) => (typeof v === 'string' && /^\d+$/.test(v) ? (Number(v) / f).toFixed(prices.currency_minor_unit as number) : v);
    return { ...o, prices: { ...prices, price: conv(prices.price) ?? null, regular_price: conv(prices.regular_price) ?? null, sale_price: conv(prices.sale_price) ?? null } };
  }
  if (typeof o.handle === 'string' && Array.isArray(o.variants) && Number.isInteger(o.price)) {
    const cents = (x: Obj): Obj => {
      const y: Obj = { ...x };
      for (const k of ['price', 'compare_at_price', 'price_min', 'price_max', 'compare_at_price_min', 'compare_at_price_max'])
        if (typeof x[k] === 'number' && Number.isInteger(x[k])) y[k] = (x[k] as number) / 100;
      return y;
    };
    return { ...cents(o), variants: o.variants.map((v) => (isObj(v) ? cents(v) : v)) };
  }
  return o;
}

const MINOR_KEY = /^(.+?)(?:_in_cents|InCents|_cents|Cents)$/;
const MONEY_KEY = /price|amount|msrp|compare/i;

/**
 * Other minor-unit money on a product record (tenth round): a key naming cents (`priceCents`,
 * `compareAtPriceCents`, `sale_price_in_cents`) is its stem's price in decimal (`price`,
 * `compareAtPrice`, `sale_price`) unless the record writes the stem itself; a record that states
 * its own `currency_minor_unit` (`currencyMinorUnit`, `minor_unit`) has its integer price fields
 * (`price: 3500`, `regular_price: "4000"`) divided by 10^n.
 */
function minorUnits(o: Obj): Obj {
  let out: Obj | null = null;
  for (const [k, v] of Object.entries(o)) {
    const m = MINOR_KEY.exec(k);
    if (!m || !MONEY_KEY.test(m[1]) || o[m[1]] !== undefined) continue;
    if (typeof v !== 'number' && !(typeof v === 'string' && /^\d+$/.test(v))) continue;
    out ??= { ...o };
    out[m[1]] = Number(v) / 100;
  }
  const unit = [o.currency_minor_unit, o.currencyMinorUnit, o.minor_unit].find((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 4) as number | undefined;
  if (unit !== undefined && unit > 0) {
    out ??= { ...o };
    for (const [k, v] of Object.entries(o)) {
      if (!MONEY_KEY.test(k) || MINOR_KEY.test(k)) continue;
      if ((typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^\d+$/.test(v))) out[k] = Number(v) / 10 ** unit;
    }
  }
  return out ?? o;
}
