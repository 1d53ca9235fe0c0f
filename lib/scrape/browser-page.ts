import type { Page } from 'playwright-core';
import { config } from '@/lib/config';
import { dedupeProducts, productIdentity } from '@/lib/scrape/normalize';
import { menuPageLinks } from '@/lib/scrape/pagination';
import { dropSizedBases, popoverPage, readPopovers } from '@/lib/scrape/browser-popovers';
import { CATEGORY_TABS, LISTBOX_OPTIONS, pageThrough, pressEach, SECTIONS } from '@/lib/scrape/browser-press';
import { WEIGHTS } from '@/lib/scrape/browser-weights';
import { LETTER_BUTTONS } from '@/lib/scrape/letter-buttons';
import { abortError, raceAbort, ScrapeError } from '@/lib/scrape/errors';
import type { ScanContext } from '@/lib/scrape/browser';
import type { PageExtraction } from '@/lib/scrape/extract';
import { acceptConsent, markClickTarget, type ClickKind } from '@/lib/scrape/browser-gates';
import { growMenu } from '@/lib/scrape/browser-grow';
import { answerZipGate } from '@/lib/scrape/browser-zip';
import { watchRotation } from '@/lib/scrape/browser-rotation';
import { revealMenu } from '@/lib/scrape/browser-reveal';
import { frameHtml, readFrames } from '@/lib/scrape/browser-read';
import { dismissOverlays } from '@/lib/scrape/browser-overlays';
import { cameBack, CHALLENGE_STATUS, cookieNames, passInterstitial, watchNavigations } from '@/lib/scrape/browser-challenge';
import { ALL_ELEMENTS, SCROLL_PANELS, settlePage, textPrint, trackRequests, waitChange } from '@/lib/scrape/browser-wait';
import type { ScrapedProduct } from '@/lib/scrape/types';
import { politeGoto } from '@/lib/scrape/browser-polite';
import type { Politeness } from '@/lib/scrape/rate-limit';

/**
 * Drives one menu page in the scan's browser context: load, let scripts settle, pass an age gate
 * and a store/location picker when the page shows one, read every frame (cross-origin ones
 * included, as Chromium renders them out of process but Playwright still reaches them), and
 * take a full-page screenshot.
 */

export interface RenderOptions {
  useInteract: boolean;
  screenshot: boolean;
  signal?: AbortSignal;
  extract: (html: string, url: string) => Promise<PageExtraction>;
  /** "Load more" clicks / scroll rounds that grew the menu, at most (SCRAPE_MAX_PAGES left). */
  maxRounds?: number;
  /** Called after each round that added to the menu. */
  onRound?: (what: string) => void;
  /** The menu's link pages were read over plain HTTP already (the browser need not follow them). */
  linksRead?: boolean;
  /** The scan's waits for servers that answered 429 / 503 (rate-limit.ts). */
  polite?: Politeness;
}

export interface RenderResult {
  url: string;
  products: ScrapedProduct[];
  method: PageExtraction['method'];
  framesRead: string[];
  interactions: string[];
  screenshot: Buffer | null;
  /** Sizes were read from cards' popovers (their range-priced cards dropped). */
  popovers?: boolean;
}

export { MED_CHOICE, REC_CHOICE } from '@/lib/scrape/browser-gates';

const settle = (page: Page, ms = 4_000, pendingMs = 0) => settlePage(page, ms, pendingMs);

async function interact(page: Page, kind: ClickKind, interactions: string[]): Promise<boolean> {
  for (const frame of page.frames()) {
    const token = `${kind}-${interactions.length}`;
    const before = await textPrint(page);
    if (!(await markClickTarget(frame, kind, token))) continue;
    const target = frame.locator(`[data-scan-click="${token}"]`);
    if ((await target.count().catch(() => 0)) > 0)
      await target
        .first()
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    interactions.push(`${kind}@${new URL(frame.url()).pathname}`);
    await settle(page, 3_000);
    // The menu a gate or a store choice reveals is often fetched and rendered a moment after the
    // network goes quiet (a timer, an animation): wait for the text to change and settle.
    // A click that changed nothing (a footer's "Must be 21+" taken for a gate, a confirm button
    // with no choice made) does not count: the next kind of step is tried.
    return waitChange(page, before, 2_000);
  }
  return false;
}

