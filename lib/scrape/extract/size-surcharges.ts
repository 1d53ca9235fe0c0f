import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { visibleText } from '@/lib/scrape/extract/card-dom';
import { SIZE_TEXT } from '@/lib/scrape/extract/card-sizes';

/**
 * Sizes priced only by their surcharge (twenty-fourth round, docs/menus.md): a card shows one
 * price, its smallest size's, and every other size is an option that names only what it adds —
 * "3.5g (+$20.00)", "7g + $45.00", "14g +$60" (product add-on / option apps, WooCommerce Product
 * Add-Ons flat fees, option pills and chips). Each such option is written as the size at its own
 * price (the card's price plus the surcharge; on a sale the struck regular price plus the same
 * surcharge struck before it, as such apps add the fee to either), and so is the option naming the
 * smallest size alone; a `<select>` of them becomes a list of chips. The card readers then read one
 * product per size (card-sizes.ts), as for any card whose sizes carry their prices.
 */
const SURCHARGE = new RegExp(String.raw`^(${SIZE_TEXT})\s*\(?\s*(?:\+|add)\s*\$\s?(\d{1,4}(?:\.\d{1,2})?)\s*\)?$`, 'i');
const BARE_SIZE = new RegExp(String.raw`^(${SIZE_TEXT})$`, 'i');
const AMOUNT = /\$\s?(\d{1,4}(?:,\d{3})*(?:\.\d{1,2})?)/g;
const OPTION_TAGS = 'option, label, button, [role="radio"], [role="option"], li';

const money = (v: number) => `$${v.toFixed(2)}`;

/** A size at the card's price plus its surcharge, the struck regular price plus the same first on a sale. */
export const sizeAtSurcharge = (size: string, price: number, regular: number | null, add: number) =>
  `${size} ${regular !== null ? `<s>${money(regular + add)}</s> ` : ''}${money(price + add)}`;

/** The card around a surcharge option: the nearest ancestor showing an amount outside its options. */
function cardOf($: CheerioAPI, el: Element, options: Set<Element>): { card: Element; price: number; regular: number | null } | null {
  for (let a = el.parent as Element | null, up = 0; a && a.type === 'tag' && up < 8; a = a.parent as Element | null, up++) {
    const copy = $(a).clone();
    copy.find('select, option').remove();
    copy.find(OPTION_TAGS).each((_, o) => {
      if (SURCHARGE.test(visibleText($, $(o)).replace(/\s+/g, ' ').trim())) $(o).remove();
    });
    const amounts = [...visibleText($, copy).matchAll(AMOUNT)].map((m) => Number(m[1].replace(/,/g, '')));
    if (!amounts.length) continue;
    if (
      $(a)
        .find(OPTION_TAGS)
        .toArray()
        .filter((o) => options.has(o as Element)).length === 0
    )
      continue;
    const lo = Math.min(...amounts);
    const hi = Math.max(...amounts);
    return amounts.length <= 2 ? { card: a, price: lo, regular: hi > lo ? hi : null } : null;
  }
  return null;
}

export function resolveSizeSurcharges($: CheerioAPI): void {
  const all = $(OPTION_TAGS).toArray() as Element[];
  const options = new Set(all.filter((el) => SURCHARGE.test(visibleText($, $(el)).replace(/\s+/g, ' ').trim())));
  // Innermost only (a label inside a list item).
  for (const el of [...options]) if ([...options].some((o) => o !== el && $(el).find(o as never).length > 0)) options.delete(el);
  const done = new Set<Element>();
  for (const el of options) {
    const at = cardOf($, el, options);
    if (!at || done.has(at.card)) continue;
    done.add(at.card);
    const write = (o: Element, size: string, add: number) => {
      const html = sizeAtSurcharge(size, at.price, at.regular, add);
      if (o.name === 'option') return html;
      $(o).html(html);
      written.push(o);
      return null;
    };
    const chips: string[] = [];
    const written: Element[] = [];
    let select: Element | null = null;
    for (const o of $(at.card).find(OPTION_TAGS).toArray() as Element[]) {
      const t = visibleText($, $(o)).replace(/\s+/g, ' ').trim();
      const m = options.has(o) ? SURCHARGE.exec(t) : BARE_SIZE.exec(t);
      if (!m) continue;
      const html = write(o, m[1], options.has(o) ? Number(m[2]) : 0);
      if (html !== null) {
        chips.push(`<li class="size-option">${html}</li>`);
        select ??= ($(o).closest('select')[0] as Element | undefined) ?? null;
      }
    }
    // Marked as the card's size list (card-sizes.ts): the card is the element holding it, not a
    // link or price box inside it that shows the base price alone (WooCommerce's loop link).
    // The list takes the place of the whole control, the select with the wrappers holding only it
    // and its caption ("Weight"): neither a wrapper is read as a card nor its caption as the name.
    if (select && chips.length) {
      let top: Element = select;
      for (let a = select.parent; a && a !== at.card && a.type === 'tag'; a = a.parent) {
        const rest = $(a).clone();
        rest.find('select').remove();
        if (visibleText($, rest).replace(/\s+/g, ' ').trim().length > 24) break;
        top = a as Element;
      }
      $(top).replaceWith(`<ul class="size-options" data-scan-sizes="">${chips.join('')}</ul>`);
    } else if (written.length > 1 && written.every((o) => o.parent === written[0].parent) && written[0].parent?.type === 'tag') $(written[0].parent).attr('data-scan-sizes', '');
  }
}
