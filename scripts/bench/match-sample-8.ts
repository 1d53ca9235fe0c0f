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
import { drawLabelledSet } from '@/scripts/bench/match-sample-kit';
import { brandFormOrFlavour, lineCodeOrPack } from '@/scripts/bench/match-sample-shapes';

drawLabelledSet({
  split: 'blind-8',
  seed: 8,
  quota: { Flower: 22, 'Pre-Roll': 22, Vape: 20, Concentrates: 12, Edible: 8, Other: 6 },
  hard: { line: 25, code: 15, pack: 15, flavour: 15, cross: 10, brand: 15, form: 15, numbered: 20, longer: 10, near: 15, universe: 5 },
  labelFiles: [LABELS, LABELS_2, LABELS_3, LABELS_4, LABELS_5, LABELS_6, LABELS_7],
  skipUsedStores: true,
  takeAll: true,
  hardEdibles: true,
  firstKinds: lineCodeOrPack,
  afterCross: brandFormOrFlavour,
});
