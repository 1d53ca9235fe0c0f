/**
 * The specification's three passes, decided in process against the catalog index: exact canonical
 * name, slug, trigram similarity > 0.4 (> 0.6 medium). The passes see the product's strain segment
 * (normalize.ts) and keep to what the catalog knows: a name the universe holds but the catalog lacks
 * stays unmatched, and the trigram pass accepts a spelling of a catalog name, never a different
 * name that shares words with it.
 */
import type { CatalogIndex, IndexedName } from '@/lib/strains/match-index';
import { inFlavourLine } from '@/lib/strains/match-context';
import { EMPTY_LEXICON, quotedNames, type MakerLexicon } from '@/lib/strains/match-maker';
import { roundSimilarity } from '@/lib/strains/match-trigram';
import { holdsProductForm, makerAfterDose, namesAnotherStrain, typedSegments } from '@/lib/strains/match-several';
import { flavourRisk, isFlavourName, STRAIN_CATEGORY_RE } from '@/lib/strains/match-flavour';
import { oneWordNearMiss, sameNameSpelling } from '@/lib/strains/match-spelling';
import { carrierStrain } from '@/lib/strains/match-carrier';
import {
  bestEntry,
  cannabinoidBlend,
  countedFlavour,
  decadeLead,
  formWordsLead,
  gluedInitials,
  gluedLead,
  initialsOf,
  makerBeforeWeight,
  slashedMakers,
  unknownEdgeWords,
} from '@/lib/strains/match-edges';

export { isMakerWord } from '@/lib/strains/match-edges';
import { baseSegments, buildMenuContext, candidatesOf, isCross, productKind, withContext, type BaseSegment, type NormalizedName, type ProductKind } from '@/lib/strains/normalize';
import type { Candidate } from '@/lib/strains/normalize';
import { slugify } from '@/lib/strains/slug';

export type MatchConfidence = 'high' | 'medium' | 'low';
export type MatchPass = 'exact' | 'slug' | 'trigram';

export interface MatchInput {
  name: string;
  category?: string | null;
  brand?: string | null;
}

export interface Decision {
  cleaned: string;
  pass: MatchPass | null;
  similarity: number | null;
  confidence: MatchConfidence | null;
  entry: IndexedName | null;
  /** Matched through another segment of the name than the strain segment. */
  side?: boolean;
}

/**
 * The specification's thresholds: a trigram match needs similarity > 0.4; > 0.6 is medium.
 * Similarities are pg_trgm's float4 rounded to 4 decimals, so exactly 0.4 does not match and
 * exactly 0.6 is low.
 */
export const TRIGRAM_MIN = 0.4;
export const TRIGRAM_MEDIUM = 0.6;

export function confidenceFor(similarity: number): MatchConfidence | null {
  if (similarity > TRIGRAM_MEDIUM) return 'medium';
  if (similarity > TRIGRAM_MIN) return 'low';
  return null;
}

/**
 * A universe name the catalog lacks is a strain of its own, unless it is only another spelling of
 * a catalog name (the universe lists 'Grandaddy Purple' beside Granddaddy Purple).
 */
const variantMemo = new WeakMap<CatalogIndex, Map<string, boolean>>();
function isVariantSpelling(index: CatalogIndex, name: string): boolean {
  let memo = variantMemo.get(index);
  if (!memo) variantMemo.set(index, (memo = new Map()));
  let v = memo.get(name);
  if (v === undefined) {
    const near = index.nearest(name).catalog;
    v = Boolean(near && roundSimilarity(near.raw) > TRIGRAM_MEDIUM && sameNameSpelling(name, near.entry.name, (w) => index.catalogWordUse(w)));
    memo.set(name, v);
  }
  return v;
}

const isUniverseOnly = (index: CatalogIndex, c: string) => index.exact(c).length === 0 && index.isUniverseOnly(c, slugify(c)) && !isVariantSpelling(index, c);

