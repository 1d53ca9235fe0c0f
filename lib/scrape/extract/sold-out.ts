import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import type { Element } from 'domhandler';
import { visibleText } from '@/lib/scrape/extract/card-dom';

/** A sold-out mark written on a card: a badge, a line or a disabled button saying so. */
const SOLD_OUT_TEXT = /^\(?\s*(?:sold[\s-]?out|out[\s-]of[\s-]stock|(?:currently )?unavailable|not available)\s*[.!)]?\s*$/i;
/** Class tokens of the sold-out state: `outofstock` (WooCommerce), `sold-out`, BEM modifiers `--sold-out` (Dawn's `price--sold-out`). */
const SOLD_OUT_CLASS = /^(?:outofstock|out-of-stock|sold-?out|soldout|is-sold-?out|is-unavailable|is-out-of-stock|unavailable)$|--(?:sold-?out|out-of-stock|unavailable)$/i;
/** A class naming a sold-out badge slot (Dawn's `price__badge-sold-out`, shown by CSS only on a sold-out card). */
const SOLD_OUT_SLOT = /sold-?out|out-?of-?stock/i;

/**
 * A card shown sold out (DECISIONS §12: `price` is what the buyer pays now; nothing is paid for
 * a sold-out item, which would also be tagged `favorite_in_stock`): a sold-out state class on the
 * card or inside it, `aria-disabled="true"` or `data-available="false"` on the card, or an
 * element whose whole text says sold out / out of stock / unavailable — not one inside a badge
 * slot whose class names the state (a theme that writes the badge in every card and shows it by
 * CSS), which the state class decides.
 */
/**
 * The list item a card sits in when the card is part of it (a product link inside WooCommerce's
 * `li.product … outofstock`, read as the card when the item holds a unit-price line beside it):
 * the nearest ancestor, at most three up, with a sibling of its tag.
 */
function listItemOf(card: Element): Element | null {
  let a = card.parent as Element | null;
  for (let i = 0; a && a.type === 'tag' && a.name !== 'body' && i < 3; i++, a = a.parent as Element | null)
    if ((a.parent as Element | null)?.children.some((c) => c !== a && c.type === 'tag' && (c as Element).name === a!.name)) return a;
  return null;
}

export function soldOutCard($: CheerioAPI, card: Element, els: Element[]): boolean {
  if (els.some((e) => e.attribs['data-scan-sold-out'] !== undefined)) return true;
  if (card.attribs['aria-disabled'] === 'true' || /^(?:false|0|no)$/i.test(card.attribs['data-available'] ?? '') || /^(?:true|1|yes)$/i.test(card.attribs['data-sold-out'] ?? ''))
    return true;
  for (const e of [...els, ...(listItemOf(card) ? [listItemOf(card)!] : [])]) {
    if ((e.attribs.class ?? '').split(/\s+/).some((t) => SOLD_OUT_CLASS.test(t))) return true;
  }
  for (const e of els) {
    if (e.children.some((c) => c.type === 'tag' && visibleText($, $(c as Element)).trim())) continue;
    const t = visibleText($, $(e)).trim();
    if (!t || t.length > 30 || !SOLD_OUT_TEXT.test(t)) continue;
    let slot = false;
    for (let a: Element | null = e; a && a !== card.parent; a = a.parent as Element | null) if (SOLD_OUT_SLOT.test(a.attribs?.class ?? '')) slot = true;
    if (!slot) return true;
  }
  return false;
}

const CSS_SOLD_OUT = /([^{}]+)\{[^{}]*?\bcontent\s*:\s*(["'])\s*\(?\s*(?:sold[\s-]?out|out[\s-]of[\s-]stock|(?:currently )?unavailable)\s*\)?\s*\2/gi;

/**
 * A sold-out mark drawn by CSS only: a stylesheet rule whose generated content says sold out
 * (`.tile--oos::after { content: "Sold out" }`). The elements its selector picks (the
 * pseudo-element dropped) get `data-scan-sold-out`, which soldOutCard reads as the card's mark.
 * Selectors the reader cannot match are skipped; at most 50 rules.
 */
export function markCssSoldOut($: CheerioAPI, scope: Cheerio<AnyNode>): void {
  const css = $('style')
    .toArray()
    .map((el) => $(el).text())
    .join('\n');
  if (!/content/i.test(css)) return;
  let n = 0;
  for (const m of css.matchAll(CSS_SOLD_OUT)) {
    if (n++ >= 50) break;
    for (const raw of m[1].split(',')) {
      const sel = raw.replace(/::?(?:after|before)\b/gi, '').trim();
      if (!sel || sel.length > 200 || /[@:]/.test(sel)) continue;
      try {
        scope.find(sel).attr('data-scan-sold-out', '');
      } catch {
        // A selector the reader does not support: no mark.
      }
    }
  }
}
