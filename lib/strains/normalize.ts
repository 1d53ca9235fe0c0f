/**
 * Menu-noise normalisation for the matcher: a product name as a dispensary lists it
 * ("OMC - Granddaddy Purple 3.5g", "Bloom | 0.5g Live Cart | Gruntz", "Fiore 1000mg Blackberry
 * Kush") becomes its strain segment and the other segments it could name. What is removed is menu
 * noise only: sizes, prices, potency, pack counts, type codes, product forms, and the brand (the
 * product's own, or one the menu shows to be a brand). Every other word stays, so a longer name
 * ("Animal Mint Cake", "Rainbow #1") never shrinks into a shorter catalog name. See docs/matching.md.
 */
import { contextNoise, learnMenuContext, type ContextKnowledge, type MenuContext } from '@/lib/strains/match-context';
import { editDistance } from '@/lib/strains/edit-distance';
import { STRAIN_CATEGORY_RE } from '@/lib/strains/match-flavour';
import { cleanWords, FORM_EDGE, stripFormWords, trimFormEdges, wholeRuns, wholeWords } from '@/lib/strains/match-noise';
import { numberWordAsDigit } from '@/lib/strains/match-spelling';

export type { ContextKnowledge, MenuContext } from '@/lib/strains/match-context';

/** Edible/topical words: a product with these is not a strain product (its flavour is not a strain). */
const EDIBLE_RE =
  /\b(gumm(y|ies)|chocolates?|candy|candies|cookies?|brownies?|caramels?|taffy|lozenges?|mints|syrup|soda|drink|beverage|seltzer|tea|coffee|honey|lemonade|tincture|capsules?|caps|softgels?|tablets?|bath bomb|salve|lotion|balm|patch|chews?|jell(y|ies)|bites|bar|pastille|cereal|popcorn bag|snack|sucker|suckers|lollipop)\b/;

/** Normalised category: which kinds of products can name a strain (`non-strain`: accessories, seeds, formulas: none). */
export type ProductKind = 'strain' | 'edible' | 'non-strain';

/** Words that make a product an accessory, apparel or seeds whatever its menu category says. */
const NON_STRAIN_RE =
  /(?<!contains? )\b(seeds?|clones?|t-?shirts?|shirts?|hoodie|crewneck|grinders?|rolling papers|papers|wraps|lighters?|batter(y|ies)|bongs?|bubbler|pipes?|rolling tray|stickers?|hats?)\b/;
/** Words that make a product an edible or a topical whatever its menu category says. */
/** Foods (not 'bar', 'mints', 'caps', 'bites': dab bars, strain names and capsules of oil). */
const FOOD_RE =
  /\b(ice cream|cider|chocolates?|candy|candies|brownies?|caramels?|taffy|lemonade|soda|seltzer|tea|coffee|honey|syrup|chews?|jell(y|ies)|pastilles?|popcorn|snacks?|cookies?|gumm(y|ies)|cereal)\b/;

/**
 * Edibles and topicals whatever the category says; a topical's scent is no strain ('Sacred Flower
 * Massage Oil / 100mg / Lavender', filed under Concentrates).
 */
const STRONG_EDIBLE_RE =
  /\b(gumm(y|ies)|melatonin|tinctures?|capsules?|softgels?|lozenges?|syrup|seltzer|beverage|chocolate bar|hard candy|lollipops?|suckers?|salve|lotion|balm|massage|bath (bombs?|salts?|soaks?)|body (oils?|butter))\b/;

/**
 * A sleep formula made with melatonin is a blend named by its flavour ('Fast Asleep - Dream Berry
 * [10 pack] (with Melatonin)', filed under Flower by one menu): no strain product contains it.
 */
const FORMULA_RE = /\bmelatonin\b/;

/**
 * A display (a case, a stand) is gear, unless the menu files it as flower, a vape or a concentrate
 * and the name weighs it ('Display - Kush Mints - 3.5 grams' under Flower: the display jar's flower).
 */
const DISPLAY_RE = /\bdisplay\b/;
const WEIGHED_RE = /\d\s*(g|grams?|gr|oz)\b/;

/**
 * A cartridge or pod that a menu files under its gear ('Black Mamba Airopro Pod .5', 'OG Kush Airo
 * cart', category Gear, sub-category Vaporizer) is the oil, not hardware: a pod or cart named as
 * the product, not a battery, vaporizer or device for carts.
 */
