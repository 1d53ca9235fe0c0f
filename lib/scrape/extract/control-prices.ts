import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';

/**
 * Prices a card gives only on its add-to-cart control (twenty-first round): a submit input whose
 * `value` is its label ("Buy – $25.00") is shown as that text, so the readers see the amount; a
 * control whose visible text shows the price paid while its accessible label or its data
 * attributes give a higher regular price ("Add … for $25.00, regularly $30.00",
 * `data-compare-at="30.00"`) gets that regular price written struck before its text, as a card
 * that strikes it does.
 */
const AMOUNT = /\$\s?(\d{1,4}(?:,\d{3})*(?:\.\d{1,2})?)/g;
const REGULAR_WORDS = /\b(?:regularly|regular price|reg\.?|was|originally|compare at|list price)\s*:?\s*\$\s?(\d{1,4}(?:\.\d{1,2})?)/i;
const REGULAR_ATTRS = ['data-compare-at', 'data-compare-at-price', 'data-compare-price', 'data-regular-price', 'data-original-price', 'data-was-price'];
const amounts = (t: string) => [...t.matchAll(AMOUNT)].map((m) => Number(m[1].replace(/,/g, '')));

export function controlPrices($: CheerioAPI): void {
  $('input[type="submit"][value], input[type="button"][value]').each((_, el) => {
    const v = (el as Element).attribs.value;
    if (amounts(v).length) $(el).replaceWith($('<button type="submit"></button>').text(v));
  });
  $('button, a, [role="button"]').each((_, el) => {
    const e = el as Element;
    const shown = amounts($(e).text());
    if (shown.length !== 1) return;
    const label = e.attribs['aria-label'] ?? '';
    const fromLabel = REGULAR_WORDS.exec(label)?.[1];
    const fromAttr = REGULAR_ATTRS.map((a) => e.attribs[a]).find((v) => v !== undefined && /^\s*\d{1,4}(?:\.\d{1,2})?\s*$/.test(v));
    const regular = Number(fromLabel ?? fromAttr ?? NaN);
    if (!(regular > shown[0])) return;
    const target = $(e).children().length === 1 ? $(e).children().first() : $(e);
    target.prepend(`<s>$${regular.toFixed(2)}</s> `);
  });
}