interface Prepared {
  /** The product's name as the menu wrote it. */
  name: string;
  kind: ProductKind;
  norm: NormalizedName;
  /**
   * Nothing shows the product to be flower, a vape or a concentrate, or its name states a
   * cannabinoid ratio ('Strawberry Lemonade 1:1 [10 pack]'): a name made only of flavour words is
   * then more likely a flavoured product's flavour than a strain.
   */
  flavourRisk: boolean;
  /** Quoted cut names of the raw name ('Cookies "Gary Payton"'): see quotedCut. */
  quoted: string[];
  /** Filed under a flower, vape or concentrate category. */
  strainCategory: boolean;
  /** A one-word side segment is the maker (makerAfterDose). */
  makerSide: boolean;
  /** Segments the name marks with a strain type ('… - Cannatonic (CBD Rich Hybrid)'): typedSegments. */
  typed: string[];
}

function prepare(index: CatalogIndex, items: MatchInput[]): Prepared[] {
  // Normalisation once per distinct product (menus list a name in several sizes), then once more
  // with what the whole menu shows about its brands and lines.
  const bases = new Map<string, { name: string; brand?: string | null; base: BaseSegment[] }>();
  const keyOf = (m: MatchInput) => `${m.name}\u0000${m.brand ?? ''}`;
  for (const m of items) if (!bases.has(keyOf(m))) bases.set(keyOf(m), { name: m.name, brand: m.brand, base: baseSegments(m.name, m.brand) });
  const context = buildMenuContext([...bases.values()], {
    wordUse: (w) => index.wordUse(w),
    isKnownName: (n) => index.exact(n).length > 0 || index.isUniverseOnly(n, slugify(n)),
    isCatalogName: (n) => index.exact(n).length > 0 || index.slug(slugify(n)).length > 0,
    catalogWordUse: (w) => index.catalogWordUse(w),
    isFlavourName,
  });
  const memo = new Map<string, Prepared>();
  return items.map((m) => {
    const key = `${keyOf(m)}\u0000${m.category ?? ''}`;
    let p = memo.get(key);
    if (!p) {
      const norm = candidatesOf(withContext(bases.get(keyOf(m))?.base ?? [], context));
      let kind = productKind(m.category, m.name);
      // An edible's word inside a catalog name, on a product filed under a strain category ('Gummy
      // Bears 3.5g', 'Buddha Syrup 1g Cart'): the strain's own word, not a gummy.
      const ownWord = (c: Candidate) => !c.side && !c.respelt && productKind(null, c.text) === 'edible' && index.exact(c.text).length > 0;
      if (kind === 'edible' && STRAIN_CATEGORY_RE.test((m.category ?? '').toLowerCase()) && norm.candidates.some(ownWord)) kind = 'strain';
      // A product of a line the menu shows to sell only flavours is as doubtful as an 'Other' one.
      const line = (bases.get(keyOf(m))?.base ?? []).some((b) => inFlavourLine(context, b.full));
      const strainCategory = STRAIN_CATEGORY_RE.test((m.category ?? '').toLowerCase());
      p = {
        name: m.name,
        kind,
        norm: kind === 'non-strain' ? { cleaned: norm.cleaned, candidates: [] } : norm,
        flavourRisk: line || flavourRisk(m.category, m.name),
        quoted: quotedNames(m.name),
        strainCategory,
        makerSide: makerAfterDose(m.name, kind === 'edible', strainCategory),
        typed: typedSegments(m.name),
      };
      memo.set(key, p);
    }
    return p;
  });
}

/**
 * Exact then slug: the first candidate (strain segment first) any name of the catalog answers to.
 * A candidate that is a universe strain the catalog lacks ends the search: the product is that
 * strain, and a shorter form of its name ('Brown Sugar' → Brown) would be a different one.
 * `lead`: the name was found only in the side segment that starts the product's name, where
 * menus write the brand ('Ice Cream Man - Cherry Fritter Infused Preroll'): such a match is
 * `medium`, not `high`.
 */
