/**
 * Menu-noise normalisation for the matcher: a product name as a dispensary lists it
 * ("OMC - Granddaddy Purple 3.5g", "Acai Sherbert - 25% THC", "Cupid OG - 1.0g Cartridge")
 * becomes the strain-name candidates inside it. See docs/matching.md.
 */

/** Product-form and marketing words that are never part of a strain name. */
const PRODUCT_WORDS = [
  'pre-rolls?', 'pre rolls?', 'prerolls?', 'joints?', 'blunts?', 'dogwalkers?', 'minis?', 'infused', 'live resin', 'live rosin',
  'cured resin', 'cured sugar', 'hash rosin', 'rosin', 'resin', 'carts?', 'cartridges?', 'disposables?', 'vapes?', 'pens?',
  'pods?', 'aio', '510', 'flower', 'smalls', 'shake', 'popcorn', 'buds?', 'badder', 'batter', 'budder', 'sugar', 'shatter',
  'wax', 'crumble', 'diamonds', 'sauce', 'distillate', 'kief', 'moon ?rocks?', 'gummies', 'gummy', 'chews?', 'indica',
  'sativa', 'hybrid', 'blend', 'whole', 'ground', 'premium', 'reserve', 'private reserve', 'top shelf', 'mid shelf',
  'value', 'daily strain', 'strain', 'thc', 'cbd', 'thca', 'cbg', 'cbn', 'full spectrum', 'single source', 'eighths?',
  'quarters?', 'half ounce', 'ounces?', 'oz', 'grams?', 'packs?', 'pk', 'ct', 'tier \\d+', 'refill', 'rso', 'extract',
  'concentrate', 'ready to roll', 'r2r', 'pre-?packs?', 'pre-?packed', 'prepacks?', 'pre-?pack', 'mylar', 'loose', 'pr',
  'hash holes?', 'caviar', 'cones?', 'glass', 'tips?', 'single use', 'single', 'all in one', 'all-in-one', 'device', 'dispos?',
  'go pen', 'airopod', 'indoor', 'outdoor', 'greenhouse', 'sun ?grown', 'under 25 percent', 'percent', 'rec', 'med',
  'flwr', 'nug', 'nugs', 'trim', 'sample', 'sale', 'deal', 'i', 'h', 's',
];

const PRODUCT_RE = new RegExp(`(^|\\s)(${PRODUCT_WORDS.join('|')})(?=\\s|$)`, 'g');

/** Edible/topical words: a product with these is not a strain product (its flavour is not a strain). */
const EDIBLE_RE =
  /\b(gumm(y|ies)|chocolates?|candy|candies|cookies?|brownies?|caramels?|taffy|lozenges?|mints|syrup|soda|drink|beverage|seltzer|tea|coffee|honey|lemonade|tincture|capsules?|caps|softgels?|tablets?|bath bomb|salve|lotion|balm|patch|chews?|jell(y|ies)|bites|bar|pastille|cereal|popcorn bag|snack|sucker|suckers|lollipop)\b/;

/** Normalised category: which kinds of products can name a strain. */
export type ProductKind = 'strain' | 'edible' | 'non-strain';

