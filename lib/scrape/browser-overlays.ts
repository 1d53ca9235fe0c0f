import type { Page } from 'playwright-core';
import { AGE_TEXT, MED_CHOICE, REC_CHOICE } from '@/lib/scrape/browser-gates';

/**
 * Pop-ups to close (docs/menus.md, eleventh round): a newsletter, SMS or deals pop-up (Klaviyo,
 * Privy, Mailchimp, Elementor, a theme's newsletter modal, OptinMonster-like offers) or a privacy
 * banner offering only "Reject all" and a close cross, laid over the whole page on load or a
 * moment after it. Such a layer intercepts every click ("Load more", pagers), and there is
 * nothing to accept in it: its close control is pressed — a button or link labelled `×`, `Close`,
 * `No thanks`, `Not now`, `Maybe later`, `Reject all`, `Decline`, `Dismiss` (its text, aria-label
 * or title), else one whose class or aria-label says `close`; a pop-up with no such control is
 * sent Escape, then clicked on its backdrop.
 *
 * A layer is a `position: fixed` element covering most of the window that is the topmost thing at
 * some point of it. An age gate, a store chooser or a recreational / medical choice is not a
 * pop-up to close (their own steps answer them), and a "Shop deals" link in an offer is never
 * followed (only close controls are pressed).
 */
export const CLOSE_LABEL = String.raw`^(×|✕|✖|╳|x|close|close (dialog|pop-?up|modal|window|this|banner|form|offer)|dismiss|no,? thanks?( you)?|not now|maybe later|no,? i'?m good|skip|reject( all)?|decline( all)?|deny( all)?|continue without (accepting|agreeing|signing up))[.!]?$`;
const STORE_TEXT = String.raw`\b(choose|select|pick|set|find) (a |your |the )?(store|location|dispensary|shop|pickup location)\b`;

const MARK_CLOSE = String.raw`(a) => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const visible = (el) => { const r = el.getBoundingClientRect(); const st = getComputedStyle(el); return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none'; };
  const label = (el) => (el.innerText || el.value || el.getAttribute('aria-label') || el.getAttribute('title') || '').replace(/\s+/g, ' ').trim();
  const fixedLayer = (el) => {
    let found = null;
    for (let e = el; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
      if (getComputedStyle(e).position !== 'fixed') continue;
      const r = e.getBoundingClientRect();
      if (r.width >= vw * 0.6 && r.height >= vh * 0.6) found = e;
    }
    return found;
  };
  const layers = [];
  for (const [x, y] of [[0.5, 0.5], [0.25, 0.3], [0.75, 0.7], [0.5, 0.9]]) {
    const el = document.elementFromPoint(vw * x, vh * y);
    const layer = el && fixedLayer(el);
    if (layer && !layers.includes(layer)) layers.push(layer);
  }
  const close = new RegExp(a.CLOSE_LABEL, 'i');
  const skip = [new RegExp(a.AGE_TEXT, 'i'), new RegExp(a.STORE_TEXT, 'i')];
  const rec = new RegExp(a.REC_CHOICE, 'i'), med = new RegExp(a.MED_CHOICE, 'i');
  for (const layer of layers) {
    const t = (layer.innerText || '').replace(/\s+/g, ' ');
    if (skip.some((re) => re.test(t)) || (rec.test(t) && med.test(t)) || layer.querySelector('input[type="date"]')) continue;
    const controls = Array.from(layer.querySelectorAll('button, a, [role="button"], input[type="button"], input[type="submit"]')).filter(visible);
    const cls = (el) => (typeof el.className === 'string' ? el.className : '') + ' ' + (el.getAttribute('aria-label') || '') + ' ' + (el.getAttribute('data-action') || '');
    const btn = controls.find((el) => close.test(label(el))) || controls.find((el) => /close|dismiss/i.test(cls(el)) && label(el).length < 30);
    if (btn) { btn.setAttribute('data-scan-click', a.token); return 'button'; }
    // No close control: a pop-up closed by Escape or by a click on its backdrop (tried once per layer).
    if (!layer.hasAttribute('data-scan-layer')) {
      layer.setAttribute('data-scan-layer', a.token);
      return 'layer';
    }
  }
  return false;
}`;

/** Whether the marked layer still covers the middle of the window. */
const LAYER_UP = String.raw`(token) => {
  const layer = document.querySelector('[data-scan-layer="' + token + '"]');
  if (!layer || !layer.isConnected) return false;
  const st = getComputedStyle(layer), r = layer.getBoundingClientRect();
  if (st.display === 'none' || st.visibility === 'hidden' || Number(st.opacity) === 0 || r.width === 0 || r.height === 0) return false;
  const el = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
  return Boolean(el && (el === layer || layer.contains(el)));
}`;

/** A point of the layer's backdrop: near a corner, where the layer itself (not its dialog) is topmost. */
const BACKDROP_POINT = String.raw`(token) => {
  const layer = document.querySelector('[data-scan-layer="' + token + '"]');
  if (!layer) return null;
  const vw = window.innerWidth, vh = window.innerHeight;
  for (const [x, y] of [[8, 8], [vw - 8, 8], [8, vh - 8], [vw - 8, vh - 8], [vw / 2, 8], [vw / 2, vh - 8]]) {
    const el = document.elementFromPoint(x, y);
    if (el && (el === layer || (layer.contains(el) && !(el.innerText || '').trim() && !el.closest('button, a, [role="button"], [role="dialog"]')))) return [x, y];
  }
  return null;
}`;

async function layerUp(page: Page, token: string): Promise<boolean> {
  return page.evaluate<boolean>(`(${LAYER_UP})(${JSON.stringify(token)})`).catch(() => false);
}

/** Escape, then a click on the backdrop; whether the layer went. */
async function closeWithoutControl(page: Page, token: string): Promise<'escape' | 'backdrop' | null> {
  await page.keyboard.press('Escape').catch(() => undefined);
  await page.waitForTimeout(200);
  if (!(await layerUp(page, token))) return 'escape';
  const point = await page.evaluate<[number, number] | null>(`(${BACKDROP_POINT})(${JSON.stringify(token)})`).catch(() => null);
  if (!point) return null;
  await page.mouse.click(point[0], point[1]).catch(() => undefined);
  await page.waitForTimeout(200);
  return (await layerUp(page, token)) ? null : 'backdrop';
}

/**
 * Closes the pop-ups laid over the page (see above), up to three in a row; whether any was closed.
 * A pop-up without a close control is sent Escape, then clicked on its backdrop (the way such
 * modals close); one that survives both is left, and not tried again.
 */
export async function dismissOverlays(page: Page, interactions: string[]): Promise<boolean> {
  let closed = false;
  for (let i = 0; i < 3; i++) {
    const token = `close-${interactions.length}-${i}`;
    const args = JSON.stringify({ token, CLOSE_LABEL, AGE_TEXT, STORE_TEXT, REC_CHOICE, MED_CHOICE });
    const found = await page.evaluate<'button' | 'layer' | false>(`(${MARK_CLOSE})(${args})`).catch(() => false as const);
    if (!found) break;
    if (found === 'layer') {
      const how = await closeWithoutControl(page, token);
      if (!how) continue;
      interactions.push(`close-${how}@${new URL(page.url()).pathname}`);
      closed = true;
      continue;
    }
    await page
      .locator(`[data-scan-click="${token}"]`)
      .first()
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    interactions.push(`close@${new URL(page.url()).pathname}`);
    closed = true;
    await page.waitForTimeout(250);
  }
  return closed;
}
