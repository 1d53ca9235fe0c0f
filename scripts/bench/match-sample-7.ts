/**
 * The sampler of the seventh labelled matching set (tests/fixtures/matching/labelled-7.json, split
 * `blind-7`). The draw comes from the 30 stores (listing files) with the smallest share of item
 * names already in any earlier set, leaving out every store labelled-3.json to labelled-6.json were
 * drawn from. Names (lower-cased, spaces collapsed) already in any set are skipped. 90 items are
 * drawn at random per section (seed 7), then 160 names of the hard shapes, edibles included, found
 * with plain string tests against the catalog names (never the matcher): a product line (the
 * name's first word or two written before five or more different names in the same store, the
 * rest naming a catalog name), a maker code (a short capital or letter-digit code glued by a
 * hyphen or standing first), a pre-roll pack, a flavour name, a cross, a brand written into the
 * name, a vape, concentrate or edible naming a catalog name beside other segments, a numbered or
 * lettered phenotype, a catalog name plus other words, a segment near a catalog name, a universe
 * name the catalog lacks. It prints the draw as JSON items with `strain` unset, and with
 * BENCH_SAMPLE_HINTS=1 a labelling aid per item; the labels were then written by hand (see
 * docs/matching.md).
 * Run: npx tsx --conditions=react-server scripts/bench/match-sample-7.ts > draw.json
 */
import { LABELS, LABELS_2, LABELS_3, LABELS_4, LABELS_5, LABELS_6 } from '@/scripts/bench/match-precision';
import { drawLabelledSet } from '@/scripts/bench/match-sample-kit';
import { brandFormOrFlavour, lineCodeOrPack } from '@/scripts/bench/match-sample-shapes';

drawLabelledSet({
  split: 'blind-7',
  seed: 7,
  quota: { Flower: 22, 'Pre-Roll': 22, Vape: 20, Concentrates: 12, Edible: 8, Other: 6 },
  hard: { line: 25, code: 15, pack: 15, flavour: 15, cross: 10, brand: 15, form: 15, numbered: 20, longer: 10, near: 15, universe: 5 },
  labelFiles: [LABELS, LABELS_2, LABELS_3, LABELS_4, LABELS_5, LABELS_6],
  skipUsedStores: true,
  hardEdibles: true,
  firstKinds: lineCodeOrPack,
  afterCross: brandFormOrFlavour,
});
