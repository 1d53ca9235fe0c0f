import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { visibleText } from '@/lib/scrape/extract/card-dom';

/**
 * Products written as key / value records without card markup (twenty-fourth round's spec sheets,
 * docs/menus.md): `<br>` lines "Name: …" / "Brand: …" / "Price: $30.00", or bullets
 * `<li><strong>Name:</strong> …</li>`. Such a record is rewritten as a definition list (`<dl>`), as
 * the readers already read records; and in any record (`<dl>`, a vertical `<th>` / `<td>` table)
 * the value labelled "Name" / "Product" / "Title" is the product's name: it becomes the record's
 * heading, so that neither the label is read as the name nor a name equal to the brand is lost.
 * Only records with a labelled price are touched.
 */
const KEY_LINE = /^([A-Z][A-Za-z .'/-]{0,24}?)\s*:\s*(\S.*)$/;
const NAME_KEY = /^(?:name|product|product name|title|item|strain)$/i;
const PRICE_KEY = /\b(?:price|special|sale|msrp|compare at)\b/i;
const MONEY = /\$\s?\d/;

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Pair = [string, string];

/** A record's pairs when it names its product and labels a price, else null. */
function isRecord(pairs: Pair[]): boolean {
  return pairs.length >= 3 && pairs.some(([k]) => NAME_KEY.test(k)) && pairs.some(([k, v]) => PRICE_KEY.test(k) && MONEY.test(v));
}

function recordHtml(pairs: Pair[]): string {
  const name = pairs.find(([k]) => NAME_KEY.test(k))![1];
  const rest = pairs.filter(([k]) => !NAME_KEY.test(k));
  return `<div class="product-record"><h3 class="product-name">${esc(name)}</h3><dl>${rest.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl></div>`;
}

/** `<br>`-separated "Key: value" lines of one block. */
function brLines($: CheerioAPI, el: Element): Pair[] | null {
  if (!$(el).children('br').length || $(el).children().not('br, span, b, strong, em, i, s, del').length) return null;
  const html = $(el).html() ?? '';
  const pairs: Pair[] = [];
  for (const part of html.split(/<br\s*\/?>/i)) {
    const m = KEY_LINE.exec(clean(visibleText($, $(`<div>${part}</div>`))));
    if (!m) return null;
    pairs.push([m[1], m[2]]);
  }
  return pairs;
}

/** A list's items, each `<strong>Key:</strong> value`. */
function keyItems($: CheerioAPI, el: Element): Pair[] | null {
  const items = $(el).children('li').toArray();
  if (!items.length || $(el).children().length !== items.length) return null;
  const pairs: Pair[] = [];
  for (const li of items) {
    const m = KEY_LINE.exec(clean(visibleText($, $(li))));
    if (!m || !$(li).children('strong, b, span, label').first().text().trim().endsWith(':')) return null;
    pairs.push([m[1], m[2]]);
  }
  return pairs;
}

/** The pairs of a `<dl>`, a vertical table (one `<th>` and one `<td>` a row) or a list of label / value rows (two children each). */
function structuredPairs($: CheerioAPI, el: Element): Pair[] | null {
  const pairs: Pair[] = [];
  if (el.name === 'dl') {
    for (const dt of $(el).children('dt').toArray()) {
      const dd = $(dt).next('dd');
      if (!dd.length) return null;
      pairs.push([clean(visibleText($, $(dt))).replace(/:$/, ''), clean(visibleText($, dd))]);
    }
    return pairs;
  }
  if (el.name !== 'table') {
    const rows = $(el).children().toArray();
    if (!rows.length) return null;
    for (const row of rows) {
      const kv = $(row).children();
      if (kv.length !== 2 || kv.first().children().length || kv.last().children().length > 1) return null;
      pairs.push([clean(visibleText($, kv.first())).replace(/:$/, ''), clean(visibleText($, kv.last()))]);
    }
    return pairs;
  }
  const rows = $(el).find('tr').toArray();
  for (const tr of rows) {
    const th = $(tr).children('th');
    const td = $(tr).children('td');
    if (th.length !== 1 || td.length !== 1) return null;
    pairs.push([clean(visibleText($, th)).replace(/:$/, ''), clean(visibleText($, td))]);
  }
  return pairs;
}

export function rewriteLabelledRecords($: CheerioAPI): void {
  $('p, div, li, td').each((_, el) => {
    const pairs = brLines($, el as Element);
    if (pairs && isRecord(pairs)) $(el).replaceWith(recordHtml(pairs));
  });
  $('ul, ol').each((_, el) => {
    const pairs = keyItems($, el as Element);
    if (pairs && isRecord(pairs)) $(el).replaceWith(recordHtml(pairs));
  });
  $('dl, table, ul, ol, [role="list"]').each((_, el) => {
    const e = el as Element;
    if (e.name === 'table' && $(e).find('table').length) return;
    const pairs = structuredPairs($, e);
    if (pairs && isRecord(pairs)) $(e).replaceWith(recordHtml(pairs));
  });
}