/**
 * Link pagination read in the browser, for a menu behind a gate the browser passed (an age gate
 * that sets a cookie and redirects): the plain-HTTP crawl holds no cookie and only ever saw the
 * gate, so the page's next and numbered links (same origin and path family, pagination.ts) are
 * opened in the same tab, which carries the gate's cookie. A page that adds no new product is not
 * followed further; bounded by the rounds left (SCRAPE_MAX_PAGES) and the signal.
 */
async function followPageLinks(
  page: Page,
  first: ScrapedProduct[],
  maxRounds: number,
  opts: RenderOptions,
  asked: string,
): Promise<{ products: ScrapedProduct[]; rounds: number }> {
  const keys = new Set(first.map(productIdentity));
  const products = [...first];
  const seen = new Set<string>([page.url()]);
  const queue: string[] = [];
  const enqueue = async () => {
    const html = await frameHtml(page.mainFrame());
    if (!html) return;
    for (const l of menuPageLinks(html, page.url(), asked)) {
      if (seen.has(l)) continue;
      seen.add(l);
      queue.push(l);
    }
  };
  await enqueue();
  let rounds = 0;
  while (queue.length && rounds < maxRounds) {
    if (opts.signal?.aborted) throw abortError(opts.signal);
    const url = queue.shift()!;
    const nav = await politeGoto(page, url, opts.polite, opts.signal).catch(() => null);
    if (!nav || nav.status() >= 400) continue;
    seen.add(page.url());
    await settle(page, 2_000);
    rounds++;
    opts.onRound?.(page.url());
    const fresh = (await readFrames(page, opts)).products.filter((p) => !keys.has(productIdentity(p)));
    if (!fresh.length) continue;
    for (const p of fresh) keys.add(productIdentity(p));
    products.push(...fresh);
    await enqueue();
  }
  return { products, rounds };
}

/**
 * One step of a sweep: the window and every inner scroll panel scrolled by 90 % of their height
 * (or back to the top), each hearing a `scroll` event; answers whether anything moved.
 */
const SCROLL_STEP = `((toTop) => { ${ALL_ELEMENTS}; ${SCROLL_PANELS}; let moved = false; const y = window.scrollY; if (toTop) window.scrollTo(0, 0); else window.scrollBy(0, Math.max(200, window.innerHeight * 0.9)); if (window.scrollY !== y) moved = true; window.dispatchEvent(new Event('scroll')); for (const el of scrollPanels()) { const t = el.scrollTop; el.scrollTop = toTop ? 0 : t + Math.max(100, el.clientHeight * 0.9); if (el.scrollTop !== t) moved = true; el.dispatchEvent(new Event('scroll')); } return moved; })`;

/** Resolves after two animation frames, or after 120 ms (frames out of view get no animation frames). */
const AFTER_PAINT = `new Promise((resolve) => { let done = false; const end = () => { if (!done) { done = true; resolve(true); } }; requestAnimationFrame(() => requestAnimationFrame(end)); setTimeout(end, 120); })`;

/** Sweeps stop after this long, or after this many steps (a very long page is not read screen by screen forever). */
const SWEEP_MS = 30_000;
const SWEEP_STEPS = 250;

/**
 * Virtualised lists keep only the rows in view (plus a few) in the DOM and replace them as the
 * list scrolls, so neither the first read nor the scroll to the end sees them all. From the top,
 * the window and the inner scroll panels are stepped down a screen at a time and read at each
 * step, new products kept; it gives up after three steps that bring nothing new when the sweep
 * has found nothing yet (an ordinary page), and stops at the end, at SWEEP_MS / SWEEP_STEPS, or
 * on the signal.
 */
