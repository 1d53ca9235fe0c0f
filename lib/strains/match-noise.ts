/**
 * The menu-noise vocabulary: sizes, prices, potency, ratios, pack counts, type codes and product
 * forms. Kept apart from the segmenting logic in normalize.ts so the word lists read as data.
 */

/** Removed wherever they stand (a size or a form word, never part of a strain name). */
const ALWAYS = [
  'pre-?rolls?',
  'pre rolls?',
  'prerolls?',
  'pre-?roll',
  'joints?',
  'blunts?',
  'dogwalkers?',
  'infused',
  'live resin',
  'live rosin',
  // a concentrate's texture after 'live' ('Apple Fritter Live Slush'); 'Lemon Slush' alone stays a strain
  'live slush',
  // a hemp-wrapped blunt, plain or infused ('Tangie Natural Phusewood 2.5g'); no strain name holds it
  'natural phuse ?woods?',
  'phuse ?woods?',
  'cured resin',
  'hash rosin',
  'rosin',
  'resin',
  'carts?',
  'cartridges?',
  'disposables?',
  'dispos?',
  'disp',
  'vapes?',
  'vaporizer',
  'pods?',
  'airopod',
  // a vape pen's line name ('Fruity Pebbles Distillate GoPen 1G'); no strain name holds it
  'go ?pen',
  'aio',
  '510',
  'all in one',
  'all-in-one',
  'single use',
  'badder',
  'batter',
  'budder',
  'shatter',
  'wax',
  // butane hash oil: a form ('PhD Granddaddy Purple 1g BHO Wax'); no strain name holds it
  'bho',
  'crumble',
  'crumbz',
  'distillate',
  'moon ?rocks?',
  'moonrocks?',
  'gummies',
  'gummy',
  'indica',
  'sativa',
  'hybrid',
  'thc',
  'cbd',
  'thca',
  'cbg',
  'cbn',
  'full spectrum',
  'single source',
  'eighths?',
  '8ths?',
  'quarters?',
  'half ounce',
  'half oz',
  'half gram',
  'ounces?',
  'oz',
  'grams?',
  'gm',
  'gr',
  'packs?',
  'pk',
  'ct',
  'pc',
  'tier \\d+',
  'refill',
  'rso',
  'fso',
  'extract',
  'concentrates?',
  'ready to roll',
  'r2r',
  'pre-?packs?',
  'pre-?packed',
  'prepacks?',
  'pre pack(ed)?',
  // a jar packed before sale ('Growers Circle - Oreoz - Pre Package - [3.5g]'); no strain name holds it
  'pre[- ]?packag(e|ed)',
  'prepackag(e|ed)',
  'mylar',
  'loose',
  'pr',
  'hash holes?',
  'caviar',
  'cavi',
  'cones?',
  'glass tip',
  'tips?',
  'device',
  'go pen',
  'indoor',
  'outdoor',
  'greenhouse',
  // grown in water ('Cake Batter Hydro Cured Sugar'); a catalog name holding it ('Tahoe Hydro OG')
  // is found whole before the form words go
  'hydro',
  'hydroponic',
  'sun ?grown',
  'under \\d+ percent',
  'percent',
  'rec',
  'med',
  'flwr',
  'nugs?',
  'trim',
  'sample',
  'sale',
  'deal',
  // a price word like 'sale' ('Discount Dabs Gelanade Cured Sugar'); no strain name holds it
  'discount',
  'bulk',
  'live sugar',
  'cured sugar',
  'terp sugar',
  'sugar wax',
  'live badder',
  'cold cure',
  'kief ?rolls?',
  'top shelf',
  'mid shelf',
  'daily strain',
  'strain',
  'syringe',
  'dabs?',
  'sift',
  'full melt',
  'temple ball',
  'bubble hash',
  'ice water hash',
  'dominant',
  'sativa-hybrid',
  'indica-hybrid',
  'hybrid-indica',
  'hybrid-sativa',
  'hot rods?',
  'hhc',
  'thcp',
  'thc-?o',
  'delta-?[89]',
  'd[89]',
  'o ?pen',
  'hitter',
  'i',
  'h',
  's',
  'i-h',
  's-h',
  'h-i',
  'h-s',
  'ih',
  'sh',
  'lr',
  'cr',
  'ccr',
  // a joint's size ('Big J Nightmare Cookies', 'Little J 5 Pack - French Bread'); no strain name holds it
  'big j',
  'little j',
  'lil j',
];

/**
 * Qualifiers that can also be strain words ('Sugar Cane', 'Brown Sugar', 'Black Diamond'): removed
 * at the end of a segment or next to a removed form word, never from inside a name.
 */
