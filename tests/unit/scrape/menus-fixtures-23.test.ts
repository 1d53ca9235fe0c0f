import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, esc, menuDataPresent, STYLES, TWENTYTHIRD_TECHNIQUES, type TruthProduct } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { dealOf, dealTile, shelfTitle, shelvesOf, withDeals } from '@/tests/fixtures/menus-sites/twentythird';
import { azGroups, azHref, letterOf, priceLine } from '@/tests/fixtures/menus-sites/twentythird-menus';

// The twenty-third-round generator (tests/fixtures/menus-sites/twentythird.ts, twentythird-menus.ts), not the scraper.

const sale: TruthProduct = { id: '7', name: 'Blue Dream Live Resin Cart 1g', brand: 'Acme', category: 'Vape', label: 'Vape Pens', price: 25, regularPrice: 30, thc: 81.5 };
const plain: TruthProduct = { ...sale, id: '8', name: '9 Lb Hammer', regularPrice: null };

describe('twenty-third-round markup helpers', () => {
  it('makes deal tiles that name a deal, one every seventh card', () => {
    expect(dealOf(sale, 0).title).toBe('Any 2 Vape Pens for $43');
    expect(dealOf(sale, 1)).toMatchObject({ title: 'BOGO 50% off Acme', amount: null });
    expect(dealTile(sale, 'grid', 3)).toContain('<div class="product-card promo-card"');
    expect(dealTile(sale, 'table', 3)).toContain('<s>$75.00</s> $65.00');
    const cards = withDeals(
      Array.from({ length: 12 }, (_, i) => ({ ...plain, id: String(i) })),
      'list',
    );
    expect(cards).toHaveLength(14);
    expect(cards[3]).toContain('menu-item--deal');
  });
  it('cuts a menu into shelves per category and price, the price only in the heading', () => {
    const ps = [sale, { ...sale, id: '9' }, plain, { ...plain, id: '10', label: 'Flower', price: 40 }];
    const shelves = shelvesOf(ps);
    expect(shelves.map((s) => [s.label, s.items.length])).toEqual([
      ['Vape Pens', 1],
      ['Vape Pens', 2],
      ['Flower', 1],
    ]);
    expect(shelfTitle(shelves[1])).toBe('Vape Pens · Tier 2 · $25.00 each (reg. $30.00)');
  });
  it('writes price-list lines', () => {
    expect(priceLine(sale, 'grid')).toContain('<span class="menu-item-currency">$</span>25 (reg. $30)');
    expect(priceLine(sale, 'list')).toContain('Was $30.00');
    expect(priceLine(sale, 'text')).toBe('Blue Dream Live Resin Cart 1g (Acme) ..................... $25.00 (was $30.00)<br>');
  });
  it('files products by first letter, digits under #', () => {
    expect(letterOf(plain)).toBe('#');
    expect([...azGroups([sale, plain]).keys()]).toEqual(['#', 'b']);
    expect(azHref('list', '#')).toBe('/menu/letter/0-9');
    expect(azHref('dawn', 'b')).toBe('/collections/all/letter-b');
  });
});

describe.runIf(menuDataPresent())('twenty-third-round sites', () => {
  let server: MenuSitesServer;
  const keys = TWENTYTHIRD_TECHNIQUES.flatMap((t) => STYLES.map((s) => `${t}-${s}`));
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());

  it('builds every technique in the seven styles', () => {
    const sites = buildSites().filter((s) => TWENTYTHIRD_TECHNIQUES.includes(s.technique));
    expect(sites).toHaveLength(28);
    expect(sites.find((s) => s.key === 'az-index-grid')!.products).toHaveLength(150);
    expect(sites.find((s) => s.key === 'deal-tiles-grid')!.products).toHaveLength(140);
  });

  it('every menu URL answers 200 (after redirects)', async () => {
    for (const key of keys) {
      const r = await fetch(server.site(key).url);
      expect(r.status, key).toBe(200);
    }
  });

  it('deal-tiles grid: every product and a deal tile after every sixth', async () => {
    const s = server.site('deal-tiles-grid');
    const html = await (await fetch(s.url)).text();
    expect(html.match(/class="product-card"/g)).toHaveLength(140);
    expect(html.match(/class="product-card promo-card"/g)).toHaveLength(Math.ceil((140 - 3) / 6));
  });

  it('shelf-price woo: no product carries an amount of its own', async () => {
    const s = server.site('shelf-price-woo');
    const html = await (await fetch(s.url)).text();
    expect(html.match(/<span class="price"><\/span>/g)).toHaveLength(140);
    expect(html).toContain(esc(shelfTitle(shelvesOf(s.spec.products)[0])));
  });

  it('az-index: only the first letter on the menu URL, every letter page together the whole menu', async () => {
    for (const key of ['az-index-grid', 'az-index-list', 'az-index-dawn']) {
      const s = server.site(key);
      const base = new URL(s.url).origin;
      const groups = azGroups(s.spec.products);
      let n = 0;
      for (const l of groups.keys()) {
        const html = await (await fetch(base + azHref(s.spec.style, l))).text();
        const first = groups.get(l)![0];
        expect(html, `${key} ${l}`).toContain(esc(first.name));
        n += groups.get(l)!.length;
      }
      expect(n).toBe(150);
      const landing = await (await fetch(s.url)).text();
      const other = [...groups.values()][1][0];
      expect(landing).not.toContain(`>${esc(other.name)}<`);
    }
  });

  it('az-index css: the letter API gives a letter', async () => {
    const s = server.site('az-index-css');
    const groups = azGroups(s.spec.products);
    const l = [...groups.keys()][2];
    const j = (await (await fetch(new URL(`/api/products?letter=${encodeURIComponent(l)}`, s.url))).json()) as { cards: string[] };
    expect(j.cards).toHaveLength(groups.get(l)!.length);
  });
});
