import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, esc, menuDataPresent, STYLES, TWENTIETH_TECHNIQUES } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { selectHref, takeToken } from '@/tests/fixtures/menus-sites/twentieth';
import { frMoney, toWindows1252 } from '@/tests/fixtures/menus-sites/twentieth-menus';

// The twentieth-round generator (tests/fixtures/menus-sites/twentieth.ts, twentieth-menus.ts), not the scraper.

describe('twentieth-round markup helpers', () => {
  it('writes windows-1252 bytes, numeric references for what the charset lacks', () => {
    expect([...toWindows1252('Piña – it’s €5 🍋')]).toEqual([...Buffer.from('Pi\xf1a \x96 it\x92s \x805 &#127819;', 'latin1')]);
  });
  it('writes Canadian French amounts and page URLs per style', () => {
    expect(frMoney(25)).toBe('25,00&nbsp;$');
    expect(selectHref('woo', 3)).toBe('/menu/?paged=3');
  });
  it('a token bucket refuses past its burst and refills', () => {
    const b = { tokens: 3, at: 0, seen: new Set<string>(), lastApi: 0 };
    expect([1, 2, 3, 4].map(() => takeToken(b, 0, 3, 900))).toEqual([true, true, true, false]);
    expect(takeToken(b, 900, 3, 900)).toBe(true);
  });
});

describe.runIf(menuDataPresent())('twentieth-round sites', () => {
  let server: MenuSitesServer;
  const keys = TWENTIETH_TECHNIQUES.flatMap((t) => STYLES.map((s) => `${t}-${s}`));
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());

  it('builds every technique in the seven styles, legacy-charset with non-ASCII names, french-menu with sold-out cards', () => {
    const sites = buildSites().filter((s) => TWENTIETH_TECHNIQUES.includes(s.technique));
    expect(sites.filter((s) => s.style !== 'tailwind')).toHaveLength(28);
    const legacy = sites.find((s) => s.key === 'legacy-charset-grid')!;
    expect(legacy.products.filter((p) => /[^\x00-\x7f]/.test(p.name)).length).toBeGreaterThan(20);
    expect(sites.find((s) => s.key === 'french-menu-table')!.soldOut).toHaveLength(24);
  });

  it('select-pager grid: every page through the select only, no page links', async () => {
    const s = server.site('select-pager-grid');
    const html = await (await fetch(s.url)).text();
    expect(html).toContain('<option value="/menu?page=7">Page 7 of 7</option>');
    expect(html).not.toMatch(/<a [^>]*page=/);
  });

  it('rate-limit grid: a fourth quick page is refused with Retry-After, served later', async () => {
    const s = server.site('rate-limit-grid');
    const base = new URL(s.url).origin;
    const st: number[] = [];
    for (const n of [1, 2, 3, 4]) st.push((await fetch(`${base}/menu?page=${n}`)).status);
    expect(st).toEqual([200, 200, 200, 429]);
    const r = await fetch(`${base}/menu?page=5`);
    expect(r.headers.get('retry-after')).toBe('2');
  });

  it('legacy-charset text: windows-1252 bytes and no declaration', async () => {
    const s = server.site('legacy-charset-text');
    const r = await fetch(s.url);
    expect(r.headers.get('content-type')).toBe('text/html');
    const raw = Buffer.from(await r.arrayBuffer());
    expect(raw.includes(Buffer.from('Lim\xf3n con Sal Gummies', 'latin1'))).toBe(true);
    expect(raw.toString('latin1')).not.toMatch(/charset/i);
  });

  it('french-menu woo: prices `25,00 $`, sold out "Rupture de stock", pages /page/N/', async () => {
    const s = server.site('french-menu-woo');
    const html = await (await fetch(s.url.replace('/menu', '/menu/page/2/'))).text();
    expect(html).toContain('Rupture de stock');
    expect(html).toMatch(/\d+,\d\d&nbsp;<span class="woocommerce-Price-currencySymbol">&#36;<\/span>/);
    expect(html).toContain(esc(s.spec.products[24].name));
  });
});

describe.runIf(menuDataPresent())('twentieth-round WordPress sites', () => {
  it('send the menu URL without its trailing slash to the slashed one (the blind run found these two answering 404)', async () => {
    const server = await startMenuSites({ keys: ['select-pager-woo', 'rate-limit-woo'] });
    try {
      for (const s of server.sites) expect((await fetch(s.url, { redirect: 'manual' })).headers.get('location')).toBe('/menu/');
    } finally {
      await server.close();
    }
  });
});
