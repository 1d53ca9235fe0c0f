import type { Page, Request } from 'playwright-core';
import { SIZE_LABEL } from '@/lib/scrape/extract/json';
import type { ScrapedProduct } from '@/lib/scrape/types';

/**
 * Cards that show only a price range ("$12.00 – $60.00", "From $12.00") and keep each size's
 * price in a popover or modal opened from the card (a "Choose options" / "Quick view" / "Select
 * size" control, or the card itself as a button): every opener is clicked in turn, the dialog it
 * opens is read, then closed (Escape, its close control). The dialogs' markup is returned, each
 * as a card of its own, for the same readers (a size list with prices reads as a price grid row).
 */

/** A control that opens a product's sizes and prices. */
export const OPENER_LABEL = String.raw`^(select|choose|pick) (an? )?(size|weight|options?)\b|^(view|see|show|check) (all )?(prices?|sizes?|options|weights?)\b|^quick ?(view|shop|add)\b|^options$|^select options$`;
/** A price range as a card shows it. */
export const PRICE_RANGE = String.raw`[$]\s?\d[\d,]*(\.\d\d)?\s*(–|-|to)\s*[$]\s?\d|\bfrom\s*[$]\s?\d`;

const MARK_OPENERS = String.raw`(a) => {
  const label = (el) => (el.innerText || el.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const opener = new RegExp(a.OPENER_LABEL, 'i');
  const range = new RegExp(a.PRICE_RANGE, 'i');
  const out = [];
  // A link that goes somewhere leads to a product page, not a popover.
  const goes = (l) => l.getAttribute('role') !== 'button' && !/^(#|javascript:)/i.test(l.getAttribute('href') || '#');
  for (const el of Array.from(document.querySelectorAll('button, a, [role="button"], [aria-haspopup="dialog"], modal-opener, div, li, article'))) {
    // Nor is anything inside such a link (a card's details block wrapped in its product link, as
    // Wix Stores writes it, takes the link's pointer cursor and shows the card's "From $25.00").
    const link = el.closest('a[href]');
    if (link && goes(link)) continue;
    if (!visible(el) || el.closest('dialog, [role="dialog"], [aria-modal="true"]')) continue;
    const t = label(el);
    const pointer = getComputedStyle(el).cursor === 'pointer' || el.getAttribute('role') === 'button';
    // A labelled opener, or a card that is itself the button and shows a price range.
    const isOpener = (el.matches('button, a, [role="button"]') && t.length < 40 && (opener.test(t) || el.getAttribute('aria-haspopup') === 'dialog'))
      || (pointer && !el.matches('button, a') && t.length < 400 && range.test(t) && !el.querySelector('button, a, [role="button"]'));
    if (!isOpener || out.some((o) => o.contains(el) || el.contains(o))) continue;
    out.push(el);
  }
  // Openers of cards: the page has several, beside price ranges.
  if (out.length < 2 || !range.test(document.body.innerText || '')) return 0;
  out.slice(0, a.max).forEach((el, i) => el.setAttribute('data-scan-open', String(i)));
  return Math.min(out.length, a.max);
}`;

const READ_DIALOG = String.raw`() => {
  const price = /[$]\s?\d/;
  const open = Array.from(document.querySelectorAll('dialog[open], [role="dialog"], [aria-modal="true"]')).filter((d) => {
    const r = d.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && !d.hidden && price.test(d.innerText || '');
  });
  return open.length ? open[open.length - 1].innerHTML : null;
}`;

const CLOSE_DIALOG = String.raw`() => {
  for (const d of Array.from(document.querySelectorAll('dialog[open], [role="dialog"], [aria-modal="true"]'))) {
    const close = Array.from(d.querySelectorAll('button, [role="button"], a')).find((b) => /^(×|✕|x|close)$/i.test((b.innerText || b.getAttribute('aria-label') || '').trim()) || /close/i.test(b.getAttribute('aria-label') || ''));
    if (close) close.click();
    else if (d.tagName === 'DIALOG' && d.open) d.close();
  }
}`;

/**
 * Opens every card's popover in turn; the dialogs' inner HTML (empty when there are no openers).
 * An opener whose click sends the page elsewhere (a card made a link by script) opens no popover:
 * the step stops there, `left` set, rather than wait for a dialog on each card in turn while the
 * page navigates away (each such click cost 5-10 s).
 */
export async function readPopovers(page: Page, opts: { max: number; signal?: AbortSignal }): Promise<{ dialogs: string[]; left: boolean }> {
  const n = await page.evaluate<number>(`(${MARK_OPENERS})(${JSON.stringify({ OPENER_LABEL, PRICE_RANGE, max: opts.max })})`).catch(() => 0);
  const out: string[] = [];
  if (n === 0) return { dialogs: out, left: false };
  let left = false;
  const onRequest = (r: Request) => {
    try {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) left = true;
    } catch {
      // a request without a frame (service worker): not the page leaving
    }
  };
  page.on('request', onRequest);
  try {
    await openEach(page, n, out, () => left, opts.signal);
  } finally {
    page.off('request', onRequest);
  }
  return { dialogs: out, left };
}

async function openEach(page: Page, n: number, out: string[], left: () => boolean, signal?: AbortSignal): Promise<void> {
  let misses = 0;
  for (let i = 0; i < n && !signal?.aborted && !left(); i++) {
    const el = page.locator(`[data-scan-open="${i}"]`).first();
    await el.click({ timeout: 3_000 }).catch(() => undefined);
    let html: string | null = null;
    for (let t = 0; t < 20 && html === null && !left(); t++) {
      await page.waitForTimeout(100);
      html = await page.evaluate<string | null>(`(${READ_DIALOG})()`).catch(() => null);
      // The previous card's dialog still on screen is not this card's.
      if (html !== null && html === out[out.length - 1]) html = null;
    }
    await page.keyboard.press('Escape').catch(() => undefined);
    await page.evaluate(`(${CLOSE_DIALOG})()`).catch(() => undefined);
    if (html) out.push(html);
    // Three openers in a row that open nothing: not popovers after all.
    else if (++misses >= 3 && out.length === 0) break;
  }
}

/** The dialogs as one page of cards for the readers. */
export const popoverPage = (dialogs: string[]): string =>
  `<!doctype html><html><body><div class="popover-cards">${dialogs.map((h) => `<div class="product-popover">${h}</div>`).join('\n')}</div></body></html>`;

/**
 * A product named only by its strain (a card's range price) beside products named `<strain>
 * <size>` from the same menu (its sizes, read from its popover): the sized ones are the products.
 */
export function dropSizedBases(products: ScrapedProduct[]): ScrapedProduct[] {
  const bases = new Set<string>();
  for (const p of products) {
    const name = p.rawName.toLowerCase();
    for (let i = name.lastIndexOf(' '); i > 0; i = name.lastIndexOf(' ', i - 1)) {
      if (SIZE_LABEL.test(name.slice(i + 1)) && !/\s/.test(name.slice(i + 1).trim())) bases.add(name.slice(0, i).trim());
    }
  }
  return bases.size ? products.filter((p) => !bases.has(p.rawName.toLowerCase())) : products;
}
