import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { ScrapedProduct } from '@/lib/scrape/types';
import { categorize, parseWeightGrams } from '@/lib/scrape/normalize';

/**
 * One weight chosen for the whole flower menu (docs/menus.md, fifteenth round): a toggle of
 * weights above the cards (radio buttons, tabs, a `<select>`, links `?weight=7g`, WooCommerce's
 * layered-nav filter, toggle buttons) and cards that show the strain and the price of the chosen
 * weight only. The chosen weight belongs to every product read under it whose name gives no
 * weight of its own: `Blue Dream` shown under 3.5g is `Blue Dream 3.5g` (the size rule), so the
 * same strain under 1g is another product. A toggle counts only when the page has exactly one
 * group of weight choices (cards that each carry their own size buttons are not a toggle).
 */
export const WEIGHT_TEXT = /^(?:\d+(?:\.\d+)?\s?(?:g|gr|grams?)|(?:1\/8|1\/4|1\/2|\d+)\s?oz|eighth|quarter|half(?: oz| ounce)?|ounce)$/i;
const CHOICE = 'button, a, option, label, [role="radio"], [role="tab"], [role="option"], strong, b, span.is-active, li';
const ON_CLASS = /(?:^|[\s_-])(?:active|selected|chosen|current|checked|is-selected|Mui-selected)(?:$|\s)/i;

export interface WeightToggle {
  /** The weight shown now, as the toggle writes it ("3.5g"), or null when none is marked. */
  chosen: string | null;
  /** The choices' elements (links, options, radios' labels, buttons). */
  choices: Element[];
}

const ownText = ($: CheerioAPI, el: Element) => $(el).text().replace(/\s+/g, ' ').trim();

function isOn($: CheerioAPI, el: Element): boolean {
  const e = $(el);
  const a = el.attribs;
  if (a['aria-checked'] === 'true' || a['aria-selected'] === 'true' || a['aria-pressed'] === 'true' || a['aria-current'] !== undefined) return true;
  if (el.name === 'option' && a.selected !== undefined) return true;
  if (e.find('input[checked]').length) return true;
  if (el.name === 'strong' || el.name === 'b') return true;
  return ON_CLASS.test(a.class ?? '') || ON_CLASS.test(e.parent().attr('class') ?? '');
}

/** The page's weight toggle, or null when it has none (or several groups of weight choices). */
export function weightToggle($: CheerioAPI): WeightToggle | null {
  const groups = new Map<Element, Element[]>();
  $(CHOICE).each((_, el) => {
    const text = ownText($, el);
    if (!WEIGHT_TEXT.test(text)) return;
    // An element inside another choice of the same text (a label's strong) counts once, as the outer.
    if (
      $(el)
        .parents(CHOICE)
        .toArray()
        .some((p) => ownText($, p as Element) === text)
    )
      return;
    let box = $(el).parent();
    // Choices wrapped one per list item or label: the group is the list around them.
    if (box.children().length === 1) box = box.parent();
    const key = box[0] as Element | undefined;
    if (!key) return;
    groups.set(key, [...(groups.get(key) ?? []), el as Element]);
  });
  const real = [...groups.values()].filter((g) => g.length >= 2);
  if (real.length !== 1) return null;
  const choices = real[0];
  const on = choices.find((el) => isOn($, el));
  return { chosen: on ? ownText($, on) : null, choices };
}

/** A toggle switched in place (buttons, tabs, options outside a GET form): only the browser shows the other weights. */
export function switchedInPlace($: CheerioAPI, t: WeightToggle | null): boolean {
  if (!t) return false;
  const pressable = t.choices.filter((el) => el.name === 'button' || el.name === 'option' || el.attribs.role !== undefined);
  return pressable.length >= 2 && $(pressable[0]).closest('form').length === 0;
}

/** Products read under a chosen weight (a menu: three or more): the weight added to names that give none (not to doses). */
export function withChosenWeight(products: ScrapedProduct[], chosen: string | null): ScrapedProduct[] {
  const grams = parseWeightGrams(chosen);
  if (!chosen || products.length < 3) return products;
  return products.map((p) =>
    parseWeightGrams(p.rawName) !== null || /\b\d+\s?mg\b/i.test(p.rawName) || ['Edible', 'Tincture', 'Topical'].includes(p.category)
      ? p
      : // A bare strain name read as "Other" is flower once it has its weight (the category rule for `<name> 3.5g`).
        { ...p, rawName: `${p.rawName} ${chosen}`, weightGrams: p.weightGrams ?? grams, category: p.category === 'Other' ? categorize(`${p.rawName} ${chosen}`) : p.category },
  );
}
