import { logger } from '@/lib/log';
import { browserAvailable, openScanContext } from '@/lib/scrape/browser';
import { renderMenuPage } from '@/lib/scrape/browser-page';
import { abortError, raceAbort, ScrapeError, throwIfAborted } from '@/lib/scrape/errors';
import { dropSizedBases } from '@/lib/scrape/browser-popovers';
import { defaultMenuModel } from '@/lib/scrape/extract/ai';
import { extractDetailPage, extractFromHtml, needsBrowser, pageSignals, restNeedsBrowser, type PageExtraction } from '@/lib/scrape/extract';
import { detailLinks, detailLinksDead } from '@/lib/scrape/detail-pages';
import { postbackRequests, type PostRequest } from '@/lib/scrape/postback';
import { CookieJar } from '@/lib/scrape/cookie-jar';
import { canonicalCategory, dedupeProducts } from '@/lib/scrape/normalize';
import { discoverMenuUrls } from '@/lib/scrape/sitemap';
import type { ProductCategory, ScrapedProduct, ScrapeMenuResult } from '@/lib/scrape/types';
import { isWildcardUrl, matchingLinks, WILDCARD_LIMITS, wildcardPattern } from '@/lib/scrape/wildcard';
import { config } from '@/lib/config';
import { categoryLinks, frameUrls, loadPage, paginationLinks } from '@/lib/scrape/pagination';
import { categoryFormUrls } from '@/lib/scrape/category-forms';
import { allStated } from '@/lib/scrape/stated-count';
import { detectPlatform } from '@/lib/scrape/platforms';
import { addNew, type Crawl } from '@/lib/scrape/crawl-state';
import { pdfSources, renderedPdfSources } from '@/lib/scrape/pdf/menu';
import { crawlPdf, fetchPage, note, progress, type Run, type ScrapeMenuOptions } from '@/lib/scrape/scan-run';
import { politeness } from '@/lib/scrape/rate-limit';
import { isPdfBytes, PDF_LIMITS } from '@/lib/scrape/pdf/text';

/**
 * The scrape stage's cascade (docs/scraping.md):
 *   1. wildcard multi-page extraction for menu URLs containing `*`;
 *   2. each plain URL over HTTP: structured data, then the AI step (model or heuristic reader);
 *      the browser when that found nothing and the page needs scripts / hides the menu behind a
 *      gate, picker or frame, or always when `useInteract` is set;
 *   3. nothing found on a reachable site: menu URLs from robots.txt / sitemap.xml, step 2 again.
 * Over HTTP the scan keeps its cookies (cookie-jar.ts) and follows HTML refreshes (meta-refresh.ts).
 * A menu that could not be reached at all raises the first ScrapeError; a reachable menu with no
 * products returns `products: []` (the pipeline reports it as `no-products`).
 */

async function viaBrowser(run: Run, url: string, linksRead = false): Promise<(PageExtraction & { frames: string[]; popovers: boolean; pdfs: string[] }) | null> {
  if (!browserAvailable()) {
    logger().warn({ url }, 'scrape: page needs a browser but Chromium is not available');
    return null;
  }
  const pdfs: string[] = [];
  try {
    run.browser ??= await raceAbort(openScanContext({ signal: run.opts.signal, resolver: run.opts.resolver }), run.opts.signal);
    run.usedBrowser = true;
    const r = await raceAbort(
      renderMenuPage(run.browser, url, {
        useInteract: run.opts.useInteract ?? false,
        linksRead,
        screenshot: run.opts.screenshot !== false && run.screenshot === null,
        signal: run.opts.signal,
        polite: run.polite,
        maxRounds: Math.max(0, run.maxPages - run.pages),
        onRound: (what) => {
          run.pages++;
          run.pagesVisited.push(what);
          progress(run, 'browser', run.fraction, `read ${what}`);
        },
        extract: (html, pageUrl) => {
          run.platform ??= detectPlatform(html, pageUrl);
          pdfs.push(...renderedPdfSources(html, pageUrl));
          return extractFromHtml(html, pageUrl, { model: run.model, signal: run.opts.signal });
        },
      }),
      run.opts.signal,
    );
    run.reachable = true;
    for (const f of r.framesRead) if (!run.pagesVisited.includes(f)) run.pagesVisited.push(f);
    if (r.screenshot) run.screenshot = r.screenshot;
    return { products: r.products, method: r.method, frames: r.framesRead, popovers: r.popovers ?? false, pdfs };
  } catch (e) {
    note(run, e);
    return null;
  }
}

