/**
 * Words at the edges of a strain segment that are a maker's, a code's or an era's, not the
 * strain's (match-decide.ts): unknown leading words ('PVP Blueberry Muffin'), spelled-out initials
 * ('San Fernando Valley OG'), and (blind-6, docs/matching.md) a maker or code glued on by a hyphen
 * ('Perico-White Runtz', 'SC420-Runtz'), a strain's initials glued to its last word ('GSCookies'),
 * a maker before a weight ('KPUFF 1G GELATO') and a decade before the name ("90's Sensi Star").
 */
import type { CatalogIndex, IndexedName } from '@/lib/strains/match-index';
import { FORM_EDGE } from '@/lib/strains/match-noise';
import { slugify } from '@/lib/strains/slug';

type EdgeHit = { pass: 'exact' | 'slug'; entry: IndexedName };

/** Primary names before aliases, then the more popular strain. */
export function bestEntry(entries: IndexedName[]): IndexedName | null {
  let best: IndexedName | null = null;
  for (const e of entries) {
    if (!best || (best.isAlias && !e.isAlias) || (best.isAlias === e.isAlias && e.popularity > best.popularity)) best = e;
  }
  return best;
}

/**
 * A word that can only be a maker's in front of a strain: letters, used by no strain name of the
 * catalog or the universe, and not a short word ending in s, which reads as an owner's name ('AJs',
 * 'Bobs'; a longer one is a plural, 'Picks').
 */
export function isMakerWord(index: CatalogIndex, word: string): boolean {
  return /^\p{L}{2,}$/u.test(word) && !(/s$/.test(word) && word.length <= 4) && index.wordUse(word) === 0;
}

/**
 * One or two leading words no strain name uses, before a catalog name of two or more words ('PVP
 * Blueberry Muffin', 'Nero Skywalker OG', 'Phresh Picks Tropicana Cookies'), are a brand the card
 * did not put in a brand field: the product is that strain; so with one more such word after the
 * name, a line code ('Airo Pod Jungle Cake LF'). Alone after the name it may be a maker to learn
 * from scans first ('Blue Dream Vortexa') or a company ('Blue Dream Extracts'). A possessive ('AJs
 * Sour Diesel') names its owner's cut, a word with digits is a code, and a catalog name of one word
 * ('Zorb Gelato') is too easily the end of a new strain's name; those stay unmatched.
 */
export function unknownEdgeWords(index: CatalogIndex, cleaned: string): EdgeHit | null {
  const words = cleaned.split(' ');
  let lead = 0;
  while (lead < 2 && lead < words.length && isMakerWord(index, words[lead])) lead++;
  const tail = lead > 0 && isMakerWord(index, words[words.length - 1]) ? 1 : 0;
  for (let j = 0; j <= tail; j++) {
    for (let k = 1; k <= lead && words.length - j - k >= 2; k++) {
      const text = words.slice(k, words.length - j).join(' ');
      const exact = bestEntry(index.exact(text));
      if (exact) return { pass: 'exact', entry: exact };
      const slug = bestEntry(index.slug(slugify(text)));
      if (slug) return { pass: 'slug', entry: slug };
    }
  }
  return null;
}

/**
 * A catalog name that abbreviates three or more leading words to their initials and shares the
 * rest ('San Fernando Valley OG' = SFV OG): the product spells it out. The shared rest is required
 * ('San Fernando Valley' alone could be any SFV strain).
 */
export function initialsOf(index: CatalogIndex, cleaned: string): EdgeHit | null {
  const words = cleaned.split(' ');
  for (let n = 3; n < words.length; n++) {
    const head = words.slice(0, n);
    if (!head.every((w) => /^\p{L}/u.test(w))) break;
    const entry = bestEntry(index.exact(`${head.map((w) => w[0]).join('')} ${words.slice(n).join(' ')}`));
    if (entry) return { pass: 'exact', entry };
  }
  return null;
}

/** A decade written before a strain's name ("90's Sensi Star", '80s Skunk'): the era of its cut. */
const DECADE_RE = /^'?\d0'?s$/;

/** A maker's code of letters and digits ('sc420', 'p37'): no strain name uses it. */
const isCode = (index: CatalogIndex, w: string) => /^(?=.*\p{L})(?=.*\d)[\p{L}\d]{3,}$/u.test(w) && index.wordUse(w) === 0;

/** A catalog name by name, slug or compact key (spacing and punctuation ignored), never a universe-only one. */
function lookup(index: CatalogIndex, text: string): EdgeHit | null {
  const exact = bestEntry(index.exact(text));
  if (exact) return { pass: 'exact', entry: exact };
  const sl = slugify(text);
  const slug = bestEntry(index.slug(sl));
  if (slug) return { pass: 'slug', entry: slug };
  if (index.isUniverseOnly(text, sl)) return null;
  const compact = bestEntry(index.compact(sl));
  return compact ? { pass: 'slug', entry: compact } : null;
}

/**
 * A maker's word or code glued to the strain by a hyphen ('Perico-White Runtz', 'SC420-Runtz',
 * 'SC420-I95'): the rest, when it is a catalog name. A hyphen inside a name ('Do-Si-Dos', 'AK-47')
 * joins words strain names use, so it is never taken apart.
 */
export function gluedLead(index: CatalogIndex, cleaned: string): EdgeHit | null {
  const m = /^([\p{L}\d]+)-(\S.*)$/u.exec(cleaned);
  if (!m || !(isMakerWord(index, m[1]) || isCode(index, m[1])) || index.exact(cleaned).length > 0) return null;
  return lookup(index, m[2]);
}

