import type { Frame, Page } from 'playwright-core';
import { productIdentity } from '@/lib/scrape/normalize';
import { PAGER_COLLECT_SCRIPT, pickCategoryTabs, pickPagerControl, pickSections, SECTION_COLLECT_SCRIPT, type PagerControl, type SectionHeader } from '@/lib/scrape/pager';
import { abortError } from '@/lib/scrape/errors';
import { readFrames } from '@/lib/scrape/browser-read';
import { textPrint, waitChange } from '@/lib/scrape/browser-wait';
import type { RenderOptions } from '@/lib/scrape/browser-page';
import type { ScrapedProduct } from '@/lib/scrape/types';
import { LISTBOX_COLLECT_SCRIPT, pickListboxOptions, type ListboxOption } from '@/lib/scrape/browser-listbox';

/**
 * Controls pressed in the browser to show more of a menu (moved out of browser-page.ts): a
 * script-driven pager, category tabs, accordion sections, and the options of a custom select
 * (a combobox's listbox) that chooses the category.
 */

/**
 * Script-driven pagination (pager.ts): click the number after the current page, or a next
 * control, wait for the products to change, read them; stop on a page already seen, a click that
 * changes nothing or adds no new product, the rounds left (SCRAPE_MAX_PAGES) or the signal.
 */
