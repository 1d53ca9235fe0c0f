/**
 * The sampler of the fifth labelled matching set (tests/fixtures/matching/labelled-5.json, split
 * `blind-5`). The draw comes from the 30 stores (listing files) with the smallest share of item
 * names already in any earlier set, leaving out every store labelled-3.json and labelled-4.json were
 * drawn from. Names (lower-cased, spaces collapsed) already in any set are skipped. 120 items are
 * drawn at random per section (seed 5), weighted to the sections the earlier sets drew least
 * (pre-rolls, vapes, edibles), then 130 names of the shapes a menu brings and the earlier sets hold
 * few of, edibles included, found with plain string tests against the catalog names (never the
 * matcher): more than one catalog name in a name (a multi-strain pack or a blend: `/`, `&`, `+`,
 * `and`, `variety`, `sampler`), a pre-roll pack, an infused product, a brand written into the name,
 * an edible or drink naming a catalog strain, a cross, a numbered or lettered phenotype, a catalog
 * name plus other words, a segment near a catalog name, a universe name the catalog lacks. It prints
 * the draw as JSON items with `strain` unset, and with BENCH_SAMPLE_HINTS=1 a labelling aid per item;
 * the labels were then written by hand (see docs/matching.md).
 * Run: npx tsx --conditions=react-server scripts/bench/match-sample-5.ts > draw.json
 */
import { LABELS, LABELS_2, LABELS_3, LABELS_4 } from '@/scripts/bench/match-precision';
import { branded, drawLabelledSet, packOrInfused, type SampleHelpers } from '@/scripts/bench/match-sample-kit';
import { benchCategory, type MenuItem } from '@/scripts/bench/match-setup';

/** Two or more catalog names (of which one has two words or more), none inside another, or a variety/sampler word. */
function multi(m: MenuItem, { hits }: SampleHelpers): boolean {
  if (/\b(variety|sampler|assorted|mixed|multi)\b/i.test(m.name)) return true;
  const h = hits(m.name).filter((c) => c.length > 3);
  const apart = h.filter((c) => !h.some((o) => o !== c && o.includes(c)));
  return apart.length >= 2 && apart.some((c) => c.includes(' ')) && /\/|&|\+|\band\b|,/i.test(m.name);
}

drawLabelledSet({
  split: 'blind-5',
  seed: 5,
  quota: { Flower: 20, 'Pre-Roll': 30, Vape: 30, Concentrates: 14, Edible: 18, Other: 8 },
  hard: { multi: 20, pack: 15, infused: 10, brand: 20, edible: 15, cross: 10, numbered: 10, longer: 10, near: 12, universe: 8 },
  labelFiles: [LABELS, LABELS_2, LABELS_3, LABELS_4],
  skipUsedStores: true,
  hardEdibles: true,
  firstKinds: (m, h) => {
    if (multi(m, h)) return 'multi';
    if (benchCategory(m) === 'Edible') return h.hits(m.name).some((c) => c.length > 4) ? 'edible' : null;
    return packOrInfused(m);
  },
  afterCross: (m, h) => (branded(m, h) ? 'brand' : null),
});
