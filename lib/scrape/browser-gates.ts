import type { Frame, Page } from 'playwright-core';
import { SECTION_MORE } from '@/lib/scrape/section-more';

/**
 * The browser's gate steps (moved out of browser-page.ts): which element an age gate, a
 * recreational / medical choice, a store picker or a "load more" control asks to click, marked in
 * the page for Playwright to click as a user would; and, since the tenth round (docs/menus.md):
 *
 * - **birth-date age gates**: a gate that asks for a date of birth — month / day / year selects,
 *   inputs named or labelled `MM` `DD` `YYYY` / month, day, year (`age_gate[m]`), one
 *   `MM/DD/YYYY` field, a `type=date` — is answered with 1 January 1990, each value written as a
 *   user's typing would (the native setter, `input` and `change` events, so script frameworks see
 *   it), and the form's own submit control (`Submit`, `Enter`, `Verify my age`, …) is pressed;
 * - **cookie-consent walls** (`acceptConsent`): a consent manager's banner (OneTrust, Cookiebot,
 *   CookieYes, Complianz, Usercentrics, Shopify's, a site's own) laid over the page intercepts
 *   every click, so the "Load more" and pager clicks after it time out. Before any other step, in
 *   every frame, a visible banner or dialog that speaks of cookies or consent has its accept
 *   control (`Accept all`, `Allow all`, `I accept`, `Got it`, …) clicked. Decision: the scan's
 *   browser context is thrown away after the scan, so consenting stores nothing about anyone.
 */

// Patterns travel into the page as strings (page functions cannot close over Node values).
export const AGE_TEXT = String.raw`\b(are you (over |at least )?(18|19|21)|(must|have to) be (at least |over )?(18|19|21)|age verification|verify (your )?age|(18|19|21) (years|or older)|of legal age|date of birth|birth ?date|birthday|when were you born)`;
export const AGE_YES = String.raw`^(yes\b|enter\b|enter site|i am (over )?(18|19|21)|i'm (over )?(18|19|21)|i am of legal age|(18|19|21) ?\+|over (18|19|21)|confirm|verify|continue|i agree|agree|submit\b)`;
const STORE_TEXT = String.raw`\b(choose|select|pick|set|find) (a |your |the )?(store|location|dispensary|shop|pickup location)\b`;
// A choice between a recreational (adult-use) and a medical menu: a public scan reads what any
// adult pays, the recreational menu (the medical one needs a patient card).
export const REC_CHOICE = String.raw`\b(recreational|adult[- ]?use)\b|^(shop )?rec\b|^rec(reational)? menu\b`;
export const MED_CHOICE = String.raw`\b(medical|patient|mmj)\b|^(shop )?med\b`;
const NEGATIVE = String.raw`\b(no|exit|leave|under|cancel|close|back|not now|no thanks)\b|^×$`;
// "Next" is not here: a next control usually replaces the products, so pageThrough reads after each click.
// A bare "More" counts only as the whole label (a nav's "More ▾" menu grows nothing and is left after one round).
export const MORE = String.raw`^(load more|show more|view more|see more|more products|more items|more results)\b|^more$|^(cargar|ver|mostrar) más( productos| artículos| resultados)?$|^(afficher|charger|voir) plus( de produits| d'articles| de résultats)?$|^mehr (laden|anzeigen)$|^weitere (produkte|artikel|ergebnisse) (laden|anzeigen)$|^(טען|הצג|טענו|הציגו) עוד( מוצרים)?$`;
/**
 * A single control that shows a menu the page holds back (pressed only when no product shows):
 * "View menu", "Shop the menu", "Order online", "Shop now", "Start your order", Spanish "Ver menú".
 */
export const SHOW_MENU = String.raw`^(show|view|see|open|browse|load|display|shop)( (the|our|full|today'?s|live))* (menu|products|shop|inventory)$|^(order|shop) (online|now|here|ahead)$|^order for (pickup|delivery)$|^start( your| an)? order$|^(ver|abrir|mostrar)( el| nuestro)? men[uú]$|^(comprar|ordenar|pedir)( ahora| en l[ií]nea)$`;

/**
 * Page code: what an input of a birth-date gate gets, from its type and the words of its name, id,
 * placeholder, aria-label, autocomplete and label — a whole date (`type=date`; `MM/DD/YYYY`, `dob`,
 * `birthday`), a year, a month or a day of 1 January 1990 — or null for any other input.
 */
