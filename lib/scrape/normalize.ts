import { PRODUCT_CATEGORIES, type ProductCategory, type ScrapedProduct } from '@/lib/scrape/types';
import { cutCopies, mergeRepeat } from '@/lib/scrape/repeats';

/**
 * Normalisers for messy menu text ("OMC - Granddaddy Purple 3.5g | 24% THC", "1/8 oz", "$35.00 ea").
 * Pure functions: every extractor (structured, heuristic, AI) funnels its raw fields through
 * `toScrapedProduct` so all paths produce the same shape and the same categories.
 */

const ws = (s: string) => s.replace(/\s+/g, ' ').trim();

// Ordered by precedence: a "Hash Rosin Gummy" is an edible, an "Infused Pre-Roll" a pre-roll.
// Words that are also strain names ("Kush Mints", "Girl Scout Cookies", "Jelly Breath") only
// count as edibles next to a milligram dose.
const DOSE = /\d+\s*mg\b/i;
const NAME_RULES: Array<[ProductCategory, (s: string) => boolean]> = [
  ['Pre-Roll', (s) => /\b(pre[\s-]?rolls?|prerolls?|joints?|blunts?|dogwalkers?|hash holes?|twax|(?:big|little|lil|mini|fat) js?|infused (?:pre[\s-]?roll|joint)s?)\b/i.test(s)],
  ['Vape', (s) => /\b(vapes?|vape pens?|carts?|cartridges?|disposables?|pods?|510|all[\s-]in[\s-]one|aio)\b/i.test(s)],
  [
    'Edible',
    (s) =>
      /\b(edibles?|gumm(?:y|ies)|chocolates?|brownies?|beverages?|drinks?|sodas?|seltzers?|lozenges?|lollipops?|suckers?|taff(?:y|ies)|caramels?|capsules?|tablets?|syrups?|fruit snacks?|chews?)\b/i.test(
        s,
      ) ||
      (DOSE.test(s) && /\b(cookies?|mints?|cand(?:y|ies)|bites?|cubes?|bars?|jell(?:y|ies)|teas?|honey|caps|shots?|pastill(?:e|es))\b/i.test(s)),
  ],
  ['Topical', (s) => /\b(topicals?|lotions?|balms?|salves?|transdermal|patch(?:es)?|bath bombs?|(?:bath|soaking) salts?|lip butters?|roll[\s-]on|massage oil)\b/i.test(s)],
  ['Tincture', (s) => /\b(tinctures?|sublingual|oral spray|rso|fso|dropper)\b/i.test(s)],
  [
    'Concentrate',
    (s) =>
      /\b(concentrates?|badder|batter|budder|shatter|wax|rosin|live resin|cured resin|resin|diamonds|sauce|crumble|sugar(?![\s-]free)|hash|kief|distillate|dabs?|isolate|sift|bubble hash|moon ?rocks?)\b/i.test(
        s,
      ),
  ],
  [
    'Other',
    (s) =>
      /\b(accessor(?:y|ies)|papers?|wraps?|grinders?|lighters?|pipes?|bongs?|rigs?|batter(?:y|ies)|chargers?|t-?shirts?|tees?|hoodies?|hats?|beanies?|bags?|stickers?|trays?|seeds?|clones?|gear|merch|apparel|coils?|torch(?:es)?)\b/i.test(
        s,
      ),
  ],
  [
    'Flower',
    (s) => /\b(flower|buds?|eighths?|quarters?|half ?oz|ounces?|oz|smalls|shake|popcorn|pre[\s-]?ground|whole flower|indoor|greenhouse|sun[\s-]?grown|top shelf)\b/i.test(s),
  ],
];

// Category labels as menus write them ("Vape Pens", "Pre Rolls", "Concentrates", "Gear").
const HINT_RULES: Array<[ProductCategory, RegExp]> = [
  ['Pre-Roll', /pre[\s-]?roll|joint|blunt/i],
  ['Vape', /vape|cart|pen|disposable|pod/i],
  ['Edible', /edible|gumm|chocolate|beverage|drink|food|candy|capsule/i],
  ['Topical', /topical|lotion|balm|bath|body/i],
  ['Tincture', /tincture|sublingual|oil drop/i],
  ['Concentrate', /concentrate|extract|dab|rosin|resin|wax|shatter|hash/i],
  ['Flower', /flower|bud|strain|cannabis|marijuana/i],
  ['Other', /gear|accessor|apparel|merch|cultivation|seed|clone|other|misc|cbd product|hemp/i],
];