export function productKind(category: string | null | undefined, name: string): ProductKind {
  const c = (category ?? '').toLowerCase();
  if (/gear|accessor|apparel|merch|cultivation|seed|clone|paraphernalia/.test(c)) return 'non-strain';
  if (/edible|topical|tincture|drink|beverage/.test(c)) return 'edible';
  if (/flower|pre-?roll|vape|concentrate|cart|extract/.test(c)) return 'strain';
  return EDIBLE_RE.test(name.toLowerCase()) && /\d+\s*mg\b/i.test(name) ? 'edible' : 'strain';
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Remove weights, potency, sizes and product words from one segment. */
function cleanSegment(seg: string): string {
  let s = ` ${seg} `;
  s = s.replace(/\b\d+\s*\/\s*\d+\s*(oz|ounce)?\b/g, ' '); // 1/8 oz, 1/2
  s = s.replace(/\d+(\.\d+)?\s*%\s*(thc|cbd|thca|total)?/g, ' '); // 25% THC
  s = s.replace(/\b(thc|cbd|thca)\s*:?\s*\d+(\.\d+)?\s*%?/g, ' '); // THC: 22.1%
  s = s.replace(/\b\d+(\.\d+)?\s*(mg|g|gr|gram|grams|oz|ounce|ml|ct|pk|pack|count|x)\b/g, ' '); // 3.5g, 100mg, 10pk
  s = s.replace(/\b\d+(\.\d+)?\s*(mg|g)\s*\/\s*\d+(\.\d+)?\s*(mg|g)\b/g, ' ');
  s = s.replace(/\b\d+:\d+\b/g, ' '); // 1:1 ratios
  for (let i = 0; i < 2; i++) s = s.replace(PRODUCT_RE, ' ');
  return s.replace(/[^\p{L}\p{N}'#&+\s]/gu, ' ').replace(/\s+/g, ' ').trim();
}

export interface NormalizedName {
  /** The best single strain-name guess (what the trigram pass compares). */
  cleaned: string;
  /** Every candidate, best first (the exact and slug passes try each). */
  candidates: string[];
  /** Word windows of the cleaned name, tried after the candidates. */
  windows: string[];
}

/** Split on the separators menus put between brand, strain and product words. */
function segments(raw: string): string[] {
  return raw
    .replace(/[[(][^\])]*[\])]/g, ' | ') // [2.5g], (H), (58G)
    .split(/\s+[-–—|:~•]\s+|\s*\|\s*|:\s+|\s+\/\/\s+|\s+[Il]\s+(?=\S)|-\s+|\s+-(?=[A-Za-z])/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** Corporate and product-line suffixes a brand carries on the menu but not in the name. */
const BRAND_SUFFIX = /\s+(co\.?|llc|inc\.?|rx|brands?|cannabis|company|corp\.?|ltd|manufacturing|dispensary|quality|concentrates|extracts?|labs?|botanicals|farms?|genetics|health|edibles|gummies)$/;

export function brandCore(brand: string | null | undefined): string {
  let b = (brand ?? '').normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}'&\s]/gu, ' ').replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 3 && BRAND_SUFFIX.test(b); i++) b = b.replace(BRAND_SUFFIX, '').trim();
  return b;
}

/** Contiguous word windows of two or more words, longest first ('elevated ice cream cake' → 'ice cream cake', …). */
export function wordWindows(cleaned: string): string[] {
  const w = cleaned.split(' ');
  if (w.length < 3 || w.length > 8) return [];
  const out: string[] = [];
  for (let len = w.length - 1; len >= 2; len--) for (let i = 0; i + len <= w.length; i++) out.push(w.slice(i, i + len).join(' '));
  return out;
}

/** Cross names ('Sour Diesel x Kush Mints') are their own strains, never a parent. */
export function isCross(cleaned: string): boolean {
  return /\s(x|×)\s/.test(` ${cleaned} `) || /\S\s*×\s*\S/.test(cleaned);
}

export function normalizeCandidates(name: string, opts: { brand?: string | null } = {}): NormalizedName {
  const raw = String(name ?? '').normalize('NFKC').replace(/[’`]/g, "'").slice(0, 300);
  const full = (opts.brand ?? '').normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}'&\s]/gu, ' ').replace(/\s+/g, ' ').trim();
  const core = brandCore(opts.brand);
  const res = [...new Set([full, core])].filter((b) => b.length >= 2).map((b) => new RegExp(`(^|\\s)${escapeRe(b)}('s)?(?=\\s|$)`, 'g'));
  const stripBrand = (x: string) => res.reduce((acc, re) => acc.replace(re, ' '), x).replace(/\s+/g, ' ').trim();
  const stripped: string[] = [];
  const kept: string[] = [];
  for (const seg of segments(raw)) {
    const lower = seg.toLowerCase().replace(/[^\p{L}\p{N}'#&+.%/\s-]/gu, ' ');
    const a = cleanSegment(stripBrand(lower));
    const b = cleanSegment(lower);
    if (/\p{L}/u.test(a) && a.length >= 2 && !stripped.includes(a)) stripped.push(a);
    // A brand that is also the start of a strain ('ghost.' and Ghost Train Haze) must not eat it.
    if (b !== a && /\p{L}/u.test(a) && /\p{L}/u.test(b)) kept.push(b);
  }
  const wholeRaw = raw.toLowerCase().replace(/[[(][^\])]*[\])]/g, ' ').replace(/[-–—|:~•/]+/g, ' ');
  const cleanedWhole = cleanSegment(stripBrand(wholeRaw));
  // The longest segment is usually the strain (brands and sizes are short); ties keep menu order.
  const ranked = [...stripped].sort((x, y) => y.length - x.length);
  const cleaned = ranked[0] ?? cleanedWhole;
  // Loose numbers are kept first (Cinderella 99, Chemdawg 4), then tried without (Candied Taters #3).
  const noNumbers = [cleaned, ...ranked].map((c) => c.replace(/(^|\s)[#-]?\d+(\.\d+)?(?=\s|$)/g, ' ').replace(/\s+/g, ' ').trim());
  const base = [...new Set([cleaned, ...ranked, cleanedWhole, ...kept, ...noNumbers].filter((c) => c && /\p{L}/u.test(c)))];
  // Words left or right of the strain (an unknown brand, a product line) are dropped a word at a time.
  const windows = isCross(cleaned) ? [] : wordWindows(cleaned).filter((w) => !base.includes(w));
  return { cleaned, candidates: base, windows };
}

/** The contract's single cleaned name. */
export function normalizeProductName(name: string, opts: { brand?: string | null } = {}): string {
  return normalizeCandidates(name, opts).cleaned;
}
