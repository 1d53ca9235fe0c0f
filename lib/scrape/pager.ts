/**
 * Script-driven numbered pagination: `<button>2</button>`, `<li role="button">3</li>`,
 * `aria-label="Page 2"`, a "Next" / "›" button — controls without a link, where the URL does not
 * change and a script swaps the products. The page (or cheerio, for the plain-HTTP decision)
 * describes the small controls it shows; `pickPagerControl` decides, in plain TypeScript, which
 * one leads to the next page: the number after the current one (aria-current, an active / current
 * / selected class, or the disabled number), else a next control that is not disabled. Controls
 * that are real links are left to the HTTP crawl (pagination.ts).
 */
import type { CheerioAPI } from 'cheerio';
import { isCategoryName } from '@/lib/scrape/pagination';

export interface PagerControl {
  tag: string;
  role: string;
  /** Visible text. */
  text: string;
  /** aria-label or title. */
  aria: string;
  /** Its class and its parent's (`<li class="active"><button>2</button></li>`). */
  cls: string;
  /** aria-current (not "false"), aria-pressed / aria-selected "true", on it or its parent. */
  current: boolean;
  /** disabled, aria-disabled="true" or a `disabled` class. */
  disabled: boolean;
  href: string | null;
  /** Which container (nav, list, pagination box) it sits in: controls of one pager share it. */
  group: number;
  /** aria-expanded on it ("true" / "false"), null without: a section toggle, not a tab. */
  expanded?: string | null;
}

export interface PagerStep {
  /** Index of the control to click in the list given. */
  index: number;
  /** The page it leads to, when known. */
  page: number | null;
  /** The page shown now, when the pager marks it. */
  current: number | null;
  kind: 'number' | 'next';
}

const NEXT_TEXT =
  /^(next( page)?|next\s*[›»→>]|[›»→>]|>>|more pages?|siguiente( página)?|página siguiente|siguiente\s*[›»→>]|suivante?|page suivante|suivante?\s*[›»→>]|weiter|nächste( seite)?|weiter\s*[›»→>])$/i;
/** A next control by its label: "Next page", a carousel's "Next slide", "Scroll right", "Slide right"; Spanish "Página siguiente"; French "Page suivante". */
const NEXT_ARIA =
  /^(?:(go to )?next( page| slides?| items?| products?)?|(?:scroll|slide|move|go) (?:right|forward)|show next(?: \w+)?|(?:ir a la )?página siguiente|siguiente|(?:aller à la )?page suivante|suivante?|nächste seite|weiter)$/i;
/** A control that goes back, whatever its classes say (Flickity's `flickity-prev-next-button previous`). */
const BACK = /(^|[\s_-])(prev|previous|back|left|anterior)(?=$|[\s_-])/i;
const ACTIVE_CLASS = /(^|[\s_-])(active|current|selected|is-active|is-current)(?=$|[\s_-])/i;

function pageNumber(c: PagerControl): number | null {
  if (/^\d{1,3}$/.test(c.text)) return Number(c.text);
  // A number after a visually hidden "Page" label (Magento Luma's `<span class="label">Page</span><span>2</span>`).
  const t = /^(?:page|página)\s*(\d{1,3})$/i.exec(c.text);
  if (t) return Number(t[1]);
  const m = /^(?:go to |goto |ir a la |aller à la )?(?:page|página)\s*(\d{1,3})$/i.exec(c.aria.trim());
  return m ? Number(m[1]) : null;
}