/** Maps a free-form category label ("edibles", "Pre Rolls", "vape pens") to one of the eight, or null. */
export function canonicalCategory(label: string | null | undefined): ProductCategory | null {
  if (!label) return null;
  const l = ws(label);
  const exact = PRODUCT_CATEGORIES.find((c) => c.toLowerCase() === l.toLowerCase());
  if (exact) return exact;
  for (const [cat, re] of HINT_RULES) if (re.test(l)) return cat;
  return null;
}

const FLOWER_PACK = /\b\d+\s?(?:pk|pack)\b|\b(?:single|double|twin)\s+(?:\d+\s?)?(?:pk|pack)\b/i;

/**
 * One of the eight categories for a product name, with an optional category label from the menu.
 * The label wins, except that a pre-roll or vape named as such under "Flower" (common on menus
 * that file pre-rolls with flower) is moved to its own category.
 */
export function categorize(name: string, hint?: string | null): ProductCategory {
  const fromName = NAME_RULES.find(([, test]) => test(name))?.[0] ?? null;
  const fromHint = canonicalCategory(hint);
  if (fromHint) {
    if (fromHint === 'Flower' && (fromName === 'Pre-Roll' || fromName === 'Vape')) return fromName;
    // Menus file tinctures with edibles; the record has a category for them.
    if (fromHint === 'Edible' && fromName === 'Tincture') return fromName;
    // Flower is not sold in packs: a pack under Flower is a pack of pre-rolls ('4 Pack Arise 2g', 'Single 1pk').
    if (fromHint === 'Flower' && FLOWER_PACK.test(name)) return 'Pre-Roll';
    return fromHint;
  }
  if (fromName) return fromName;
  // A bare name with a flower-sized weight ("Blue Dream 3.5g") or a strain type is flower.
  const g = parseWeightGrams(name);
  if (g !== null && g >= 0.5 && g <= 28.5 && !/\bmg\b/i.test(name)) return 'Flower';
  if (/\b(indica|sativa|hybrid)\b/i.test(name)) return 'Flower';
  // A dose with no product word ("Karma Lemonade 100mg") is an edible far more often than not.
  if (DOSE.test(name)) return 'Edible';
  return 'Other';
}

const PRICE_RE = /(?:(?:US)?\$|USD\s?)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/i;

/** The first price-looking snippet in a text ("$35", "$1,200.00", "USD 12.5"), as written. */
export function extractPriceText(text: string | null | undefined): string | null {
  if (!text) return null;
  const m = PRICE_RE.exec(text);
  return m ? ws(m[0]) : null;
}

/** Numeric value of a price ("$35.00" → 35, "1,200" → 1200, 12 → 12); null when absent or not positive. */
export function parsePrice(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isFinite(input) && input > 0 ? Math.round(input * 100) / 100 : null;
  const m = PRICE_RE.exec(input) ?? /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/.exec(input);
  if (!m) return null;
  const v = Number(m[1].replace(/,/g, '') + (m[2] ? `.${m[2]}` : ''));
  return Number.isFinite(v) && v > 0 ? v : null;
}

const OUNCE = 28;
const FRACTION_OZ: Array<[RegExp, number]> = [
  [/(?<!\d\s?)\b1\s*\/\s*8(?:th)?\s*(?:oz|ounce)?\b|\beighths?\b/i, 3.5],
  // "1/4" and "1/2" alone are paper sizes ("1 1/4"), so they need the unit; a bare "1/8" is an eighth.
  [/\b1\s*\/\s*4\s*(?:oz|ounce)\b|\bquarter(?:\s*oz|\s*ounce)?\b/i, 7],
  [/\b1\s*\/\s*2\s*(?:oz|ounce)\b|\bhalf\s*(?:oz|ounce)\b/i, 14],
];