export const FORM_EDGE = new Set([
  'sugar',
  'sauce',
  'diamonds',
  'hash',
  'live',
  'cured',
  'terp',
  'terps',
  'kief',
  'keif',
  'vapor',
  'vapour',
  'shake',
  'smalls',
  'flower',
  'flowers',
  'mini',
  'minis',
  'buds',
  'pen',
  'pens',
  'blend',
  'premium',
  'craft',
  'classic',
  'surf',
  'jar',
  'popcorn',
  'lot',
  'dispo',
  'reserve',
  'select',
  'plus',
  'pure',
  'infused',
  'fresh',
  'frozen',
  'wet',
  // 'Refined Resin', 'Refined Live Resin': a process word beside a form ('Modified Grape 1.0g Refined Resin')
  'refined',
]);

/** Words that never start a strain name, so they may go from the start of a segment. */
const START_ONLY = new Set(['live', 'cured', 'fresh', 'frozen', 'premium', 'craft', 'wet', 'mini', 'minis', 'smalls', 'shake', 'kief', 'keif', 'vapor', 'vapour']);

/** Words that never end a strain name, so they may go from the end of a segment. */
const END_ONLY = new Set([
  'terp',
  'sugar',
  'sauce',
  'diamonds',
  'hash',
  'kief',
  'keif',
  'shake',
  'smalls',
  'flower',
  'flowers',
  'buds',
  'pen',
  'pens',
  'blend',
  'jar',
  'popcorn',
  'dispo',
  'surf',
  'terps',
  'minis',
  // a cart's 'Live' after the name ('OG Kush Breath Live - Cartridge'); no strain name ends in it
  'live',
  // 'Blueberry Cookies Disposable 2g by Cure Injoy' once the brand is gone
  'by',
  // a cart of a strain's terpene profile ('Kullu Kush 1g - Purple Urkle Profile'); no strain name holds it
  'profile',
]);

const ALWAYS_RE = new RegExp(`(^|\\s)(${ALWAYS.join('|')})(?=\\s|$)`, 'g');
const NOISE_WORD_RE = new RegExp(`^(${ALWAYS.join('|')}|\\d*\\.\\d+|\\d+(\\.\\d+)?(mg|g|gr|gram|grams|gm|ml|oz))$`);
const MARK = '\u0001';

/**
 * Remove sizes, prices, potency, ratios and pack counts; answer the remaining words. `whole` keeps
 * what can also be part of a catalog name: a bare decimal ('Bubba Kush 2.0', 'Critical Plus 2.0')
 * and a ratio ('1:1 Punchinella'); see `wholeWords`.
 */
