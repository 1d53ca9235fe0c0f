/**
 * npm run bench:menus — the scrape stage on dispensary sites generated from the real Weedmaps NM
 * menu items (tests/fixtures/menus-sites): eight techniques (paginated server-rendered grid,
 * "load more", infinite scroll, cross-origin iframe on 127.0.0.2, age gate + script-rendered,
 * app state only, numbered page buttons without links, a menu split into category pages), each in
 * seven markup styles, and the fifth round's techniques (flower price grid, shadow DOM,
 * IntersectionObserver lazy lists, virtualised lists, an age gate that sets a cookie and
 * redirects) and the sixth round's (JSON-only menu behind category tab buttons, GraphQL menu with
 * hash-routed pages, closed shadow root, store picker, sizes chosen on the card) and the seventh
 * round's (sold-out items shown but not buyable, a member / medical price beside the price paid,
 * a lead-in or unit price as the only price, an iframe created by an embed loader script,
 * categories in collapsed accordion sections) and the eighth round's (a "Load more" over a JSON
 * API paged by an opaque cursor, prices drawn only by CSS, flower sizes only as variants in app
 * state, a menu two iframes deep, a page-button pager inside each category tab) and the ninth
 * round's (prices only as pictures, per-size prices only in schema.org microdata, a "Recreational
 * / Medical" choice before the menu, per-size prices only in a popover opened from the card) and
 * the tenth round's (an age gate asking for a date of birth, a cookie-consent overlay over a "Load
 * more" menu, pages reached only by POST, prices in other locales and minor units, prices only on
 * each product's own page) and the eleventh round's (a pop-up that must be closed over a "Load
 * more" menu, a menu streamed to the page, ASP.NET UpdatePanel paging, a menu URL redirecting to a
 * store's menu, a slow API behind skeleton placeholders) and the twelfth round's (category
 * carousels showing only their visible slides, prices split over elements, quantity tiers beside
 * the unit price, a menu over a WebSocket, featured rails repeating products over a hidden
 * template card) and the thirteenth round's (app state only and encoded, Astro islands with their
 * products only in the island's props, a menu in an iframe srcdoc, a JavaScript challenge page
 * before every menu page, category pages reached only through hash routes) and the fourteenth
 * round's (app state only in an index-flattened serialization, a menu in an inner scroll box,
 * cards through JSONP or a Web Worker into a template clone, categories chosen only in a form
 * control, a strain name over several size / price rows) and the fifteenth round's (a menu
 * iframe loaded lazily, on consent or on interaction; products only from a search service on
 * another origin; app state only as base64 of compressed JSON; a menu that is a published
 * spreadsheet; one weight chosen for the whole flower menu by a toggle) and the sixteenth round's
 * (a menu embedded by `<object>`, `<embed>` or a `<frameset>`; an API paged only by next URLs in a
 * `Link` header or the JSON; names only in image alt / title / aria-label; cards whose DOM puts the
 * price before the name; a menu posted to the page by a bridge iframe with postMessage) and the
 * seventeenth round's (a price per weight tier in columns; a menu fetched as XML; the menu JSON
 * only in an HTML attribute; HTML fragments loaded by a hypermedia library) and the eighteenth
 * round's (the menu only inside `<noscript>`; cards with other dollar amounts beside the price; sale
 * and regular price told apart only by labels; cards in inert `<template>`s stamped on
 * interaction) and the nineteenth round's (a menu opened only in a dialog; prices filled in after
 * the names by other requests; menus in old layout tables; a menu in Spanish) and the twentieth
 * round's (pages reached only through a page chooser; servers refusing pages asked for too
 * quickly; a menu in Canadian French; pages in windows-1252 / ISO-8859-1), all tuning now; held out
 * (reported first): the twenty-first round's techniques (amounts with ISO currency codes; the price
 * only on the add-to-cart control; one store's menu among other stores' hidden menus; a menu in
 * German with unit prices) in every style.
 *
 * Per site: extraction recall and precision (products by name), price accuracy (price paid and
 * regular price both right), matching precision per confidence and recall on the products whose
 * strain is labelled (tests/fixtures/matching/labelled.json), cold scan seconds (browser closed).
 *
 * PDF menus (tests/fixtures/menus-pdf: real items printed by Chromium in six layouts, two-column,
 * leader and tiles held out) are scored after the sites (scripts/bench/pdf-score.ts).
 *
 * BENCH_MENUS_SITES=paginated-grid,pdf-list,… limits the sites; BENCH_MENUS_SPLIT=held-out|tune only one
 * split; BENCH_MENUS_MATCH=0 skips matching; BENCH_MENUS_PDF=0 skips the PDF menus;
 * BENCH_MENUS_VERBOSE=1 also prints every wrong match (product, brand, matched, expected);
 * BENCH_MENUS_DUMP=file.json writes the scraped products and their expected strains.
 */