/**
 * Net weight in grams from menu text ("3.5g", "[1g]", "1.0 G", "1/8 oz", "an eighth", "1oz", "28 grams").
 * Milligrams are deliberately ignored: on cannabis menus "100mg" is a dose, not a weight.
 */
export function parseWeightGrams(text: string | null | undefined): number | null {
  if (!text) return null;
  const g = /(\d+(?:\.\d+)?|\.\d+)\s*(?:g|gr|gram|grams)\b/i.exec(text);
  if (g) {
    const v = Number(g[1]);
    if (v > 0 && v <= 1000) return v;
  }
  for (const [re, grams] of FRACTION_OZ) if (re.test(text)) return grams;
  const oz = /(?<![\d/.])(\d+(?:\.\d+)?)\s*(?:oz|ounces?)\b/i.exec(text);
  if (oz && Number(oz[1]) > 0) return Math.round(Number(oz[1]) * OUNCE * 100) / 100;
  if (/\bounce\b/i.test(text)) return OUNCE;
  return null;
}

function potency(text: string, label: 'THC' | 'CBD'): number | null {
  const l = label === 'THC' ? 'T(?:otal\\s*)?HC[Aa]?|THC' : 'CBD[Aa]?';
  const after = new RegExp(`\\b(?:${l})\\b\\s*[:=\\-]?\\s*(\\d{1,2}(?:\\.\\d+)?)(?:\\s*[-–]\\s*(\\d{1,2}(?:\\.\\d+)?))?\\s*%`, 'i').exec(text);
  const before = new RegExp(`(\\d{1,2}(?:\\.\\d+)?)(?:\\s*[-–]\\s*(\\d{1,2}(?:\\.\\d+)?))?\\s*%\\s*(?:${l})\\b`, 'i').exec(text);
  const m = after ?? before;
  if (!m) return null;
  const v = Number(m[2] ?? m[1]);
  return v >= 0 && v <= 100 ? v : null;
}

/** THC percentage from text ("THC: 24.1%", "25% THC", "THCa 20-24%" → upper bound). */
export const parseThcPct = (text: string | null | undefined): number | null => (text ? potency(text, 'THC') : null);
export const parseCbdPct = (text: string | null | undefined): number | null => (text ? potency(text, 'CBD') : null);

/** A percentage field that may already be numeric or a string like "24.5%" / "24.5". */
export function parsePct(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 && v <= 100 ? v : null;
  if (typeof v !== 'string') return null;
  const m = /(\d{1,2}(?:\.\d+)?)\s*%?/.exec(v);
  return m ? parsePct(Number(m[1])) : null;
}

export function parseStrainType(text: string | null | undefined): string | null {
  if (!text) return null;
  if (/\bhybrid\b/i.test(text)) return 'hybrid';
  if (/\bindica\b/i.test(text)) return 'indica';
  if (/\bsativa\b/i.test(text)) return 'sativa';
  return null;
}

const PRODUCT_WORD =
  /\b(flower|pre[\s-]?roll|cart|cartridge|vape|badder|rosin|gumm|chocolate|disposable|live|infused|[0-9.]+\s*g|\d+\s*mg|thc|cbd|indica|sativa|hybrid|og|kush|haze|cookies)\b/i;

/**
 * Splits a leading brand off a menu name when the menu writes it as a prefix segment:
 * "OMC - Granddaddy Purple" (short upper-case tag), "Resin Heads - Grease Bucket - Rosin - [1g]"
 * (three or more segments), or any prefix in `knownBrands`. Two-segment names whose first part
 * may be the strain ("Acai Sherbert - 25% THC") keep brand null.
 */
