import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element, Text } from 'domhandler';

/**
 * Amounts written in other locales (docs/menus.md, tenth round): French Canadian `30,00 $`,
 * European `30,00 €` / `€ 30,00` / `1.234,50 €`, `1 234,50 $` with (narrow) no-break spaces,
 * `CA$30.00`, `30.00 $`. The readers know amounts as `$30.00` (the form every numeric price of
 * structured data is written in too), so before they run each such amount is written that way:
 * the number read with its decimal comma and thousands separators, the symbol before it. Decision:
 * a scan reports the amount the menu asks in its own currency (the Product record has no currency
 * field; a JSON-LD price in EUR was already written `$x`). An amount split over elements
 * (WooCommerce's `<bdi>30,00&nbsp;<span>€</span></bdi>`) is joined first.
 */

const SP = '[ \\u00a0\\u202f\\u2009]';
/** A number with a decimal comma (thousands by space, no-break space or dot) or a decimal point. */
const COMMA_NUM = `\\d{1,3}(?:${SP}\\d{3}|\\.\\d{3})+,\\d{2}|\\d+,\\d{2}`;
const POINT_NUM = `\\d{1,3}(?:,\\d{3})+(?:\\.\\d{2})?|\\d+(?:\\.\\d{2})?`;
/**
 * Currency marks a menu writes before or after the number (the dollar of `$` amounts stays as it
 * is); ISO codes too (`USD 25.00`, `25.00 USD`, `CAD 25.00`; twenty-first round).
 */
const CODES = 'USD|CAD|AUD|NZD|EUR|GBP|ILS|NIS';
/** The new shekel (Israeli menus, twenty-second round): `₪25.00`, `25.00 ₪`, `25 ש"ח`. */
const SHEKEL = '₪|ש["״]ח';
const SIGN_BEFORE = `(?:CA|C|US|AU|NZ)\\$|€|£|${SHEKEL}|${CODES}`;
const SIGN_AFTER = `\\$(?:${SP}?(?:CA|CAD|US|USD))?|€|£|${SHEKEL}|${CODES}`;
/** A text that may hold such an amount (the cheap check before the rewrite). */
const MAYBE = new RegExp(`[$€£₪]|ש["״]ח|\\b(?:${CODES})\\b`, 'i');

const AMOUNTS = new RegExp(
  [
    // `€ 30,00`, `CA$ 30,00`, `$30,00` (a decimal comma after any sign).
    `(?<![\\w$])(?:${SIGN_BEFORE}|\\$)${SP}?(?<c1>${COMMA_NUM})(?![\\d,.])`,
    // `30,00 $`, `30,00 €`, `1 234,50 $ CA`.
    `(?<![\\d,.])(?<c2>${COMMA_NUM})${SP}?(?:${SIGN_AFTER})(?![\\w])`,
    // `€30.00`, `CA$30.00`, `£12`.
    `(?<![\\w$])(?:${SIGN_BEFORE})${SP}?(?<p1>${POINT_NUM})(?![\\d,])`,
    // `30.00 €`, `30.00 $` — not the second of two `$` amounts in a row (`$30.00 $40.00`).
    `(?<![\\d,.$])(?<!\\$${SP})(?<p2>\\d+\\.\\d{2})${SP}?(?:${SIGN_AFTER})(?![\\w\\d])`,
    // `25 ₪` — whole shekels with the sign after (never a bare `25 $`, which may be two amounts' parts).
    `(?<![\\d,.$])(?<p3>\\d{1,5})${SP}?(?:${SHEKEL})(?![\\w\\d])`,
  ].join('|'),
  'gi',
);

const ONE = new RegExp(`^\\s*(?:${AMOUNTS.source})\\s*$`, 'i');

/** The value of a locale number (`1 234,50`, `1.234,50`, `30,00`, `1,234.50`). */
function valueOf(num: string, comma: boolean): number {
  const n = comma ? num.replace(/[ \u00a0\u202f\u2009.]/g, '').replace(',', '.') : num.replace(/,/g, '');
  return Number(n);
}

/** `$30.00` for every locale amount in a text; other text untouched. */
export function canonicalMoney(text: string): string {
  if (!MAYBE.test(text)) return text;
  return text.replace(AMOUNTS, (m, ...rest) => {
    const g = rest[rest.length - 1] as { c1?: string; c2?: string; p1?: string; p2?: string; p3?: string };
    const comma = g.c1 ?? g.c2;
    const v = comma !== undefined ? valueOf(comma, true) : valueOf((g.p1 ?? g.p2 ?? g.p3)!, false);
    return Number.isFinite(v) && v > 0 ? `$${v.toFixed(2)}` : m;
  });
}

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'textarea']);

/** Rewrites every locale amount of the document's text in the `$30.00` form (see above). */
export function canonicalizeLocaleMoney($: CheerioAPI): void {
  const body = $('body');
  if (!body.length) return;
  const text = body.text();
  if (!/\d,\d{2}(?!\d)|[€£₪]|ש["״]ח|(?:CA|C|US)\$|\d\s?\$|\b(?:USD|CAD|AUD|NZD|EUR|GBP|ILS|NIS)\b/.test(text)) return;
  // An amount split over small elements (its symbol in a span of its own) is joined first.
  body.find('*').each((_, el) => {
    if (SKIP.has(el.name) || !el.children.some((c) => c.type === 'tag')) return;
    const t = $(el).text();
    if (t.length > 40 || !ONE.test(t)) return;
    if (
      $(el)
        .find('*')
        .toArray()
        .some((c) => c.type === 'tag' && !/^(span|bdi|sup|sub|small|b|strong|i|em)$/.test(c.name))
    )
      return;
    const canon = canonicalMoney(t.trim());
    if (canon !== t.trim()) $(el).text(canon);
  });
  const walk = (nodes: AnyNode[]) => {
    for (const n of nodes) {
      if (n.type === 'text') {
        const t = n as Text;
        const canon = canonicalMoney(t.data);
        if (canon !== t.data) t.data = canon;
      } else if (n.type === 'tag' && !SKIP.has((n as Element).name)) walk((n as Element).children);
    }
  };
  walk(body.toArray());
}
