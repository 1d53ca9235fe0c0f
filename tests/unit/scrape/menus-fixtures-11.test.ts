import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, cardHtml, ELEVENTH_TECHNIQUES, menuDataPresent, STYLES, type SiteSpec, type Style } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer, type ServedSite } from '@/tests/fixtures/menus-sites/server';
import { promoModal, skeleton, STORE_PATH } from '@/tests/fixtures/menus-sites/eleventh';
import { LEFT_OPEN, panelPostedPage, STREAM_URL, updatePanelDelta } from '@/tests/fixtures/menus-sites/eleventh-stream';

// The eleventh-round generator (tests/fixtures/menus-sites/eleventh*.ts), not the scraper: every
// page serves what its ground truth says, in the way the technique describes.

const text = (html: string) => html.replace(/<[^>]*>/g, ' ');
/** The truth products whose card (name and prices) is in `html`. */
const shown = (spec: SiteSpec, html: string) => spec.products.filter((p) => html.includes(cardHtml(p, spec.style)));

/** Splits an UpdatePanel delta (`length|type|id|content|`…) by its lengths. */
function parseDelta(t: string): Array<[string, string, string]> {
  const out: Array<[string, string, string]> = [];
  let i = 0;
  while (i < t.length) {
    const a = t.indexOf('|', i);
    const len = Number(t.slice(i, a));
    const b = t.indexOf('|', a + 1);
    const c = t.indexOf('|', b + 1);
    out.push([t.slice(a + 1, b), t.slice(b + 1, c), t.slice(c + 1, c + 1 + len)]);
    expect(t[c + 1 + len]).toBe('|');
    i = c + 2 + len;
  }
  return out;
}

describe('eleventh-round markup', () => {
  it('every site: real products, prices paid below the struck regular price, unique names', () => {
    const sites = buildSites().filter((s) => ELEVENTH_TECHNIQUES.includes(s.technique));
    expect(sites).toHaveLength(35);
    for (const s of sites) {
      expect(s.products.length).toBeGreaterThan(100);
      expect(new Set(s.products.map((p) => p.name.toLowerCase())).size).toBe(s.products.length);
      for (const p of s.products) {
        expect(p.price).toBeGreaterThan(0);
        if (p.regularPrice !== null) expect(p.regularPrice).toBeGreaterThan(p.price);
        const card = cardHtml(p, s.style);
        expect(card).toContain(p.price.toFixed(2));
        if (p.regularPrice !== null) expect(card).toContain(p.regularPrice.toFixed(2));
      }
    }
  });

  it.each(STYLES)('promo-modal %s: a pop-up with a close control and nothing to accept', (style) => {
    const m = promoModal(style);
    const closeClass = m.close
      .split(',')[0]
      .trim()
      .replace(/^\./, '')
      .replace(/^\[data-testid="(.+)"\]$/, '$1');
    expect(m.html).toContain(closeClass);
    expect(m.html).toMatch(/aria-modal="true"|role="dialog"/);
    expect(text(m.html)).not.toMatch(/\b(accept|agree|allow|enter|confirm)\b/i);
    expect(m.html).toContain('position:fixed;inset:0');
  });

  it.each(STYLES)('skeleton %s: placeholders show no product and no price', (style) => {
    const sk = skeleton(style);
    expect(text(sk.html)).not.toMatch(/\$\d/);
    expect(sk.delay).toBeGreaterThanOrEqual(1500);
  });

  it('update-panel: which page a postback asks for, per pager', () => {
    const vs = (p: number) => Buffer.from(JSON.stringify({ p })).toString('base64');
    const f = (o: Record<string, string>, p = 2) => panelPostedPage(new URLSearchParams({ __VIEWSTATE: vs(p), ...o }), 7);
    expect(f({ __EVENTARGUMENT: 'Page$5' })).toBe(5);
    expect(f({ __EVENTARGUMENT: 'Page$Next' })).toBe(3);
    expect(f({ __EVENTTARGET: 'ctl00$Main$DataPager1$ctl02$ctl00' })).toBe(3);
    expect(f({ __EVENTTARGET: 'ctl00$Main$DataPager1$ctl00$ctl00' })).toBe(1);
    expect(f({ ctl00$Main$btnMore: 'Load more' })).toBe(3);
    expect(f({ __EVENTTARGET: 'ctl00$Main$rptPager$ctl03$lnkPage' })).toBe(4);
    expect(f({ __EVENTTARGET: 'ctl00$Main$lnkNext' })).toBe(3);
    expect(f({ __EVENTTARGET: 'ctl00$Main$ddlPage', ctl00$Main$ddlPage: '6' })).toBe(6);
    expect(f({ __EVENTARGUMENT: 'Page$Next' }, 7)).toBe('bad');
    expect(panelPostedPage(new URLSearchParams({ __EVENTARGUMENT: 'Page$2' }), 7)).toBe('bad');
  });
});

