/**
 * The sampler of the sixth labelled matching set (tests/fixtures/matching/labelled-6.json, split
 * `blind-6`). The draw comes from the 30 stores (listing files) with the smallest share of item
 * names already in any earlier set, leaving out every store labelled-3.json, labelled-4.json and
 * labelled-5.json were drawn from. Names (lower-cased, spaces collapsed) already in any set are
 * skipped. 110 items are drawn at random per section (seed 6), then 140 names of the hard shapes,
 * edibles included, found with plain string tests against the catalog names (never the matcher):
 * a pre-roll pack, a flavour name (fruit, dessert and drink words), a cross, a brand written into
 * the name, a vape, concentrate or edible naming a catalog name beside other segments, a numbered
 * or lettered phenotype, a catalog name plus other words, a segment near a catalog name (a
 * misspelling), a universe name the catalog lacks. It prints the draw as JSON items with `strain`
 * unset, and with BENCH_SAMPLE_HINTS=1 a labelling aid per item; the labels were then written by
 * hand (see docs/matching.md).
 * Run: npx tsx --conditions=react-server scripts/bench/match-sample-6.ts > draw.json
 */
import { LABELS, LABELS_2, LABELS_3, LABELS_4, LABELS_5 } from '@/scripts/bench/match-precision';
import { drawLabelledSet, packOrInfused } from '@/scripts/bench/match-sample-kit';
import { brandFormOrFlavour } from '@/scripts/bench/match-sample-shapes';

drawLabelledSet({
  split: 'blind-6',
  seed: 6,
  quota: { Flower: 25, 'Pre-Roll': 25, Vape: 25, Concentrates: 15, Edible: 12, Other: 8 },
  hard: { pack: 15, flavour: 12, cross: 15, brand: 20, form: 18, numbered: 18, longer: 16, near: 18, universe: 8 },
  labelFiles: [LABELS, LABELS_2, LABELS_3, LABELS_4, LABELS_5],
  skipUsedStores: true,
  hardEdibles: true,
  firstKinds: (m) => {
    const p = packOrInfused(m);
    return p === 'pack' ? p : null;
  },
  afterCross: brandFormOrFlavour,
});
