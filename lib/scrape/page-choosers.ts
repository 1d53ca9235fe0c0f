import type * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';
import { resolveLink } from '@/lib/scrape/links';

/**
 * Pages a menu reaches only through a page chooser, never a link (twentieth round, docs/menus.md):
 * a `<select>` whose options are page URLs ("Page 3 of 16", navigated on change), and a GET form
 * with a page field — a `<select>` of page numbers or a "Go to page" number input with its `max` —
 * whose other fields (a hidden sort, the selected options) go along as the browser would send them.
 * A chooser without a URL or a form counts when its change handler (its `onchange`, or an inline
 * script naming its id / name) sets `location` to a literal prefix plus the chosen number
 * (`location.search = '?p=' + this.value`, `window.location = '/collections/all?page=' + v`).
 * The caller keeps only the URLs on the page's origin and in its path family.
 */

/** `location = '…' +`, `location.href = "…" +`, `location.search = '…' +`, `window.location.assign('…' +`: the prefix a handler builds its URL from. */
const LOCATION_PREFIX = /location(?:\.href|\.search)?\s*(?:=|\.assign\(|\.replace\()\s*(['"`])([^'"`]*)\1\s*\+/;

/** The prefix a control's change handler puts before its value, from its onchange or a script naming its id / name (category-forms.ts too). */
export function handlerPrefix($: cheerio.CheerioAPI, el: cheerio.Cheerio<AnyNode>): string | null {
  const own = LOCATION_PREFIX.exec(el.attr('onchange') ?? '');
  if (own) return own[2];
  const keys = [el.attr('id'), el.attr('name')].filter((k): k is string => !!k);
  if (!keys.length) return null;
  let found: string | null = null;
  $('script:not([src])').each((_, s) => {
    const src = $(s).text();
    if (src.length > 200_000 || !keys.some((k) => src.includes(`'${k}'`) || src.includes(`"${k}"`))) return;
    const m = LOCATION_PREFIX.exec(src);
    if (m) {
      found = m[2];
      return false;
    }
  });
  return found;
}

/** Names of a form's page field (as pagination.ts reads page parameters). */
const PAGE_FIELD = /^(?:page|p|pg|paged|pagenum|page_number|pagenumber|pageno|pagina|seite|pagenr)$/i;
/** Most pages one chooser gives. */
const MAX_CHOSEN = 200;

/** A page-number input's pages from its `min` to its `max` (at most MAX_CHOSEN), less the one it shows. */
function inputPages(input: cheerio.Cheerio<AnyNode>): string[] {
  const lo = Math.max(1, Number(input.attr('min') ?? '1') || 1);
  const hi = Number(input.attr('max'));
  const pages: string[] = [];
  if (Number.isFinite(hi) && hi > lo) for (let n = lo; n <= Math.min(hi, lo + MAX_CHOSEN - 1); n++) if (String(n) !== input.attr('value')) pages.push(String(n));
  return pages;
}

/** A chosen page's URL, and the form's other fields it carries (a hidden sort): not part of its path family. */
export interface ChosenPage {
  url: string;
  carried: string[];
}

/** The page URLs of a page's choosers, in chooser order (not filtered by family). */
export function pageChooserUrls($: cheerio.CheerioAPI, pageUrl: string): ChosenPage[] {
  const out: ChosenPage[] = [];
  // A select of page URLs: two or more options whose values are URLs (a path or a query), not bare numbers.
  $('select').each((_, el) => {
    const urls = $(el)
      .find('option')
      .not('[selected]')
      .toArray()
      .map((o) => $(o).attr('value') ?? '')
      .filter((v) => /^(?:https?:\/\/|\/|\?|\.\.?\/)/i.test(v.trim()))
      .map((v) => resolveLink(v.trim(), pageUrl))
      .filter((u): u is string => Boolean(u));
    if (urls.length >= 1 && $(el).find('option').length >= 2) out.push(...urls.slice(0, MAX_CHOSEN).map((url) => ({ url, carried: [] })));
  });
  // A GET form with a page field.
  $('form').each((_, f) => {
    const form = $(f);
    if ((form.attr('method') ?? 'get').toLowerCase() !== 'get') return;
    const field = form
      .find('select[name], input[name]')
      .filter((_, x) => PAGE_FIELD.test($(x).attr('name') ?? '') && ($(x).is('select') || /^(?:number|text|)$/i.test($(x).attr('type') ?? '')));
    if (!field.length) return;
    const pf = field.first();
    const name = pf.attr('name')!;
    let pages: string[] = [];
    // The page shown (the selected option, the input's value) is not asked for again.
    if (pf.is('select'))
      pages = pf
        .find('option')
        .not('[selected]')
        .toArray()
        .map((o) => ($(o).attr('value') ?? $(o).text()).trim())
        .filter((v) => /^\d{1,4}$/.test(v));
    else pages = inputPages(pf);
    if (!pages.length) return;
    const action = resolveLink(form.attr('action') || pageUrl, pageUrl);
    if (!action) return;
    // The other fields as a browser submits them: hidden and text inputs, checked boxes, selected options.
    const rest: Array<[string, string]> = [];
    form.find('input[name], select[name]').each((_, x) => {
      const e = $(x);
      const n = e.attr('name')!;
      if (n === name || e.is('[disabled]')) return;
      if (e.is('select')) {
        const sel = e.find('option[selected]').first();
        const o = sel.length ? sel : e.find('option').first();
        if (o.length) rest.push([n, o.attr('value') ?? o.text().trim()]);
        return;
      }
      const type = (e.attr('type') ?? 'text').toLowerCase();
      if (['submit', 'button', 'image', 'reset', 'file'].includes(type)) return;
      if ((type === 'checkbox' || type === 'radio') && !e.is('[checked]')) return;
      rest.push([n, e.attr('value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : '')]);
    });
    for (const v of pages) {
      const u = new URL(action);
      u.search = new URLSearchParams([...rest, [name, v]]).toString();
      out.push({ url: u.href, carried: rest.map(([k]) => k) });
    }
  });
  // A select of page numbers or a page number input outside a GET form, navigated by its handler.
  $('select, input[type="number"]').each((_, el) => {
    const c = $(el);
    const form = c.closest('form');
    if (form.length && (form.attr('method') ?? 'get').toLowerCase() === 'get' && c.attr('name')) return;
    let pages: string[] = [];
    if (c.is('select')) {
      const opts = c.find('option').toArray();
      if (opts.length < 2 || !opts.every((o) => /^\d{1,4}$/.test(($(o).attr('value') ?? $(o).text()).trim()))) return;
      pages = c
        .find('option')
        .not('[selected]')
        .toArray()
        .map((o) => ($(o).attr('value') ?? $(o).text()).trim());
    } else pages = inputPages(c);
    const prefix = pages.length ? handlerPrefix($, c) : null;
    if (prefix === null) return;
    for (const v of pages) {
      const u = resolveLink(prefix + v, pageUrl);
      if (u) out.push({ url: u, carried: [] });
    }
  });
  const seen = new Set<string>();
  return out.filter((c) => (seen.has(c.url) ? false : (seen.add(c.url), true)));
}
