import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, gridGroups, menuDataPresent, slug, STYLES, type TruthProduct } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { categoriesOf } from '@/tests/fixtures/menus-sites/sixth';
import { cssPriceCardHtml, cursorOf, cursorPage, nuxtPayload, offsetOf, variantsStateHtml } from '@/tests/fixtures/menus-sites/eighth';

// The eighth-round generator (tests/fixtures/menus-sites/eighth.ts), not the scraper.

const sale: TruthProduct = { id: '7', name: 'Blue Dream 3.5g', brand: 'Acme', category: 'Flower', label: 'Flower', price: 32, regularPrice: 40, thc: 21, strain: 'Blue Dream' };

describe('eighth-round markup', () => {
  it('a css-price card holds no amount in its text, only in attributes', () => {
    for (const style of STYLES) {
      const html = cssPriceCardHtml(sale, style);
      const text = html.replace(/<[^>]*>/g, ' ');
      expect(text, style).not.toMatch(/\d+\.\d\d|\$\s*\d/);
      expect(html, style).toMatch(/="\$?32\.00"/);
      expect(html, style).toMatch(/amt--was" [\w-]+="\$?40\.00"/);
      expect(html, style).toContain('Blue Dream 3.5g');
    }
  });

  it('a cursor is opaque and leads to the next page; the last page says so', () => {
    const c = cursorOf(24);
    expect(c).not.toMatch(/\d{2}/);
    expect(offsetOf(c)).toBe(24);
    expect(offsetOf('garbage')).toBe(0);
    const ps = Array.from({ length: 30 }, (_, i) => ({ ...sale, id: String(i), name: `P${i}` }));
    const one = cursorPage(ps, 24, null).data as { menu: { edges: unknown[]; pageInfo: { endCursor: string; hasNextPage: boolean } } };
    expect(one.menu.edges).toHaveLength(24);
    expect(one.menu.pageInfo.hasNextPage).toBe(true);
    const two = cursorPage(ps, 24, one.menu.pageInfo.endCursor).data as typeof one;
    expect(two.menu.edges).toHaveLength(6);
    expect(two.menu.pageInfo.hasNextPage).toBe(false);
  });

  it('the Nuxt payload is a function call that evaluates back to the data', () => {
    const data = {
      data: [
        {
          items: [
            { a: null, b: 'Flower' },
            { a: null, b: 'Flower' },
            { a: null, b: 'Flower', c: true },
          ],
        },
      ],
    };
    const src = nuxtPayload(data);
    expect(src).toMatch(/^window\.__NUXT__=\(function\([a-z,]+\)\{return /);
    const w: { __NUXT__?: unknown } = {};
    new Function('window', src)(w);
    expect(w.__NUXT__).toEqual(data);
  });

  it.runIf(menuDataPresent())('variants-state: every size of every strain is in the state, one variant per product', () => {
    const site = buildSites().find((s) => s.key === 'variants-state-grid')!;
    const groups = gridGroups(site.products);
    expect(site.products.length).toBeGreaterThan(groups.length);
    const count: Record<string, RegExp> = { grid: /"option":/g, woo: /attribute_pa_weight&quot;:/g, dawn: /"option1":/g, table: /label:/g };
    for (const style of STYLES) {
      const html = variantsStateHtml(site.products, style);
      for (const g of groups.slice(0, 5)) expect(html, style).toContain(style === 'woo' || style === 'dawn' ? g[0].base!.replace(/&/g, '&amp;') : g[0].base!);
      if (count[style]) expect(html.match(count[style])?.length, style).toBe(site.products.length);
    }
  });
});

describe.runIf(menuDataPresent())('eighth-round sites', () => {
  let server: MenuSitesServer;
  const keys = ['cursor-more-list', 'nested-frame-grid', 'tab-pages-css', 'css-price-dawn'];
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());
  const base = (u: string) => u.replace(/\/menu$/, '');

  it('cursor-more: no product in the page; following endCursor gives every product once', async () => {
    const site = server.site('cursor-more-list');
    const html = await (await fetch(site.url)).text();
    for (const p of site.spec.products.slice(0, 20)) expect(html).not.toContain(`>${p.name}<`);
    const seen = new Set<string>();
    let after = '';
    for (let i = 0; i < 20; i++) {
      const j = (await (await fetch(`${base(site.url)}/api/v1/menu?first=24${after ? `&after=${after}` : ''}`)).json()) as {
        data: { menu: { edges: Array<{ node: { id: string } }>; pageInfo: { endCursor: string; hasNextPage: boolean } } };
      };
      for (const e of j.data.menu.edges) seen.add(e.node.id);
      if (!j.data.menu.pageInfo.hasNextPage) break;
      after = j.data.menu.pageInfo.endCursor;
    }
    expect(seen.size).toBe(site.spec.products.length);
  });

  it('nested-frame: the page frames the shell, the shell frames the menu and a refused tracker', async () => {
    const site = server.site('nested-frame-grid');
    const html = await (await fetch(site.url)).text();
    const src = /<iframe src="(http:\/\/127\.0\.0\.2:\d+)\/embed\/shell"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    const shell = await (await fetch(`${src}/embed/shell`)).text();
    expect(shell).toContain('src="/embed/menu"');
    expect(shell).toContain('169.254.169.254');
    expect(await (await fetch(`${src}/embed/menu`)).text()).toContain(site.spec.products[0].name.replace(/&/g, '&amp;'));
  });

  it('tab-pages: every page of every category tab gives every product once', async () => {
    const site = server.site('tab-pages-css');
    const seen = new Set<string>();
    let paged = 0;
    for (const c of categoriesOf(site.spec.products)) {
      for (let n = 1; ; n++) {
        const j = (await (await fetch(`${base(site.url)}/api/menu/products?category=${slug(c)}&page=${n}&per=12`)).json()) as { products: Array<{ id: string }>; pages: number };
        for (const r of j.products) seen.add(r.id);
        if (n >= j.pages) break;
        paged++;
      }
    }
    expect(paged).toBeGreaterThan(0);
    expect(seen.size).toBe(site.spec.products.length);
  });

  it('css-price: the served page has a price rule and no amount in the cards text', async () => {
    const site = server.site('css-price-dawn');
    const html = await (await fetch(site.url)).text();
    expect(html).toMatch(/\.amt::before\{content:attr\(data-money\)\}/);
    const grid = html.slice(html.indexOf('id="product-grid"'));
    expect(grid.replace(/<[^>]*>/g, ' ')).not.toMatch(/\$\s*\d/);
  });
});