describe.runIf(menuDataPresent())('eleventh-round sites', () => {
  let server: MenuSitesServer;
  const keys = buildSites()
    .filter((s) => ELEVENTH_TECHNIQUES.includes(s.technique))
    .map((s) => s.key);
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());
  const base = (s: ServedSite) => s.url.replace(/\/menu$/, '');

  it.each(STYLES)('promo-modal %s: the first page, the rest from the "Load more" API, every product once', async (style) => {
    const site = server.site(`promo-modal-${style}`);
    const html = await (await fetch(site.url)).text();
    expect(shown(site.spec, html)).toHaveLength(24);
    const rest = (await (await fetch(`${base(site)}/api/cards?offset=24&limit=1000`)).json()) as { html: string };
    expect(shown(site.spec, html + rest.html)).toHaveLength(site.spec.products.length);
  });

  it.each(STYLES)('skeleton %s: the API answers every card, only after its delay', async (style) => {
    const site = server.site(`skeleton-${style}`);
    const page = await (await fetch(site.url)).text();
    expect(shown(site.spec, page)).toHaveLength(0);
    const t0 = Date.now();
    const j = (await (await fetch(`${base(site)}/api/menu-data`)).json()) as { items: string[] };
    expect(Date.now() - t0).toBeGreaterThanOrEqual(skeleton(style).delay - 50);
    expect(shown(site.spec, j.items.join(''))).toHaveLength(site.spec.products.length);
  });

  it.each(STYLES)('sse-stream %s: the stream carries every product; some streams stay open', async (style) => {
    const site = server.site(`sse-stream-${style}`);
    const ctrl = new AbortController();
    const r = await fetch(base(site) + STREAM_URL[style], { signal: ctrl.signal });
    const reader = r.body!.getReader();
    const dec = new TextDecoder();
    let body = '';
    let ended = false;
    const deadline = Date.now() + 8000;
    const unescape = (s: string) =>
      style === 'text' || style === 'dawn'
        ? s
        : s
            .replace(/\\u003c/g, '<')
            .replace(/\\"/g, '"')
            .replace(/\\\//g, '/');
    while (Date.now() < deadline) {
      const x = await reader.read();
      if (x.done) {
        ended = true;
        break;
      }
      body += dec.decode(x.value, { stream: true });
      const got = shown(site.spec, unescape(body)).length;
      if (got === site.spec.products.length && LEFT_OPEN.includes(style)) {
        // Left open: nothing ends it within a second after the last product.
        const more = await Promise.race([reader.read().then((y) => y.done), new Promise<boolean>((res) => setTimeout(() => res(false), 1200))]);
        expect(more).toBe(false);
        break;
      }
    }
    ctrl.abort();
    expect(shown(site.spec, unescape(body))).toHaveLength(site.spec.products.length);
    if (!LEFT_OPEN.includes(style)) expect(ended).toBe(true);
  });

  it.each(STYLES)('update-panel %s: async postbacks walk every page by delta; a plain POST answers the whole page', async (style) => {
    const site = server.site(`update-panel-${style}`);
    const { spec } = site;
    const pages = Math.ceil(spec.products.length / spec.perPage);
    const first = await (await fetch(site.url)).text();
    expect(first).toContain('id="ctl00_Main_upMenu"');
    expect(first).not.toMatch(/href="\/[^"]*page/i);
    const seen = new Set(shown(spec, first).map((p) => p.id));
    const control = (n: number): Record<string, string> => {
      switch (style as Style) {
        case 'grid':
        case 'table':
          return { __EVENTTARGET: 'ctl00$Main$gvMenu', __EVENTARGUMENT: `Page$${n}` };
        case 'list':
          return { __EVENTTARGET: 'ctl00$Main$DataPager1$ctl02$ctl00' };
        case 'text':
          return { ctl00$Main$btnMore: 'Load more' };
        case 'woo':
          return { __EVENTTARGET: `ctl00$Main$rptPager$ctl${String(n - 1).padStart(2, '0')}$lnkPage` };
        case 'dawn':
          return { __EVENTTARGET: 'ctl00$Main$lnkNext' };
        default:
          return { __EVENTTARGET: 'ctl00$Main$ddlPage', ctl00$Main$ddlPage: String(n) };
      }
    };
    let vs = /id="__VIEWSTATE" value="([^"]+)"/.exec(first)![1];
    for (let n = 2; n <= pages; n++) {
      const r = await fetch(site.url, {
        method: 'POST',
        headers: { 'x-microsoftajax': 'Delta=true', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ __VIEWSTATE: vs, __ASYNCPOST: 'true', ...control(n) }),
      });
      const delta = parseDelta(await r.text());
      const panel = delta.find((d) => d[0] === 'updatePanel')!;
      expect(panel[1]).toBe('ctl00_Main_upMenu');
      for (const p of shown(spec, panel[2])) seen.add(p.id);
      vs = delta.find((d) => d[1] === '__VIEWSTATE')![2];
    }
    expect(seen.size).toBe(spec.products.length);
    expect(updatePanelDelta(spec, 2)).toBe(updatePanelDelta(spec, 2));
    const full = await (await fetch(site.url, { method: 'POST', body: new URLSearchParams({ __VIEWSTATE: Buffer.from('{"p":1}').toString('base64'), ...control(2) }) })).text();
    expect(full).toMatch(/^<!doctype html>/);
    expect(shown(spec, full).some((p) => spec.products.indexOf(p) >= spec.perPage)).toBe(true);
  });

  it.each(STYLES)('store-redirect %s: /menu leads to the store menu, whose pages hold every product once', async (style) => {
    const site = server.site(`store-redirect-${style}`);
    const { spec } = site;
    const r = await fetch(site.url, { redirect: 'manual' });
    const body = await r.text();
    let origin = base(site);
    let cookie = '';
    switch (style) {
      case 'list':
        expect(body).toContain("location.replace('/menu?location='");
        break;
      case 'table':
        expect(body).toContain(`<meta http-equiv="refresh" content="0; url=${STORE_PATH.table.first}">`);
        break;
      case 'text': {
        expect(r.headers.get('location')).toBe('/set-store?id=3&next=%2Fmenu');
        const s = await fetch(`${origin}/set-store?id=3&next=%2Fmenu`, { redirect: 'manual' });
        expect(s.headers.get('location')).toBe('/menu');
        cookie = s.headers.get('set-cookie')!.split(';')[0];
        break;
      }
      case 'dawn':
        expect(r.status).toBe(302);
        origin = new URL(r.headers.get('location')!).origin;
        expect(origin).not.toBe(base(site));
        break;
      default:
        expect([301, 302, 307]).toContain(r.status);
        expect(r.headers.get('location')).toBe(STORE_PATH[style].first);
    }
    const ids: string[] = [];
    const pages = Math.ceil(spec.products.length / spec.perPage);
    for (let n = 1; n <= pages; n++) {
      const html = await (await fetch(origin + STORE_PATH[style].page(n), { headers: cookie ? { cookie } : {}, redirect: 'manual' })).text();
      if (n < pages) expect(html).toContain(`href="${STORE_PATH[style].page(n + 1).replace(/&/g, '&amp;')}"`);
      ids.push(...shown(spec, html).map((p) => p.id));
    }
    expect(ids.sort()).toEqual(spec.products.map((p) => p.id).sort());
    expect(spec.products.some((p) => p.regularPrice !== null && cardHtml(p, style).includes(p.regularPrice.toFixed(2)))).toBe(true);
  });
});
