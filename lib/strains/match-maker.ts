/**
 * Makers learned from scanned menus (docs/matching.md, "Known makers"), and quoted cut names.
 *
 * A menu's brand field names its products' makers ('Bloom', 'Growers Reserve'). Across many scans
 * those spellings form a lexicon (table `menu_brands`, lib/strains/repo/makers.ts), trusted once two
 * scans showed a spelling. A product whose card wrote such a maker into its name with no brand
 * field ('Bloom King Louie', 'Growers Reserve Animal Mints') is then read as the name less that
 * maker, at the start or the end of its strain segment, never inside it. A maker spelled with a
 * word several catalog names use ('Animal', 'Cookies') is never taken off: that word is more often
 * a strain's.
 */
import type { Queryable } from '@/lib/db';
import { menuBrandsGeneration, readMenuMakers } from '@/lib/strains/repo';
import { cleanWords, stripFormWords } from '@/lib/strains/match-noise';
import { brandCore, prepareName } from '@/lib/strains/normalize';

/** At most this many words in a maker's spelling. */
const MAX_MAKER_WORDS = 4;

/**
 * The spelling a brand field is stored and looked up as: lower-case letters, digits and '&' in
 * words, or null when it is no maker's name (empty, too long, no letters).
 */
export function makerSpelling(brand: string | null | undefined): string | null {
  const s = prepareName(brand ?? '')
    .replace(/[^\p{L}\p{N}'&\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (s.length < 2 || s.length > 60 || !/\p{L}/u.test(s) || s.split(' ').length > MAX_MAKER_WORDS) return null;
  return s;
}

/** The distinct maker spellings of a scanned menu's brand fields (nothing else of the products). */
export function menuBrandSpellings(brands: Array<string | null | undefined>): string[] {
  return [...new Set(brands.map(makerSpelling).filter((s): s is string => s !== null))];
}

export class MakerLexicon {
  private readonly byFirst = new Map<string, string[][]>();
  private readonly byLast = new Map<string, string[][]>();
  readonly size: number;

  constructor(spellings: Iterable<string>) {
    const forms = new Set<string>();
    for (const s of spellings) {
      const full = makerSpelling(s);
      if (!full) continue;
      // The full spelling and its core without corporate suffixes ('growers reserve farms' → 'growers reserve').
      for (const f of [full, brandCore(full)]) if (f.length >= 3 && /\p{L}{2}/u.test(f)) forms.add(f);
    }
    this.size = forms.size;
    // Longest first, so 'growers reserve' is tried before 'growers'.
    for (const f of [...forms].sort((a, b) => b.length - a.length)) {
      const w = f.split(' ');
      this.byFirst.set(w[0], [...(this.byFirst.get(w[0]) ?? []), w]);
      this.byLast.set(w[w.length - 1], [...(this.byLast.get(w[w.length - 1]) ?? []), w]);
    }
  }

  /**
   * The words left once a known maker is taken off the start, or else the end, of a strain
   * segment: at most one of each, the start first. Not when the maker's outer word is in two or
   * more catalog names (`catalogWordUse`), nor when nothing with a letter would be left.
   */
  without(words: string[], catalogWordUse: (w: string) => number): string[][] {
    const out: string[][] = [];
    const left = (rest: string[]) => rest.some((w) => /\p{L}/u.test(w));
    if (words.length >= 2 && catalogWordUse(words[0]) <= 1) {
      const m = (this.byFirst.get(words[0]) ?? []).find((bw) => words.length > bw.length && bw.every((x, i) => words[i] === x) && left(words.slice(bw.length)));
      if (m) out.push(words.slice(m.length));
    }
    if (words.length >= 2 && catalogWordUse(words[words.length - 1]) <= 1) {
      const m = (this.byLast.get(words[words.length - 1]) ?? []).find(
        (bw) => words.length > bw.length && bw.every((x, i) => words[words.length - bw.length + i] === x) && left(words.slice(0, words.length - bw.length)),
      );
      if (m) out.push(words.slice(0, words.length - m.length));
    }
    return out;
  }
}

export const EMPTY_LEXICON = new MakerLexicon([]);

/**
 * Cut names the menu quotes ('Cookies "Gary Payton"', "Tree Co. 'Blue Dream'"): the quoted text,
 * its sizes and forms removed. A single quote opens only after a space or the start and closes
 * before one ('AJ's', 'Cake 'n' Chem' hold none).
 */
const QUOTED_RE = /["“”]([^"“”]{3,60})["“”]|(?<![\p{L}\p{N}])['‘]([^'‘’]{3,60})['’](?![\p{L}\p{N}])/gu;

export function quotedNames(raw: string): string[] {
  const out: string[] = [];
  for (const m of String(raw ?? '')
    .slice(0, 300)
    .matchAll(QUOTED_RE)) {
    const words = stripFormWords(cleanWords(prepareName(m[1] ?? m[2] ?? ''))).full;
    const t = words.join(' ');
    if (/\p{L}{2}/u.test(t) && !out.includes(t)) out.push(t);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The lexicon per database, read again after a write in this process or after LEXICON_TTL_MS (so
// another instance's writes are seen within a minute).

const LEXICON_TTL_MS = 60_000;
const MAX_DATABASES = 4;
const lexicons = new Map<string, { at: number; generation: number; lexicon: MakerLexicon }>();

/** The trusted makers of the database whose catalog instance is `instance`. */
export async function makerLexiconFor(db: Queryable, instance: string): Promise<MakerLexicon> {
  const hit = lexicons.get(instance);
  const now = Date.now();
  if (hit && hit.generation === menuBrandsGeneration() && now - hit.at < LEXICON_TTL_MS) return hit.lexicon;
  const generation = menuBrandsGeneration();
  const lexicon = new MakerLexicon(await readMenuMakers(db));
  lexicons.delete(instance);
  lexicons.set(instance, { at: now, generation, lexicon });
  while (lexicons.size > MAX_DATABASES) lexicons.delete(lexicons.keys().next().value as string);
  return lexicon;
}

/** Forget the cached lexicons (tests). */
export function clearMakerLexicons(): void {
  lexicons.clear();
}