export function cleanWords(segment: string, whole = false): string[] {
  // 'Cartridge-Mango', 'Zkittles-Indica', 'Cartridge-1g': a hyphen joining a noise word is a
  // separator; one inside a name ('Do-Si-Dos', 'AK-47', 'Pre-98') stays.
  const split = segment
    .split(/\s+/)
    .map((t) => (/\p{L}-|-\p{L}|\d-\p{L}|\p{L}-\d/u.test(t) && t.split('-').some((x) => FORM_EDGE.has(x) || NOISE_WORD_RE.test(x)) ? t.replace(/-/g, ' ') : t))
    .join(' ');
  let s = ` ${split} `;
  s = s.replace(/\$\s*\d+(\.\d+)?/g, ` ${MARK} `); // $35
  s = s.replace(/\b\d+\s*\/\s*\d+(th|ths)?\s*(oz|ounce|ounces)?\b/g, ` ${MARK} `); // 1/8 oz, 1/8th
  s = s.replace(/\d*\.?\d+\s*%\s*(thc|cbd|thca|total)?/g, ` ${MARK} `); // 25% THC, 93.4%
  // THC: 22.1% — not a size after a cannabinoid word ('Blue Dream CBD 3.5g': the size goes below, the word stays)
  s = s.replace(/\b(thc|cbd|thca|cbg|cbn)\s*:?\s*\d+(\.\d+)?(?![\d.])(?!\s*(mg|g|gs|gr|gram|grams|gm|gms|oz|ounce|ml)\b)\s*%?/g, ` ${MARK} `);
  s = s.replace(/(^|\s)-?\d*\.?\d+\s*(mg|g|gs|gr|gram|grams|gm|gms|oz|ounce|ml|fl oz|ct|pk|pc|pcs|pack|packs|count|x|piece|pieces|mm|u)\b/g, ` ${MARK} `);
  s = s.replace(/\d+(\.\d+)?\s*(mg|g)\s*\/\s*\d+(\.\d+)?\s*(mg|g)\b/g, ` ${MARK} `);
  if (!whole) s = s.replace(/\b\d+:\d+\b/g, ` ${MARK} `); // 1:1 ratios
  // a hash grade after a name: 'Rosin 5 star', '6-star' (prepareName reads 5* as 5 star); '5 Star' alone is a strain
  s = s.replace(/(?<=\p{L}\s+)\d[- ]?stars?(?=\s|$)/gu, ` ${MARK} `);
  if (!whole) s = s.replace(/(^|\s)\d*\.\d+(?=\s|$)/g, ` ${MARK} `); // a bare size: .5, 0.5, 1.0
  s = s.replace(/(^|\s)\d+[- ]?(pack|pk|ct|count)(?=\s|$)/g, ` ${MARK} `); // 5-pack
  // (`whole` keeps a point or a colon between digits, as catalog names write them: '2.0', '1:1'.)
  s = s.replace(whole ? /(?!(?<=\d)[.:](?=\d))[^\p{L}\p{N}'#&+\s\u0001-]/gu : /[^\p{L}\p{N}'#&+\s\u0001-]/gu, ' ');
  s = s.replace(/(^|\s)-+|-+(?=\s|$)/g, ' ');
  return s.split(/\s+/).filter(Boolean);
}

/**
 * The words `cleanWords(…, true)` left, no form word removed: a catalog name that holds a form or
 * type word ('Blue Dream CBD', 'Cake Batter', 'Gummy Bears', 'Mexican Sativa') is found as a whole
 * before the noise is stripped, so stripping never turns it into a shorter name (Blue Dream).
 */
export function wholeWords(words: string[]): string[] {
  return words.filter((t) => t !== MARK && !/^[#&+'-]+$/.test(t));
}

/** Form words a whole segment may lose from its ends ('Blue Dream CBD 1g Cart' → blue dream cbd). */
const MAX_EDGE_WORDS = 4;

/**
 * The runs of a whole segment left when only form words go, and only from its ends, longest
 * first: 'blue dream cbd cart' → 'blue dream cbd cart', 'blue dream cbd', 'blue dream'.
 */
export function wholeRuns(words: string[]): string[] {
  const out: string[] = [];
  const noise = (xs: string[]) => xs.length === 0 || stripFormWords(xs).light.length === 0;
  for (let len = words.length; len >= 1 && words.length - len <= MAX_EDGE_WORDS; len--) {
    for (let i = 0; i + len <= words.length; i++) {
      const run = words.slice(i, i + len);
      // (A run of form words only names the form: 'Sativa Pre-Roll' is no strain 'Sativa'.)
      if (stripFormWords(run).light.length > 0 && noise(words.slice(0, i)) && noise(words.slice(i + len))) out.push(run.join(' '));
    }
  }
  return out;
}

/**
 * Remove product-form words. `light` drops only the plain ones; `full` also the qualifiers next to
 * a removed word and the form words that end a segment. Both are tried, `light` first, so
 * 'Brown Sugar Pre-Roll' can still be Brown Sugar.
 */
export function stripFormWords(words: string[]): { light: string[]; full: string[] } {
  let s = ` ${words.join(' ')} `;
  for (let i = 0; i < 2; i++) s = s.replace(ALWAYS_RE, ` ${MARK} `);
  const toks = s.split(/\s+/).filter(Boolean);
  const clean = (xs: string[]) => xs.filter((t) => t !== MARK && !/^[#&+'-]+$/.test(t));
  const light = clean(toks);
  const removed = toks.map((t) => t === MARK);
  // Qualifiers next to a removed word ('live' in 'live sugar', 'premium' in 'premium infused'),
  // repeated so a run of them goes ('premium live cured …').
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < toks.length; i++) {
      if (removed[i] || !FORM_EDGE.has(toks[i])) continue;
      if ((i > 0 && removed[i - 1]) || (i + 1 < toks.length && removed[i + 1])) {
        removed[i] = true;
        changed = true;
      }
    }
  }
  return { light, full: trimFormEdges(clean(toks.filter((_, i) => !removed[i]))) };
}

/**
 * Form words that never end a strain name go from the end of what is left ('GMO Diamonds'), those
 * that never start one from its start ('Smalls Kush Mint', 'Keif Apple Blossom'). Run again once
 * the menu's brands are gone ('NJ Farms Keif Apple Blossom').
 */
export function trimFormEdges(words: string[]): string[] {
  let [from, to] = [0, words.length];
  while (to - from > 1 && END_ONLY.has(words[to - 1])) to--;
  while (to - from > 1 && START_ONLY.has(words[from])) from++;
  return from === 0 && to === words.length ? words : words.slice(from, to);
}
