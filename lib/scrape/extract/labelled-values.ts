import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { visibleText } from '@/lib/scrape/extract/card-dom';

/**
 * Products written as key / value records (twenty-fourth round's spec sheets, docs/menus.md): a
 * `<dl>`, a vertical table of `<th>` / `<td>` rows, label / value spans. When a record labels one
 * amount as the price paid ("Sale price", "Sale", "Special", "Our price", "Now") and another, higher,
 * as a plain or regular price ("Price", "Regular price", "MSRP", "Compare at", "List price"), the
 * higher one is the struck regular price: it is written struck (`<s>`), as a card that strikes it.
 * A record with one price, or whose "Price" is the lower, is left as it is.
 */
const PAID = /^(?:sale|sale price|special|special price|our price|now|price now|deal price|you pay)\s*:?$/i;
const REGULAR = /^(?:price|regular price|reg\.? price|msrp|compare at|compare at price|list price|retail price|original price|was)\s*:?$/i;
const AMOUNT = /\$\s?(\d{1,4}(?:,\d{3})*(?:\.\d{1,2})?)/g;

interface Pair {
  label: Element;
  value: Element;
  amount: number;
}

function pairs($: CheerioAPI, re: RegExp): Pair[] {
  const out: Pair[] = [];
  $('dt, th, span, strong, b, div, li').each((_, el) => {
    const e = el as Element;
    if ($(e).children().length > 1) return;
    if (!re.test(visibleText($, $(e)).replace(/\s+/g, ' ').trim())) return;
    const v = $(e).next()[0] as Element | undefined;
    if (!v) return;
    const t = visibleText($, $(v)).replace(/\s+/g, ' ').trim();
    const m = [...t.matchAll(AMOUNT)];
    if (m.length !== 1 || t.length > 30) return;
    out.push({ label: e, value: v, amount: Number(m[0][1].replace(/,/g, '')) });
  });
  return out;
}

export function strikeLabelledRegular($: CheerioAPI): void {
  const paid = pairs($, PAID);
  if (!paid.length) return;
  const regular = pairs($, REGULAR);
  for (const p of paid) {
    // The record: the nearest ancestor (three levels at most) holding a regular-price pair too.
    let a = p.label.parent as Element | null;
    for (let up = 0; a && up < 3; up++, a = a.parent as Element | null) {
      const inside = regular.filter((r) => r.value !== p.value && $(a!).find(r.label as never).length > 0);
      if (!inside.length) continue;
      if (inside.length === 1 && inside[0].amount > p.amount && $(inside[0].value).find('s, del, strike').length === 0) $(inside[0].value).wrapInner('<s></s>');
      break;
    }
  }
}
