import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';

/**
 * Prices drawn as pictures (docs/menus.md, ninth round): an `<img>` whose `alt` is the amount, an
 * element with `role="img"` and an `aria-label`, an inline SVG whose `<text>` draws it. The text
 * alternative is what a reader (and a screen reader) gets, so the readers see it as text: each
 * such picture becomes a `<span>` with its text in place (its class kept; struck through when the
 * SVG text is, by attribute, inline style or the browser's mark). Pictures whose text is no
 * amount (a product photo's alt, an icon) stay as they are.
 */

/** A short text that is an amount, maybe with a label ("Was $40.00", "Sale price $30.00"). */
const PRICE_TEXT = /^[^$€£\d]{0,24}(?:[$€£]\s?\d[\d,]*(?:\.\d{1,2})?|\d[\d,]*\.\d{2}\s?(?:USD|\$))\s*$/i;

const STRUCK = (el: Element) => /line-through/i.test(`${el.attribs['text-decoration'] ?? ''} ${el.attribs.style ?? ''}`) || el.attribs['data-scan-struck'] !== undefined;

function replace($: CheerioAPI, el: Element, text: string, struck: boolean): void {
  const cls = el.attribs.class ? ` class="${$('<i>').attr('class', el.attribs.class).attr('class')!.replace(/"/g, '&quot;')}"` : '';
  const span = $(`<span${cls} data-scan-picture></span>`).text(text);
  $(el).replaceWith(struck ? $('<s></s>').append(span) : span);
}

/** Text of a slot counter for `label`: far more digits than the amount, and the amount not in it. */
export function slotCounter(text: string, label: string): boolean {
  const amount = /\d[\d,]*(?:\.\d{1,2})?/.exec(label)?.[0] ?? '';
  const digits = (t: string) => (t.match(/\d/g) ?? []).length;
  return !!amount && !text.includes(amount) && digits(text) >= 3 * digits(amount);
}

export function textifyPricePictures($: CheerioAPI): void {
  $('img[alt]').each((_, el) => {
    const alt = (el.attribs.alt ?? '').replace(/\s+/g, ' ').trim();
    if (PRICE_TEXT.test(alt)) replace($, el, alt, STRUCK(el));
  });
  $('[role="img"][aria-label]').each((_, el) => {
    if (el.name === 'svg') return;
    const label = (el.attribs['aria-label'] ?? '').replace(/\s+/g, ' ').trim();
    if (!PRICE_TEXT.test(label)) return;
    // Empty, or a slot counter (number-flow, odometers): digit columns holding 0-9 each, whose
    // text never reads as the amount the label gives.
    const text = $(el).text().replace(/\s+/g, '');
    if (!text || slotCounter(text, label)) replace($, el, label, STRUCK(el));
  });
  $('svg').each((_, el) => {
    const texts = $(el).find('text').toArray() as Element[];
    const label = (el.attribs['aria-label'] ?? '').replace(/\s+/g, ' ').trim();
    if (!texts.length) {
      if (PRICE_TEXT.test(label)) replace($, el, label, STRUCK(el));
      return;
    }
    // One amount per <text>; tspans are pieces of one drawn string ("$" "30" "." "00").
    const parts = texts.map((t) => ({ text: $(t).text().replace(/\s+/g, ''), struck: STRUCK(t) || $(t).find('[text-decoration*="line-through"], [data-scan-struck]').length > 0 }));
    if (!parts.every((p) => PRICE_TEXT.test(p.text))) return;
    if (parts.length === 1) return replace($, el, parts[0].text, parts[0].struck || STRUCK(el));
    const box = $('<span data-scan-picture></span>');
    for (const p of parts) box.append(p.struck ? $('<s></s>').text(p.text) : $('<span></span>').text(p.text)).append(' ');
    $(el).replaceWith(box);
  });
}
