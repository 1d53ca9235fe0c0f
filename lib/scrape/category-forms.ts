import * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';
import { isCategoryName, loadPage, MAX_CATEGORY_LINKS, resolveLink, type PageDoc } from '@/lib/scrape/pagination';
import { WEIGHT_TEXT, weightToggle } from '@/lib/scrape/weight-toggle';
import { handlerPrefix } from '@/lib/scrape/page-choosers';

/**
 * A menu whose categories are chosen in a form control, not a link: a `<select>` (or radio
 * buttons) in a GET form (`/menu?category=edibles`, submitted by a button or on change), a select
 * whose options are URLs (`/collections/vapes`), and a select whose change handler (its
 * `onchange`, or an inline script naming it) sets `location` to a literal prefix plus the chosen
 * value (WooCommerce's category dropdown: `'/shop?product_cat=' + value`). The control counts
 * when most of its choices are category names. Same origin only; the caller applies the address
 * rule to every URL like any link. The choices of a page-wide weight toggle (weight-toggle.ts)
 * are followed the same way: its links, and a GET form's weight select or radios.
 */

interface Choice {
  value: string;
  text: string;
}

/** The URL a GET form submits with `name=value` (its hidden fields kept, other controls left out). */
function formUrl($: cheerio.CheerioAPI, form: cheerio.Cheerio<AnyNode>, name: string, value: string, pageUrl: string): string | null {
  const method = (form.attr('method') ?? 'get').toLowerCase();
  if (method !== 'get') return null;
  const action = resolveLink(form.attr('action') || pageUrl, pageUrl);
  if (!action) return null;
  const u = new URL(action);
  u.search = '';
  form.find('input[type="hidden"][name]').each((_, el) => {
    u.searchParams.append($(el).attr('name')!, $(el).attr('value') ?? '');
  });
  u.searchParams.set(name, value);
  return u.href;
}

/** URLs of the categories a page's form controls choose between (at most MAX_CATEGORY_LINKS). */
export function categoryFormUrls(html: PageDoc, pageUrl: string): string[] {
  const $ = loadPage(html);
  const here = new URL(pageUrl);
  const out: string[] = [];
  const add = (u: string | null) => {
    if (!u || out.length >= MAX_CATEGORY_LINKS || out.includes(u)) return;
    if (new URL(u).origin !== here.origin || u === pageUrl) return;
    out.push(u);
  };
  const toggle = weightToggle($);
  const weights = (cs: Choice[]) => toggle !== null && cs.length >= 2 && cs.every((c) => WEIGHT_TEXT.test(c.text));
  const mostlyCategories = (cs: Choice[]) => weights(cs) || (cs.length >= 2 && cs.filter((c) => isCategoryName(c.text)).length >= Math.max(2, Math.ceil(cs.length * 0.6)));
  for (const el of toggle?.choices ?? []) {
    const a = el.name === 'a' ? $(el) : $(el).find('a[href]').first();
    if (a.length) add(resolveLink(a.attr('href'), pageUrl));
  }
  $('select').each((_, el) => {
    const sel = $(el);
    const choices: Choice[] = sel
      .find('option')
      .toArray()
      .map((o) => ({ value: $(o).attr('value') ?? $(o).text().trim(), text: $(o).text().trim() }))
      .filter((c) => c.value !== '');
    if (!mostlyCategories(choices)) return;
    const form = sel.closest('form');
    const name = sel.attr('name');
    const prefix = handlerPrefix($, sel);
    for (const c of choices) {
      if (/^(?:\/|https?:)/i.test(c.value)) add(resolveLink(c.value, pageUrl));
      else if (prefix !== null) add(resolveLink(prefix + encodeURIComponent(c.value), pageUrl));
      else if (form.length && name) add(formUrl($, form, name, c.value, pageUrl));
    }
  });
  // Radio buttons in a GET form: one group whose labels are category names.
  const groups = new Map<string, Array<Choice & { form: cheerio.Cheerio<AnyNode> }>>();
  $('form input[type="radio"][name]').each((_, el) => {
    const r = $(el);
    const id = r.attr('id');
    const text = (r.closest('label').text() || (id ? $(`label[for="${id}"]`).text() : '')).trim();
    const name = r.attr('name')!;
    groups.set(name, [...(groups.get(name) ?? []), { value: r.attr('value') ?? 'on', text, form: r.closest('form') }]);
  });
  for (const [name, cs] of groups) if (mostlyCategories(cs)) for (const c of cs) add(formUrl($, c.form, name, c.value, pageUrl));
  return out;
}
