/**
 * The sampler of the eighth labelled matching set (tests/fixtures/matching/labelled-8.json, split
 * `blind-8`). Only 26 stores of the Weedmaps export are left that none of labelled-3.json to
 * labelled-7.json were drawn from (PurLife Shelton, hashtag cannabis, Hemp Heaven, two Minerva Canna
 * stores, Shanti Cafe, Duke City Organix, Kushie, NM Cannabis Cowboy, Rocky Mountain Silver City and
 * sixteen small Ultra Health stores), and they hold 212 names no earlier set holds (lower-cased,
 * spaces collapsed), fewer than the 250 of the earlier draws: the set takes every one of them
 * (`takeAll`). Each is tagged with the hard shape plain string tests against the catalog names find
 * in it (never the matcher): a product line (the name's first word or two written before five or
 * more different names in the same store, the rest naming a catalog name), a maker code (a short
 * capital or letter-digit code glued by a hyphen or standing first), a pre-roll pack, a flavour
 * name, a cross, a brand written into the name, a vape, concentrate or edible naming a catalog name
 * beside other segments, a numbered or lettered phenotype, a catalog name plus other words, a
 * segment near a catalog name, a universe name the catalog lacks; the rest as drawn at random. It
 * prints the draw as JSON items with `strain` unset, and with BENCH_SAMPLE_HINTS=1 a labelling aid
 * per item; the labels were then written by hand (see docs/matching.md).
 * Run: npx tsx --conditions=react-server scripts/bench/match-sample-8.ts > draw.json
 */
import { LABELS, LABELS_2, LABELS_3, LABELS_4, LABELS_5, LABELS_6, LABELS_7 } from '@/scripts/bench/match-precision';
import { branded, drawLabelledSet, packOrInfused, type SampleHelpers } from '@/scripts/bench/match-sample-kit';
import { benchCategory, loadMenu, type MenuItem } from '@/scripts/bench/match-setup';

const FLAVOUR =
  /\b(strawberr|blueberr|raspberr|watermelon|mango|peach|pineapple|cherry|grape|lemon|lime|orange|guava|passion ?fruit|kiwi|banana|apple|cake|cookies?|cream|sorbet|sherbe?r?t|gelato|candy|punch|lemonade|soda|pie|mints?|berry|melon|citrus|tangie|cola|vanilla|caramel|chocolate)/i;

const lead = (name: string, n: number) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .slice(0, n)
    .join(' ');

/** Per store, the leading one- and two-word sequences written before five or more different names. */
const LINES: Map<string, Set<string>> = (() => {
  const out = new Map<string, Map<string, Set<string>>>();
  for (const m of loadMenu()) {
    const per = out.get(m.listingFile) ?? new Map<string, Set<string>>();
    out.set(m.listingFile, per);
    for (const n of [1, 2]) {
      const l = lead(m.name, n);
      if (l.split(' ').length !== n || l.length < 3) continue;
      per.set(l, (per.get(l) ?? new Set()).add(m.name.toLowerCase()));
    }
  }
  return new Map([...out].map(([lf, per]) => [lf, new Set([...per].filter(([, names]) => names.size >= 5).map(([l]) => l))]));
})();

function productLine(m: MenuItem, { hits }: SampleHelpers): boolean {
  const lines = LINES.get(m.listingFile);
  if (!lines) return false;
  for (const n of [2, 1]) {
    const l = lead(m.name, n);
    if (lines.has(l) && !hits(l).length && hits(m.name.slice(l.length + 1)).some((x) => x.length > 3)) return true;
  }
  return false;
}

/** A maker code: a capital or letter-digit code first in the name or glued to the next word by a hyphen. */
const makerCode = (m: MenuItem) => /^([A-Z]{2,5}\d{0,4}|[A-Z]{1,3}\d{2,4})\s?-\s?\S|^[A-Z0-9]{2,6}\s[A-Z][a-z]/.test(m.name);

/** A form product (vape, concentrate, edible) naming a catalog name in a name of two segments or more. */
function formStrain(m: MenuItem, { hits }: SampleHelpers): boolean {
  const c = benchCategory(m);
  if (c !== 'Vape' && c !== 'Concentrates' && c !== 'Edible') return false;
  return hits(m.name).some((x) => x.length > 4) && /\s-\s|\||\/|:|\(/.test(m.name);
}

drawLabelledSet({
  split: 'blind-8',
  seed: 8,
  quota: { Flower: 22, 'Pre-Roll': 22, Vape: 20, Concentrates: 12, Edible: 8, Other: 6 },
  hard: { line: 25, code: 15, pack: 15, flavour: 15, cross: 10, brand: 15, form: 15, numbered: 20, longer: 10, near: 15, universe: 5 },
  labelFiles: [LABELS, LABELS_2, LABELS_3, LABELS_4, LABELS_5, LABELS_6, LABELS_7],
  skipUsedStores: true,
  takeAll: true,
  hardEdibles: true,
  firstKinds: (m, h) => {
    if (productLine(m, h)) return 'line';
    if (makerCode(m) && h.hits(m.name).length) return 'code';
    const p = packOrInfused(m);
    return p === 'pack' ? p : null;
  },
  afterCross: (m, h) => {
    if (branded(m, h)) return 'brand';
    if (formStrain(m, h)) return 'form';
    if (FLAVOUR.test(m.name) && h.hits(m.name).some((x) => FLAVOUR.test(x))) return 'flavour';
    return null;
  },
});