function namePass(
  index: CatalogIndex,
  p: Prepared,
  lookup: (c: string, side: boolean) => IndexedName[],
  respellings: boolean,
  only: (c: Candidate) => boolean = () => true,
): NameHit | null {
  for (const c of p.norm.candidates) {
    if ((c.respelt && !respellings) || !only(c)) continue;
    // An edible names a strain in a segment of its own ('Coconut Oil - Cannatonic'), never as its
    // flavour ('Watermelon', 'Tropic Punch Gummies', 'Banana Pudding').
    // Nor in the segment that starts the name, where the brand goes ('Green Hornet - 100mg Blue
    // Raspberry Sour Gummies': a gummy brand, not the strain).
    if (p.kind === 'edible' && (!c.pure || c.lead || isFlavourName(c.text))) continue;
    // Nor in one word beside a dose, where the maker goes ('Balanced 100mg- Ripple').
    if (p.makerSide && c.side && /^[\p{L}']+$/u.test(c.text)) continue;
    if (p.flavourRisk && isFlavourName(c.text)) continue;
    // The lead segment is the brand when the strain segment reads as a strain of its own that the
    // catalog lacks: two or more words, every one a word of known strain names ('Ice Cream Man -
    // Cherry Fritter Infused Preroll' is Cherry Fritter, not Ice Cream Man).
    if (c.side && c.lead && strainLikeRest(index, p)) continue;
    // A side segment of one word ('Cookies - …', '… PhD') is a brand more often than a strain;
    // not when the strain segment is one word no strain name uses: that is the brand, and the
    // short catalog name beside it the strain ('OddFellow|GMO|3.5g').
    const unknownMain = /^\p{L}{3,}$/u.test(p.norm.cleaned) && index.wordUse(p.norm.cleaned) === 0;
    const hits = lookup(c.text, c.side).filter((e) => !(c.side && /^[\p{L}']+$/u.test(c.text) && (e.isAlias || (c.text.length < 6 && !unknownMain))));
    const best = bestEntry(hits);
    if (best) return { entry: best, side: c.side, lead: Boolean(c.side && c.lead) };
    if (!c.side && !c.whole && isUniverseOnly(index, c.text)) return null;
  }
  return null;
}

/** The strain segment is two or more letter words, each used by a known strain name. */
function strainLikeRest(index: CatalogIndex, p: Prepared): boolean {
  const main = p.norm.candidates.find((c) => !c.side && !c.respelt && !c.whole);
  const words = main?.text.split(' ') ?? [];
  return words.length >= 2 && words.every((w) => /^\p{L}{2,}$/u.test(w) && index.wordUse(w) > 0);
}

/**
 * The strain segment less a maker the scanned menus taught (match-maker.ts): 'Bloom King Louie',
 * 'Growers Reserve Animal Mints'. The rest must be a catalog name, by name or slug, and no universe
 * name the catalog lacks.
 */
function knownMaker(index: CatalogIndex, makers: MakerLexicon, cleaned: string): { pass: MatchPass; entry: IndexedName } | null {
  if (makers.size === 0) return null;
  for (const rest of makers.without(cleaned.split(' '), (w) => index.catalogWordUse(w))) {
    const text = rest.join(' ');
    const exact = bestEntry(index.exact(text));
    if (exact) return { pass: 'exact', entry: exact };
    const slug = bestEntry(index.slug(slugify(text)));
    if (slug) return { pass: 'slug', entry: slug };
  }
  return null;
}

/**
 * A cut name the menu quotes ('Cookies "Gary Payton"', "Tree Co. 'Blue Dream'") that is a catalog
 * name: that strain, at `medium` (the quotes can hold a line's or a flavour's name too).
 */
function quotedCut(index: CatalogIndex, p: Prepared): { pass: MatchPass; entry: IndexedName } | null {
  for (const q of p.quoted) {
    if (isFlavourName(q) || isUniverseOnly(index, q)) continue;
    const exact = bestEntry(index.exact(q));
    if (exact) return { pass: 'exact', entry: exact };
    const slug = bestEntry(index.slug(slugify(q)));
    if (slug) return { pass: 'slug', entry: slug };
  }
  return null;
}

/** The trigram pass on one text: a spelling of the nearest catalog name, or nothing. */
function trigramOf(index: CatalogIndex, text: string): Decision | null {
  const near = index.nearest(text);
  if (!near.catalog) return null;
  const sim = roundSimilarity(near.catalog.raw);
  const confidence = confidenceFor(sim);
  if (!confidence) return null;
  // A closer name the catalog lacks means this product is that strain, not our neighbour.
  if (near.universe && roundSimilarity(near.universe.raw) >= sim && !isVariantSpelling(index, near.universe.entry.name)) return null;
  if (!sameNameSpelling(text, near.catalog.entry.name, (w) => index.catalogWordUse(w))) return null;
  if (confidence === 'low' && oneWordNearMiss(text, near.catalog.entry.name)) return null;
  return { cleaned: text, pass: 'trigram', similarity: sim, confidence, entry: near.catalog.entry };
}

/**
 * The strain segment is 'CBD' and the catalog name ('P37 | CBD Runtz | 1g Preroll'): a CBD cut or
 * product of that name, not the strain, unless the catalog lists the strain as CBD-rich. A 'CBD'
 * after the name ('Blue Dream CBD Cart') or in another segment does not count.
 */
function cbdVersionOf(p: Prepared, entry: IndexedName): boolean {
  if (entry.cbdRich) return false;
  const cbdName = `cbd-${slugify(entry.name)}`;
  return p.norm.candidates.some((c) => c.whole && !c.side && slugify(c.text) === cbdName);
}

type NameHit = { entry: IndexedName; side: boolean; lead: boolean };

/**
 * A name pass's match, weighed against the name's other segments (match-several.ts): the strain
 * segment's match when another segment names another strain is none of them; a strain-segment
 * catalog name holding a product-form word, in a product of no strain category, gives way to a
 * side segment's clean catalog name ('Coconut Oil - Cannatonic'); under a strain category, only to
 * one the name marks with a strain type ('Coconut Oil - Cannatonic (CBD Rich Hybrid)').
 */
function settle(index: CatalogIndex, p: Prepared, hit: NameHit | null, pass: MatchPass): Decision | null {
  if (!hit) return null;
  const d: Decision = { cleaned: p.norm.cleaned, pass, similarity: 1, confidence: hit.lead ? 'medium' : 'high', entry: hit.entry, side: hit.side };
  const main = p.norm.candidates.find((c) => !c.side && !c.respelt)?.text;
  if (hit.side && countedFlavour(index, p.name, hit.entry, main)) return { ...d, pass: null, similarity: null, confidence: null, entry: null };
  if (hit.side) return d;
  if (cbdVersionOf(p, hit.entry)) return { ...d, pass: null, similarity: null, confidence: null, entry: null };
  // Under a strain category only a side segment the name marks with a strain type gives way (a
  // scraper can file an edible under Flower from that very type word).
  if (holdsProductForm(hit.entry.name)) {
    const marked = (c: Candidate) => !p.strainCategory || p.typed.includes(c.text.toLowerCase());
    const cleanSide = (c: Candidate) => c.side && c.pure && !c.lead && !holdsProductForm(c.text) && marked(c);
    const clean = namePass(index, p, (c) => index.exact(c), false, cleanSide);
    if (clean) return { ...d, pass: 'exact', confidence: 'high', entry: clean.entry, side: true };
  }
  if (namesAnotherStrain(index, p.norm.others ?? [], hit.entry.strainId, (t) => (p.flavourRisk || p.kind === 'edible') && isFlavourName(t)))
    return { ...d, pass: null, similarity: null, confidence: null, entry: null };
  return d;
}

function decideOne(index: CatalogIndex, p: Prepared, makers: MakerLexicon): Decision {
  const d: Decision = { cleaned: p.norm.cleaned, pass: null, similarity: null, confidence: null, entry: null };
  if (p.norm.candidates.length === 0) return d;
  if (p.kind === 'edible' && cannabinoidBlend(p.name)) return d;
  // The strain segment as written, form words and all, by name then slug before any stripped form
  // of it: 'Critical Plus 2.0' (by slug) is not Critical Plus (by name).
  const wholeOnly = (c: Candidate) => Boolean(c.whole) && !c.side;
  const byName = (c: string) => index.exact(c);
  const wholeExact = settle(index, p, namePass(index, p, byName, false, wholeOnly), 'exact');
  if (wholeExact) return wholeExact;
  const wholeSlug = settle(
    index,
    p,
    namePass(index, p, (c) => index.slug(slugify(c)), true, wholeOnly),
    'slug',
  );
  if (wholeSlug) return wholeSlug;
  const exact = settle(index, p, namePass(index, p, byName, false), 'exact');
  if (exact) return exact;
  // The slug pass also compares the strain segment with spacing, punctuation and 'and' ignored
  // ('PeachesNCream' = Peaches and Cream), unless the universe knows that spelling as a strain of
  // its own ('Grapevine' beside the catalog's Grape Vine).
  const slug = namePass(
    index,
    p,
    (c, side) => {
      const sl = slugify(c);
      const hits = index.slug(sl);
      if (hits.length || side) return hits;
      const compact = index.compact(sl);
      return compact.length && !index.isUniverseOnly(c, sl) ? compact : hits;
    },
    true,
  );
  const bySlug = settle(index, p, slug, 'slug');
  if (bySlug) return bySlug;
  // An oil or tincture named by its strain after the carrier ('Cannabis Infused MCT Oil White Widow').
  const carried = p.kind === 'edible' ? carrierStrain(index, p.name) : null;
  if (carried) return { ...d, ...carried, similarity: 1, confidence: 'high' };
  const cleaned = p.norm.cleaned;
  // The product is a strain the universe knows and the catalog lacks: it is that strain.
  const universeOnly = p.norm.candidates.some((c) => !c.side && !c.whole && isUniverseOnly(index, c.text));
  if (p.kind === 'strain' && !universeOnly) {
    const branded =
      unknownEdgeWords(index, cleaned) ??
      initialsOf(index, cleaned) ??
      knownMaker(index, makers, cleaned) ??
      gluedLead(index, cleaned) ??
      gluedInitials(index, cleaned) ??
      makerBeforeWeight(index, p.name, cleaned) ??
      slashedMakers(index, p.name, cleaned) ??
      decadeLead(index, cleaned) ??
      formWordsLead(index, cleaned);
    // The flavour rule holds here too ('Zorbex Strawberry Lemonade', category Other).
    if (branded && !(p.flavourRisk && isFlavourName(branded.entry.name.toLowerCase()))) return { ...d, ...branded, similarity: 1, confidence: 'high' };
    const quoted = quotedCut(index, p);
    if (quoted && !(p.flavourRisk && isFlavourName(quoted.entry.name.toLowerCase()))) return { ...d, ...quoted, similarity: 1, confidence: 'medium' };
  }
  if (p.kind !== 'strain' || universeOnly || cleaned.length < 3 || isCross(cleaned)) return d;
  if (p.flavourRisk && isFlavourName(cleaned)) return d;
  const near = trigramOf(index, cleaned);
  if (near) return { ...near, cleaned };
  // The name less a maker the scanned menus taught ('Bloom Kng Louie'), under the same guards.
  if (makers.size === 0) return d;
  for (const rest of makers.without(cleaned.split(' '), (w) => index.catalogWordUse(w))) {
    const text = rest.join(' ');
    if (text.length < 3 || isUniverseOnly(index, text) || (p.flavourRisk && isFlavourName(text))) continue;
    const hit = trigramOf(index, text);
    if (hit) return { ...hit, cleaned };
  }
  return d;
}

/** Decide every product of a menu against the index (pure: no database). */
export function decideMatches(index: CatalogIndex, items: MatchInput[], makers: MakerLexicon = EMPTY_LEXICON): Decision[] {
  const prepared = prepare(index, items);
  const memo = new Map<Prepared, Decision>();
  return prepared.map((p) => {
    let d = memo.get(p);
    if (!d) memo.set(p, (d = decideOne(index, p, makers)));
    return d;
  });
}