const FILLED_POD_RE = /\b(pods?|carts?)\b/;
const HARDWARE_RE = /\b(vaporizers?|devices?|for (pods?|carts?)|kits?|cases?|tins?|chargers?)\b/;

export function productKind(category: string | null | undefined, name: string): ProductKind {
  let c = (category ?? '').toLowerCase();
  const n = String(name ?? '').toLowerCase();
  if (/gear|accessor|paraphernalia/.test(c) && FILLED_POD_RE.test(n) && !HARDWARE_RE.test(n)) c = 'vape';
  if (/gear|accessor|apparel|merch|cultivation|seed|clone|paraphernalia/.test(c) || NON_STRAIN_RE.test(n) || FORMULA_RE.test(n)) return 'non-strain';
  if (DISPLAY_RE.test(n) && !(STRAIN_CATEGORY_RE.test(c) && WEIGHED_RE.test(n))) return 'non-strain';
  if (STRONG_EDIBLE_RE.test(n)) return 'edible';
  if (/edible|topical|tincture|drink|beverage/.test(c)) return 'edible';
  // A food dosed in milligrams is an edible whatever the menu filed it under ('Dutch Bliss |
  // Strawberry | Ice Cream | (25mg THC) | Live Rosin' under Concentrates: made with rosin).
  // Under 500 mg: a vape's oil is written 500 or 1000 mg ('Ice Cream Cake [500mg]', a cart).
  if (FOOD_RE.test(n) && [...n.matchAll(/\b(\d+(?:\.\d+)?)\s*mg\b/g)].some((m) => Number(m[1]) < 500)) return 'edible';
  if (STRAIN_CATEGORY_RE.test(c)) return 'strain';
  return EDIBLE_RE.test(n) && /\d+\s*mg\b/i.test(n) ? 'edible' : 'strain';
}

export interface NormalizeOptions {
  brand?: string | null;
  /** What the rest of the menu shows about brands and product lines (see match-context.ts). */
  context?: MenuContext | null;
}

export interface Candidate {
  text: string;
  /** Another segment of the name, not the strain segment. */
  side: boolean;
  /** A respelling ('n' as 'and'): for the slug pass only. */
  respelt: boolean;
  /**
   * The segment with no form word removed ('blue dream cbd'): tried first, and it counts only when
   * it is a catalog name (a universe name with a form word in it does not end the search).
   */
  whole?: boolean;
  /** Its segment lost no word to noise (an edible names a strain only in a segment of its own). */
  pure: boolean;
  /** The segment that starts a name of two or more named segments, where menus write the brand ('Green Hornet - … Gummies'). */
  lead?: boolean;
}

export interface NormalizedName {
  /** The strain segment: what the trigram pass compares. */
  cleaned: string;
  /** Names the exact and slug passes try, best first (the strain segment first). */
  candidates: Candidate[];
  /** The other named segments, less the leading one (where the brand goes): see namesAnotherStrain. */
  others?: string[];
}