export const BIRTH_VALUE = String.raw`function birthValue(type, t) {
  if (type === 'date') return '1990-01-01';
  if (!/^(text|number|tel)$/.test(type)) return null;
  const y = t.some((w) => /^(yyyy|yy|year|y|birthyear)$/.test(w));
  const m = t.some((w) => /^(mm|month|m|birthmonth)$/.test(w));
  const d = t.some((w) => /^(dd|day|d)$/.test(w));
  const whole = t.some((w) => /^(dob|birthday|birthdate|bday|birth)$/.test(w));
  if ((y && m) || (y && d) || (m && d) || (whole && !y && !m && !d)) return t.indexOf('yyyy') >= 0 && t.indexOf('yyyy') < t.indexOf('mm') ? '1990-01-01' : '01/01/1990';
  if (y) return '1990';
  return m || d ? '01' : null;
}`;

/**
 * Page code: writes 1 January 1990 into the visible birth-date inputs of a document (a `type=date`,
 * a whole-date field, month / day / year fields told by name, id, placeholder, aria-label,
 * autocomplete or label); answers one of them, or null when there were none.
 */
const FILL_BIRTH_DATE = String.raw`${BIRTH_VALUE}
function fillBirthDate(doc, visible) {
  const set = (el, v) => {
    const d = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    d.set.call(el, v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const hint = (el) => [el.name, el.id, el.placeholder, el.getAttribute('aria-label'), el.getAttribute('autocomplete'), el.labels && el.labels[0] ? el.labels[0].innerText : '']
    .join(' ').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  let found = null;
  for (const el of Array.from(doc.querySelectorAll('input')).filter(visible)) {
    const v = birthValue((el.getAttribute('type') || 'text').toLowerCase(), hint(el));
    if (v === null) continue;
    set(el, v);
    found = el;
  }
  return found;
}`;

export type ClickKind = 'age' | 'menu-type' | 'store' | 'more' | 'reveal';

/**
 * Marks the element to click in the frame (so Playwright can click it as a user would). The page
 * code is a plain string: transpilers (tsx, Next) decorate functions with helpers such as
 * `__name` that do not exist inside the page.
 */
const MARK_SCRIPT = String.raw`(a) => {
  ${FILL_BIRTH_DATE}
  const doc = document;
  const bodyText = ((doc.body && doc.body.innerText) || '').replace(/\s+/g, ' ');
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
  };
  const label = (el) => (el.innerText || el.value || el.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
  const clickables = (root) => Array.from(root.querySelectorAll('button, a, [role="button"], input[type="submit"], input[type="button"], [onclick], [data-store], [data-location]')).filter(visible);
  const neg = new RegExp(a.NEGATIVE, 'i');
  let target;
  if (a.kind === 'age') {
    if (!new RegExp(a.AGE_TEXT, 'i').test(bodyText)) return false;
    // Checkbox and birth-date gates: tick boxes, pick an adult year, then confirm.
    doc.querySelectorAll('input[type="checkbox"]').forEach((c) => { if (visible(c) && !c.checked) c.click(); });
    doc.querySelectorAll('select').forEach((s) => {
      const opts = Array.from(s.options);
      const pick = opts.find((o) => o.value === '1990' || o.text === '1990') || opts.find((o) => o.value && !o.disabled);
      if (pick) { s.value = pick.value; s.dispatchEvent(new Event('change', { bubbles: true })); }
    });
    const yes = new RegExp(a.AGE_YES, 'i');
    // A birth date asked in inputs: write an adult's, then press that form's own submit control.
    const born = fillBirthDate(doc, visible);
    if (born) {
      const form = born.closest('form');
      const box = form || born.closest('[role="dialog"], [aria-modal="true"], dialog') || born.parentElement.parentElement || doc.body;
      target = Array.from(box.querySelectorAll('button, input[type="submit"], [role="button"]')).filter(visible)
        .find((el) => !neg.test(label(el)) && (form ? !/^(button|reset)$/i.test(el.getAttribute('type') || '') : yes.test(label(el)) || /submit|enter|go|ok/i.test(label(el))));
    }
    if (!target) target = clickables(doc).find((el) => yes.test(label(el)) && !neg.test(label(el)));
  } else if (a.kind === 'menu-type') {
    const rec = new RegExp(a.REC_CHOICE, 'i');
    const med = new RegExp(a.MED_CHOICE, 'i');
    const options = clickables(doc).filter((el) => label(el).length < 60);
    if (!options.some((el) => med.test(label(el)) && !rec.test(label(el)))) return false;
    target = options.find((el) => rec.test(label(el)) && !med.test(label(el)));
  } else if (a.kind === 'store') {
    const prompt = new RegExp(a.STORE_TEXT, 'i');
    if (!prompt.test(bodyText)) return false;
    const holders = Array.from(doc.querySelectorAll('h1, h2, h3, h4, p, label, legend, span, div'))
      .filter((el) => visible(el) && prompt.test(el.innerText || '') && (el.innerText || '').length < 200);
    for (const h of holders) {
      for (let box = h; box && box !== doc.body && !target; box = box.parentElement) {
        const options = clickables(box).filter((el) => label(el).length > 1 && !neg.test(label(el)));
        if (!options.length) continue;
        // A choice to make before confirming: the first store of a radio list or a <select>.
        const radio = Array.from(box.querySelectorAll('input[type="radio"]')).find((r) => !r.disabled);
        if (radio && !box.querySelector('input[type="radio"]:checked')) radio.click();
        for (const s of Array.from(box.querySelectorAll('select'))) {
          if (s.value) continue;
          const opt = Array.from(s.options).find((o) => o.value && !o.disabled);
          if (opt) { s.value = opt.value; s.dispatchEvent(new Event('input', { bubbles: true })); s.dispatchEvent(new Event('change', { bubbles: true })); }
        }
        target = options[0];
      }
      if (target) break;
    }
    if (!target) {
      const sel = doc.querySelector('select');
      const opt = sel && Array.from(sel.options).find((o) => o.value && !o.disabled);
      if (sel && opt) { sel.value = opt.value; sel.dispatchEvent(new Event('change', { bubbles: true })); return true; }
    }
  } else {
    const more = new RegExp(a.kind === 'reveal' ? a.SHOW_MENU : a.MORE, 'i');
    // A link counts only when it goes nowhere (role=button, href "#" or "javascript:", no href): a
    // "Show more" link to another page is pagination (followed by the crawler), not a click.
    const inPlace = (el) => el.tagName !== 'A' || el.getAttribute('role') === 'button' || !el.getAttribute('href') || /^(#|javascript:)/i.test(el.getAttribute('href'));
    target = clickables(doc).find((el) => more.test(label(el)) && inPlace(el));
  }
  if (!target) return false;
  target.setAttribute('data-scan-click', a.token);
  return true;
}`;

