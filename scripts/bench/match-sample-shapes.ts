/**
 * The hard shapes the later labelled-set samplers (match-sample-6.ts … -8.ts) look for, by plain
 * string tests against the catalog names (never the matcher): a product line, a maker code, a form
 * product naming a catalog name, a flavour name.
 */
import { branded, packOrInfused, type SampleHelpers } from '@/scripts/bench/match-sample-kit';
import { benchCategory, loadMenu, type MenuItem } from '@/scripts/bench/match-setup';

export const FLAVOUR =
  /\b(strawberr|blueberr|raspberr|watermelon|mango|peach|pineapple|cherry|grape|lemon|lime|orange|guava|passion ?fruit|kiwi|banana|apple|cake|cookies?|cream|sorbet|sherbe?r?t|gelato|candy|punch|lemonade|soda|pie|mints?|berry|melon|citrus|tangie|cola|vanilla|caramel|chocolate)/i;

/** A flavour name whose catalog hit is itself a flavour word. */
export const flavourNamed = (m: MenuItem, { hits }: SampleHelpers): boolean => FLAVOUR.test(m.name) && hits(m.name).some((x) => FLAVOUR.test(x));

const lead = (name: string, n: number) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .slice(0, n)
    .join(' ');

let lines: Map<string, Set<string>> | null = null;
/** Per store, the leading one- and two-word sequences written before five or more different names. */
function storeLines(): Map<string, Set<string>> {
  if (lines) return lines;
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
  lines = new Map([...out].map(([lf, per]) => [lf, new Set([...per].filter(([, names]) => names.size >= 5).map(([l]) => l))]));
  return lines;
}

/** A product line: the name's first word or two written before five or more names in its store, the rest naming a catalog name. */
export function productLine(m: MenuItem, { hits }: SampleHelpers): boolean {
  const ls = storeLines().get(m.listingFile);
  if (!ls) return false;
  for (const n of [2, 1]) {
    const l = lead(m.name, n);
    if (ls.has(l) && !hits(l).length && hits(m.name.slice(l.length + 1)).some((x) => x.length > 3)) return true;
  }
  return false;
}

/** A maker code: a capital or letter-digit code first in the name or glued to the next word by a hyphen. */
export const makerCode = (m: MenuItem): boolean => /^([A-Z]{2,5}\d{0,4}|[A-Z]{1,3}\d{2,4})\s?-\s?\S|^[A-Z0-9]{2,6}\s[A-Z][a-z]/.test(m.name);

/** A form product (vape, concentrate, edible) naming a catalog name in a name of two segments or more. */
export function formStrain(m: MenuItem, { hits }: SampleHelpers): boolean {
  const c = benchCategory(m);
  if (c !== 'Vape' && c !== 'Concentrates' && c !== 'Edible') return false;
  return hits(m.name).some((x) => x.length > 4) && /\s-\s|\||\/|:|\(/.test(m.name);
}

/** The shapes tested before crosses by the samplers that look for product lines: line, maker code, pack. */
export function lineCodeOrPack(m: MenuItem, h: SampleHelpers): string | null {
  if (productLine(m, h)) return 'line';
  if (makerCode(m) && h.hits(m.name).length) return 'code';
  const p = packOrInfused(m);
  return p === 'pack' ? p : null;
}

/** The shapes tested after crosses: a brand written into the name, a form product, a flavour. */
export function brandFormOrFlavour(m: MenuItem, h: SampleHelpers): string | null {
  if (branded(m, h)) return 'brand';
  if (formStrain(m, h)) return 'form';
  if (flavourNamed(m, h)) return 'flavour';
  return null;
}
