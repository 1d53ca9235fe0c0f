import type { Frame, Page } from 'playwright-core';
import type { PressKind } from '@/lib/scrape/browser-press';

/**
 * A weight toggle switched in place (weight-toggle.ts: radio buttons, tabs, toggle buttons or a
 * `<select>` that fetch the menu again for the chosen weight, the URL unchanged): each weight not
 * shown yet is chosen in turn and the cards read under it; the reader adds the chosen weight to
 * the names (extract/index.ts), so the form state the page changed by property (a select's
 * value, a radio's checked) is written into the attributes first. Links and GET forms are left
 * to the plain HTTP crawl (category-forms.ts).
 */
const COLLECT = String.raw`(token) => {
  const re = /^(?:\d+(?:\.\d+)?\s?(?:g|gr|grams?)|(?:1\/8|1\/4|1\/2|\d+)\s?oz|eighth|quarter|half(?: oz| ounce)?|ounce)$/i;
  const sel = 'button, [role="radio"], [role="tab"], [role="option"], option';
  const text = (el) => (el.textContent || '').replace(/\s+/g, ' ').trim();
  const groups = new Map();
  for (const el of document.querySelectorAll(sel)) {
    const t = text(el);
    if (!re.test(t)) continue;
    const outer = el.parentElement && el.parentElement.closest(sel);
    if (outer && text(outer) === t) continue;
    let box = el.parentElement;
    if (box && box.children.length === 1) box = box.parentElement;
    if (!box) continue;
    if (!groups.has(box)) groups.set(box, []);
    groups.get(box).push(el);
  }
  const real = [...groups.values()].filter((g) => g.length >= 2);
  if (real.length !== 1 || real[0][0].closest('form[method="get" i], form:not([method])')) return [];
  return real[0].map((el, i) => {
    el.setAttribute('data-scan-weight', token + '-' + i);
    const on = el.getAttribute('aria-checked') === 'true' || el.getAttribute('aria-selected') === 'true' || el.getAttribute('aria-pressed') === 'true' || (el.tagName === 'OPTION' && el.selected);
    return { text: text(el), option: el.tagName === 'OPTION', on };
  });
}`;

/** Choose option `i` of its select as a user would (value, then the change event). */
const CHOOSE_OPTION = String.raw`(key) => {
  const o = document.querySelector('[data-scan-weight="' + key + '"]');
  const s = o && o.closest('select');
  if (!s) return false;
  s.value = o.value;
  s.dispatchEvent(new Event('input', { bubbles: true }));
  s.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}`;

/** Form state set by property written into the attributes the reader sees. */
const SYNC_FORM_STATE = String.raw`(() => {
  for (const o of document.querySelectorAll('option')) { if (o.selected) o.setAttribute('selected', ''); else o.removeAttribute('selected'); }
  for (const i of document.querySelectorAll('input[type="radio"], input[type="checkbox"]')) { if (i.checked) i.setAttribute('checked', ''); else i.removeAttribute('checked'); }
})()`;

interface WeightChoice {
  text: string;
  option: boolean;
  on: boolean;
}

/**
 * The weights pressed in turn (pressEach in browser-press.ts): the weights not chosen yet of the
 * first frame with a weight toggle, an `<option>` chosen in its select, the form state synced
 * after each change; the frame is done once a weight added products.
 */
export const WEIGHTS: PressKind = {
  token: 'w',
  attr: 'data-scan-weight',
  name: 'weight',
  async collect(frame: Frame, token: string) {
    const choices = await frame.evaluate<WeightChoice[]>(`(${COLLECT})(${JSON.stringify(token)})`).catch(() => [] as WeightChoice[]);
    if (choices.length < 2) return { picked: [], texts: [] };
    return { picked: choices.flatMap((c, i) => (c.on ? [] : [i])), texts: choices.map((c) => c.text) };
  },
  async press(frame: Frame, token: string, i: number) {
    const key = `${token}-${i}`;
    if (await frame.evaluate<boolean>(`!!document.querySelector('option[data-scan-weight="${key}"]')`).catch(() => false))
      return frame.evaluate<boolean>(`(${CHOOSE_OPTION})(${JSON.stringify(key)})`).catch(() => false);
    return frame
      .locator(`[data-scan-weight="${key}"]`)
      .first()
      .click({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
  },
  settle: 3_000,
  async after(page: Page) {
    for (const f of page.frames()) await f.evaluate(SYNC_FORM_STATE).catch(() => undefined);
  },
  mark: (text) => encodeURIComponent(text),
  done: (_changed, rounds) => rounds > 0,
  paged: false,
};