/**
 * One menu URL over plain HTTP with its own pagination and frames: each page's products, then
 * its frames (every frame URL through the same guarded fetch, so a refused one is never
 * contacted), then its next / numbered page links in the same origin and path family. A page
 * already seen, or one that adds no new product, is not followed further. Bounded by
 * SCRAPE_MAX_PAGES and the scan's signal.
 */
async function crawlHttp(run: Run, url: string, c: Crawl, depth: number): Promise<void> {
  const queue: Array<string | PostRequest> = [url];
  /** Category pages of a menu split into categories: read after the menu's own pages. */
  const categories: string[] = [];
  c.seen.add(url);
  let first = depth === 0 && c.first === null;
  while ((queue.length || categories.length) && run.pages < run.maxPages) {
    throwIfAborted(run.opts.signal);
    const u = queue.length ? queue.shift()! : categories.shift()!;
    run.pages++;
    const page = await fetchPage(run, u);
    progress(run, 'pages', run.fraction, `read ${typeof u === 'string' ? u : u.url}`);
    if (!page) continue;
    if (isPdfBytes(page.body)) {
      if (c.pdfs < PDF_LIMITS.maxPdfs) await crawlPdf(run, c, [page.url], page.raw);
      continue;
    }
    if (typeof u === 'string' && page.url !== u && c.seen.has(page.url) && !first) continue;
    c.seen.add(page.url);
    run.platform ??= detectPlatform(page.body, page.url);
    const r = await extractFromHtml(page.body, page.url, { model: first ? run.model : null, signal: run.opts.signal });
    const fresh = addNew(c, r.products);
    if (fresh) c.methods.add(r.method);
    const signals = pageSignals(page.body);
    const doc = loadPage(page.body); // one parse for the link readers below (pageSignals edits its own)
    // Pages reached only by POST (postback.ts): numbered controls, else a next control per page.
    const posts = postbackRequests(page.body, page.url);
    const postPager = posts.some((p) => p.label !== 'next') ? posts.filter((p) => p.label !== 'next') : posts;
    if (first) {
      c.first = page;
      first = false;
      // A menu split into category pages: each category is crawled like a menu URL of its own
      // (its pagination followed), after the given page's own pages; so is each choice of a
      // category form control (category-forms.ts).
      for (const l of [...categoryLinks(doc, page.url, r.products.length > 0), ...categoryFormUrls(doc, page.url)]) {
        if (c.seen.has(l)) continue;
        c.seen.add(l);
        categories.push(l);
      }
      // A page without products goes to the browser only if its frames give none either (decided
      // after the crawl); one with a "load more" button goes there for the rest of the list, and
      // one with a script-driven pager (numbered buttons, no links) likewise.
      // A pager that posts forms is followed here (below), not by clicks in the browser.
      // A "load more" with nothing left (the page's stated total already read) needs no browser.
      const more = signals.loadMore && !allStated(doc, r.products.length);
      if (r.products.length > 0 && restNeedsBrowser({ ...signals, loadMore: more }, postPager.length > 0)) c.wantBrowser = true;
    } else if (depth > 0 && r.products.length === 0 && needsBrowser(signals)) c.wantBrowser = true;
    if (depth < 2) {
      for (const f of frameUrls(doc, page.url)) {
        if (c.seen.has(f) || run.pages >= run.maxPages) continue;
        await crawlHttp(run, f, c, depth + 1);
      }
      await crawlPdf(run, c, pdfSources(doc, page.url, r.products.length > 0));
    }
    if (fresh === 0) continue;
    const links = paginationLinks(doc, page.url);
    for (const l of [...links.next, ...links.numbered]) {
      if (c.seen.has(l)) continue;
      c.seen.add(l);
      queue.push(l);
    }
    for (const p of postPager) {
      const key = `POST ${p.url} ${p.label === 'next' ? p.body : `#${p.label}`}`;
      if (c.seen.has(key) || p.label === '1') continue;
      c.seen.add(key);
      queue.push(p);
    }
  }
}

