/**
 * Scoring of the PDF menus (tests/fixtures/menus-pdf) for `npm run bench:pdf-menus` and the PDF
 * section of `npm run bench:menus`: per site extraction recall and precision, price accuracy (price
 * paid and regular price both right), category, brand and THC accuracy, cold scan seconds.
 */
import { scrapeMenu, type ScrapedProduct } from '@/lib/scrape';
import { startPdfSites, type ServedPdfSite } from '@/tests/fixtures/menus-pdf/server';
import { norm, pairWithTruth } from '@/scripts/bench/truth-pairs';

const near = (a: number | null | undefined, b: number | null) => (a === null || a === undefined ? b === null : b !== null && Math.abs(a - b) < 0.011);
const f3 = (x: number) => x.toFixed(3);
const plain = (s: string) =>
  s
    .replace(/[\p{Extended_Pictographic}\uFE0F\u200D]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** Layouts that print THC (the others are scored right when they print none). */
const THC_PRINTED = new Set(['list', 'table', 'pages', 'leader', 'tiers', 'wrapped', 'landscape', 'spreadsheet', 'cards']);

export interface PdfScore {
  key: string;
  split: string;
  truth: number;
  scraped: number;
  found: number;
  priceOk: number;
  categoryOk: number;
  brandOk: number;
  thcOk: number;
  seconds: number;
  pdfPages: number;
  method: string;
  missing: string[];
  extra: string[];
  wrong: string[];
}

export async function scorePdfSite(s: ServedPdfSite): Promise<PdfScore> {
  const t0 = performance.now();
  const r = await scrapeMenu({ menuUrls: [s.url], screenshot: false, model: null }).catch((e: Error & { reason?: string }) => ({
    products: [] as ScrapedProduct[],
    extractionMethod: `failed:${e.reason ?? e.message}`,
  }));
  const seconds = (performance.now() - t0) / 1000;
  // Names and brands compared without emoji: a PDF's text layer holds none (Chromium prints them
  // from a fallback font without a Unicode mapping), so no reader of the PDF can give them.
  const truthProducts = s.site.products.map((t) => ({ ...t, name: plain(t.name), brand: plain(t.brand) }));
  const scraped = r.products.map((p) => ({ ...p, rawName: plain(p.rawName), brand: p.brand === null ? null : plain(p.brand) }));
  const { pairs, extra, used, truthSize } = pairWithTruth(scraped, truthProducts, (p) => `${p.rawName} (${p.price})`);
  const wrong: string[] = [];
  let priceOk = 0;
  let categoryOk = 0;
  let brandOk = 0;
  let thcOk = 0;
  for (const { p, t } of pairs) {
    const reg = p.regularPrice ? Number(p.regularPrice.replace(/[^0-9.]/g, '')) : null;
    if (near(p.priceValue, t.price) && near(reg, t.regularPrice)) priceOk++;
    else wrong.push(`${t.name}: got ${p.price} / ${p.regularPrice ?? '-'}, want $${t.price} / ${t.regularPrice ?? '-'}`);
    if (norm(p.brand ?? '') === norm(t.brand)) brandOk++;
    else wrong.push(`${t.name}: brand ${p.brand}, want ${t.brand}`);
    if (!THC_PRINTED.has(s.site.layout) || near(p.thcPct, t.thc)) thcOk++;
    if (p.category === t.category) categoryOk++;
    else wrong.push(`${t.name}: category ${p.category}, want ${t.category}`);
  }
  return {
    key: s.site.key,
    split: s.site.split,
    truth: truthSize,
    scraped: r.products.length,
    found: pairs.length,
    priceOk,
    categoryOk,
    brandOk,
    thcOk,
    seconds,
    pdfPages: s.pages,
    method: r.extractionMethod,
    missing: truthProducts.filter((t) => !used.has(norm(t.name))).map((t) => t.name),
    extra,
    wrong,
  };
}

/** Scores every PDF site of a split (both when none), held-out first; prints a line per site and a summary per split. */
export async function runPdfBench(opts: { split?: string; keys?: string[]; verbose?: boolean; seed?: number } = {}): Promise<PdfScore[]> {
  const server = await startPdfSites({ keys: opts.keys, seed: opts.seed });
  const scores: PdfScore[] = [];
  try {
    const order = server.sites.filter((s) => !opts.split || s.site.split === opts.split).sort((a, b) => Number(a.site.split === 'tune') - Number(b.site.split === 'tune'));
    for (const s of order) {
      const x = await scorePdfSite(s);
      scores.push(x);
      console.log(
        `${x.key.padEnd(16)} ${x.split.padEnd(8)} recall ${f3(x.found / x.truth)} precision ${f3(x.scraped ? x.found / x.scraped : 0)} price ${f3(x.found ? x.priceOk / x.found : 0)} category ${f3(x.found ? x.categoryOk / x.found : 0)} brand ${f3(x.found ? x.brandOk / x.found : 0)} THC ${f3(x.found ? x.thcOk / x.found : 0)} ${x.seconds.toFixed(2)} s (${x.found}/${x.truth}, scraped ${x.scraped}, ${x.pdfPages} PDF pages, ${x.method})`,
      );
      if (opts.verbose) {
        console.log('  missing:', x.missing.slice(0, 10));
        console.log('  extra:', x.extra.slice(0, 10));
        console.log('  wrong:', x.wrong.slice(0, 10));
      }
    }
  } finally {
    await server.close();
  }
  for (const split of ['held-out', 'tune']) {
    const xs = scores.filter((s) => s.split === split);
    if (!xs.length) continue;
    const found = xs.reduce((a, s) => a + s.found, 0);
    console.log(
      `pdf ${split}: min recall ${f3(Math.min(...xs.map((s) => s.found / s.truth)))}, price accuracy ${f3(xs.reduce((a, s) => a + s.priceOk, 0) / Math.max(1, found))}, category accuracy ${f3(xs.reduce((a, s) => a + s.categoryOk, 0) / Math.max(1, found))}`,
    );
  }
  return scores;
}
