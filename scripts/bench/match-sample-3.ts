/**
 * The sampler of the third labelled matching set (tests/fixtures/matching/labelled-3.json, split
 * `blind-3`). Every chain of the export already has items in labelled.json, and only one store
 * (listing file) has none, so the draw comes from the stores the earlier sets use least: the 30
 * listing files with the smallest share of item names already in labelled.json or labelled-2.json.
 * Names (lower-cased, spaces collapsed) already in either set are skipped. 110 items are drawn at
 * random per section (seed 3), then 140 names that are likely to land in `medium`/`low` or to tempt
 * a wrong answer, found with plain string tests against the catalog names (never the matcher):
 * a segment near a catalog name but not equal to one (pg_trgm similarity 0.45–0.95), a numbered
 * phenotype (`#4`, a trailing number), a cross (` x `), a catalog name plus other words, a universe
 * name the catalog lacks. It prints the draw as JSON items with `strain` unset, and with
 * BENCH_SAMPLE_HINTS=1 a labelling aid per item (whole-word catalog hits, the nearest catalog names,
 * universe hits); the labels were then written by hand (see docs/matching.md).
 * Run: npx tsx --conditions=react-server scripts/bench/match-sample-3.ts > draw.json
 */
import { LABELS, LABELS_2 } from '@/scripts/bench/match-precision';
import { drawLabelledSet } from '@/scripts/bench/match-sample-kit';

drawLabelledSet({
  split: 'blind-3',
  seed: 3,
  quota: { Flower: 28, 'Pre-Roll': 18, Vape: 24, Concentrates: 18, Edible: 12, Other: 10 },
  hard: { near: 50, numbered: 25, cross: 20, longer: 30, universe: 15 },
  labelFiles: [LABELS, LABELS_2],
  skipUsedStores: false,
});
