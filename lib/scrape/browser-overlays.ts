import type { Page } from 'playwright-core';
import { AGE_TEXT, MED_CHOICE, REC_CHOICE } from '@/lib/scrape/browser-gates';

/**
 * Pop-ups to close (docs/menus.md, eleventh round): a newsletter, SMS or deals pop-up (Klaviyo,
 * Privy, Mailchimp, Elementor, a theme's newsletter modal, OptinMonster-like offers) or a privacy
 * banner offering only "Reject all" and a close cross, laid over the whole page on load or a
 * moment after it. Such a layer intercepts every click ("Load more", pagers), and there is
 * nothing to accept in it: its close control is pressed — a button or link labelled `×`, `Close`,
 * `No thanks`, `Not now`, `Maybe later`, `Reject all`, `Decline`, `Dismiss` (its text, aria-label
 * or title), else one whose class or aria-label says `close`.
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
    if (btn) { btn.setAttribute('data-scan-click', a.token); return true; }
  }
  return false;
}`;

/** Closes the pop-ups laid over the page (see above), up to three in a row; whether any was closed. */
export async function dismissOverlays(page: Page, interactions: string[]): Promise<boolean> {
  let closed = false;
  for (let i = 0; i < 3; i++) {
    const token = `close-${interactions.length}`;
    const args = JSON.stringify({ token, CLOSE_LABEL, AGE_TEXT, STORE_TEXT, REC_CHOICE, MED_CHOICE });
    if (!(await page.evaluate<boolean>(`(${MARK_CLOSE})(${args})`).catch(() => false))) break;
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