/**
 * A listing without prices whose products link to their own pages (detail-pages.ts): each page read over HTTP through the
 * guarded fetch (DECISIONS §6), in listing order, bounded by SCRAPE_MAX_PAGES, the signal and `detailLinksDead`.
 */
async function crawlDetails(run: Run, c: Crawl): Promise<void> {
  if (!c.first) return;
  let read = 0;
  for (const u of detailLinks(c.first.body, c.first.url)) {
    if (run.pages >= run.maxPages || detailLinksDead(read++, c.products.length)) break;
    throwIfAborted(run.opts.signal);
    if (c.seen.has(u)) continue;
    c.seen.add(u);
    run.pages++;
    const page = await fetchPage(run, u);
    progress(run, 'pages', run.fraction, `read ${u}`);
    if (!page) continue;
    const r = await extractDetailPage(page.body, page.url);
    if (addNew(c, r.products)) c.methods.add(`detail:${r.method}`);
  }
}

/** Step 2 for one URL: HTTP (pages, frames) + extraction, then the browser when warranted. */
async function singlePage(run: Run, url: string): Promise<{ products: ScrapedProduct[]; method: string }> {
  const before = run.errors.length;
  const c: Crawl = { products: [], keys: new Set(), methods: new Set(), seen: new Set(), first: null, wantBrowser: false, pdfs: 0 };
  await crawlHttp(run, url, c, 0);
  if (c.products.length === 0) await crawlDetails(run, c);
  const page = c.first;
  const method = [...c.methods].join('+') || 'none';
  const wantBrowser = run.opts.useInteract || (page !== null && (c.products.length === 0 || c.wantBrowser) && (c.wantBrowser || needsBrowser(pageSignals(page.body))));
  // Bot walls (401/403/429, a bot check's 503 "Just a moment…") often let a real browser through.
  const botWall = !page && run.errors.length > before && /^http-(401|403|429|503)$/.test(run.errors[before]?.reason ?? '');
  if (wantBrowser || botWall) {
    const b = await viaBrowser(run, url, c.products.length > 0);
    // Frames the browser found that the page's HTML did not hold (a platform's embed loader
    // creates its iframe by script after load): each is crawled over plain HTTP like a frame of
    // the page — its own pagination followed, every URL through the same guarded fetch (DECISIONS
    // §6: a refused frame address is never contacted).
    if (b) {
      for (const f of b.frames) {
        if (c.seen.has(f) || run.pages >= run.maxPages || !/^https?:/i.test(f)) continue;
        await crawlHttp(run, f, c, 1);
      }
      await crawlPdf(run, c, b.products.length ? [] : b.pdfs); // PDFs only in the rendered page (added by script)
    }
    if (b && b.products.length) {
      const merged = dedupeProducts([...b.products, ...c.products]);
      // A strain's range-priced card the HTTP read saw gives way to its sizes the browser read.
      const sized = b.popovers ? dropSizedBases(merged) : merged;
      if (sized.length > c.products.length || sized.length < merged.length) return { products: sized, method: `browser:${b.method}` };
    }
  }
  // Frames found in the browser and crawled over HTTP may have added the products.
  return { products: c.products, method: [...c.methods].join('+') || method };
}

async function wildcard(run: Run, pattern: string): Promise<{ products: ScrapedProduct[]; method: string }> {
  const pat = wildcardPattern(pattern);
  const maxPages = WILDCARD_LIMITS.maxPages();
  const maxDepth = WILDCARD_LIMITS.maxDepth();
  const queue: Array<{ url: string; depth: number }> = [{ url: pat.start, depth: 0 }];
  const seen = new Set([pat.start]);
  const products: ScrapedProduct[] = [];
  const methods = new Set<string>();
  let pages = 0;
  while (queue.length && pages < maxPages) {
    throwIfAborted(run.opts.signal);
    const { url, depth } = queue.shift()!;
    pages++;
    const page = await fetchPage(run, url);
    if (!page) continue;
    // Per page: structured data and the heuristic reader (one model call per crawled page would
    // make a wildcard scan's cost unbounded).
    const r = await extractFromHtml(page.body, page.url, { model: null, signal: run.opts.signal });
    products.push(...r.products);
    if (r.products.length) methods.add(r.method);
    if (depth < maxDepth) {
      for (const link of matchingLinks(page.body, page.url, pat)) {
        if (!seen.has(link)) {
          seen.add(link);
          queue.push({ url: link, depth: depth + 1 });
        }
      }
    }
    progress(run, 'wildcard', 0.05 + 0.5 * (pages / maxPages), `crawled ${pages} page(s)`);
  }
  return { products: dedupeProducts(products), method: `wildcard:${[...methods].join('+') || 'none'}` };
}

