import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, menuDataPresent, STYLES, type TruthProduct } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { adult, detailListingCard, detailPageBody, dobGate, localeCardHtml, localeMoney, postbackPager, postedPage } from '@/tests/fixtures/menus-sites/tenth';

// The tenth-round generator (tests/fixtures/menus-sites/tenth.ts), not the scraper.

const sale: TruthProduct = { id: '7', name: 'Blue Dream 3.5g', brand: 'Acme', category: 'Flower', label: 'Flower', price: 32, regularPrice: 40, thc: 21 };
const text = (html: string) => html.replace(/<[^>]*>/g, ' ');

describe('tenth-round markup', () => {
  it('dob-gate: 21 years to the day', () => {
    const now = new Date(Date.UTC(2026, 10, 27));
    expect(adult(2005, 11, 27, now)).toBe(true);
    expect(adult(2005, 11, 28, now)).toBe(false);
    expect(adult(0, 0, 0, now)).toBe(false);
    for (const s of STYLES) expect(dobGate(s)).toMatch(/date of birth|birthday|born|age verification/i);
  });

  it('postback-pager: every style pages only by POST, never by a link to another URL', () => {
    for (const s of STYLES) {
      const html = postbackPager(2, 7, s);
      expect(html).not.toMatch(/href="\/[^"]*"/);
    }
    const vs = (p: number) => Buffer.from(JSON.stringify({ p })).toString('base64');
    expect(postedPage('grid', new URLSearchParams({ __VIEWSTATE: vs(1), __EVENTARGUMENT: 'Page$3' }), 7)).toBe(3);
    expect(postedPage('list', new URLSearchParams({ __VIEWSTATE: vs(4), __EVENTARGUMENT: 'Page$Next' }), 7)).toBe(5);
    expect(postedPage('dawn', new URLSearchParams({ __VIEWSTATE: vs(2), __EVENTTARGET: 'ctl00$Pager$lnkNext' }), 7)).toBe(3);
    expect(postedPage('grid', new URLSearchParams({ __EVENTARGUMENT: 'Page$3' }), 7)).toBe('bad');
    expect(postedPage('woo', new URLSearchParams({ paged: '6' }), 7)).toBe(6);
  });

  it('locale-price: amounts with a decimal comma, no dollar-point amount left', () => {
    expect(localeMoney('grid', 32)).toBe('32,00\u00a0$');
    expect(localeMoney('list', 32)).toBe('32,00\u00a0€');
    for (const s of ['grid', 'list', 'table', 'woo', 'dawn'] as const) {
      const t = text(localeCardHtml(sale, s));
      expect(t).toMatch(/32,00/);
      expect(t).toMatch(/40,00/);
      expect(t).not.toMatch(/\d\.\d\d/);
    }
  });

  it.each(STYLES)('detail-pages %s: the listing has no price, the detail page has both', (style) => {
    expect(text(detailListingCard(sale, style))).not.toMatch(/\d\.\d\d|\$/);
    const d = text(detailPageBody(sale, style));
    expect(d).toContain('32.00');
    expect(d).toContain('40.00');
  });
});

describe.runIf(menuDataPresent())('tenth-round sites', () => {
  let server: MenuSitesServer;
  const keys = ['dob-gate-woo', 'postback-pager-grid', 'postback-pager-text', 'detail-pages-table', 'locale-price-css'];
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());
  const base = (u: string) => u.replace(/\/menu$/, '');

  it('the sizes: detail pages bounded', () => {
    const sites = buildSites().filter((s) => s.technique === 'detail-pages');
    expect(sites).toHaveLength(7);
    expect(sites[0].products).toHaveLength(30);
  });

  it('dob-gate-woo: the gate, then the menu once a 21+ birth date is posted', async () => {
    const site = server.site('dob-gate-woo');
    expect(await (await fetch(site.url)).text()).toContain('age_gate[y]');
    const young = await fetch(`${base(site.url)}/age-gate`, {
      method: 'POST',
      body: new URLSearchParams({ 'age_gate[m]': '1', 'age_gate[d]': '1', 'age_gate[y]': '2020' }),
      redirect: 'manual',
    });
    expect(young.status).toBe(200);
    const ok = await fetch(`${base(site.url)}/age-gate`, {
      method: 'POST',
      body: new URLSearchParams({ 'age_gate[m]': '1', 'age_gate[d]': '1', 'age_gate[y]': '1990' }),
      redirect: 'manual',
    });
    expect(ok.status).toBe(303);
    const cookie = ok.headers.get('set-cookie')!.split(';')[0];
    const menu = await (await fetch(site.url, { headers: { cookie } })).text();
    expect(menu).toContain(site.spec.products[139].name.replace(/&/g, '&amp;').slice(0, 10));
  });

  it('postback-pager: GET is page 1 whatever the query; each POST its page; every product once', async () => {
    for (const key of ['postback-pager-grid', 'postback-pager-text']) {
      const site = server.site(key);
      const names = site.spec.products.map((p) => p.name.replace(/&/g, '&amp;'));
      const g = await (await fetch(`${site.url}?page=3`)).text();
      expect(g).toContain(names[0]);
      expect(g).not.toContain(names[24 * 2]);
      const vs = /name="__VIEWSTATE" id="__VIEWSTATE" value="([^"]*)"/.exec(g)?.[1];
      const body = key.endsWith('grid')
        ? new URLSearchParams({ __VIEWSTATE: vs!, __EVENTTARGET: 'ctl00$MainContent$gvMenu', __EVENTARGUMENT: 'Page$7' })
        : new URLSearchParams({ page: '7' });
      const last = await (await fetch(site.url, { method: 'POST', body })).text();
      expect(last).toContain(names[149]);
      expect(last).not.toContain(names[0]);
    }
  });

  it('detail-pages-table: every listed link answers the product with its price', async () => {
    const site = server.site('detail-pages-table');
    const list = await (await fetch(site.url)).text();
    const links = [...list.matchAll(/href="(\/product\.php\?id=[^"]+)"/g)].map((m) => m[1]);
    expect(new Set(links).size).toBe(30);
    const p = site.spec.products[3];
    const d = await (await fetch(`${base(site.url)}/product.php?id=${encodeURIComponent(p.id)}`)).text();
    expect(d).toContain(`$${p.price.toFixed(2)}`);
  });

  it('locale-price-css: prices only in minor units', async () => {
    const site = server.site('locale-price-css');
    const html = await (await fetch(site.url)).text();
    const p = site.spec.products[0];
    expect(html).toContain(`"price":${Math.round(p.price * 100)}`);
    expect(html).toContain('"currency_minor_unit":2');
  });
});