/** A link with a real address: the HTTP crawl follows it, the browser need not click it. */
const realLink = (c: PagerControl) => c.tag === 'a' && c.href !== null && c.href.trim() !== '' && !/^(#|javascript:)/i.test(c.href.trim());
const isNext = (c: PagerControl) =>
  NEXT_TEXT.test(c.text) ||
  NEXT_ARIA.test(c.aria.trim()) ||
  (c.text.length <= 12 &&
    /(^|[\s_-])next(?=$|[\s_-])/i.test(c.cls) &&
    !BACK.test(`${c.text} ${c.aria}`) &&
    !BACK.test(
      c.cls
        .split(/\s+/)
        .filter((t) => !/next/i.test(t))
        .join(' '),
    ));
/** A number that can be pressed (not a "2 / 8" slide counter's plain text). */
const pressable = (c: PagerControl) => c.tag !== 'span' || c.role !== '';

/**
 * The page shown, written as text rather than marked ("You're currently reading page 2", "Current
 * page 2", "You are on page 2": Magento Luma's current item, its words visually hidden): read as
 * the current page's number.
 */
export const CURRENT_PAGE_TEXT = /^(?:you(?:'|’)re |you are )?(?:currently (?:reading|on|viewing) |current(?:ly)? |on )page:?\s*(\d{1,3})$/i;

/** A page-number field's label ("Page number", "Current page", "Página"): its value is the page shown. */
export const PAGE_FIELD = /\b(?:page|p[áa]gina)\b/i;

/** The control that leads to the next page, or null when the page shows no script pager. */
export function pickPagerControl(controls: PagerControl[]): PagerStep | null {
  // A compact pager (Wix's "‹ [2] / 16 ›"): a page-number field holds the page shown, only arrows
  // around it; the next arrow beside the field leads on (no page-number buttons to press).
  const field = controls.findIndex((c) => c.tag === 'input' && c.current && pageNumber(c) !== null);
  if (field >= 0) {
    const at = controls[field];
    const next = controls.findIndex((c) => c.group === at.group && isNext(c) && !c.disabled && !realLink(c));
    if (next >= 0) return { index: next, page: pageNumber(at)! + 1, current: pageNumber(at), kind: 'next' };
  }
  // The pager: the container holding the most distinct page numbers (two at least).
  const byGroup = new Map<number, number[]>();
  controls.forEach((c, i) => {
    if (pageNumber(c) !== null) byGroup.set(c.group, [...(byGroup.get(c.group) ?? []), i]);
  });
  let group: number | null = null;
  let best = 1;
  for (const [g, idx] of byGroup) {
    if (!idx.some((i) => pressable(controls[i]))) continue;
    const distinct = new Set(idx.map((i) => pageNumber(controls[i]))).size;
    if (distinct > best) [group, best] = [g, distinct];
  }
  const numbered = group === null ? [] : byGroup.get(group)!;
  // A pager made of real links is the HTTP crawl's.
  if (numbered.length && numbered.every((i) => realLink(controls[i]) || controls[i].current || controls[i].disabled)) return null;
  const marked = numbered.find((i) => controls[i].current || ACTIVE_CLASS.test(controls[i].cls)) ?? numbered.find((i) => controls[i].disabled);
  const current = marked === undefined ? null : pageNumber(controls[marked]);
  if (current !== null) {
    const target = numbered.find((i) => pageNumber(controls[i]) === current + 1 && !controls[i].disabled && !realLink(controls[i]));
    if (target !== undefined) return { index: target, page: current + 1, current, kind: 'number' };
  }
  // A next control: in the pager when there is one, else anywhere (a pager of prev/next only).
  const next = controls.findIndex((c) => (group === null || c.group === group) && isNext(c) && !c.disabled && !realLink(c));
  if (next >= 0) return { index: next, page: current !== null ? current + 1 : null, current, kind: 'next' };
  return null;
}

const CONTROL_SELECTOR = 'button, a, [role="button"], [role="link"], [role="tab"], li, span, [aria-label], [aria-current], [onclick], [tabindex]';
/**
 * The box a pager's controls share. A list item is an item of it, never the box, whatever its
 * class says: Cornerstone's `li.pagination-item` around each page link made every number a pager
 * of its own.
 */
const CONTAINER_SELECTOR = 'nav, ul, ol, [role="navigation"], [class*="pag" i]:not(li), [class*="pager" i]:not(li)';

/**
 * The page-side collector (a string: page functions cannot close over Node values, and
 * transpilers add helpers that do not exist in the page). Marks every described control with
 * `data-scan-pager="<token>-<index>"` so the chosen one can be clicked as a user would.
 */
export const PAGER_COLLECT_SCRIPT = String.raw`(token) => {
  const visible = (el) => { const r = el.getBoundingClientRect(); const st = getComputedStyle(el); return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none'; };
  const groups = new Map();
  const out = [];
  const els = Array.from(document.querySelectorAll(${JSON.stringify(CONTROL_SELECTOR)}));
  for (const el of els) {
    const aria = (el.getAttribute('aria-label') || el.getAttribute('title') || '').trim();
    // A page-number field (a compact pager's "[2] / 16") reads as the page it holds, the current one.
    const field = el.tagName === 'INPUT' && ${PAGE_FIELD}.test(aria + ' ' + (el.getAttribute('name') || '')) && /^\d{1,3}$/.test(String(el.value).trim());
    const said = ${CURRENT_PAGE_TEXT}.exec((el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim());
    const text = field ? String(el.value).trim() : said ? said[1] : (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim();
    if (text.length > 20 || (!text && !aria)) continue;
    // A wrapper of another control ('<li><button>2</button></li>') is described by the inner one.
    if (el.querySelector('button, a, [role="button"], [role="link"]')) continue;
    if (!visible(el)) continue;
    const box = el.parentElement && el.parentElement.closest(${JSON.stringify(CONTAINER_SELECTOR)}) || el.parentElement;
    if (!groups.has(box)) groups.set(box, groups.size);
    const p = el.parentElement;
    // Disabled, on it or on the control around it (a carousel arrow's drawn icon inside a disabled arrow): disabled, aria-disabled, a class token "disabled" / "…-disabled".
    const off = (x) => !!x && (!!x.disabled || x.getAttribute('aria-disabled') === 'true' || /(^|[\s_-])disabled(\s|$)/i.test(typeof x.className === 'string' ? x.className : ''));
    const cur = (x) => !!x && ((x.getAttribute('aria-current') && x.getAttribute('aria-current') !== 'false') || x.getAttribute('aria-pressed') === 'true' || x.getAttribute('aria-selected') === 'true');
    el.setAttribute('data-scan-pager', token + '-' + out.length);
    out.push({
      tag: el.tagName.toLowerCase(), role: el.getAttribute('role') || '', text, aria,
      cls: ((typeof el.className === 'string' ? el.className : '') + ' ' + (el.getAttribute('data-testid') || '') + ' ' + (p && typeof p.className === 'string' ? p.className : '')).trim(),
      current: field || !!said || cur(el) || cur(p), disabled: off(el) || off(p),
      href: el.getAttribute('href'), group: groups.get(box), expanded: el.getAttribute('aria-expanded'),
    });
  }
  return out;
}`;

/** The same description from server-rendered HTML (cheerio): does the page show a script pager? */
export function describeControls($: CheerioAPI): PagerControl[] {
  const groups = new Map<unknown, number>();
  const out: PagerControl[] = [];
  $(CONTROL_SELECTOR).each((_, node) => {
    const el = $(node);
    const aria = (el.attr('aria-label') ?? el.attr('title') ?? '').trim();
    const value = (el.attr('value') ?? '').trim();
    const field = (node as { tagName?: string }).tagName?.toLowerCase() === 'input' && PAGE_FIELD.test(`${aria} ${el.attr('name') ?? ''}`) && /^\d{1,3}$/.test(value);
    const said = CURRENT_PAGE_TEXT.exec(el.text().replace(/\s+/g, ' ').trim());
    const text = field ? value : said ? said[1] : el.text().replace(/\s+/g, ' ').trim();
    if (text.length > 20 || (!text && !aria)) return;
    if (el.find('button, a, [role="button"], [role="link"]').length) return;
    const p = el.parent();
    const boxEl = p.closest(CONTAINER_SELECTOR).get(0) ?? p.get(0);
    if (!groups.has(boxEl)) groups.set(boxEl, groups.size);
    const cur = (x: typeof el) => {
      const ac = x.attr('aria-current');
      return (ac !== undefined && ac !== 'false') || x.attr('aria-pressed') === 'true' || x.attr('aria-selected') === 'true';
    };
    out.push({
      tag: (node as { tagName?: string }).tagName?.toLowerCase() ?? '',
      role: el.attr('role') ?? '',
      text,
      aria,
      cls: `${el.attr('class') ?? ''} ${p.attr('class') ?? ''}`.trim(),
      current: field || !!said || cur(el) || (p.length > 0 && cur(p)),
      disabled: el.attr('disabled') !== undefined || el.attr('aria-disabled') === 'true' || /(^|\s)disabled(\s|$)/i.test(el.attr('class') ?? ''),
      href: el.attr('href') ?? null,
      group: groups.get(boxEl)!,
    });
  });
  return out;
}

/**
 * Category tabs that are controls, not links (a menu embed showing one category at a time, the
 * products fetched when a tab is pressed, the URL unchanged): among the controls a page describes
 * (PAGER_COLLECT_SCRIPT), the group with the most category names ("Flower", "Vape Pens",
 * "Edibles (12)"), at least two; answered: every control of that group without a real link (no
 * href, `#…` or `javascript:`), not disabled, one per text, in page order. Links with an href are
 * left to the HTTP crawl (categoryLinks in pagination.ts).
 */
export function pickCategoryTabs(controls: PagerControl[]): number[] {
  const groups = new Map<number, number[]>();
  controls.forEach((c, i) => {
    if (c.disabled || (c.href !== null && !/^\s*(?:#|javascript:)/i.test(c.href))) return;
    // A section toggle (aria-expanded) opens its own panel: pickSections, not a tab.
    if (c.expanded === 'true' || c.expanded === 'false') return;
    groups.set(c.group, [...(groups.get(c.group) ?? []), i]);
  });
  let best: number[] = [];
  let bestNames = 1;
  for (const idx of groups.values()) {
    // Product cards' captions, not tabs: a category named three times or more in one container (a
    // grid of cards each showing its category, their prices beside them; nineteenth round).
    const count = new Map<string, number>();
    for (const i of idx) if (isCategoryName(controls[i].text)) count.set(controls[i].text.toLowerCase(), (count.get(controls[i].text.toLowerCase()) ?? 0) + 1);
    if ([...count.values()].some((n) => n >= 3)) continue;
    const names = count.size;
    if (names > bestNames) [best, bestNames] = [idx, names];
  }
  const seen = new Set<string>();
  return best.filter((i) => {
    const t = controls[i].text.toLowerCase();
    if (!t || seen.has(t) || /^\d+$/.test(t) || NEXT_TEXT.test(t) || /\$\s?\d/.test(t)) return false;
    seen.add(t);
    return true;
  });
}

/** A collapsed section header the page shows (SECTION_COLLECT_SCRIPT). */
export interface SectionHeader {
  /** Visible text. */
  text: string;
  /** Tag, role and class: the headers of one accordion share it. */
  shape: string;
  href: string | null;
}

/**
 * Collapsed category sections (an accordion menu: every category closed until its header is
 * pressed, its products fetched and shown then; `aria-expanded="false"` toggles, `<details>`
 * whose `<summary>` names a category): the headers of the shapes that hold two or more category
 * names, every header of such a shape (an accordion's last section is often "Other" or "Merch"),
 * without a real link, one per text, in page order. Fewer than two category names: none.
 */
export function pickSections(headers: SectionHeader[]): number[] {
  const names = new Map<string, Set<string>>();
  headers.forEach((h) => {
    if (isCategoryName(h.text)) names.set(h.shape, (names.get(h.shape) ?? new Set()).add(h.text.toLowerCase()));
  });
  const shapes = new Set([...names].filter(([, n]) => n.size >= 2).map(([sh]) => sh));
  const seen = new Set<string>();
  const out: number[] = [];
  headers.forEach((h, i) => {
    const t = h.text.toLowerCase();
    if (!shapes.has(h.shape) || !t || seen.has(t) || (h.href !== null && !/^\s*(?:#|javascript:)/i.test(h.href))) return;
    seen.add(t);
    out.push(i);
  });
  return out;
}

/**
 * The page-side collector of collapsed section headers: visible `[aria-expanded="false"]`
 * controls and the `<summary>` of closed `<details>`, outside the site's navigation (a header's
 * dropdowns are not the menu), text of at most 40 characters; each marked
 * `data-scan-section="<token>-<index>"` to be clicked.
 */
export const SECTION_COLLECT_SCRIPT = String.raw`(token) => {
  const out = [];
  for (const el of Array.from(document.querySelectorAll('[aria-expanded="false"], details:not([open]) > summary'))) {
    if (el.closest('nav, header, footer, [role="navigation"], [role="menubar"], [role="menu"], [role="dialog"]')) continue;
    const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) continue;
    const text = (el.innerText || el.textContent || '').replace(/\s+/g, ' ').trim();
    if (!text || text.length > 40) continue;
    el.setAttribute('data-scan-section', token + '-' + out.length);
    out.push({ text, shape: el.tagName.toLowerCase() + '|' + (el.getAttribute('role') || '') + '|' + (typeof el.className === 'string' ? el.className.trim() : ''), href: el.getAttribute('href') });
  }
  return out;
}`;
