import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { classHider } from '@/lib/scrape/extract/css-display';

/**
 * A page that holds several menus of the same products, one shown (twenty-first round: a shop's
 * page with its other stores' menus in hidden tab panels, Bootstrap tab panes, closed `<details>`,
 * `display:none` sections or a class the page's CSS hides): the hidden ones are other menus, not
 * more products — the menu of the page is the one shown. A hidden block is dropped only when most
 * of its own lines (the names; a line it repeats itself is a brand or a label) are also shown
 * elsewhere on the page, and it is at least 0.4 times the size of the shown text (a whole menu);
 * hidden blocks of other products (collapsed categories, a menu behind a tab, one sheet of a
 * published spreadsheet whose header repeats the shown sheet's) stay.
 */
const SKIP = new Set(['script', 'style', 'noscript', 'template']);
const MIN_LINES = 3;
const SHARE = 0.7;
const SIZE_SHARE = 0.4;

/** Whether an element is hidden by its markup (and not in a way the readers already drop); `hides` reads the page's CSS (css-display.ts). */
function hiddenBlock(el: Element, hides: (classes: string[]) => boolean): boolean {
  if (el.name === 'details') return el.attribs.open === undefined;
  if (/display\s*:\s*none/i.test(el.attribs.style ?? '')) return true;
  const cls = (el.attribs.class ?? '').split(/\s+/).filter(Boolean);
  // Bootstrap's tab panes: only the `active` one shows.
  if (cls.includes('tab-pane') && !cls.includes('active')) return true;
  return hides(cls);
}

/** Text lines of a subtree (each text node's text, trimmed), with a letter and of a name's length. */
function lines(nodes: AnyNode[], out: string[]): string[] {
  for (const n of nodes) {
    if (n.type === 'text') {
      const t = (n as unknown as { data: string }).data.replace(/\s+/g, ' ').trim();
      if (t.length >= 4 && t.length <= 120 && /\p{L}{2}/u.test(t) && !/\$\s?\d/.test(t)) out.push(t);
    } else if (n.type === 'tag' && !SKIP.has((n as Element).name)) lines((n as Element).children, out);
  }
  return out;
}

export function dropHiddenRepeats($: CheerioAPI): void {
  const classes = classHider($);
  const body = $('body').get(0);
  if (!body) return;
  // The outermost hidden blocks.
  const blocks: Element[] = [];
  const find = (el: Element) => {
    for (const c of el.children) {
      if (c.type !== 'tag' || SKIP.has((c as Element).name)) continue;
      if (hiddenBlock(c as Element, classes)) blocks.push(c as Element);
      else find(c as Element);
    }
  };
  find(body);
  if (!blocks.length) return;
  // Lines shown: the page's text outside every hidden block.
  const shown = new Set<string>();
  const inBlock = new Set(blocks);
  const walkShown = (el: Element) => {
    for (const c of el.children) {
      if (c.type === 'text') for (const t of lines([c], [])) shown.add(t);
      else if (c.type === 'tag' && !inBlock.has(c as Element) && !SKIP.has((c as Element).name)) walkShown(c as Element);
    }
  };
  walkShown(body);
  if (shown.size < MIN_LINES) return;
  for (const b of blocks) {
    const all = lines(b.children, []);
    const counts = new Map<string, number>();
    for (const t of all) counts.set(t, (counts.get(t) ?? 0) + 1);
    const own = [...counts].filter(([, k]) => k === 1).map(([t]) => t);
    // Another store's menu is about the size of the one shown; a small hidden block (one sheet of a
    // published spreadsheet, one category) is more products, whatever headers it shares.
    if (own.length < Math.max(MIN_LINES, shown.size * SIZE_SHARE)) continue;
    const repeated = own.filter((t) => shown.has(t)).length;
    if (repeated / own.length >= SHARE) $(b).remove();
  }
}
