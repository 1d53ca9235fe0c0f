import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, esc, menuDataPresent, STYLES, TWENTYFIRST_TECHNIQUES, type TruthProduct } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { buttonCard, cadRecord, currencyCard, storeMenu } from '@/tests/fixtures/menus-sites/twentyfirst';
import { euro, germanCard } from '@/tests/fixtures/menus-sites/twentyfirst-menus';

// The twenty-first-round generator (tests/fixtures/menus-sites/twentyfirst.ts, twentyfirst-menus.ts), not the scraper.

const sale: TruthProduct = { id: '7', name: 'Blue Dream 3.5g', brand: 'Acme', category: 'Flower', label: 'Flower', price: 25, regularPrice: 30, thc: 21.5 };

describe('twenty-first-round markup helpers', () => {
  it('writes amounts with currency codes per style', () => {
    expect(currencyCard(sale, 'grid')).toContain('<s class="price-original">USD 30.00</s> <span class="price-sale">USD 25.00</span>');
    expect(currencyCard(sale, 'list')).toContain('25.00 USD');
    expect(currencyCard(sale, 'dawn')).toContain('$30.00 USD');
    expect(cadRecord(sale)).toMatchObject({ price: 'CAD 25.00', compareAt: 'CAD 30.00' });
  });
  it('puts the price only on the add-to-cart control', () => {
    expect(buttonCard(sale, 'table')).toContain('value="Buy – $25.00"');
    expect(buttonCard(sale, 'table')).not.toMatch(/<td>\$25/);
    expect(buttonCard(sale, 'list')).toContain('aria-label="Add Blue Dream 3.5g to cart for $25.00, regularly $30.00"');
  });
  it('writes German amounts and a per-gram base price that is not the price', () => {
    expect(euro(25)).toBe('25,00&nbsp;€');
    const html = germanCard(sale, 'grid');
    expect(html).toContain('UVP 30,00&nbsp;€');
    expect(html).toContain('Grundpreis: 7,14&nbsp;€ / 1 g');
  });
  it('other stores sell most of the same products at other prices', () => {
    const ps = Array.from({ length: 20 }, (_, i) => ({ ...sale, id: String(i), name: `P${i}`, regularPrice: null }));
    const west = storeMenu(ps, 1);
    expect(west.length).toBeGreaterThan(15);
    expect(west.length).toBeLessThan(20);
    expect(west.every((p) => p.price !== 25 || p.regularPrice !== null)).toBe(true);
    expect(storeMenu(ps, 0)).toBe(ps);
  });
});

describe.runIf(menuDataPresent())('twenty-first-round sites', () => {
  let server: MenuSitesServer;
  const keys = TWENTYFIRST_TECHNIQUES.flatMap((t) => STYLES.map((s) => `${t}-${s}`));
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());

  it('builds every technique in the seven styles, german-menu with sold-out cards', () => {
    const sites = buildSites().filter((s) => TWENTYFIRST_TECHNIQUES.includes(s.technique));
    expect(sites).toHaveLength(28);
    expect(sites.find((s) => s.key === 'german-menu-table')!.soldOut).toHaveLength(24);
    expect(sites.find((s) => s.key === 'german-menu-table')!.products).toHaveLength(150);
  });

  it('every menu URL answers 200 (after redirects) with the first product on it or its API', async () => {
    for (const key of keys) {
      const s = server.site(key);
      const r = await fetch(s.url);
      expect(r.status, key).toBe(200);
    }
  });

  it('store-tabs grid: the other stores in hidden panels, the same names at other prices', async () => {
    const s = server.site('store-tabs-grid');
    const html = await (await fetch(s.url)).text();
    const name = esc(s.spec.products[1].name);
    expect(html.split(name).length - 1).toBe(3);
    expect(html).toContain('role="tabpanel" id="panel-westside" aria-labelledby="tab-westside" hidden');
  });

  it('store-tabs dawn: the store chooser leads to another store page', async () => {
    const s = server.site('store-tabs-dawn');
    const base = new URL(s.url).origin;
    const r = await fetch(`${base}/collections/all?store=northgate`);
    expect(await r.text()).toContain('<option value="northgate" selected>Northgate</option>');
  });

  it('german-menu woo: pages /shop/page/N/, "Ausverkauft" cards, Germanized unit prices', async () => {
    const s = server.site('german-menu-woo');
    const base = new URL(s.url).origin;
    const html = await (await fetch(`${base}/shop/page/2/`)).text();
    expect(html).toContain('Ausverkauft');
    expect(html).toContain('inkl. 19 % MwSt.');
    expect(html).toMatch(/\d+,\d\d&nbsp;<span class="woocommerce-Price-currencySymbol">&euro;<\/span>/);
  });

  it('currency-code css: the API writes amounts as "CAD n.nn" strings', async () => {
    const s = server.site('currency-code-css');
    const j = (await (await fetch(new URL('/api/catalog', s.url))).json()) as { products: Array<{ price: string }> };
    expect(j.products).toHaveLength(140);
    expect(j.products[0].price).toMatch(/^CAD \d+\.\d\d$/);
  });
});
