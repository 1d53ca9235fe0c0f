import { socketsActive } from '@/lib/scrape/browser-websocket';
import type { Page } from 'playwright-core';

/**
 * Waiting on a rendered page (moved out of browser-page.ts): every element with the shadow roots
 * in it, scrolling to the end (window and inner scroll panels), the document's size and text
 * print, and waiting for either to move and settle.
 */

/**
 * Every element of the document and of the shadow roots in it (custom elements of embeds render
 * their products there, out of reach of `innerHTML` and `querySelectorAll`): open ones, and closed
 * ones kept by the scan's init script (KEEP_CLOSED_SHADOW_ROOTS in browser.ts), as page code.
 */
export const ALL_ELEMENTS = String.raw`function shadowOf(el) {
  return el.shadowRoot || (window.__scanShadowRoots && window.__scanShadowRoots.get(el)) || null;
}
function allElements() {
  const out = [];
  const walk = (root) => { for (const el of Array.from(root.querySelectorAll('*'))) { out.push(el); const sr = shadowOf(el); if (sr) walk(sr); } };
  walk(document);
  return out;
}`;

/**
 * Inner scroll panels: elements that scroll their own content (overflow auto/scroll, content at
 * least 40 px taller than the box), as page code. Menus embedded in a fixed-height panel load
 * (IntersectionObserver rooted on the panel) or render (virtualised lists) only as it scrolls.
 */
export const SCROLL_PANELS = String.raw`function scrollPanels() {
  return allElements().filter((el) => {
    if (el.scrollHeight <= el.clientHeight + 40 || el.clientHeight < 50) return false;
    const o = getComputedStyle(el).overflowY;
    return o === 'auto' || o === 'scroll' || o === 'overlay';
  });
}`;

export const SCROLL_END = `(() => { ${ALL_ELEMENTS}; ${SCROLL_PANELS}; window.scrollTo(0, document.documentElement.scrollHeight || document.body.scrollHeight); window.dispatchEvent(new Event('scroll')); for (const el of scrollPanels()) { el.scrollTop = el.scrollHeight; el.dispatchEvent(new Event('scroll')); } })()`;
export const DOM_SIZE = `(() => { ${ALL_ELEMENTS}; return allElements().length; })()`;

export async function domSize(page: Page): Promise<number> {
  let n = 0;
  for (const f of page.frames()) n += Number(await f.evaluate<number>(DOM_SIZE).catch(() => 0)) || 0;
  return n;
}

/**
 * Polls `measure` every 150 ms for up to `ms` until `moved` holds, then until it settles (the same
 * value twice in a row, at most `settleRounds` more polls); answers the last value and whether it moved.
 */
export async function waitSettled<T>(page: Page, measure: () => Promise<T>, moved: (v: T) => boolean, ms: number, settleRounds = 5): Promise<{ value: T | null; moved: boolean }> {
  const end = Date.now() + ms;
  let value: T | null = null;
  while (Date.now() < end) {
    await page.waitForTimeout(150);
    value = await measure();
    if (!moved(value)) continue;
    // Let the batch finish rendering.
    for (let i = 0; i < settleRounds; i++) {
      await page.waitForTimeout(150);
      const again = await measure();
      if (again === value) break;
      value = again;
    }
    return { value, moved: true };
  }
  return { value, moved: false };
}

/** Waits up to `ms` for the document (all frames) to grow past `prev` and settle; answers the new size. */
export async function waitGrowth(page: Page, prev: number, ms: number): Promise<number> {
  return (
    (
      await waitSettled(
        page,
        () => domSize(page),
        (n) => n > prev,
        ms,
      )
    ).value ?? prev
  );
}

export const TEXT_PRINT = `(() => { const t = (document.body && document.body.innerText) || ''; let h = 0; for (let i = 0; i < t.length; i++) h = (h * 31 + t.charCodeAt(i)) | 0; return t.length + ':' + h; })()`;

export async function textPrint(page: Page): Promise<string> {
  const parts: string[] = [];
  for (const f of page.frames()) parts.push(String(await f.evaluate<string>(TEXT_PRINT).catch(() => '')));
  return parts.join('|');
}

/** Waits up to `ms` for the text of the page (all frames) to change from `prev` and settle. */
export async function waitChange(page: Page, prev: string, ms: number): Promise<boolean> {
  return (
    await waitSettled(
      page,
      () => textPrint(page),
      (t) => t !== prev,
      ms,
      6,
    )
  ).moved;
}

/**
 * Requests the page has in flight (docs/menus.md, eleventh round). Playwright's `networkidle`
 * does not count an `EventSource` request: it fires while the guard (browser-guard.ts) is still
 * reading the stream within its window (event-stream.ts), and the first read finds no menu. The
 * page's own request events count every request, a slow menu API's too.
 */
const inFlight = new WeakMap<Page, Set<unknown>>();

export function trackRequests(page: Page): void {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
}

/** Waits for `networkidle` (up to `ms`), then for the page's own requests in flight to end (up to `pendingMs` in all). */
export async function settlePage(page: Page, ms: number, pendingMs = 0): Promise<void> {
  const start = Date.now();
  await page.waitForLoadState('networkidle', { timeout: ms }).catch(() => undefined);
  const pending = inFlight.get(page);
  while (pending && pending.size > 0 && Date.now() - start < pendingMs) await page.waitForTimeout(150);
  // A menu arriving over a WebSocket (browser-websocket.ts): wait while a socket keeps speaking.
  while (pendingMs > 0 && socketsActive(page.context()) && Date.now() - start < pendingMs) await page.waitForTimeout(150);
}