export async function markClickTarget(frame: Frame, kind: ClickKind, token: string): Promise<boolean> {
  // A category section's in-place "View all 32" / "+ 28 more" counts as a "more" control (section-more.ts).
  const args = JSON.stringify({ kind, token, AGE_TEXT, AGE_YES, STORE_TEXT, NEGATIVE, MORE: `${MORE}|${SECTION_MORE}`, SHOW_MENU, REC_CHOICE, MED_CHOICE });
  return frame.evaluate<boolean>(`(${MARK_SCRIPT})(${args})`).catch(() => false);
}

export const CONSENT_TEXT = String.raw`\bcookies?\b|\bconsent\b|\bprivacy\b`;
export const CONSENT_BOX = String.raw`onetrust|cookiebot|cookie|consent|cmplz|cky-|gdpr|usercentrics|didomi|truste|osano|termly|privacy|shopify-pc`;
export const ACCEPT = String.raw`^(accept( all)?( cookies)?|accept (and|&) (close|continue)|allow( all)?( cookies)?|allow (all )?cookies|i accept|i agree|agree( (and|&) (close|continue))?|got it!?|ok(ay)?|understood|yes,? i (agree|accept))$`;

const CONSENT_SCRIPT = String.raw`(a) => {
  const doc = document;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
  };
  const label = (el) => (el.innerText || el.value || el.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
  const text = new RegExp(a.CONSENT_TEXT, 'i'), mark = new RegExp(a.CONSENT_BOX, 'i'), accept = new RegExp(a.ACCEPT, 'i');
  const boxes = Array.from(doc.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="region"], [aria-modal="true"], dialog, div, section, aside'))
    .filter((el) => (mark.test(el.id + ' ' + (typeof el.className === 'string' ? el.className : '')) || /dialog|region/.test(el.getAttribute('role') || '') || el.getAttribute('aria-modal') === 'true')
      && visible(el) && (el.innerText || '').length < 1500 && text.test(el.innerText || ''));
  for (const box of boxes) {
    const btn = Array.from(box.querySelectorAll('button, a, [role="button"], input[type="submit"], input[type="button"]')).filter(visible).find((el) => accept.test(label(el)));
    if (btn) { btn.setAttribute('data-scan-click', a.token); return true; }
  }
  return false;
}`;

/** Clicks a cookie-consent banner's accept control in every frame that shows one (see above); whether one was clicked. */
export async function acceptConsent(page: Page, interactions: string[]): Promise<boolean> {
  let clicked = false;
  for (const frame of page.frames()) {
    const token = `consent-${interactions.length}`;
    const args = JSON.stringify({ token, CONSENT_TEXT, CONSENT_BOX, ACCEPT });
    if (!(await frame.evaluate<boolean>(`(${CONSENT_SCRIPT})(${args})`).catch(() => false))) continue;
    await frame
      .locator(`[data-scan-click="${token}"]`)
      .first()
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    interactions.push(`consent@${new URL(frame.url()).pathname}`);
    clicked = true;
  }
  if (clicked) await page.waitForTimeout(300);
  return clicked;
}