/**
 * A strain's initials glued to its last word ('GSCookies' = Girl Scout Cookies): one word no strain
 * name uses, and exactly one catalog strain of three or more words read that way.
 */
export function gluedInitials(index: CatalogIndex, cleaned: string): EdgeHit | null {
  if (!/^\p{L}{6,}$/u.test(cleaned) || index.wordUse(cleaned) > 0) return null;
  const hits = index.gluedInitials(cleaned);
  return new Set(hits.map((e) => e.strainId)).size === 1 ? { pass: 'slug', entry: bestEntry(hits)! } : null;
}

/**
 * One word no strain name uses, then a weight, then a catalog name ('KPUFF 1G GELATO'): the weight
 * parts the maker from the strain, so a one-word name counts too (without it, 'Zorb Gelato' may be
 * a new strain's name).
 */
export function makerBeforeWeight(index: CatalogIndex, rawName: string, cleaned: string): EdgeHit | null {
  const m = /^\s*([\p{L}]+)\s+\d+(\.\d+)?\s?(g|gr|gram|grams|mg|ml)\s+([\p{L}][\p{L}\d' -]*?)\s*$/iu.exec(rawName);
  if (!m) return null;
  const [maker, rest] = [m[1].toLowerCase(), m[4].toLowerCase().replace(/\s+/g, ' ')];
  if (!isMakerWord(index, maker) || cleaned !== `${maker} ${rest}`) return null;
  return lookup(index, rest);
}

/** A decade before a catalog name ("90's Sensi Star"): that strain, an era's cut of it. */
export function decadeLead(index: CatalogIndex, cleaned: string): EdgeHit | null {
  const words = cleaned.split(' ');
  if (words.length < 2 || !DECADE_RE.test(words[0])) return null;
  return lookup(index, words.slice(1).join(' '));
}

/**
 * One to three form qualifiers before a catalog name of two or more words, what a line left once
 * the menu's brand went ('Bloom SURF Classic Granddaddy Purple' → 'surf classic granddaddy
 * purple', 'Bloom SURF Jack Herer'; blind-6 and blind-8): that strain, the fewest qualifiers
 * dropped. A qualifier that starts a known name keeps it ('Classic Twist'), since the whole
 * segment is looked up first, and a one-word rest ('Surf Cookies') may be a new strain's name.
 */
export function formWordsLead(index: CatalogIndex, cleaned: string): EdgeHit | null {
  const words = cleaned.split(' ');
  for (let k = 1; k <= 3 && words.length - k >= 2 && FORM_EDGE.has(words[k - 1]); k++) {
    const hit = lookup(index, words.slice(k).join(' '));
    if (hit) return hit;
  }
  return null;
}

/**
 * A strain's name in parentheses after a count ('ST - STONEO COOKIES - 2ct (BIRTHDAY CAKE)'), when
 * the strain segment is a name of its own holding a word no strain name uses: the flavour of a
 * packaged product (a cookie a menu filed under Flower), not the strain (blind-6 follow-up).
 */
export function countedFlavour(index: CatalogIndex, rawName: string, entry: IndexedName, main: string | undefined): boolean {
  const m = /\b\d+\s*-?\s*(?:ct|pk|pack|count)\b[^()]*\(([^)]+)\)\s*$/iu.exec(rawName);
  if (!m || !main) return false;
  const text = m[1].toLowerCase().replace(/\s+/g, ' ').trim();
  const hits = [...index.exact(text), ...index.slug(slugify(text))];
  if (!hits.some((e) => e.strainId === entry.strainId)) return false;
  return main.split(' ').some((w) => /^\p{L}{3,}$/u.test(w) && index.wordUse(w) === 0);
}

/**
 * Two makers' words joined by a slash before the name ('BCCNM/Bonanza Strawberry Cough 500mg
 * Disposable': a distributor and its brand): the first a word no strain name uses or a code, the
 * pair one maker token, so the rest, when it is a catalog name, is the strain, even where the second
 * word is a strain's name too (Bonanza; blind-6 and blind-7). A slash between strain words or spaced
 * words ('Banana/Grape Runtz', 'Banana / Grape') is never read this way.
 */
export function slashedMakers(index: CatalogIndex, rawName: string, cleaned: string): EdgeHit | null {
  const m = /^\s*([\p{L}\d]+)\/([\p{L}\d]+)\s+\S/u.exec(rawName);
  if (!m) return null;
  const [a, b] = [m[1].toLowerCase(), m[2].toLowerCase()];
  if (!(isMakerWord(index, a) || isCode(index, a)) || !cleaned.startsWith(`${a} ${b} `)) return null;
  return lookup(index, cleaned.slice(a.length + b.length + 2));
}

const CANNABINOID_RE = /\b(thcv|thca|thc|cbda|cbdv|cbd|cbga|cbg|cbn|cbc)\b/giu;

/**
 * An edible (or tincture, topical) listing a blend of three or more cannabinoids ('Green Hornet -
 * Trifecta - Gummies - [100mg] - CBG-CBD-THC'): the product is a formula, and a catalog name in it
 * names the formula, not a strain (blind-7). A strain named beside a ratio of two ('Cannatonic 1:1')
 * stays.
 */
export function cannabinoidBlend(rawName: string): boolean {
  return new Set([...rawName.matchAll(CANNABINOID_RE)].map((m) => m[1].toLowerCase())).size >= 3;
}
