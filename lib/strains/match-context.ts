/**
 * What a whole menu tells about one product's name. A menu repeats its brands and product lines:
 * "Fiore 1000mg Blackberry Kush", "Fiore Grape Stomper 0.5G Cart", "Fiore - Lychee Cart" show that
 * "fiore" is a brand even where no brand field says so, and "Bloom Classic Surf All-In-One 500mg |
 * King Louis" repeats its first segment beside many strains. Such words are menu noise; a word the
 * menu does not repeat this way ("Animal" in "Animal Mint Cake") is part of the strain's name.
 */

export interface MenuContext {
  /** Brand spellings from the menu's brand fields whose words are not strain words, as words, by first and by last word. */
  brandsByFirst: Map<string, string[][]>;
  brandsByLast: Map<string, string[][]>;
  /** Segments repeated beside at least three different other segments: brands and product lines. */
  lineSegments: Set<string>;
  /** Leading / trailing word runs shared by at least three different names. */
  prefixes: Set<string>;
  suffixes: Set<string>;
  /** Leading runs (of `prefixes`) that start three or more names, every one of them a flavour: a flavoured product line. */
  flavourLines: Set<string>;
  /** Trailing runs (of `suffixes`) that end three or more names, every one of them a flavour ('Cherry Bubly', 'Blackberry Bubly'). */
  flavourLineEnds: Set<string>;
}

export interface ContextKnowledge {
  /** How many known strain names (catalog and universe) use a word. */
  wordUse?: (word: string) => number;
  /** A catalog or universe strain name. */
  isKnownName?: (name: string) => boolean;
  /** A catalog strain name (canonical name or alias, by name or slug). */
  isCatalogName?: (name: string) => boolean;
  /** How many catalog names use a word. */
  catalogWordUse?: (word: string) => number;
  /** A name made only of food and flavour words ('blue raspberry', 'watermelon'). */
  isFlavourName?: (name: string) => boolean;
}

const MIN_REPEATS = 3;
const MANY_REPEATS = 5;

/**
 * A word run that could be a brand or a line: no strain name uses its words ('fiore', 'bloom'), or
 * its outer word is one no strain name uses ('paisaje verde', 'el premio'). A run of strain words
 * ('pink', 'blue dream', 'fritter') is never one.
 */
function brandish(words: string[], k: ContextKnowledge, outer: 'first' | 'last' | 'any', repeats = 0): boolean {
  const uses = k.wordUse ?? (() => 0);
  if (words.length === 0 || (k.isKnownName?.(words.join(' ')) ?? false)) return false;
  // A leading run of two or more words, one of them no strain name uses, that starts many different
  // names ('Cure Injoy 2G Skywalker OG …', 'Cure Injoy 2G Zkittles …'): a brand, even when its first
  // word is also a strain word.
  if (outer === 'first' && words.length >= 2 && repeats >= MANY_REPEATS && words.some((w) => uses(w) === 0)) return true;
  // A whole segment repeated beside many others needs only one word no strain name uses ('dos gringos').
  const edge = outer === 'any' ? words.some((w) => uses(w) === 0) : uses(outer === 'first' ? words[0] : words[words.length - 1]) === 0;
  return edge || (outer !== 'last' && words.every((w) => uses(w) <= 1));
}

/**
 * @param segmentLists per distinct product: its segments' words, noise removed, no context applied
 * @param brandForms per distinct product: the spellings of its brand field
 */