async function sweepVirtual(page: Page, first: ScrapedProduct[], opts: RenderOptions): Promise<{ products: ScrapedProduct[]; fresh: number }> {
  const keys = new Set(first.map(productIdentity));
  const products = [...first];
  const step = async (toTop: boolean) => {
    let moved = false;
    for (const f of page.frames()) moved = Boolean(await f.evaluate<boolean>(`${SCROLL_STEP}(${toTop})`).catch(() => false)) || moved;
    return moved;
  };
  const take = async () => {
    let n = 0;
    for (const p of (await readFrames(page, opts)).products) {
      const k = productIdentity(p);
      if (keys.has(k)) continue;
      keys.add(k);
      products.push(p);
      n++;
    }
    return n;
  };
  const end = Date.now() + SWEEP_MS;
  await step(true);
  await page.waitForTimeout(150);
  let fresh = await take();
  let idle = 0;
  for (let i = 0; i < SWEEP_STEPS && Date.now() < end; i++) {
    if (opts.signal?.aborted) throw abortError(opts.signal);
    if (!(await step(false))) break;
    // A virtualised list renders its new rows within a frame or two of the scroll event: read
    // after two animation frames (120 ms at most); in a list being swept, a step that shows nothing
    // new is read once more after 150 ms before it counts as idle (a list that renders on a timer).
    for (const f of page.frames()) await f.evaluate(AFTER_PAINT).catch(() => undefined);
    let n = await take();
    if (n === 0 && fresh > 0) {
      await page.waitForTimeout(150);
      n = await take();
    }
    fresh += n;
    idle = n ? 0 : idle + 1;
    if (fresh === 0 && idle >= 3) break;
  }
  return { products, fresh };
}

/**
 * The whole page from the top, down to SCRAPE_SCREENSHOT_MAX_HEIGHT CSS pixels (default 4000):
 * a 200-product menu is ~36,000 px tall, and capturing all of it took 6-7 s and 2 MB of PNG
 * against ~1 s and ~0.25 MB for the first 4000 px (docs/performance.md).
 */
async function fullPageScreenshot(page: Page): Promise<Buffer | null> {
  const maxHeight = config().scrape.screenshotMaxHeight;
  const height = Number(await page.evaluate('document.documentElement.scrollHeight').catch(() => 900)) || 900;
  const width = page.viewportSize()?.width ?? 1280;
  return page
    .screenshot({ fullPage: true, type: 'png', timeout: 15_000, scale: 'css', animations: 'disabled', clip: { x: 0, y: 0, width, height: Math.min(height, maxHeight) } })
    .catch(() => null);
}