export function splitBrand(name: string, knownBrands: readonly string[] = []): { brand: string | null; name: string } {
  const clean = ws(name);
  const lower = clean.toLowerCase();
  for (const b of knownBrands) {
    const bl = b.toLowerCase().trim();
    if (bl && lower.startsWith(bl) && /^[\s\-|:–]/.test(clean.slice(bl.length))) {
      return { brand: clean.slice(0, bl.length), name: clean.slice(bl.length).replace(/^[\s\-|:–]+/, '') };
    }
  }
  const parts = clean.split(/\s+[-|–:]\s+|\s*\|\s*/).filter(Boolean);
  if (parts.length < 2) return { brand: null, name: clean };
  const first = parts[0];
  const words = first.split(/\s+/);
  if (words.length > 3 || PRODUCT_WORD.test(first) || /\d/.test(first)) return { brand: null, name: clean };
  const acronym = /^[A-Z0-9&.']{2,6}$/.test(first);
  if (acronym || parts.length >= 3) return { brand: first, name: parts.slice(1).join(' - ') };
  return { brand: null, name: clean };
}

export interface RawProductFields {
  name: string;
  brand?: string | null;
  category?: string | null;
  price?: string | number | null;
  /** The struck-through / was / reg. price when the menu shows one. */
  regularPrice?: string | number | null;
  weight?: string | number | null;
  thc?: string | number | null;
  cbd?: string | number | null;
  strainType?: string | null;
  url?: string | null;
  /** All visible text of the card, for potency/weight/type patterns the fields missed. */
  text?: string | null;
}

/** Builds the common product shape from whatever fields an extractor found; null when there is no usable name. */
export function toScrapedProduct(raw: RawProductFields): ScrapedProduct | null {
  const rawName = ws(raw.name ?? '');
  if (rawName.length < 2 || rawName.length > 200 || !/[a-z]/i.test(rawName)) return null;
  const text = ws([rawName, raw.text ?? ''].join(' '));
  const priceText = typeof raw.price === 'number' ? `$${raw.price.toFixed(2)}` : raw.price ? ws(String(raw.price)) : extractPriceText(raw.text ?? null);
  const priceValue = parsePrice(priceText);
  const regularText =
    typeof raw.regularPrice === 'number'
      ? `$${raw.regularPrice.toFixed(2)}`
      : raw.regularPrice
        ? (extractPriceText(String(raw.regularPrice)) ?? ws(String(raw.regularPrice)))
        : null;
  const regularValue = parsePrice(regularText);
  // Only a higher price is a regular price; an equal one is no discount.
  const regularPrice = regularValue !== null && priceValue !== null && regularValue > priceValue ? regularText : null;
  const weightGrams = typeof raw.weight === 'number' && raw.weight > 0 ? raw.weight : (parseWeightGrams(raw.weight ? String(raw.weight) : null) ?? parseWeightGrams(text));
  const brand = raw.brand ? ws(raw.brand) || null : splitBrand(rawName).brand;
  return {
    rawName,
    brand,
    category: categorize(rawName, raw.category ?? null),
    price: priceText || null,
    priceValue,
    regularPrice,
    weightGrams,
    thcPct: raw.thc !== undefined && raw.thc !== null ? (parsePct(raw.thc) ?? parseThcPct(text)) : parseThcPct(text),
    cbdPct: raw.cbd !== undefined && raw.cbd !== null ? (parsePct(raw.cbd) ?? parseCbdPct(text)) : parseCbdPct(text),
    strainType: parseStrainType(raw.strainType ?? null) ?? parseStrainType(text),
    url: raw.url ?? null,
  };
}

/** What makes two scraped products the same product: name, price and weight. */
export function productIdentity(p: ScrapedProduct): string {
  return `${p.rawName.toLowerCase()}|${p.priceValue ?? ''}|${p.weightGrams ?? ''}`;
}

/** Drops repeats of the same item (productIdentity) keeping the first, filled from the repeats (repeats.ts), and cut copies of longer names. */
export function dedupeProducts(products: ScrapedProduct[]): ScrapedProduct[] {
  const seen = new Map<string, number>();
  const cut = cutCopies(products);
  const out: ScrapedProduct[] = [];
  for (const p of products) {
    if (cut.has(p)) continue;
    const key = productIdentity(p);
    const at = seen.get(key);
    if (at === undefined) {
      seen.set(key, out.length);
      out.push(p);
    } else out[at] = mergeRepeat(out[at], p);
  }
  return out;
}