function categoryFilter(categories: string[] | undefined): Set<ProductCategory> | null {
  const wanted = new Set((categories ?? []).map(canonicalCategory).filter((c): c is ProductCategory => c !== null));
  return wanted.size ? wanted : null;
}

export async function scrapeMenu(input: ScrapeMenuOptions): Promise<ScrapeMenuResult> {
  const urls = [...new Set((input.menuUrls ?? []).map((u) => u.trim()).filter(Boolean))];
  if (urls.length === 0) throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'no-menu-urls', 'Menu not accessible: no menu URL given');
  if (input.signal?.aborted) throw abortError(input.signal);
  const run: Run = {
    opts: input,
    model: input.model !== undefined ? input.model : defaultMenuModel(),
    pagesVisited: [],
    errors: [],
    reachable: false,
    usedBrowser: false,
    screenshot: null,
    browser: null,
    fraction: 0,
    platform: null,
    pages: 0,
    maxPages: config().scrape.maxPages,
    polite: politeness(),
    cookies: new CookieJar(),
  };
  try {
    progress(run, 'start', 0, `scanning ${urls.length} menu URL(s)`);
    const found: ScrapedProduct[] = [];
    const methods: string[] = [];
    const collect = (r: { products: ScrapedProduct[]; method: string }) => {
      if (r.products.length) {
        found.push(...r.products);
        methods.push(r.method);
      }
    };

    for (const [i, url] of urls.entries()) {
      collect(isWildcardUrl(url) ? await wildcard(run, url) : await singlePage(run, url));
      progress(run, 'extract', 0.1 + 0.6 * ((i + 1) / urls.length), `read ${url}`);
    }

    if (found.length === 0 && run.reachable) {
      progress(run, 'sitemap', 0.72, 'no products on the given pages; reading the sitemap');
      const origins = [...new Set(urls.map((u) => new URL(u.replace(/\*/g, '')).origin))].slice(0, 2);
      for (const origin of origins) {
        const start = urls.find((u) => u.startsWith(origin))!.replace(/\*.*$/, '');
        const discovered = await discoverMenuUrls(start, { signal: input.signal, resolver: input.resolver }).catch((e) => {
          note(run, e);
          return { urls: [] as string[], sitemapsRead: [] as string[] };
        });
        for (const [i, u] of discovered.urls.entries()) {
          if (run.pagesVisited.includes(u)) continue;
          const r = await singlePage(run, u);
          collect({ products: r.products, method: `sitemap:${r.method}` });
          progress(run, 'sitemap', 0.75 + 0.2 * ((i + 1) / discovered.urls.length), `read ${u}`);
        }
      }
    }

    if (found.length === 0 && !run.reachable && run.errors.length) throw run.errors[0];

    if (input.screenshot === true && run.screenshot === null && browserAvailable() && run.reachable) {
      // Asked for a screenshot of a menu read over plain HTTP: render the first page once.
      const first = urls.find((u) => !isWildcardUrl(u)) ?? wildcardPattern(urls[0]).start;
      await viaBrowser(run, first);
    }

    const wanted = categoryFilter(input.categories);
    const products = dedupeProducts(found).filter((p) => !wanted || wanted.has(p.category));
    progress(run, 'done', 1, `${products.length} product(s)`);
    return {
      products,
      extractionMethod: methods.length ? [...new Set(methods)].join(',') : 'none',
      pagesVisited: run.pagesVisited,
      screenshot: run.screenshot ? { data: run.screenshot, contentType: 'image/png' } : null,
      usedBrowser: run.usedBrowser,
      platform: run.platform,
    };
  } catch (e) {
    if (input.signal?.aborted) throw abortError(input.signal);
    throw e;
  } finally {
    await run.browser?.close();
  }
}