export async function renderMenuPage(scan: ScanContext, url: string, opts: RenderOptions): Promise<RenderResult> {
  const page = await raceAbort(scan.context.newPage(), opts.signal);
  trackRequests(page);
  const watch = watchNavigations(page);
  const cookiesBefore = await cookieNames(scan.context, url);
  const interactions: string[] = [];
  try {
    // Paced by the origin, and loaded again after a 429 / 503 that asked to wait (browser-polite.ts).
    const nav = await politeGoto(page, url, opts.polite, opts.signal).catch((e: Error) => {
      if (opts.signal?.aborted) throw abortError(opts.signal);
      const refused = scan.blocked.find((b) => b.reason === 'address-refused' || b.reason === 'scheme-refused');
      if (refused) throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'address-refused', `Menu not accessible: the page led to a refused address (${new URL(refused.url).host})`);
      const timedOut = scan.blocked.find((b) => b.url === url && b.reason === 'fetch-timeout');
      if (timedOut || /timeout/i.test(e.message)) throw new ScrapeError('SCAN_TIMEOUT', 'browser-timeout', 'Scan timed out: the menu page did not load in the browser');
      throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'browser-navigation-failed', `Menu not accessible: ${e.message.split('\n')[0]}`);
    });
    // A bot check answered 403 / 429 / 503 whose script passes it (browser-challenge.ts): its menu.
    if (nav && nav.status() >= 400 && !(CHALLENGE_STATUS.has(nav.status()) && (await passInterstitial(page, watch, 15_000)))) {
      throw new ScrapeError('MENU_NOT_ACCESSIBLE', `http-${nav.status()}`, `Menu not accessible: the menu page answered ${nav.status()}`);
    }
    // A slow menu API, an event stream: its answer is awaited (up to 9 s) before the first read.
    await settle(page, 4_000, 9_000);
    // A page that set a cookie and replaced itself with itself before the menu showed (a bot
    // check's reload or redirect back) holds its pass only in the browser: its page links are
    // followed here (unless plain HTTP read them).
    const selfSent = !opts.linksRead && cameBack(watch, url, page.url()) && (await cookieNames(scan.context, page.url())).some((n) => !cookiesBefore.includes(n));
    // A cookie-consent wall over the page would intercept every click after it.
    await acceptConsent(page, interactions);
    // A newsletter / deals pop-up with nothing to accept would too: it is closed.
    await dismissOverlays(page, interactions);

    let read = await readFrames(page, opts);
    // Up to three rounds of gate → picker → wait, re-reading after each step.
    for (let round = 0; round < 3 && read.products.length === 0; round++) {
      if (opts.signal?.aborted) throw abortError(opts.signal);
      const acted =
        (await interact(page, 'age', interactions)) ||
        (await interact(page, 'menu-type', interactions)) ||
        (await interact(page, 'store', interactions)) ||
        (await answerZipGate(page, interactions));
      if (!acted) await page.waitForTimeout(600);
      read = await readFrames(page, opts);
      if (!acted && read.products.length === 0 && round > 0) break;
    }
    // A menu that loads only once scrolled to (below the fold) or behind one "Show menu" button.
    if (read.products.length === 0 && (await revealMenu(page, interactions))) read = await readFrames(page, opts);
    // A menu in collapsed category sections: open every section (before or without products shown).
    let sectionRounds = 0;
    if ((opts.maxRounds ?? 3) > 0) {
      const opened = await pressEach(page, SECTIONS, read.products, opts.maxRounds ?? 3, interactions, opts);
      sectionRounds = opened.rounds;
      if (opened.rounds > 0) read = { ...(await readFrames(page, opts)), products: dedupeProducts(opened.products) };
    }
    // A landing view that shows only the menu's categories (hash routes `#/flower`, tabs that
    // fetch their products): every category pressed in turn.
    let tabsPressed = false;
    if (read.products.length === 0 && (opts.maxRounds ?? 3) - sectionRounds > 0) {
      const tabbed = await pressEach(page, CATEGORY_TABS, [], (opts.maxRounds ?? 3) - sectionRounds, interactions, opts);
      if (tabbed.rounds > 0) {
        read = { ...(await readFrames(page, opts)), products: dedupeProducts(tabbed.products) };
        sectionRounds += tabbed.rounds;
        tabsPressed = true;
      }
    }
    if (read.products.length > 0 && (opts.maxRounds ?? 3) - sectionRounds > 0) {
      // Lazy lists: scroll every frame to its end and press "load more" / "show more" until the
      // document stops growing (no new products), bounded by the rounds left.
      const rounds = sectionRounds + (await growMenu(page, (opts.maxRounds ?? 3) - sectionRounds, interactions, opts));
      if (rounds > 0) {
        const again = await readFrames(page, opts);
        if (again.products.length > read.products.length) read = again;
      }
      // Numbered page buttons / a next button that swap the products in place.
      const paged = await pageThrough(page, read.products, (opts.maxRounds ?? 3) - rounds, interactions, opts);
      const gated = selfSent || interactions.some((i) => i.startsWith('age@') || i.startsWith('menu-type@') || i.startsWith('store@') || i.startsWith('zip@'));
      const linked = paged.rounds === 0 && gated ? await followPageLinks(page, read.products, (opts.maxRounds ?? 3) - rounds, opts, url) : { products: [], rounds: 0 };
      if (paged.rounds > 0) read = { ...read, products: dedupeProducts(paged.products) };
      else if (linked.rounds > 0) read = { ...read, products: dedupeProducts(linked.products) };
      else {
        // Virtualised lists: read the list screen by screen.
        const swept = await sweepVirtual(page, read.products, opts);
        if (swept.fresh > 0) {
          read = { ...read, products: dedupeProducts(swept.products) };
          opts.onRound?.(`${page.url()}#sweep`);
        }
      }
      // Category tabs that are buttons: every category, one at a time.
      const left = (opts.maxRounds ?? 3) - rounds - paged.rounds - linked.rounds;
      if (left > 0 && !tabsPressed) {
        let tabbed = await pressEach(page, CATEGORY_TABS, read.products, left, interactions, opts);
        // Else a custom select's options: the category chosen in a listbox.
        if (tabbed.rounds === 0) tabbed = await pressEach(page, LISTBOX_OPTIONS, read.products, left, interactions, opts);
        // Else an A–Z bar of buttons: every letter (letter-buttons.ts).
        if (tabbed.rounds === 0) tabbed = await pressEach(page, LETTER_BUTTONS, read.products, left, interactions, opts);
        if (tabbed.rounds > 0) read = { ...read, products: dedupeProducts(tabbed.products) };
      }
    }
    // A menu board showing one slide at a time on a timer (a slide's change may have looked like growth above): every slide.
    if (read.products.length > 0) {
      const turned = await watchRotation(page, read.products, async () => (await readFrames(page, opts)).products, { signal: opts.signal, onRound: opts.onRound });
      if (turned.rounds > 0) read = { ...read, products: dedupeProducts(turned.products) };
    }
    // One weight chosen for the whole menu by a toggle switched in place: every other weight.
    if (read.products.length > 0) {
      const weighed = await pressEach(page, WEIGHTS, read.products, Math.max(opts.maxRounds ?? 3, 6), interactions, opts);
      if (weighed.rounds > 0) read = { ...read, products: dedupeProducts(weighed.products) };
    }
    // Cards whose sizes and prices are only in a popover opened from the card: open each one.
    // An opener that sent the page away instead (browser-popovers.ts) ends the step; the menu
    // read so far stands, and its address and picture are the menu page's, taken before.
    const menuUrl = page.url();
    const screenshot = opts.screenshot ? await fullPageScreenshot(page) : null;
    let popovers = false;
    // Where the scan's own click on a card took the page is not where the page sent the browser.
    let ownClickAt = Infinity;
    if (read.products.length > 0) {
      const before = scan.blocked.length;
      const { dialogs, left } = await readPopovers(page, { max: 300, signal: opts.signal });
      if (left) ownClickAt = before;
      if (dialogs.length >= 2) {
        const sized = await opts.extract(popoverPage(dialogs), menuUrl);
        if (sized.products.length) {
          read = { ...read, products: dropSizedBases(dedupeProducts([...read.products, ...sized.products])) };
          opts.onRound?.(`${menuUrl}#popovers`);
          popovers = true;
        }
      }
    }
    // The page sent the browser on to a refused address (script `location=`, meta refresh, a
    // redirect after an interaction): the menu is where it wanted to go, and may not be reached.
    // Reading the abandoned page instead would report a wrong or empty menu as a success.
    const leftForRefused = scan.blocked.slice(0, ownClickAt).find((b) => b.topLevel && (b.reason === 'address-refused' || b.reason === 'scheme-refused'));
    if (leftForRefused) {
      throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'address-refused', `Menu not accessible: the page navigated to a refused address (${new URL(leftForRefused.url).host})`);
    }
    return { url: menuUrl, products: read.products, method: read.method, framesRead: read.urls, interactions, screenshot, popovers };
  } finally {
    await page.close().catch(() => undefined);
  }
}
