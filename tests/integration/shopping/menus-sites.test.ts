import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as scanToken } from '@/app/api/v1/shopping/scan-token/route';
import { GET as streamRun } from '@/app/api/v1/shopping/runs/[runId]/stream/route';
import { GET as cached } from '@/app/api/v1/shopping/scan/[domain]/cached/route';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { resetConfig } from '@/lib/config';
import { browserAvailable, closeBrowser, scrapeMenu } from '@/lib/scrape';
import { localRunner } from '@/lib/tasks';
import { menuDataPresent, slug, type TruthProduct } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { azGroups, azHref } from '@/tests/fixtures/menus-sites/twentythird-menus';
import { readSse } from '@/tests/helpers/sse';
import { authHeader, call } from '@/tests/helpers/route';

// Issue 13 end to end on real PostgreSQL and real Chromium: the generated dispensary sites (one
// per technique, mixing tuned and held-out markup styles; the category-pages technique on a
// Shopify-Dawn-like shop, a CSS-in-JS store through the browser) scanned through POST
// /shopping/scan-token with triggerServerSide, and the cache carrying no one's personal data.
const KEYS = [
  'paginated-grid',
  'load-more-list',
  'infinite-table',
  'iframe-text',
  'age-gate-grid',
  'app-state-list',
  'page-buttons-grid',
  'categories-dawn',
  'load-more-css',
  // Fifth round (branch menus5): a virtualised list read screen by screen; an age gate that sets
  // a cookie by a form post and redirects, then link pagination read in the browser.
  'virtual-table',
  'age-redirect-list',
  // Sixth round (branch menus6): a store picker (radios + Confirm) before a JSON-fed menu; a
  // menu shown one category at a time behind tab buttons.
  'store-picker-table',
  'tabs-css',
  // Seventh round (branch menus7): a platform iframe created by an embed loader script after
  // load (plus a tracking frame at a refused address), its server-rendered pages linked ?page=N.
  'embed-loader-dawn',
  // Eighth round (branch menus8): category tab buttons, each tab's products behind a page-button
  // pager of its own (every page of every tab clicked).
  'tab-pages-woo',
  // Ninth round (branch menus9): a Recreational / Medical choice before the menu (the
  // recreational prices are the ones paid); range-priced cards whose sizes and prices are only in
  // a popover opened per card.
  'rec-med-dawn',
  'size-popover-grid',
  // Tenth round (branch menus10): a cookie-consent wall over a "Load more" menu (accepted, then
  // the button clicked to the end); a listing of names and links whose prices are only on each
  // product's own page (every product page read over guarded HTTP).
  'consent-wall-woo',
  'detail-pages-dawn',
  // Eleventh round (branch menus11): a menu streamed by named Server-Sent Events left open with
  // heartbeats (read through the browser guard within its window); a menu URL that sets a store
  // cookie by a redirect chain and sends the visitor back, its pages reached with that cookie.
  'sse-stream-css',
  'store-redirect-text',
  // Twelfth round (branch menus12): a menu delivered over a WebSocket (Socket.IO framing, left
  // open with pings; relayed through the address rule); category carousels showing four slides
  // each, the rest behind each rail's "Slide right" arrow (a "1 / 8" counter beside it).
  'websocket-list',
  'carousel-dawn',
  'paginated-text',
  // Thirteenth round (branch menus13): the whole menu in an iframe srcdoc document; a bot-check
  // interstitial (503 and a script that sets its cookie and reloads) before every menu page.
  'srcdoc-frame-grid',
  'js-challenge-woo',
  // Fourteenth round (branch menus14): the menu only as Nuxt 3 __NUXT_DATA__ (devalue-flattened);
  // categories chosen only in WooCommerce's category dropdown (its handler sets ?product_cat=).
  'flat-state-grid',
  'select-category-woo',
  // Fifteenth round (branch menus15): the platform frame only in lazysizes' data-src (and a
  // tracking pixel at a refused address behind data-src too); one weight chosen for the whole
  // flower menu, the others through WooCommerce's layered-nav weight filter.
  'lazy-frame-grid',
  'weight-toggle-woo',
  // Sixteenth round (branch menus16): the platform menu in an <object data> on another host (read
  // over guarded HTTP like a frame); a WooCommerce loop whose title hook is removed (names only in
  // the thumbnail's alt and the add-to-cart aria-label).
  'object-embed-grid',
  'image-names-woo',
  // Seventeenth round (branch menus17): a Turbo frame with loading="lazy" below the fold (the
  // page scrolled to it, its HTML fragment read); a menu a page script fetches as an RSS feed
  // with Google Merchant `g:price` and renders.
  'html-fragment-grid',
  'xml-feed-table',
  // Eighteenth round (branch menus18): a menu only in a <noscript> that frames a basic menu page
  // (the frame crawled over guarded HTTP); cards whose brand and price are only in each card's
  // quick-view <template>.
  'noscript-menu-text',
  'template-cards-woo',
  // Twentieth round (branch menus20): a Shopify shop answering 429 with `Retry-After: 2.0` past a burst of three
  // page requests (every page read after waiting as asked); pages reached only through a "Go to
  // page" number input in a GET form that carries a hidden sort field.
  'rate-limit-dawn',
  'select-pager-list',
  // Twenty-first round (branch menus21): a shop page holding its other stores' menus (the same
  // products at other prices) in panels a class of the page's CSS hides; a German WooCommerce shop
  // (`25,00 €`, "Ursprünglicher Preis war:", Germanized unit prices, "Ausverkauft" cards, pages
  // `/shop/page/N/`).
  'store-tabs-woo',
  'german-menu-woo',
  // Twenty-second round (branch menus22): a digital menu board whose slides are pages chained by a
  // slow `<meta http-equiv="refresh">`, the last back to the first.
  'menu-board-table',
  // Twenty-third round (branch menus23): a menu split by first letter, only the first letter's
  // products on the URL given, the others behind an A–Z bar of `?letter=` links.
  'az-index-grid',
  // Twenty-fourth round (branch menus24): a delivery menu behind a ZIP-code form that POSTs, sets
  // a cookie and redirects back; the ZIP is the store's own, read from the address on the page.
  'zip-gate-list',
] as const;
const run = Boolean(process.env.DATABASE_URL) && browserAvailable() && menuDataPresent();