/** Lower-case, unify quotes, drop emoji and symbols menus decorate names with. */
export function prepareName(name: string): string {
  return (
    String(name ?? '')
      .normalize('NFKC')
      .slice(0, 300)
      .toLowerCase()
      .replace(/[’‘`´]/g, "'")
      // a hash grade: '5*', '6★' (read as '5 star', menu noise in match-noise.ts)
      .replace(/(^|\s)(\d)\s?[*★]+(?=\s|$)/gu, '$1$2 star')
      .replace(/["“”*™®©]/g, ' ')
      .replace(/[^\p{L}\p{N}\s'#&+.,$%/|:;()[\]{}~•–—_-]/gu, ' ')
  );
}

/** Brand name as menus write it, and its core without corporate and product-line suffixes. */
const BRAND_SUFFIX =
  /\s+(co\.?|llc|inc\.?|rx|brands?|cannabis|company|corp\.?|ltd|manufacturing|manufacturer|dispensary|quality|concentrates|extracts?|labs?|laboratories|botanicals|farms?|genetics|health|edibles|gummies|nm|retail|industries|cultivation|organics|productions?|collective)$/;

export function brandCore(brand: string | null | undefined): string {
  let b = prepareName(brand ?? '')
    .split(/\s+[-–—|/]\s+/)[0]
    .replace(/[^\p{L}\p{N}'&\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (let i = 0; i < 3 && BRAND_SUFFIX.test(b); i++) b = b.replace(BRAND_SUFFIX, '').trim();
  return b;
}

/** The spellings of a brand to strip: full, core, and both without spaces ('head space' = 'headspace'). */
const brandFormsMemo = new Map<string, string[]>();
export function brandForms(brand: string | null | undefined): string[] {
  const key = brand ?? '';
  const hit = brandFormsMemo.get(key);
  if (hit) return hit;
  const forms = computeBrandForms(brand);
  // Menus carry a few hundred brands; the memo only has to stay bounded.
  if (brandFormsMemo.size >= 5000) brandFormsMemo.clear();
  brandFormsMemo.set(key, forms);
  return forms;
}

function computeBrandForms(brand: string | null | undefined): string[] {
  const full = prepareName(brand ?? '')
    .replace(/[^\p{L}\p{N}'&\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Every step of the suffix stripping: 'pharmers quality concentrates', 'pharmers quality', 'pharmers'.
  const steps = [full];
  for (let b = full, i = 0; i < 3 && BRAND_SUFFIX.test(b); i++) steps.push((b = b.replace(BRAND_SUFFIX, '').trim()));
  const core = brandCore(brand);
  // Menus shorten a brand of several words to its initials ('Mesilla Valley Extracts' → 'MVE').
  const initials = steps
    .map((x) => x.split(' '))
    .filter((w) => w.length >= 2)
    .map((w) => w.map((x) => x[0]).join(''));
  const forms = [...steps, core, ...steps.map((x) => x.replace(/\s/g, '')), core.replace(/\s/g, ''), ...initials];
  return [...new Set(forms)].filter((b) => b.length >= 2).sort((a, b) => b.length - a.length);
}

/** Split on the separators menus put between brand, strain, form and size. */
function segments(prepared: string): { text: string; bracketed: boolean }[] {
  const out: { text: string; bracketed: boolean }[] = [];
  const outside = prepared.replace(/[[({]([^\])}]*)[\])}]/g, (_m, inner: string) => {
    out.push({ text: inner, bracketed: true });
    return ' | ';
  });
  for (const part of outside.split(/\s+[-–—|:~•/]\s+|\s*[|•;]\s*|:\s+|\s+\/\/\s+|\s+l\s+(?=\S)|-\s+|\s+-(?=\p{L})|,\s+|\s+\/|\/\s+/u)) {
    out.push({ text: part, bracketed: false });
  }
  return out.map((s) => ({ ...s, text: s.text.trim() })).filter((s) => s.text);
}

/**
 * A short word that abbreviates a brand by skipping letters ('PhD' for Pharmicated): three or four
 * letters, the first the brand's, all in the brand in order, but not a run of the brand's letters
 * (a word the brand merely starts with, 'Kush' of Kushy Punch, is a strain word). Two letters
 * ('OG' of Organabus) fit too many brands.
 */
function abbreviates(word: string, brand: string): boolean {
  const b = brand.replace(/\s/g, '');
  if (!/^\p{L}{3,4}$/u.test(word) || b.length < 6 || word[0] !== b[0] || b.includes(word)) return false;
  let i = 0;
  for (const ch of b) if (ch === word[i]) i++;
  return i === word.length;
}

/** Drop a brand spelled at the start or the end of a segment (never from the middle of a name). */
function stripBrand(words: string[], forms: string[]): string[] {
  const text = words.join(' ');
  // A menu line that misspells its own brand ('The Hight Collective' by The High Collective).
  if (forms.some((f) => text === f || text.replace(/\s/g, '') === f || (f.length >= 8 && Math.abs(f.length - text.length) <= 1 && editDistance(text, f) <= 1))) return [];
  // The brand's own abbreviation before a strain name of two or more words ('PhD Cheetah Piss').
  if (forms[0] && abbreviates(words[0] ?? '', forms[0]) && stripFormWords(words.slice(1)).full.filter((w) => /\p{L}{2}/u.test(w)).length >= 2) return words.slice(1);
  for (const f of forms) {
    for (const variant of [f, `${f}'s`]) {
      if (text.startsWith(`${variant} `)) return text.slice(variant.length + 1).split(' ');
      if (text.endsWith(` ${variant}`)) return text.slice(0, -variant.length - 1).split(' ');
    }
    // The brand glued to the strain by a hyphen ('The Clear-Grapevine 1g Cart'): a brand of five
    // letters or more, and a word after it ('Gelato-33' by Gelato keeps its number).
    const glued = f.length >= 5 && text.startsWith(`${f}-`) ? text.slice(f.length + 1) : '';
    if (/^\p{L}{2}/u.test(glued)) return glued.split(' ');
  }
  return words;
}

/**
 * Company words no strain name in the catalog or the universe of names holds ('Brands', 'Farms',
 * 'Extracts', 'Labs' …; not 'Co', as in Kush Co OG, nor a bare 'Brand', as in Brand X).
 */
const COMPANY_WORD = /^(brands|farms?|extracts?|labs|laboratories|company|cultivation|industries|llc|inc|genetics|collective|organics|botanicals)\.?$/;

/**
 * A maker written before the strain with nothing between them, and no brand field to say so
 * ('Airo Brands Bubblegum Wax', 'Carver Family Farms Daily Grape 3.5g'): one to three words ending
 * in a company word start the segment, and strain words follow.
 */
function stripCompanyLead(words: string[]): string[] {
  for (let k = 1; k <= 3 && k < words.length - 1; k++) {
    if (COMPANY_WORD.test(words[k])) return words.slice(k + 1);
  }
  return words;
}

/** One segment of a name with the noise that needs no menu context removed. */
export interface BaseSegment {
  /** Sizes and the brand removed, every form word kept (`wholeWords`). */
  whole: string[];
  /** Plain form words and sizes removed. */
  light: string[];
  /** Also the qualifiers next to them and the form words that end it: the segment's strain words. */
  full: string[];
  /** `full` with the brand kept: a brand can be the start of a strain ('ghost.' and Ghost Train Haze). */
  branded: string;
  bracketed: boolean;
  /** No word of the segment was noise. */
  pure: boolean;
}

interface Segment {
  whole: string;
  light: string;
  branded: string;
  text: string;
  bracketed: boolean;
  pure: boolean;
  /** It is the name's first segment (none before it was dropped as a brand or a line). */
  first: boolean;
}

/** A name's segments with sizes, forms and its own brand removed (no menu context yet). */
export function baseSegments(name: string, brand?: string | null): BaseSegment[] {
  const forms = brandForms(brand);
  return segments(prepareName(name)).map((seg) => {
    const raw = cleanWords(seg.text);
    const words = stripBrand(raw, forms);
    const { light, full } = stripFormWords(words);
    const branded = words.length === raw.length ? '' : stripFormWords(raw).full.join(' ');
    const whole = wholeWords(stripBrand(cleanWords(seg.text, true), forms));
    return { whole, light, full, branded, bracketed: seg.bracketed, pure: full.length === raw.length };
  });
}

/** The strain-name segments: base segments less what the menu shows to be brands and lines. */
export function withContext(base: BaseSegment[], context?: MenuContext | null): Segment[] {
  const out: Segment[] = [];
  // The name's first segment is the first outside brackets (`segments` lists a bracket's text
  // first: 'Green Hornet - Mixed Fruit Sour Gummies (Hybrid)' starts with Green Hornet).
  const start = base.findIndex((b) => !b.bracketed);
  for (const [i, b] of base.entries()) {
    // A maker left before the strain once the menu's own brands are gone is a brand the card did
    // not put in its field (like one the menu context finds, it leaves the segment pure).
    const light = stripCompanyLead(context ? contextNoise(context, b.light).words : b.light);
    const whole = stripCompanyLead(context ? contextNoise(context, b.whole).words : b.whole);
    const full = trimFormEdges(stripCompanyLead(context ? contextNoise(context, b.full).words : b.full));
    const text = full.join(' ');
    if (/\p{L}/u.test(text) && text.length >= 2)
      out.push({ whole: whole.join(' '), light: light.join(' '), branded: b.branded, text, bracketed: b.bracketed, pure: b.pure, first: i === start });
  }
  return out;
}

/** The strain-name segments of a product name, noise removed, in menu order. */
export function strainSegments(name: string, opts: NormalizeOptions = {}): Segment[] {
  return withContext(baseSegments(name, opts.brand), opts.context);
}

/** Cross names ('Sour Diesel x Kush Mints') are their own strains, never a parent. */
export function isCross(cleaned: string): boolean {
  return /\s(x|×)\s/.test(` ${cleaned} `) || /\S\s*×\s*\S/.test(cleaned);
}

/** 'Apples N Bananas', 'Cookies & Cream', 'Mac 'n Cheese': the same name spelled with 'and'. */
function withAnd(s: string): string {
  return s.replace(/(^|\s)('n'|'n|n'|n|&|\+)(?=\s|$)/g, '$1and').replace(/\s+/g, ' ');
}

export function normalizeCandidates(name: string, opts: NormalizeOptions = {}): NormalizedName {
  return candidatesOf(strainSegments(name, opts));
}

/** The strain segment and the exact/slug candidates of a name's segments. */
export function candidatesOf(segs: Segment[]): NormalizedName {
  const plain = segs.filter((s) => !s.bracketed);
  // The strain segment: the longest the brand, the forms and the menu's lines left (brands and
  // sizes are short; a bracket holds a type code or a size more often than the name).
  // A segment ending in a company word ('Gonzo Family Farms', 'Mesilla Valley Extracts') is a brand.
  const companyLike = (t: string) => BRAND_SUFFIX.test(` ${t}`);
  // A segment made only of form qualifiers ('Vana | PBB | Sugar') names the form, not the strain.
  const formOnly = (t: string) => t.split(' ').every((w) => FORM_EDGE.has(w));
  const rank = (t: string) => Number(companyLike(t)) + Number(formOnly(t));
  const primary = [...(plain.length ? plain : segs)].sort((a, b) => rank(a.text) - rank(b.text) || b.text.length - a.text.length)[0];
  const cleaned = primary?.text ?? '';
  const candidates: Candidate[] = [];
  const add = (c: Candidate) => {
    if (c.text && /\p{L}/u.test(c.text) && !candidates.some((x) => x.text === c.text)) candidates.push(c);
  };
  // Three or more named segments list several things ('The Soap/ Alien OG Kush/ Cherry Cheesecake'):
  // then only the strain segment is trusted.
  const ordered = primary ? [primary, ...(plain.length <= 2 ? segs.filter((s) => s !== primary) : [])] : [];
  for (const s of ordered) {
    // The first of two or more named segments, strain segment or not: where menus write the
    // brand ('Green Hornet - Trifecta Hybrid Gummies 100mg', the brand longer than the product's name).
    // (Not a segment left first by a line the menu context took off: 'Hard Candy Crush - Sour Diesel (Sativa): Sandia'.)
    const lead = plain.length >= 2 && s === plain[0] && s.first ? { lead: true } : {};
    // The segment as written, form words and all, first: a catalog name that holds one ('Blue
    // Dream CBD', 'Cake Batter') is that strain, not the shorter name stripping leaves.
    // Form words at its ends may go ('Blue Dream CBD 1g Cart'), never one inside it.
    for (const t of s.whole !== s.light ? wholeRuns(s.whole.split(' ')).filter((x) => x !== s.light && x !== s.text) : []) {
      add({ text: t, side: s !== primary, respelt: false, pure: s.pure, whole: true, ...lead });
      add({ text: withAnd(t), side: s !== primary, respelt: true, pure: s.pure, whole: true, ...lead });
    }
    for (const t of [s.light, s.text, s.branded]) {
      add({ text: t, side: s !== primary, respelt: false, pure: s.pure, ...lead });
      add({ text: withAnd(t), side: s !== primary, respelt: true, pure: s.pure, ...lead });
      // 'Skywalker OG Kush' is the long form of Skywalker OG (slug pass only; a universe strain
      // of that long name ends the search first).
      if (/\S og kush$/.test(t)) add({ text: t.replace(/ kush$/, ''), side: s !== primary, respelt: true, pure: false });
      // 'Mac One' is Mac 1 (slug pass only; 'Runtz One' is no Runtz unless the catalog holds Runtz 1).
      const digit = numberWordAsDigit(t);
      if (digit) add({ text: digit, side: s !== primary, respelt: true, pure: s.pure });
    }
  }
  const others = plain.filter((s) => s !== primary && !(s === plain[0] && s.first)).map((s) => s.text);
  return { cleaned, candidates, others };
}

/** The menu context of a whole list of products (see match-context.ts). */
export function buildMenuContext(items: { name: string; brand?: string | null; base?: BaseSegment[] }[], k: ContextKnowledge = {}): MenuContext {
  const seen = new Set<string>();
  const segmentLists: string[][][] = [];
  const brandLists: string[][] = [];
  for (const it of items) {
    const key = `${it.name}\u0000${it.brand ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    segmentLists.push(withContext(it.base ?? baseSegments(it.name, it.brand)).map((s) => s.text.split(' ')));
    brandLists.push(brandForms(it.brand));
  }
  return learnMenuContext(segmentLists, brandLists, k);
}

/** The contract's single cleaned name. */
export function normalizeProductName(name: string, opts: NormalizeOptions = {}): string {
  return normalizeCandidates(name, opts).cleaned;
}
