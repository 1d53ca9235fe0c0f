import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';
import { decodeBody, guardedRequest, type GuardedFetchOptions } from '@/lib/scrape/guarded-fetch';
import { LOAD_MORE_CONTROL, NEXT_CONTROL } from '@/lib/scrape/pagination';

/**
 * Pages reached only by POST (docs/menus.md, tenth round): ASP.NET WebForms pagers, whose links
 * are `javascript:__doPostBack('ctl00$Main$gv','Page$2')` (or `WebForm_DoPostBackWithOptions(new
 * WebForm_PostBackOptions("ctl00$Pager$lnkNext", …))`) and post the page's form with its hidden
 * state (`__VIEWSTATE`, `__EVENTVALIDATION`) and the event's target and argument; and plain
 * `<form method="post">` pagers whose submit buttons are page numbers or a next control (a hidden
 * `page` field, `<button name="paged" value="3">`). Each such control becomes the request the
 * browser would send: the form's fields serialised as the browser does (hidden and text inputs,
 * checked boxes, selected options; the pressed button's name and value), to the form's action
 * on the page's own origin. Previous / first controls are left out: the crawl moves forward, and
 * stops on a page that adds no new product (as for link pagination).
 */

export interface PostRequest {
  /** Where the form posts (same origin as the page). */
  url: string;
  /** `application/x-www-form-urlencoded` body. */
  body: string;
  /** What the control says: the page number, or `next`. */
  label: string;
}

const POSTBACK = /__doPostBack\(\s*['"]([^'"]*)['"]\s*,\s*['"]([^'"]*)['"]\s*\)/;
const POSTBACK_OPTIONS = /WebForm_PostBackOptions\(\s*["']([^"']*)["']\s*,\s*["']([^"']*)["']/;

// A "Load more" submit button in a posted form (an UpdatePanel's) posts for the next batch.
const labelOf = (text: string): string | null => {
  const t = text.replace(/\s+/g, ' ').trim();
  if (/^\d{1,4}$/.test(t)) return t;
  return NEXT_CONTROL.test(t) || LOAD_MORE_CONTROL.test(t) ? 'next' : null;
};

/** A form's fields as the browser submits them (no buttons). */
function fields($: cheerio.CheerioAPI, form: Element): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  $(form)
    .find('input[name], select[name], textarea[name]')
    .each((_, el) => {
      const name = el.attribs.name;
      if (el.name === 'select') {
        const opts = $(el).find('option');
        const o = opts.filter('[selected]').first().length ? opts.filter('[selected]').first() : opts.first();
        if (o.length) out.push([name, o.attr('value') ?? o.text().trim()]);
        return;
      }
      if (el.name === 'textarea') return void out.push([name, $(el).text()]);
      const type = (el.attribs.type ?? 'text').toLowerCase();
      if (['submit', 'button', 'image', 'reset', 'file'].includes(type)) return;
      if ((type === 'checkbox' || type === 'radio') && el.attribs.checked === undefined) return;
      out.push([name, el.attribs.value ?? (type === 'checkbox' || type === 'radio' ? 'on' : '')]);
    });
  return out;
}

function actionOf(form: Element, pageUrl: string): string | null {
  try {
    const u = new URL(form.attribs.action || pageUrl, pageUrl);
    u.hash = '';
    return u.origin === new URL(pageUrl).origin ? u.href : null;
  } catch {
    return null;
  }
}

const encode = (pairs: Array<[string, string]>) => new URLSearchParams(pairs).toString();

