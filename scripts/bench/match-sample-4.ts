/**
 * The sampler of the fourth labelled matching set (tests/fixtures/matching/labelled-4.json, split
 * `blind-4`). The draw comes from the 30 stores (listing files) with the smallest share of item
 * names already in labelled.json, labelled-2.json or labelled-3.json, leaving out the 30 stores
 * labelled-3.json was drawn from. Names (lower-cased, spaces collapsed) already in any set are
 * skipped. 130 items are drawn at random per section (seed 4), then 120 names of the shapes the
 * earlier sets hold least, found with plain string tests against the catalog names (never the
 * matcher): a brand written into the name (the brand field's first word, or a leading ` - `/` | `
 * segment naming no catalog strain, before a catalog name), a pre-roll pack (`5pk`, `2 x 0.5g`,
 * `pack`), an infused product (`infused`, moon rocks, caviar), a segment near a catalog name but not
 * equal to one (pg_trgm similarity 0.45–0.95), a numbered or lettered phenotype (`#4`, a trailing
 * number or single letter), a cross (` x `), a catalog name plus other words, a universe name the
 * catalog lacks. It prints the draw as JSON items with `strain` unset, and with BENCH_SAMPLE_HINTS=1
 * a labelling aid per item (whole-word catalog hits, the nearest catalog names, universe hits); the
 * labels were then written by hand (see docs/matching.md).
 * Run: npx tsx --conditions=react-server scripts/bench/match-sample-4.ts > draw.json
 */
import { LABELS, LABELS_2, LABELS_3 } from '@/scripts/bench/match-precision';
import { branded, drawLabelledSet, packOrInfused } from '@/scripts/bench/match-sample-kit';

drawLabelledSet({
  split: 'blind-4',
  seed: 4,
  quota: { Flower: 32, 'Pre-Roll': 24, Vape: 28, Concentrates: 22, Edible: 14, Other: 10 },
  hard: { brand: 20, pack: 15, infused: 15, near: 20, numbered: 15, cross: 15, longer: 10, universe: 10 },
  labelFiles: [LABELS, LABELS_2, LABELS_3],
  skipUsedStores: true,
  firstKinds: packOrInfused,
  afterCross: (m, h) => {
    if (branded(m, h)) return 'brand';
    if (/#\s?[0-9a-z]\b|\b[a-z]{3,}\s[a-z]\b(?!\S)/i.test(m.name.replace(/\b[ISH]\b|\([^)]*\)/g, '')) && !/\b[ISH]$/.test(m.name)) return 'numbered';
    return null;
  },
});
