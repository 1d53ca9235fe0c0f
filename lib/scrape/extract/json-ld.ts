import type { CheerioAPI } from 'cheerio';
import { dedupeProducts, toScrapedProduct, type RawProductFields } from '@/lib/scrape/normalize';
import type { ScrapedProduct } from '@/lib/scrape/types';
import { microdataItems } from '@/lib/scrape/extract/microdata';
import { isObj, MAX_NODES, resolveUrl, SIZE_LABEL, str, type Json, type Obj } from '@/lib/scrape/extract/json';

/** JSON-LD extraction: schema.org Product, Offer, ItemList, Menu / MenuSection / MenuItem. */

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

/** UN/CEFACT unit codes of a QuantitativeValue (GRM = gram) as menus print them. */
const UNIT_CODES: Record<string, string> = { GRM: 'g', MGM: 'mg', KGM: 'kg', ONZ: 'oz', MLT: 'ml', LTR: 'l' };

/**
 * A QuantitativeValue (`{ value: 3.5, unitCode: 'GRM' }`) as a size label: a unit code becomes
 * its abbreviation written on the number (`3.5g`, as a menu prints a size), so does a short unit
 * text (`g`, `oz`); a longer unit text is kept after a space.
 */
function quantityLabel(q: Json | undefined): string | null {
  if (!isObj(q)) return str(q);
  const value = str(q.value);
  const code = str(q.unitCode);
  const unit = code && UNIT_CODES[code.toUpperCase()] ? UNIT_CODES[code.toUpperCase()] : null;
  const text = str(q.unitText);
  // A short unit written as text ("g", "oz") is written on the number too: one size, one spelling.
  const short = unit ?? (text && /^(?:g|mg|kg|oz|ml)$/i.test(text) ? text.toLowerCase() : null);
  if (value && short) return `${value}${short}`;
  return [value, text ?? code].filter(Boolean).join(' ') || null;
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
      const weight = isObj(o.eligibleQuantity) ? quantityLabel(o.eligibleQuantity) : isObj(o.weight) ? quantityLabel(o.weight) : str(o.name);
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
  const weight = quantityLabel(o.weight);
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
  // The per-size offers, directly or inside an AggregateOffer (`offers: { lowPrice, offers: [...] }`).
  const offers = isObj(o.offers) && Array.isArray(o.offers.offers) ? o.offers.offers : o.offers;
  const list = (Array.isArray(offers) ? offers : []).filter(isObj);
  if (list.length < 2) return [raw];
  const sized = list.map((x) => ldOffer(x));
  if (!sized.every((x) => x.price && x.weight && SIZE_LABEL.test(x.weight))) return [raw];
  if (new Set(sized.map((x) => x.weight!.trim().toLowerCase())).size < sized.length || new Set(sized.map((x) => x.price)).size < 2) return [raw];
  return sized.map((x) => ({ ...raw, name: `${raw.name} ${x.weight!.trim()}`, price: x.price, regularPrice: x.regularPrice, weight: x.weight }));
}

/** schema.org availability of a product that cannot be bought now. */
const LD_SOLD_OUT = /(?:^|\/)(?:OutOfStock|SoldOut|Discontinued)$/i;
/**
 * A Product whose every offer is out of stock / sold out / discontinued: not a product of the
 * scan (DECISIONS §12, docs/menus.md seventh round), as a card marked sold out.
 */
export function ldSoldOut(o: Obj): boolean {
  const list = (Array.isArray(o.offers) ? o.offers : o.offers ? [o.offers] : []).filter(isObj);
  return list.length > 0 && list.every((x) => LD_SOLD_OUT.test(str(x.availability) ?? ''));
}

function walkLd(node: Json, base: string, out: RawProductFields[], budget: { n: number }, menuHint: string | null): void {
  if (budget.n-- <= 0 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const x of node) walkLd(x, base, out, budget, menuHint);
    return;
  }
  const types = ldTypes(node);
  if (types.some((t) => LD_PRODUCT_TYPES.has(t))) {
    if (ldSoldOut(node)) return;
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
  // Microdata items read the same way (a theme prints microdata where others print JSON-LD).
  walkLd(microdataItems($), baseUrl, raws, budget, null);
  return dedupeProducts(raws.map(toScrapedProduct).filter((p): p is ScrapedProduct => p !== null));
}