import { closeBrowser, scrapeMenu, type ScrapedProduct } from '@/lib/scrape';
import { resetConfig } from '@/lib/config';
import { HELDOUT_STYLES, HELDOUT_TECHNIQUES, menuDataPresent, splitOf, TUNE_STYLES, type TruthProduct } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type ServedSite } from '@/tests/fixtures/menus-sites/server';
import { norm, pairWithTruth } from '@/scripts/bench/truth-pairs';

process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
resetConfig();

const near = (a: number | null | undefined, b: number | null) => (a === null || a === undefined ? b === null : b !== null && Math.abs(a - b) < 0.011);

export interface SiteScore {
  key: string;
  technique: string;
  style: string;
  split: 'tune' | 'held-out';
  truth: number;
  scraped: number;
  found: number;
  recall: number;
  precision: number;
  priceOk: number;
  priceAccuracy: number;
  /** Found products filed under the category the menu gives them (the Product record's eight). */
  categoryOk: number;
  wrongCategories: string[];
  seconds: number;
  pages: number;
  platform: string | null;
  platformOk: boolean;
  method: string;
  wrongPrices: string[];
  missing: string[];
  extra: string[];
  products: ScrapedProduct[];
  pairs: Array<{ p: ScrapedProduct; t: TruthProduct }>;
}

export async function scoreSite(site: ServedSite): Promise<SiteScore> {
  await closeBrowser();
  const t0 = performance.now();
  // A scan that fails (MENU_NOT_ACCESSIBLE, …) scores as a site with nothing found, its error as the method.
  const r = await scrapeMenu({ menuUrls: [site.url], screenshot: false, model: null }).catch((e: Error & { reason?: string }) => ({
    products: [] as ScrapedProduct[],
    pagesVisited: [] as string[],
    platform: null,
    extractionMethod: `failed:${e.reason ?? e.message}`,
  }));
  const seconds = (performance.now() - t0) / 1000;
  const { pairs, extra, used, truthSize } = pairWithTruth(r.products, site.spec.products);
  const wrongPrices: string[] = [];
  let priceOk = 0;
  for (const { p, t } of pairs) {
    const reg = p.regularPrice ? Number(p.regularPrice.replace(/[^0-9.]/g, '')) : null;
    if (near(p.priceValue, t.price) && near(reg, t.regularPrice)) priceOk++;
    else wrongPrices.push(`${t.name}: got ${p.price} / ${p.regularPrice ?? '-'}, want $${t.price} / ${t.regularPrice ?? '-'}`);
  }
  const wrongCategories = pairs.filter(({ p, t }) => p.category !== t.category).map(({ p, t }) => `${t.name}: got ${p.category}, want ${t.category}`);
  const split = splitOf(site.spec);
  return {
    key: site.spec.key,
    technique: site.spec.technique,
    style: site.spec.style,
    split,
    truth: truthSize,
    scraped: r.products.length,
    found: pairs.length,
    recall: pairs.length / truthSize,
    precision: r.products.length ? pairs.length / r.products.length : 0,
    priceOk,
    priceAccuracy: pairs.length ? priceOk / pairs.length : 0,
    categoryOk: pairs.length - wrongCategories.length,
    wrongCategories,
    seconds,
    pages: r.pagesVisited.length,
    platform: r.platform,
    platformOk: r.platform === site.spec.platform,
    method: r.extractionMethod,
    wrongPrices,
    missing: site.spec.products.filter((t) => !used.has(norm(t.name))).map((t) => t.name),
    extra,
    products: r.products,
    pairs,
  };
}

const f3 = (x: number) => x.toFixed(3);

function table(title: string, head: string[], rows: (string | number)[][]): void {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r: (string | number)[]) => r.map((c, i) => (typeof c === 'number' ? String(c).padStart(w[i]) : String(c).padEnd(w[i]))).join('  ');
  console.log(`\n${title}\n${line(head)}\n${w.map((n) => '-'.repeat(n)).join('  ')}`);
  for (const r of rows) console.log(line(r));
}

