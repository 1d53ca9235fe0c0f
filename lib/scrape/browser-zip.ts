import type { Page } from 'playwright-core';
import { settlePage, textPrint, waitChange } from '@/lib/scrape/browser-wait';

/**
 * Delivery menus behind a ZIP-code form (twenty-fourth round, docs/menus.md): the page shows no
 * product until a ZIP / postal code is given — a GET or POST form, a dialog whose button fetches
 * the menu, a script that stores the ZIP in a cookie and reloads. The scan answers with the store's
 * own ZIP, read from the address the page shows ("…, Albuquerque, NM 87104"): the menu a customer at
 * the store's door would see. A page that shows no US address is left alone (no ZIP is guessed).
 */

const STATES = 'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
const ADDRESS_ZIP = new RegExp(String.raw`\b(?:${STATES})\.?,?\s+(\d{5})(?:-\d{4})?\b`);

/** The ZIP of the first US address in a text (a state's two letters, then five digits), or null. */
export function zipFromText(text: string): string | null {
  return ADDRESS_ZIP.exec(text)?.[1] ?? null;
}

/**
 * Page code: marks the visible input that asks for a ZIP / postal code (told by its name, id,
 * placeholder, aria-label, autocomplete or label) with `data-scan-zip`, and the control that sends
 * it (its form's submit control, else a button beside it that is no "cancel" / "close") with
 * `data-scan-zip-go`; answers whether an input was found.
 */
const MARK_ZIP = String.raw`() => {
  const doc = document;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
  };
  const hint = (el) => [el.name, el.id, el.placeholder, el.getAttribute('aria-label'), el.getAttribute('autocomplete'), el.labels && el.labels[0] ? el.labels[0].innerText : '']
    .join(' ').toLowerCase();
  const asks = (el) => /(^|[^a-z])(zip|zipcode|zip code|postal|postal code|postal-code|postcode|post code)([^a-z]|$)/.test(hint(el));
  const input = Array.from(doc.querySelectorAll('input')).filter((el) => /^(text|tel|number|search|)$/i.test(el.getAttribute('type') || '') && visible(el)).find(asks);
  if (!input) return false;
  input.setAttribute('data-scan-zip', '1');
  const neg = /\b(no|cancel|close|back|not now|skip|change)\b|^×$/i;
  const label = (el) => (el.innerText || el.value || el.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
  const form = input.closest('form');
  let go = null;
  if (form) go = Array.from(form.querySelectorAll('button, input[type="submit"]')).filter(visible).find((el) => !/^(button|reset)$/i.test(el.getAttribute('type') || '') && !neg.test(label(el)));
  for (let box = input.parentElement, up = 0; !go && box && up < 4; box = box.parentElement, up++)
    go = Array.from(box.querySelectorAll('button, [role="button"], input[type="submit"], input[type="button"]')).filter(visible).find((el) => !neg.test(label(el)));
  if (go) go.setAttribute('data-scan-zip-go', '1');
  return true;
}`;

/** Answers a ZIP-code gate in any frame with the store's ZIP and sends it; whether the page changed. */
export async function answerZipGate(page: Page, interactions: string[]): Promise<boolean> {
  for (const frame of page.frames()) {
    const text = await frame.evaluate<string>('document.body ? document.body.innerText : ""').catch(() => '');
    const zip = zipFromText(text);
    if (!zip || !(await frame.evaluate<boolean>(`(${MARK_ZIP})()`).catch(() => false))) continue;
    const before = await textPrint(page);
    const input = frame.locator('[data-scan-zip]').first();
    await input.fill(zip, { timeout: 3_000 }).catch(() => undefined);
    const go = frame.locator('[data-scan-zip-go]');
    if ((await go.count().catch(() => 0)) > 0)
      await go
        .first()
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    else await input.press('Enter', { timeout: 3_000 }).catch(() => undefined);
    interactions.push(`zip@${new URL(frame.url()).pathname}`);
    await settlePage(page, 3_000, 0);
    return waitChange(page, before, 2_000);
  }
  return false;
}