export function learnMenuContext(segmentLists: string[][][], brandForms: string[][], k: ContextKnowledge = {}): MenuContext {
  const brands = new Set<string>();
  for (const forms of brandForms) for (const f of forms) if (brandish(f.split(' '), k, 'first')) brands.add(f);

  const partners = new Map<string, Set<string>>();
  const itemsWith = new Map<string, number>();
  const heads = new Map<string, Set<string>>();
  const tails = new Map<string, Set<string>>();
  const add = (m: Map<string, Set<string>>, key: string, v: string) => {
    const s = m.get(key) ?? new Set<string>();
    s.add(v);
    m.set(key, s);
  };
  for (const segs of segmentLists) {
    const texts = [...new Set(segs.map((w) => w.join(' ')).filter(Boolean))];
    for (const t of texts) {
      itemsWith.set(t, (itemsWith.get(t) ?? 0) + 1);
      for (const o of texts) if (o !== t) add(partners, t, o);
    }
    for (const w of segs) {
      for (let n = 1; n <= Math.min(3, w.length - 1); n++) {
        add(heads, w.slice(0, n).join(' '), w.slice(n).join(' '));
        add(tails, w.slice(-n).join(' '), w.slice(0, -n).join(' '));
      }
      // A run that is a whole segment of one product ('Elevated Gummy 10 pcs - Cherry' → 'elevated')
      // and the start of others ('Elevated Sunday Driver Wax') counts as one more use of it.
      if (w.length >= 1 && w.length <= 3) add(heads, w.join(' '), '');
    }
  }
  const pick = (m: Map<string, Set<string>>, outer: 'first' | 'last' | 'any') =>
    new Set([...m].filter(([key, v]) => v.size >= MIN_REPEATS && brandish(key.split(' '), k, outer, v.size)).map(([key]) => key));
  const brandsByFirst = new Map<string, string[][]>();
  const brandsByLast = new Map<string, string[][]>();
  for (const b of [...brands].sort((x, y) => y.length - x.length)) {
    const w = b.split(' ');
    brandsByFirst.set(w[0], [...(brandsByFirst.get(w[0]) ?? []), w]);
    brandsByLast.set(w[w.length - 1], [...(brandsByLast.get(w[w.length - 1]) ?? []), w]);
  }
  // A run of two or more words that stands as a segment of its own in several products, beside
  // different strains each time ('Cowboy RX - Gelato Sunrise', 'Cowboy RX - Biscotti x Biscotti'),
  // and is no strain's name, is a brand or a line even when its words are strain words; where it
  // also starts other names ('Cowboy RX Gushers 1g Pre Roll') it is the same brand there.
  const standalone = new Set(
    [...partners].filter(([t, v]) => v.size >= MIN_REPEATS && (itemsWith.get(t) ?? 0) >= MIN_REPEATS && t.includes(' ') && !(k.isKnownName?.(t) ?? false)).map(([t]) => t),
  );
  // A leading run of one or two words before three or more different catalog strains ('Bloom
  // Skywalker OG', 'Bloom King Louis', 'Bloom Blue Dream'), where the run with each of them is no
  // known name and its first word is in at most one catalog name, is the menu's brand. 'Animal'
  // before Mint Cake, Mints and Cookies, or 'Blue' in 'Blue Crew …', is a strain word: never one.
  // A one-word run that is itself a strain's name, a word no other catalog name uses ('PhD', a
  // catalog strain and Pharmicated's mark: 'PhD Blue Dream 1g Carts', 'PhD Cherry Pie …', 'PhD
  // Granddaddy Purple 1g BHO Wax'), is the menu's brand when it starts names before many
  // (MANY_REPEATS) different catalog strains: no strain name is written before five others.
  const catalogHeads = [...heads].filter(([key, rests]) => {
    const w = key.split(' ');
    if (w.length > 2 || (k.catalogWordUse ?? (() => 0))(w[0]) > 1) return false;
    const known = k.isKnownName?.(key) ?? false;
    if (known && w.length > 1) return false;
    const strains = [...rests].filter((r) => r && (k.isCatalogName?.(r) ?? false) && !(k.isKnownName?.(`${key} ${r}`) ?? false));
    return strains.length >= (known ? MANY_REPEATS : MIN_REPEATS);
  });
  const prefixes = new Set([...pick(heads, 'first'), ...[...heads.keys()].filter((key) => standalone.has(key)), ...catalogHeads.map(([key]) => key)]);
  // A line whose every product is a flavour ('Dankazine Orange', 'Dankazine Watermelon', 'Dankazine
  // Grape 300mg THC Pure', 'Dankazine Blue Raspberry': a flavoured drink mix the menu filed under
  // Concentrates) names flavours, not strains, whatever the category says.
  // The same at the end: a word after three or more different flavours ('Strawberry Bubly', 'Cherry
  // Bubly', 'Blackberry Bubly') is a line of flavoured products, and '<flavour> <line>' no strain.
  const isFlavour = k.isFlavourName ?? (() => false);
  const flavoured = (runs: Set<string>, rest: Map<string, Set<string>>) =>
    new Set(
      [...runs].filter((key) => {
        const rests = [...(rest.get(key) ?? [])].filter(Boolean);
        return rests.length >= MIN_REPEATS && rests.every((r) => isFlavour(r));
      }),
    );
  const flavourLines = flavoured(prefixes, heads);
  const suffixes = pick(tails, 'last');
  // A whole segment that is another product's brand field, of four letters or more, no known name,
  // and no word of it in a catalog name ('GSC - Under 25 Percent | Everest' beside 'Lemon Cake - …
  // | Everest' whose brand field is Everest) is that brand, even where universe names use its words
  // (Everest Queen, Everest Bud) and however rarely the menu repeats it.
  const fieldTexts = new Set(brandForms.flat());
  const fieldSegments = [...itemsWith.keys()].filter(
    (t) => t.length >= 4 && fieldTexts.has(t) && !(k.isKnownName?.(t) ?? false) && t.split(' ').every((w) => (k.catalogWordUse ?? (() => 1))(w) === 0),
  );
  return {
    brandsByFirst,
    brandsByLast,
    // A line segment recurs in several products, beside different others each time.
    lineSegments: new Set([...[...pick(partners, 'any'), ...standalone].filter((t) => (itemsWith.get(t) ?? 0) >= MIN_REPEATS), ...fieldSegments]),
    prefixes,
    suffixes,
    flavourLines,
    flavourLineEnds: flavoured(suffixes, tails),
  };
}