async function matching(scores: SiteScore[]): Promise<void> {
  const { dataPresent, loadCatalog, openScratch } = await import('@/scripts/bench/match-setup');
  if (!dataPresent()) {
    console.log('\nmatching: catalog data absent, skipped');
    return;
  }
  const { matchProducts } = await import('@/lib/strains/match');
  const { canonicalName, slugify } = await import('@/lib/strains/slug');
  const db = await openScratch('pglite');
  try {
    const t = Date.now();
    await loadCatalog(db);
    console.log(`\nmatching: catalog loaded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const rows: (string | number)[][] = [];
    const total = { tune: zero(), 'held-out': zero() };
    const dump: unknown[] = [];
    for (const s of scores) {
      const labelled = s.pairs.filter((x) => x.t.strain !== undefined);
      const res = await matchProducts(
        db,
        s.products.map((p) => ({ name: p.rawName, category: p.category, brand: p.brand })),
      );
      const idx = new Map(s.products.map((p, i) => [p, i]));
      const labels = await db.query<{ i: number; slug: string }>(
        `SELECT DISTINCT ON (q.i) q.i, s.slug FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q(c, sl, i)
         JOIN strain_names n ON n.name = q.c OR n.slug = q.sl JOIN strains s ON s.id = n.strain_id ORDER BY q.i, n.is_alias, s.popularity_score DESC`,
        [labelled.map((x) => (x.t.strain ? canonicalName(x.t.strain) : '')), labelled.map((x) => (x.t.strain ? slugify(x.t.strain) : ''))],
      );
      const expected = new Array<string | null>(labelled.length).fill(null);
      for (const l of labels.rows) expected[Number(l.i) - 1] = l.slug;
      if (process.env.BENCH_MENUS_DUMP)
        dump.push({
          key: s.key,
          split: s.split,
          products: s.products.map((p) => ({ name: p.rawName, category: p.category, brand: p.brand })),
          labelled: labelled.map((x, i) => ({ i: idx.get(x.p)!, expected: expected[i] })),
        });
      const m = zero();
      labelled.forEach((x, i) => {
        const g = res[idx.get(x.p)!];
        const ok = Boolean(g?.strain && g.strain.slug === expected[i]);
        if (expected[i]) m.inCatalog++;
        if (g?.confidence) {
          m[g.confidence].n++;
          if (ok) m[g.confidence].ok++;
        }
        if (ok) m.found++;
        if (process.env.BENCH_MENUS_VERBOSE && (g?.confidence ? !ok : expected[i]))
          console.log(
            `  ${s.key} ${g?.confidence ?? 'none'}: "${x.p.rawName}" brand "${x.p.brand ?? ''}" → ${g?.strain?.name ?? '-'} (expected ${expected[i] ?? 'no match'}; cleaned "${g?.cleaned ?? ''}")`,
          );
      });
      add(total[s.split], m);
      rows.push([
        s.key,
        s.split,
        labelled.length,
        m.inCatalog,
        ...(['high', 'medium', 'low'] as const).map((k) => `${m[k].ok}/${m[k].n}`),
        m.inCatalog ? f3(m.found / m.inCatalog) : '-',
      ]);
    }
    if (process.env.BENCH_MENUS_DUMP) (await import('node:fs')).writeFileSync(process.env.BENCH_MENUS_DUMP, JSON.stringify(dump));
    table('Matching on the labelled products found (right/predicted per confidence)', ['site', 'split', 'labelled', 'in catalog', 'high', 'medium', 'low', 'recall'], rows);
    for (const k of ['held-out', 'tune'] as const) {
      const m = total[k];
      const p = (c: 'high' | 'medium' | 'low') => (m[c].n ? f3(m[c].ok / m[c].n) : '-');
      console.log(
        `${k}: high precision ${p('high')} (${m.high.ok}/${m.high.n}), medium ${p('medium')} (${m.medium.ok}/${m.medium.n}), low ${p('low')} (${m.low.ok}/${m.low.n}), recall ${m.inCatalog ? f3(m.found / m.inCatalog) : '-'} (${m.found}/${m.inCatalog})`,
      );
    }
  } finally {
    await db.close();
  }
}

type M = { high: { n: number; ok: number }; medium: { n: number; ok: number }; low: { n: number; ok: number }; inCatalog: number; found: number };
function zero(): M {
  return { high: { n: 0, ok: 0 }, medium: { n: 0, ok: 0 }, low: { n: 0, ok: 0 }, inCatalog: 0, found: 0 };
}
function add(a: M, b: M): void {
  for (const k of ['high', 'medium', 'low'] as const) {
    a[k].n += b[k].n;
    a[k].ok += b[k].ok;
  }
  a.inCatalog += b.inCatalog;
  a.found += b.found;
}

async function main(): Promise<void> {
  if (!menuDataPresent()) {
    console.log('bench:menus: ../shared/data/menus/weedmaps_nm_menu_items.csv absent; nothing to measure');
    return;
  }
  const only = process.env.BENCH_MENUS_SITES?.split(',').filter(Boolean);
  const server = await startMenuSites({ keys: only });
  const scores: SiteScore[] = [];
  const wantSplit = process.env.BENCH_MENUS_SPLIT;
  try {
    const order = [...server.sites]
      .filter((s) => !wantSplit || splitOf(s.spec) === wantSplit)
      .sort((a, b) => Number(splitOf(a.spec) === 'tune') - Number(splitOf(b.spec) === 'tune'));
    for (const site of order) {
      const s = await scoreSite(site);
      scores.push(s);
      console.log(
        `${s.key.padEnd(18)} recall ${f3(s.recall)} precision ${f3(s.precision)} price ${f3(s.priceAccuracy)} category ${f3(s.found ? s.categoryOk / s.found : 0)} ${s.seconds.toFixed(2)} s (${s.found}/${s.truth}, scraped ${s.scraped}, pages ${s.pages}, ${s.method}, platform ${s.platform ?? '-'})`,
      );
      if (process.env.BENCH_MENUS_VERBOSE) {
        console.log('  missing:', s.missing.slice(0, 8));
        console.log('  extra:', s.extra.slice(0, 8));
        console.log('  wrong prices:', s.wrongPrices.slice(0, 8));
        console.log('  wrong categories:', s.wrongCategories.slice(0, 8));
      }
    }
  } finally {
    await closeBrowser();
    await server.close();
  }
  for (const split of ['held-out', 'tune'] as const) {
    const xs = scores.filter((s) => s.split === split);
    if (!xs.length) continue;
    table(
      `${split === 'held-out' ? `Held out: twenty-fourth-round techniques ${HELDOUT_TECHNIQUES.join(', ')}${HELDOUT_STYLES.length ? ` and styles ${HELDOUT_STYLES.join(', ')}` : ''}` : `Tuning: earlier techniques in styles ${TUNE_STYLES.join(', ')}`}`,
      ['site', 'products', 'recall', 'precision', 'price acc.', 'category acc.', 'cold s', 'pages', 'method', 'platform'],
      xs.map((s) => [
        s.key,
        s.truth,
        f3(s.recall),
        f3(s.precision),
        f3(s.priceAccuracy),
        f3(s.found ? s.categoryOk / s.found : 0),
        s.seconds.toFixed(2),
        s.pages,
        s.method,
        `${s.platform ?? '-'}${s.platformOk ? '' : ' (wrong)'}`,
      ]),
    );
    const minRecall = Math.min(...xs.map((s) => s.recall));
    const price =
      xs.reduce((a, s) => a + s.priceOk, 0) /
      Math.max(
        1,
        xs.reduce((a, s) => a + s.found, 0),
      );
    const category =
      xs.reduce((a, s) => a + s.categoryOk, 0) /
      Math.max(
        1,
        xs.reduce((a, s) => a + s.found, 0),
      );
    console.log(
      `${split}: min recall ${f3(minRecall)} (target ≥ 0.98), price accuracy ${f3(price)} (target ≥ 0.98), category accuracy ${f3(category)}, platform right on ${xs.filter((s) => s.platformOk).length}/${xs.length} sites`,
    );
  }
  // PDF menus (tests/fixtures/menus-pdf, alone: bench:pdf-menus): layouts two-column, leader, tiles held out.
  const pdfKeys = only?.filter((k) => k.startsWith('pdf-'));
  if (process.env.BENCH_MENUS_PDF !== '0' && (!only || pdfKeys?.length)) {
    console.log('\nPDF menus (tests/fixtures/menus-pdf; held out: two-column, leader, tiles)');
    await (await import('@/scripts/bench/pdf-score')).runPdfBench({ split: wantSplit, keys: pdfKeys });
  }
  const big = scores.filter((s) => s.technique === 'paginated');
  for (const s of big) console.log(`paginated ${s.style}: ${s.truth} products on ${Math.ceil(s.truth / 24)} pages, cold ${s.seconds.toFixed(2)} s (target ≤ 15 s)`);
  if (process.env.BENCH_MENUS_MATCH !== '0') await matching(scores);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