describe.runIf(run)('generated dispensary sites through the API', () => {
  let sites: MenuSitesServer;
  let db: Db;
  beforeAll(async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    process.env.RUN_STREAM_POLL_MS = '50';
    db = await ready();
    sites = await startMenuSites({ keys: [...KEYS] });
  });
  afterAll(async () => {
    await localRunner().drain();
    await closeBrowser();
    await sites?.close();
  });

  const scan = async (user: string, body: Record<string, unknown>) =>
    call(scanToken, {
      path: '/api/v1/shopping/scan-token',
      method: 'POST',
      body: { dispensaryName: 'Generated', userId: user, triggerServerSide: true, ...body },
      headers: await authHeader(user, 'free'),
    });
  async function toEnd(t: { runId: string; publicAccessToken: string }) {
    const r = await call(streamRun, { path: `/api/v1/shopping/runs/${t.runId}/stream`, params: { runId: t.runId }, headers: { authorization: `Bearer ${t.publicAccessToken}` } });
    return (await readSse(r.response)).events.map((e) => e.data);
  }
  const money = (s: string | null | undefined) => (s ? Number(s.replace(/[^0-9.]/g, '')) : null);

  it.each(KEYS.filter((k) => k !== 'paginated-text'))('%s: every product, at the price paid, pages and platform in the metadata', async (key) => {
    const site = sites.site(key);
    const t = (await scan('menus-user', { menuUrls: [site.url], forceRefresh: true })).body.data;
    expect(t.runId).toMatch(/^run_/);
    const events = await toEnd(t);
    const last = events.at(-1);
    expect(last.status).toBe('COMPLETED');
    const out = last.output;
    const truth = new Map<string, TruthProduct>(site.spec.products.map((p) => [p.name.toLowerCase(), p]));
    expect(out.stats.productsCount).toBe(site.spec.products.length);
    for (const p of out.products) {
      const want = truth.get(String(p.rawName).toLowerCase());
      expect(want, p.rawName).toBeDefined();
      expect(money(p.price), p.rawName).toBeCloseTo(want!.price, 2);
      expect(money(p.regularPrice), p.rawName).toBe(want!.regularPrice);
    }
    // Run metadata: pages visited reported while scraping, and the platform key.
    // 16 linked pages; 8 pages behind numbered buttons (page 1 over HTTP, then 7 clicks in the
    // browser); a menu split into category pages: the landing page + every category's pages; a
    // menu behind category tab buttons: the page + each further tab pressed; tabs with pagers of
    // their own: every page of every tab.
    const perLabel = new Map<string, number>();
    for (const p of site.spec.products) perLabel.set(p.label, (perLabel.get(p.label) ?? 0) + 1);
    const categoryPages = 1 + [...perLabel.values()].reduce((n, k) => n + Math.ceil(k / site.spec.perPage), 0);
    const gatedPages = Math.ceil(site.spec.products.length / site.spec.perPage);
    expect(last.metadata.pagesVisited).toBeGreaterThanOrEqual(
      key === 'paginated-grid'
        ? 16
        : key === 'page-buttons-grid'
          ? 8
          : key === 'categories-dawn'
            ? categoryPages
            : key === 'age-redirect-list' || key === 'embed-loader-dawn' || key === 'store-redirect-text' || key === 'rate-limit-dawn' || key === 'select-pager-list'
              ? gatedPages
              : key === 'tabs-css'
                ? perLabel.size
                : key === 'tab-pages-woo'
                  ? categoryPages - 1
                  : key === 'detail-pages-dawn'
                    ? 1 + site.spec.products.length
                    : key === 'select-category-woo'
                      ? 1 + perLabel.size
                      : key === 'carousel-dawn'
                        ? 1 + [...perLabel.values()].reduce((n, k) => n + Math.ceil(k / 4) - 1, 0)
                        : 1,
    );
    expect(last.metadata.platform ?? null).toBe(site.spec.platform);
    const scraping = events.filter((e) => e.metadata?.currentStage === 'scrape' && typeof e.metadata?.pagesVisited === 'number');
    if (key === 'paginated-grid') expect(scraping.length).toBeGreaterThan(0);
    // The frame the loader created was found in the browser and its pages crawled over HTTP.
    if (key === 'embed-loader-dawn') for (let n = 2; n <= gatedPages; n++) expect(site.hits, `page ${n}`).toContain(`frame:/embed/menu?page=${n}`);
    // Every page of the store's menu was answered with the store cookie (no page served the chooser chain again).
    if (key === 'store-redirect-text') for (let n = 2; n <= gatedPages; n++) expect(site.hits, `page ${n}`).toContain(`main:/menu?page=${n}`);
    // Every category the dropdown offers was read at the URL its change handler builds.
    if (key === 'select-category-woo') for (const l of perLabel.keys()) expect(site.hits).toContain(`main:/menu?product_cat=${slug(l)}`);
    // Every page the "Go to page" form offers was read at the URL the form submits (its hidden sort kept).
    if (key === 'select-pager-list') for (let n = 2; n <= gatedPages; n++) expect(site.hits, `page ${n}`).toContain(`main:/menu?sort=name&pg=${n}`);
    // The lazily loaded frame was read; every weight the filter offers was read at its own URL.
    if (key === 'lazy-frame-grid') expect(site.hits).toContain('frame:/embed/menu');
    if (key === 'weight-toggle-woo')
      for (const w of new Set(site.spec.products.map((p) => p.size))) if (w !== '3.5g') expect(site.hits).toContain(`main:/menu?filter_weight=${slug(w!)}`);
    // The lazy fragment was fetched by the page's own script once the frame was scrolled to.
    if (key === 'html-fragment-grid') expect(site.hits).toContain('main:/fragments/menu');
    // The basic menu page the <noscript> frames was read (the app's failing API never mattered).
    if (key === 'noscript-menu-text') expect(site.hits).toContain('main:/menu/basic');
    // Every slide of the board was read at its own page (the chain's refreshes followed as next pages).
    if (key === 'menu-board-table') for (let n = 2; n <= 7; n++) expect(site.hits, `slide ${n}`).toContain(`main:/board/${n}`);
    // Every letter of the A–Z bar was read at its own page.
    if (key === 'az-index-grid') for (const l of [...azGroups(site.spec.products).keys()].slice(1)) expect(site.hits, `letter ${l}`).toContain(`main:${azHref('grid', l)}`);
    // The ZIP form was posted (the browser answered the gate) before the menu was read.
    if (key === 'zip-gate-list') expect(site.hits).toContain('main:/location');
    // Every product's own page was read (once each).
    if (key === 'detail-pages-dawn') expect(site.hits.filter((h) => h.startsWith('main:/products/')).length).toBeGreaterThanOrEqual(site.spec.products.length);
  });

  it('numbered page buttons without links: every page clicked in turn, bounded by SCRAPE_MAX_PAGES, no furniture as products', async () => {
    const site = sites.site('page-buttons-grid');
    const all = await scrapeMenu({ menuUrls: [site.url], model: null, screenshot: false });
    expect(all.usedBrowser).toBe(true);
    expect(all.products.map((p) => p.rawName.toLowerCase()).sort()).toEqual(site.spec.products.map((p) => p.name.toLowerCase()).sort());
    // page 1 over HTTP, then pages 2..8 clicked in the browser
    expect(all.pagesVisited.filter((u) => /#page-\d+$/.test(u)).map((u) => Number(/#page-(\d+)$/.exec(u)![1]))).toEqual([2, 3, 4, 5, 6, 7, 8]);
    process.env.SCRAPE_MAX_PAGES = '3';
    resetConfig();
    try {
      const bounded = await scrapeMenu({ menuUrls: [site.url], model: null, screenshot: false });
      expect(bounded.products).toHaveLength(3 * site.spec.perPage);
    } finally {
      delete process.env.SCRAPE_MAX_PAGES;
      resetConfig();
    }
  });

  it('no personal data in the cache: scanned as one user with favorites and stash, read as another', async () => {
    const site = sites.site('paginated-text');
    const fav = site.spec.products.find((p) => p.category === 'Flower')!;
    const low = site.spec.products.filter((p) => p.category === 'Flower')[1];
    const contextA = {
      favorites: [{ name: fav.name }],
      stashItems: [{ name: low.name, remainingGrams: 1 }],
      recentOrders: [{ name: low.name }],
    };
    const t = (await scan('user-a', { menuUrls: [site.url], forceRefresh: true, userContext: contextA })).body.data;
    const last = (await toEnd(t)).at(-1);
    expect(last.status).toBe('COMPLETED');
    const mine = last.output;
    const tagsOf = (o: { products: Array<{ rawName: string; tags: string[] }> }, name: string) => o.products.find((p) => p.rawName === name)?.tags ?? [];
    // User A's own answer is personalised.
    expect(tagsOf(mine, fav.name)).toContain('favorite_in_stock');
    expect(tagsOf(mine, low.name)).toEqual(expect.arrayContaining(['running_low', 'bought_before']));
    expect(mine.recommendations.length).toBeGreaterThan(0);

    // The stored record: tags [] everywhere, recommendations [].
    const row = await db.query<{
      scan_results: { products: Array<{ tags: string[] }>; matchedProducts: Array<{ tags: string[] }>; unmatchedProducts: Array<{ tags: string[] }>; recommendations: unknown[] };
    }>('SELECT scan_results FROM scan_cache WHERE website_domain = $1', [t.domain]);
    expect(row.rows).toHaveLength(1);
    const stored = row.rows[0].scan_results;
    expect(stored.recommendations).toEqual([]);
    for (const list of [stored.products, stored.matchedProducts, stored.unmatchedProducts]) for (const p of list) expect(p.tags).toEqual([]);
    expect(JSON.stringify(stored)).not.toMatch(/favorite_in_stock|running_low|bought_before/);

    // User B, another user, reads the cache: none of A's tags; B's own context applies.
    const b = (await scan('user-b', { menuUrls: [site.url] })).body.data;
    expect(b.isCached).toBe(true);
    const theirs = b.cachedData.scan_results;
    expect(theirs.products).toHaveLength(site.spec.products.length);
    expect(JSON.stringify(theirs)).not.toMatch(/favorite_in_stock|running_low|bought_before/);
    const c = (await scan('user-c', { menuUrls: [site.url], userContext: { favorites: [{ name: low.name }] } })).body.data;
    expect(c.isCached).toBe(true);
    expect(tagsOf(c.cachedData.scan_results, low.name)).toContain('favorite_in_stock');
    expect(tagsOf(c.cachedData.scan_results, fav.name)).not.toContain('favorite_in_stock');

    // GET …/cached serves the record as stored: no tags.
    const rec = await call(cached, { path: `/api/v1/shopping/scan/${t.domain}/cached`, params: { domain: t.domain }, headers: await authHeader('user-b', 'free') });
    expect(rec.status).toBe(200);
    expect(JSON.stringify(rec.body.data.scan_results)).not.toMatch(/favorite_in_stock|running_low|bought_before/);
  });
});
