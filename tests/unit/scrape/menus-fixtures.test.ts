import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSites,
  cardHtml,
  gridGroups,
  HELDOUT_STYLES,
  HELDOUT_TECHNIQUES,
  menuDataPresent,
  splitOf,
  styleHead,
  type TruthProduct,
} from '@/tests/fixtures/menus-sites/generate';
import { categoryHref, startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';

// The generator itself (tests/fixtures/menus-sites), not the scraper: the fourth-round styles
// render what their platforms render, and the categories technique serves every product.

const sale: TruthProduct = { id: '7', name: 'Blue Dream 3.5g', brand: 'Acme', category: 'Flower', label: 'Flower', price: 32, regularPrice: 40, thc: 21, strain: 'Blue Dream' };
const plain: TruthProduct = { ...sale, regularPrice: null };

describe('fourth-round markup styles', () => {
  it.each([
    [
      'woo',
      sale,
      ['<del aria-hidden="true">', 'Original price was: &#36;40.00.', '<ins aria-hidden="true">', 'Current price is: &#36;32.00.', 'Sale!', 'woocommerce-loop-product__title'],
    ],
    ['woo', plain, ['<bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>32.00</bdi>']],
    [
      'dawn',
      sale,
      [
        'price--on-sale',
        '<span class="price-item price-item--regular">$32.00</span>',
        '<s class="price-item price-item--regular">$40.00</s>',
        'price-item--sale price-item--last">$32.00',
        '>Sale</span>',
      ],
    ],
    ['dawn', plain, ['<s class="price-item price-item--regular"></s>']],
    ['css', sale, ['data-testid="product-card"', '$<span>40</span><sup>00</sup>', '$<span>32</span><sup>00</sup>', 'data-price="32.00"', 'data-compare-price="40.00"', '$9.14/g']],
  ] as const)('%s card', (style, p, parts) => {
    const html = cardHtml(p, style);
    for (const part of parts) expect(html).toContain(part);
    expect(html).toContain('Blue Dream 3.5g');
  });

  it('the generated strike-through class is defined in the style head, not inline', () => {
    const html = cardHtml(sale, 'css');
    expect(html).not.toContain('line-through');
    const struck = /<span class="(css-[a-z0-9]+)"><span aria-hidden="true">\$<span>40</.exec(html)?.[1];
    expect(struck).toBeTruthy();
    expect(styleHead('css')).toContain(`.${struck}{text-decoration:line-through`);
  });

  it('the fifth-round techniques are held out, every earlier style and technique is tuning', () => {
    const sites = buildSites();
    const held = sites.filter((s) => splitOf(s) === 'held-out');
    expect(held.map((s) => s.technique).sort()).toEqual(
      sites
        .filter((s) => HELDOUT_TECHNIQUES.includes(s.technique))
        .map((s) => s.technique)
        .sort(),
    );
    expect(held.map((s) => s.key)).toEqual(expect.arrayContaining(['price-grid-table', 'shadow-woo', 'lazy-list', 'virtual-css', 'age-redirect-text']));
    expect(HELDOUT_STYLES).toEqual([]);
    for (const key of ['paginated-grid', 'paginated-dawn', 'categories-css', 'app-state-woo']) expect(splitOf(sites.find((s) => s.key === key)!)).toBe('tune');
  });

  it('a price grid is one product per size, named with the size, with real gram and eighth prices', () => {
    const grid = buildSites().find((s) => s.key === 'price-grid-table')!;
    const groups = gridGroups(grid.products);
    expect(groups.length).toBeGreaterThan(40);
    for (const g of groups) {
      expect(g.map((p) => p.size).slice(0, 2)).toEqual(['1g', '3.5g']);
      for (const p of g) expect(p.name).toBe(`${p.base} ${p.size}`);
    }
    expect(grid.products.some((p) => p.regularPrice !== null && p.regularPrice > p.price)).toBe(true);
  });
});

describe.runIf(menuDataPresent())('categories technique serves every product once per category', () => {
  let server: MenuSitesServer;
  beforeAll(async () => {
    server = await startMenuSites({ keys: ['categories-woo', 'categories-list'] });
  });
  afterAll(async () => server.close());

  it.each(['categories-woo', 'categories-list'])('%s', async (key) => {
    const site = server.site(key);
    const base = site.url.replace(/\/menu$/, '');
    const landing = await (await fetch(site.url)).text();
    const seen = new Set<string>();
    for (const label of new Set(site.spec.products.map((p) => p.label))) {
      expect(landing).toContain(categoryHref(site.spec.style, label, 1));
      for (let n = 1; ; n++) {
        const r = await fetch(base + categoryHref(site.spec.style, label, n));
        if (r.status !== 200) break;
        const html = await r.text();
        for (const p of site.spec.products) if (p.label === label && html.includes(`${p.id}`)) seen.add(p.id);
      }
    }
    expect(seen.size).toBe(site.spec.products.length);
  });
});
