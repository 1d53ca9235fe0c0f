import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, esc, menuDataPresent, STYLES, TWENTYSECOND_TECHNIQUES, type TruthProduct } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { boardSlides, mobileCard, orderField, shortName } from '@/tests/fixtures/menus-sites/twentysecond';
import { hebrewCard, shekel } from '@/tests/fixtures/menus-sites/twentysecond-menus';

// The twenty-second-round generator (tests/fixtures/menus-sites/twentysecond.ts, twentysecond-menus.ts), not the scraper.

const sale: TruthProduct = { id: '7', name: 'Blue Dream Live Resin Cart 1g', brand: 'Acme', category: 'Vape', label: 'Vape Pens', price: 25, regularPrice: 30, thc: 81.5 };

describe('twenty-second-round markup helpers', () => {
  it('writes the products as order-form fields', () => {
    expect(orderField(sale, 'grid', 0)).toBe('<option value="7">Blue Dream Live Resin Cart 1g — Acme — $25.00 (reg. $30.00)</option>');
    expect(orderField(sale, 'table', 0)).toContain('<td class="price">$30.00</td><td class="special">$25.00</td>');
    expect(orderField({ ...sale, regularPrice: null }, 'table', 0)).toContain('<td class="price">$25.00</td><td class="special"></td>');
    expect(orderField(sale, 'text', 0)).toContain('<span class="ginput_product_price" id="input_1_3">$25.00</span>');
    expect(orderField(sale, 'text', 0)).toContain('regularly $30.00');
  });
  it('cuts the mobile copy names and shows only the price paid', () => {
    expect(shortName(sale.name)).toBe('Blue Dream Live R…');
    expect(shortName('OG Kush 3.5g')).toBe('OG Kush 3.5g');
    const m = mobileCard(sale, 1);
    expect(m).toContain('$25.00');
    expect(m).not.toContain('$30.00');
  });
  it('cuts the board into slides of at most twenty products per category', () => {
    const ps = Array.from({ length: 45 }, (_, i) => ({ ...sale, id: String(i), name: `P${i}`, label: i < 30 ? 'Flower' : 'Edibles' }));
    const slides = boardSlides(ps);
    expect(slides.map((s) => s.items.length)).toEqual([20, 10, 15]);
    expect(slides[0].title).toBe('Flower (1/2)');
  });
  it('writes Hebrew cards in shekels', () => {
    expect(shekel(25)).toBe('&rlm;25.00&nbsp;₪');
    expect(hebrewCard(sale, 'grid')).toContain('<span class="price-now">₪25.00</span> <span class="price-was">במקום ₪30.00</span>');
    expect(hebrewCard(sale, 'text')).toContain('מחיר: 25 ₪ (במקום 30 ₪)');
    expect(hebrewCard(sale, 'table', true)).toContain('אזל מהמלאי');
  });
});

describe.runIf(menuDataPresent())('twenty-second-round sites', () => {
  let server: MenuSitesServer;
  const keys = TWENTYSECOND_TECHNIQUES.flatMap((t) => STYLES.map((s) => `${t}-${s}`));
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());

  it('builds every technique in the seven styles, hebrew-menu with sold-out cards', () => {
    const sites = buildSites().filter((s) => TWENTYSECOND_TECHNIQUES.includes(s.technique));
    expect(sites).toHaveLength(28);
    expect(sites.find((s) => s.key === 'hebrew-menu-table')!.soldOut).toHaveLength(24);
    expect(sites.find((s) => s.key === 'hebrew-menu-table')!.products).toHaveLength(150);
    expect(sites.find((s) => s.key === 'order-form-grid')!.products).toHaveLength(140);
  });

  it('every menu URL answers 200 (after redirects)', async () => {
    for (const key of keys) {
      const r = await fetch(server.site(key).url);
      expect(r.status, key).toBe(200);
    }
  });

  it('order-form grid: every product is an option of one select', async () => {
    const s = server.site('order-form-grid');
    const html = await (await fetch(s.url)).text();
    expect(html.match(/<option value="[^"]+">/g)).toHaveLength(140);
    expect(html).toContain(`${esc(s.spec.products[0].name)} — `);
  });

  it('menu-board table: slides chained by meta refresh back to the first', async () => {
    const s = server.site('menu-board-table');
    const base = new URL(s.url).origin;
    const n = boardSlides(s.spec.products).length;
    expect(await (await fetch(s.url)).text()).toContain('<meta http-equiv="refresh" content="6;url=/board/2">');
    expect(await (await fetch(`${base}/board/${n}`)).text()).toContain('<meta http-equiv="refresh" content="6;url=/menu">');
  });

  it('menu-board list and css: the board JSON holds every product', async () => {
    const s = server.site('menu-board-list');
    const j = (await (await fetch(new URL('/api/board', s.url))).json()) as { slides: Array<{ cards: string[] }> };
    expect(j.slides.flatMap((x) => x.cards)).toHaveLength(140);
    const c = server.site('menu-board-css');
    const k = (await (await fetch(new URL('/api/screens', c.url))).json()) as { screens: Array<{ cards: string[] }> };
    expect(k.screens.flatMap((x) => x.cards)).toHaveLength(140);
  });

  it('responsive-dupes grid: the mobile copy first, hidden from 768 px, then the full desktop copy', async () => {
    const s = server.site('responsive-dupes-grid');
    const html = await (await fetch(s.url)).text();
    const long = s.spec.products.find((p) => p.name.length > 18)!;
    expect(html.indexOf(esc(shortName(long.name)))).toBeLessThan(html.indexOf(esc(long.name)));
    expect(html).toContain('@media (min-width:768px){.d-md-none{display:none!important}');
  });

  it('hebrew-menu woo: right to left, pages /shop/page/N/, sold-out cards, the shekel sign after the amount', async () => {
    const s = server.site('hebrew-menu-woo');
    const base = new URL(s.url).origin;
    const html = await (await fetch(`${base}/shop/page/2/`)).text();
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain('אזל מהמלאי');
    expect(html).toMatch(/\d+\.\d\d&nbsp;<span class="woocommerce-Price-currencySymbol">&#8362;<\/span>/);
  });

  it('hebrew-menu css: the load-more API gives the rest', async () => {
    const s = server.site('hebrew-menu-css');
    const j = (await (await fetch(new URL('/api/products?page=7', s.url))).json()) as { cards: string[]; last: boolean };
    expect(j.last).toBe(true);
    expect(j.cards.length).toBe(6);
  });
});