export async function pageThrough(
  page: Page,
  first: ScrapedProduct[],
  maxRounds: number,
  interactions: string[],
  opts: RenderOptions,
): Promise<{ products: ScrapedProduct[]; rounds: number }> {
  const keys = new Set(first.map(productIdentity));
  const products = [...first];
  const seenPages = new Set<number>();
  let rounds = 0;
  while (rounds < maxRounds) {
    if (opts.signal?.aborted) throw abortError(opts.signal);
    let clicked: { frame: Frame; step: NonNullable<ReturnType<typeof pickPagerControl>> } | null = null;
    for (const frame of page.frames()) {
      const token = `pg${interactions.length}`;
      const controls = await frame.evaluate<PagerControl[]>(`(${PAGER_COLLECT_SCRIPT})(${JSON.stringify(token)})`).catch(() => [] as PagerControl[]);
      const step = pickPagerControl(controls);
      if (!step) continue;
      if (step.current !== null) seenPages.add(step.current);
      if (step.page !== null && seenPages.has(step.page)) break;
      const before = await textPrint(page);
      const ok = await frame
        .locator(`[data-scan-pager="${token}-${step.index}"]`)
        .first()
        .click({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (!ok) break;
      interactions.push(`page@${new URL(frame.url()).pathname}`);
      if (!(await waitChange(page, before, 4_000))) break;
      clicked = { frame, step };
      break;
    }
    if (!clicked) break;
    const read = await readFrames(page, opts);
    const fresh = read.products.filter((p) => !keys.has(productIdentity(p)));
    if (fresh.length === 0) break;
    for (const p of fresh) keys.add(productIdentity(p));
    products.push(...fresh);
    if (clicked.step.page !== null) seenPages.add(clicked.step.page);
    rounds++;
    opts.onRound?.(`${page.url()}#page-${clicked.step.page ?? rounds + 1}`);
  }
  return { products, rounds };
}

/** Controls pressed one after another to show more of a menu: category tabs, accordion sections, listbox options, weights. */
export interface PressKind {
  /** The token prefix, the data attribute the collect script marks controls with, and the name in interactions and round marks. */
  token: string;
  attr: string;
  name: 'tab' | 'section' | 'weight' | 'letter';
  /** Mark the frame's controls (`<attr>="<token>-<i>"`) and give the ones to press, by index, with their text. */
  collect(frame: Frame, token: string): Promise<{ picked: number[]; texts: string[] }>;
  /** Whether to stop after this frame, given how many of its controls changed the page and how many added products. */
  done(changed: number, rounds: number): boolean;
  /** Whether what a control shows may have pages of its own (a pager inside a category tab). */
  paged: boolean;
  /** What to press first to make control `i` pressable (the combobox that opens a listbox). */
  open?(frame: Frame, token: string, i: number): Promise<void>;
  /** Press control `i` another way than a click (an `<option>` chosen in its select); whether it was pressed. */
  press?(frame: Frame, token: string, i: number): Promise<boolean>;
  /** How long to wait for the page to change after a press (ms; 2500 unless given). */
  settle?: number;
  /** Run after a press changed the page, before the products are read (form state written into attributes). */
  after?(page: Page): Promise<void>;
  /** The round mark after `#<name>-` for a control's text (its lowercased text unless given). */
  mark?(text: string): string;
}

/**
 * Category tabs without links (pickCategoryTabs in pager.ts): a menu that shows one category at a
 * time and fetches the next when its tab is pressed. The first frame that has such tabs is used.
 */
export const CATEGORY_TABS: PressKind = {
  token: 'tab',
  attr: 'data-scan-pager',
  name: 'tab',
  async collect(frame, token) {
    const controls = await frame.evaluate<PagerControl[]>(`(${PAGER_COLLECT_SCRIPT})(${JSON.stringify(token)})`).catch(() => [] as PagerControl[]);
    return { picked: pickCategoryTabs(controls), texts: controls.map((c) => c.text) };
  },
  done: () => true,
  paged: true,
};

/**
 * Collapsed category sections (pickSections in pager.ts): an accordion menu shows nothing of a
 * category until its header is pressed; sections stay open, unlike tabs. The first frame where a
 * header opened something is used.
 */
export const SECTIONS: PressKind = {
  token: 'sec',
  attr: 'data-scan-section',
  name: 'section',
  async collect(frame, token) {
    const headers = await frame.evaluate<SectionHeader[]>(`(${SECTION_COLLECT_SCRIPT})(${JSON.stringify(token)})`).catch(() => [] as SectionHeader[]);
    return { picked: pickSections(headers), texts: headers.map((h) => h.text) };
  },
  done: (changed) => changed > 0,
  paged: false,
};

/**
 * Press each control of `kind` in turn, wait for the page's text to change and settle, and keep
 * the new products; bounded by the rounds left (SCRAPE_MAX_PAGES) and the signal. A control that
 * changes nothing (the tab already shown) is skipped; each one that added products counts in
 * `pagesVisited` (`#tab-<name>`, `#section-<name>`, `#weight-<text>`).
 */
export async function pressEach(
  page: Page,
  kind: PressKind,
  first: ScrapedProduct[],
  maxRounds: number,
  interactions: string[],
  opts: RenderOptions,
): Promise<{ products: ScrapedProduct[]; rounds: number }> {
  const keys = new Set(first.map(productIdentity));
  const products = [...first];
  let rounds = 0;
  for (const frame of page.frames()) {
    let token = `${kind.token}${interactions.length}`;
    let marked = await kind.collect(frame, token);
    if (!marked.picked.length) continue;
    // Pressed by their text: paging inside a tab marks the frame's controls anew.
    const wanted = marked.picked.map((i) => marked.texts[i]);
    let changed = 0;
    for (const want of wanted) {
      if (rounds >= maxRounds) break;
      if (opts.signal?.aborted) throw abortError(opts.signal);
      const i = marked.picked.find((j) => marked.texts[j] === want);
      if (i === undefined) continue;
      const before = await textPrint(page);
      await kind.open?.(frame, token, i);
      const ok = kind.press
        ? await kind.press(frame, token, i)
        : await frame
            .locator(`[${kind.attr}="${token}-${i}"]`)
            .first()
            .click({ timeout: 5_000 })
            .then(() => true)
            .catch(() => false);
      if (!ok || !(await waitChange(page, before, kind.settle ?? 2_500))) continue;
      changed++;
      interactions.push(`${kind.name}@${new URL(frame.url()).pathname}`);
      await kind.after?.(page);
      const fresh = (await readFrames(page, opts)).products.filter((p) => !keys.has(productIdentity(p)));
      if (!fresh.length) continue;
      for (const p of fresh) keys.add(productIdentity(p));
      products.push(...fresh);
      rounds++;
      opts.onRound?.(`${page.url()}#${kind.name}-${kind.mark ? kind.mark(want) : encodeURIComponent(want.toLowerCase())}`);
      // A category shown a page at a time: its pager is followed before the next tab is pressed.
      if (kind.paged && rounds < maxRounds) {
        const paged = await pageThrough(page, products, maxRounds - rounds, interactions, opts);
        if (paged.rounds > 0) {
          for (const p of paged.products.slice(products.length)) keys.add(productIdentity(p));
          products.splice(0, products.length, ...paged.products);
          rounds += paged.rounds;
        }
        token = `${kind.token}${interactions.length}`;
        marked = await kind.collect(frame, token);
      }
    }
    if (kind.done(changed, rounds)) break;
  }
  return { products, rounds };
}

/**
 * A custom select that chooses the menu's category (browser-listbox.ts): each of its options
 * pressed in turn, the combobox clicked first to open the listbox. The first frame that has one
 * is used.
 */
export const LISTBOX_OPTIONS: PressKind = {
  token: 'opt',
  attr: 'data-scan-option',
  name: 'tab',
  async collect(frame, token) {
    const options = await frame.evaluate<ListboxOption[]>(`(${LISTBOX_COLLECT_SCRIPT})(${JSON.stringify(token)})`).catch(() => [] as ListboxOption[]);
    return { picked: pickListboxOptions(options), texts: options.map((o) => o.text) };
  },
  async open(frame, token, i) {
    const option = frame.locator(`[data-scan-option="${token}-${i}"]`).first();
    if (await option.isVisible().catch(() => false)) return;
    const box = await option.getAttribute('data-scan-opener').catch(() => null);
    if (box)
      await frame
        .locator(`[data-scan-opens="${box}"]`)
        .first()
        .click({ timeout: 3_000 })
        .catch(() => undefined);
  },
  done: () => true,
  paged: true,
};