/** The segment starts or ends with a line of flavoured products (see `flavourLines`, `flavourLineEnds`). */
export function inFlavourLine(ctx: MenuContext, words: string[]): boolean {
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    if (ctx.flavourLines.has(words.slice(0, n).join(' ')) || ctx.flavourLineEnds.has(words.slice(-n).join(' '))) return true;
  }
  return false;
}

/** Remove what the menu shows to be a brand or a product line from one segment's words. */
export function contextNoise(ctx: MenuContext, words: string[]): { words: string[]; stripped: boolean } {
  if (words.length === 0) return { words, stripped: false };
  if (ctx.lineSegments.has(words.join(' '))) return { words: [], stripped: true };
  let w = words;
  let stripped = false;
  for (const bw of ctx.brandsByFirst.get(w[0]) ?? []) {
    if (w.length > bw.length && bw.every((x, i) => w[i] === x)) {
      w = w.slice(bw.length);
      stripped = true;
      break;
    }
  }
  for (const bw of ctx.brandsByLast.get(w[w.length - 1]) ?? []) {
    if (w.length > bw.length && bw.every((x, i) => w[w.length - bw.length + i] === x)) {
      w = w.slice(0, w.length - bw.length);
      stripped = true;
      break;
    }
  }
  for (let n = Math.min(3, w.length - 1); n >= 1; n--) {
    if (ctx.prefixes.has(w.slice(0, n).join(' '))) {
      w = w.slice(n);
      stripped = true;
      break;
    }
  }
  for (let n = Math.min(3, w.length - 1); n >= 1; n--) {
    if (ctx.suffixes.has(w.slice(-n).join(' '))) {
      w = w.slice(0, -n);
      stripped = true;
      break;
    }
  }
  return { words: w, stripped };
}
