import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { visibleText } from '@/lib/scrape/extract/card-dom';
import { SIZE_TEXT } from '@/lib/scrape/extract/card-sizes';
import { sizeAtSurcharge } from '@/lib/scrape/extract/size-surcharges';

/**
 * Size surcharges in running text (twenty-fourth round, docs/menus.md): the card's price is its
 * smallest size's ("$30.00 (1g)", "$30.00 for 1g"), the other sizes named in a line or cell with
 * only what they add — "3.5g +$20 · 7g +$45", "Larger sizes: 3.5g add $20.00, 7g add $45.00".
 * The line's surcharges are written as sizes at their own prices (size-surcharges.ts), the base size
 * first at the card's price, so the card readers read one product per size. A card whose base size
 * is not written beside its price is left as it is.
 */
const RUNNING = new RegExp(String.raw`(?<![\w.])(${SIZE_TEXT})\s*(?:\+|add)\s*\$\s?(\d{1,4}(?:\.\d{1,2})?)`, 'gi');
const AMOUNT = /\$\s?(\d{1,4}(?:,\d{3})*(?:\.\d{1,2})?)/g;
const BASE_SIZE = new RegExp(String.raw`\$\s?\d{1,4}(?:\.\d{1,2})?\s*(?:\(|for\s|per\s|\/\s*)?\s*(${SIZE_TEXT})(?![a-z])`, 'i');

const text = ($: CheerioAPI, el: Element) => visibleText($, $(el)).replace(/\s+/g, ' ').trim();

export function resolveSurchargeText($: CheerioAPI): void {
  const hits = ($('td, p, div, li, span, small, dd').toArray() as Element[]).filter((el) => {
    RUNNING.lastIndex = 0;
    if (!RUNNING.test(text($, el))) return false;
    // Innermost: no child element holds a surcharge of its own.
    return !$(el)
      .children()
      .toArray()
      .some((c) => {
        RUNNING.lastIndex = 0;
        return RUNNING.test(text($, c as Element));
      });
  });
  for (const el of hits) {
    // The card: the nearest element (this one or up to six above) showing one or two prices outside the surcharges.
    let at: { price: number; regular: number | null; base: string } | null = null;
    for (let a: Element | null = el, up = 0; a && a.type === 'tag' && up < 7; a = a.parent as Element | null, up++) {
      const rest = text($, a).replace(RUNNING, ' ');
      const amounts = [...rest.matchAll(AMOUNT)].map((m) => Number(m[1].replace(/,/g, '')));
      if (!amounts.length) continue;
      const base = BASE_SIZE.exec(rest);
      if (amounts.length <= 2 && base) {
        const lo = Math.min(...amounts);
        const hi = Math.max(...amounts);
        at = { price: lo, regular: hi > lo ? hi : null, base: base[1] };
      }
      break;
    }
    if (!at) continue;
    const { price, regular, base } = at;
    let first = true;
    const html = ($(el).html() ?? '').replace(RUNNING, (_m, size: string, add: string) => {
      const chip = `<span class="size-option">${sizeAtSurcharge(size, price, regular, Number(add))}</span>`;
      if (!first) return chip;
      first = false;
      return `<span class="size-option">${sizeAtSurcharge(base, price, regular, 0)}</span> ${chip}`;
    });
    $(el).html(html);
  }
}
