/**
 * npm run bench:pdf-menus — the scrape stage on PDF menus (tests/fixtures/menus-pdf): real menu
 * items printed by Chromium in nine layouts, each given by the dispensary's page its own way (a link,
 * a link without `.pdf`, an iframe, `<object>`, `<embed>`, the menu URL itself, a link a script
 * adds). Held out (reported first): the fourth round, spreadsheet, cards, booklet; tuned on: the
 * first round (list, table, pages, two-column, leader, tiles), the second (tiers, wrapped,
 * landscape) and the third (scanned).
 *
 * Per site: extraction recall and precision (products by name), price accuracy (price paid and
 * regular price both right), category, brand and THC accuracy (THC: the truth's, or none when
 * the layout prints none), cold scan seconds.
 * BENCH_PDF_SPLIT=held-out|tune only one split; BENCH_PDF_VERBOSE=1 prints misses; BENCH_PDF_SEED=29
 * prints every layout from another seed's items (13 by default).
 */
import { resetConfig } from '@/lib/config';
import { menuDataPresent } from '@/tests/fixtures/menus-sites/generate';
import { runPdfBench } from '@/scripts/bench/pdf-score';

process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
resetConfig();

async function main(): Promise<void> {
  if (!menuDataPresent()) {
    console.log('bench:pdf-menus: ../shared/data/menus/weedmaps_nm_menu_items.csv absent; nothing to measure');
    return;
  }
  await runPdfBench({
    split: process.env.BENCH_PDF_SPLIT ?? process.env.BENCH_MENUS_SPLIT,
    keys: process.env.BENCH_PDF_SITES?.split(',').filter(Boolean),
    verbose: Boolean(process.env.BENCH_PDF_VERBOSE),
    seed: process.env.BENCH_PDF_SEED ? Number(process.env.BENCH_PDF_SEED) : undefined,
  });
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
