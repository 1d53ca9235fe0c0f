import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/**
 * A menu that is an order / pre-order form whose products are only the options of one `<select>`
 * (docs/menus.md, twenty-second round): `<option>Blue Dream 3.5g — Acme — $25.00 (reg. $30.00)
 * </option>`, in category `<optgroup>`s. Selects are page furniture to the card reader (sort, page
 * size, store); such a select is rewritten as a list of cards before it is dropped: one card per
 * option, its parts split on a dash or bar with spaces around it (the name first, then the brand),
 * the amount after "reg." / "was" / "regularly" the struck price, each optgroup's label a heading.
 * Only a select of at least five options nearly all priced, with at least five different names
 * that are not sizes (a size select is a card's, card-sizes.ts), is read this way.
 */
const MONEY = /\$\s?\d[\d,]*(?:\.\d{1,2})?/g;
/** Separators between an option's parts, strongest first: the one every priced option holds is used (names hold `|` and `-` too). */
const SEPS = [/\s+—\s+/, /\s+–\s+/, /\s+·\s+/, /\s+\|\s+/, /\s+-\s+/];
const REGULAR = /\(?\s*(?:reg(?:\.|ular(?:ly)?)?|was|orig(?:\.|inal(?:ly)?)?|msrp)\s*:?\s*(\$\s?\d[\d,]*(?:\.\d{1,2})?)\s*\)?/i;
const SIZE_ONLY = /^\s*(?:\d+(?:\.\d+)?\s?(?:g|gr|grams?|oz|mg|ml|lbs?)|eighth|quarter|half|ounce|gram)\s*$/i;
const MIN_OPTIONS = 5;

/** A priced option as a card's parts: name, brand, price paid, struck price; null when it is none. */
export function optionParts(text: string, sep: RegExp = SEPS[0]): { name: string; brand: string | null; price: string; regular: string | null } | null {
  const t = text.replace(/\s+/g, ' ').trim();
  const reg = REGULAR.exec(t);
  const rest = reg ? t.replace(reg[0], ' ').trim() : t;
  const amounts = rest.match(MONEY) ?? [];
  if (amounts.length !== 1) return null;
  const words = rest
    .split(sep)
    .map((x) => x.trim())
    .filter((x) => x && !/\$\s?\d/.test(x));
  if (!words.length || !/\p{L}/u.test(words[0]) || SIZE_ONLY.test(words[0])) return null;
  return { name: words[0], brand: words[1] ?? null, price: amounts[0], regular: reg ? reg[1] : null };
}

export function optionProducts($: CheerioAPI, scope: Cheerio<AnyNode>): void {
  for (const sel of scope.find('select').toArray() as Element[]) {
    const opts = $(sel).find('option').toArray() as Element[];
    if (opts.length < MIN_OPTIONS) continue;
    const texts = opts.map((o) => $(o).text());
    const sep = SEPS.find((re) => texts.filter((t) => /\$\s?\d/.test(t)).every((t) => re.test(t))) ?? /$^/;
    const read = texts.map((t) => optionParts(t, sep));
    const priced = read.filter((x) => x !== null);
    if (priced.length < MIN_OPTIONS || priced.length < (opts.length - 1) * 0.8) continue;
    if (new Set(priced.map((x) => x!.name.toLowerCase())).size < MIN_OPTIONS) continue;
    const card = (x: NonNullable<ReturnType<typeof optionParts>>) =>
      `<li class="option-product"><h3>${esc(x.name)}</h3>${x.brand ? `<div class="brand">${esc(x.brand)}</div>` : ''}<div class="price">${x.regular ? `<s>${esc(x.regular)}</s> ` : ''}<span>${esc(x.price)}</span></div></li>`;
    const groups = $(sel).find('optgroup').toArray() as Element[];
    const html = groups.length
      ? groups
          .map((g) => {
            const cards = ($(g).find('option').toArray() as Element[]).map((o) => optionParts($(o).text(), sep)).filter((x) => x !== null);
            return `<section><h2>${esc(g.attribs.label ?? '')}</h2><ul class="option-products">${cards.map((x) => card(x!)).join('')}</ul></section>`;
          })
          .join('')
      : `<ul class="option-products">${priced.map((x) => card(x!)).join('')}</ul>`;
    $(sel).replaceWith(`<div data-scan-options="">${html}</div>`);
  }
}