/** The POST requests a page's pager controls send (see above), in page order, one per control. */
export function postbackRequests(html: string, pageUrl: string): PostRequest[] {
  if (!/__doPostBack|WebForm_PostBackOptions|method\s*=\s*["']?post/i.test(html)) return [];
  const $ = cheerio.load(html);
  const out: PostRequest[] = [];
  const push = (r: PostRequest) => {
    if (!out.some((x) => x.url === r.url && x.body === r.body)) out.push(r);
  };
  // WebForms: a postback link posts the page's form with the event's target and argument.
  const theForm = $('form')
    .filter((_, f) => $(f).find('input[name="__VIEWSTATE"], input[name="__EVENTTARGET"]').length > 0)
    .first();
  $('a[href], [onclick]').each((_, el) => {
    const js = `${el.attribs.href ?? ''} ${el.attribs.onclick ?? ''}`;
    const m = POSTBACK.exec(js) ?? POSTBACK_OPTIONS.exec(js);
    if (!m) return;
    const [, target, arg] = m;
    if (/^Page\$(?:Prev|First)/i.test(arg)) return;
    const label = /^Page\$(\d+)$/i.exec(arg)?.[1] ?? (/^Page\$(?:Next|Last)$/i.test(arg) ? 'next' : labelOf($(el).text()));
    if (!label) return;
    const form = ($(el).closest('form').get(0) as Element | undefined) ?? (theForm.get(0) as Element | undefined);
    if (!form) return;
    const url = actionOf(form, pageUrl);
    if (!url) return;
    const base = fields($, form).filter(([k]) => k !== '__EVENTTARGET' && k !== '__EVENTARGUMENT');
    push({ url, body: encode([['__EVENTTARGET', target], ['__EVENTARGUMENT', arg], ...base]), label });
  });
  // A page chooser that posts back when changed (a DropDownList with AutoPostBack): one request per page number.
  $('select[onchange]').each((_, el) => {
    const m = POSTBACK.exec(el.attribs.onchange.replace(/\\(['"])/g, '$1'));
    const form = ($(el).closest('form').get(0) as Element | undefined) ?? (theForm.get(0) as Element | undefined);
    const url = form ? actionOf(form, pageUrl) : null;
    const opts = $(el).find('option').toArray();
    if (!m || !form || !url || !el.attribs.name || opts.length < 2 || !opts.every((o) => /^\d{1,4}$/.test($(o).text().trim()))) return;
    const base = fields($, form).filter(([k]) => k !== '__EVENTTARGET' && k !== '__EVENTARGUMENT' && k !== el.attribs.name);
    for (const o of opts) {
      if (o.attribs.selected !== undefined) continue;
      push({
        url,
        body: encode([['__EVENTTARGET', m[1]], ['__EVENTARGUMENT', m[2]], [el.attribs.name, o.attribs.value ?? $(o).text().trim()], ...base]),
        label: $(o).text().trim(),
      });
    }
  });
  // Plain POST forms whose submit buttons are page numbers or a next control.
  $('form').each((_, f) => {
    if ((f.attribs.method ?? 'get').toLowerCase() !== 'post') return;
    const url = actionOf(f, pageUrl);
    if (!url) return;
    $(f)
      .find('button, input[type="submit"]')
      .each((_, b) => {
        const type = (b.attribs.type ?? 'submit').toLowerCase();
        if (type !== 'submit') return;
        const label = labelOf(b.name === 'input' ? (b.attribs.value ?? '') : $(b).text()) ?? labelOf(b.attribs['aria-label'] ?? '');
        if (!label) return;
        const pressed: Array<[string, string]> = b.attribs.name ? [[b.attribs.name, b.attribs.value ?? '']] : [];
        push({ url, body: encode([...fields($, f), ...pressed]), label });
      });
  });
  return out;
}

/** Sends one postback through the guarded request (DECISIONS §6: the same address rule as every page). */
export async function fetchPostback(req: PostRequest, opts: GuardedFetchOptions): Promise<{ url: string; status: number; body: string; raw?: Buffer; truncated?: boolean }> {
  const r = await guardedRequest(req.url, {
    ...opts,
    method: 'POST',
    body: Buffer.from(req.body),
    headers: { ...opts.headers, 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { url: r.url, status: r.status, body: decodeBody(r.body, r.headers.get('content-type')) };
}
