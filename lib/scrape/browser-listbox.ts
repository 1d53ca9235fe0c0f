import type { CheerioAPI } from 'cheerio';
import { isCategoryName } from '@/lib/scrape/pagination';

/**
 * A custom select that chooses the menu's category: a combobox (`role="combobox"`,
 * `aria-haspopup="listbox"`) whose listbox (`role="listbox"`, often hidden until opened) holds
 * `role="option"` entries that are category names; choosing one fetches that category in place.
 * The browser presses each option in turn (LISTBOX_OPTIONS in browser-press.ts), opening the
 * combobox first when the listbox is closed. A listbox whose options are pages ("Page 2 of 7",
 * "Page 3"; a script pager with no URL, twentieth round) is pressed the same way: each option
 * shows its page's products in place.
 */

/** An option that names a page: `Page 2`, `Page 2 of 7`, `Page 2 / 7`, Spanish `Página 2 de 7`, French `Page 2 sur 7`. */
const PAGE_OPTION = /^(?:page|página|seite)\s*\d{1,4}(?:\s*(?:of|\/|de|sur|von)\s*\d{1,4})?$/i;
/** An option worth pressing: a category name or a page. */
const choosable = (t: string) => isCategoryName(t) || PAGE_OPTION.test(t.replace(/\s+/g, ' ').trim());

export interface ListboxOption {
  text: string;
  /** Which listbox of the frame it is in. */
  box: number;
  selected: boolean;
  disabled: boolean;
  /** Whether it is shown, or a combobox opens its listbox. */
  reachable: boolean;
}

/** Marks every listbox option (`data-scan-option`) and the combobox that opens its listbox (`data-scan-opens`, the option's `data-scan-opener`). */
export const LISTBOX_COLLECT_SCRIPT = String.raw`(token) => {
  const out = [];
  Array.from(document.querySelectorAll('[role="listbox"]')).forEach((lb, b) => {
    const key = token + '-b' + b;
    let opener = lb.id ? document.querySelector('[aria-controls="' + CSS.escape(lb.id) + '"], [aria-owns="' + CSS.escape(lb.id) + '"]') : null;
    if (!opener && lb.parentElement) opener = lb.parentElement.querySelector('[role="combobox"], [aria-haspopup="listbox"]');
    if (opener) opener.setAttribute('data-scan-opens', key);
    for (const o of Array.from(lb.querySelectorAll('[role="option"]'))) {
      const text = (o.textContent || '').replace(/\s+/g, ' ').trim();
      if (!text || text.length > 40) continue;
      const r = o.getBoundingClientRect();
      o.setAttribute('data-scan-option', token + '-' + out.length);
      if (opener) o.setAttribute('data-scan-opener', key);
      out.push({ text, box: b, selected: o.getAttribute('aria-selected') === 'true', disabled: o.getAttribute('aria-disabled') === 'true', reachable: !!opener || (r.width > 0 && r.height > 0) });
    }
  });
  return out;
}`;

/** The options to press: those of the listbox with the most category names or pages (two or more), not the one chosen, one per text. */
export function pickListboxOptions(options: ListboxOption[]): number[] {
  const names = new Map<number, number>();
  for (const o of options) if (choosable(o.text)) names.set(o.box, (names.get(o.box) ?? 0) + 1);
  const best = [...names].sort((a, b) => b[1] - a[1])[0];
  if (!best || best[1] < 2) return [];
  const seen = new Set<string>();
  return options
    .map((o, i) => ({ o, i }))
    .filter(({ o }) => {
      const t = o.text.toLowerCase();
      if (o.box !== best[0] || o.selected || o.disabled || !o.reachable || seen.has(t)) return false;
      seen.add(t);
      return true;
    })
    .map(({ i }) => i);
}

/** Over HTTP: a listbox whose options name two or more categories or pages (the rest of the menu needs the browser). */
export function categoryListbox($: CheerioAPI): boolean {
  return $('[role="listbox"]')
    .toArray()
    .some(
      (lb) =>
        $(lb)
          .find('[role="option"]')
          .toArray()
          .filter((o) => choosable($(o).text())).length >= 2,
    );
}
