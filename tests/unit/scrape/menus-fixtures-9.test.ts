import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, gridGroups, menuDataPresent, STYLES, type TruthProduct } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { medPrice, microdataCardHtml, popoverCardHtml, priceImageCardHtml, recMedChooser, recMedMenu } from '@/tests/fixtures/menus-sites/ninth';

// The ninth-round generator (tests/fixtures/menus-sites/ninth.ts), not the scraper.

const sale: TruthProduct = { id: '7', name: 'Blue Dream', brand: 'Acme', category: 'Flower', label: 'Flower', price: 32, regularPrice: 40, thc: 21 };
const sized = (size: string, price: number, regular: number | null): TruthProduct => ({
  ...sale,
  id: `9-${size}`,
  name: `Blue Dream ${size}`,
  base: 'Blue Dream',
  size,
  price,
  regularPrice: regular,
});
const group = [sized('1g', 12, null), sized('3.5g', 30, 40)];
const text = (html: string) => html.replace(/<[^>]*>/g, ' ');

describe('ninth-round markup', () => {
  it.each(STYLES)('price-image %s: the amounts only in pictures, none in the text', (style) => {
    const html = priceImageCardHtml(sale, style);
    expect(html).toContain('32');
    expect(html).toContain('40');
    // Outside the pictures (an SVG's <text> is a picture) no amount is text.
    expect(text(html.replace(/<svg[\s\S]*?<\/svg>/g, ''))).not.toMatch(/\$\s*3\s*2\.00|\$40\.00/);
    expect(html).not.toMatch(/data-(compare-)?price=/);
  });

  it.each(STYLES)('microdata %s: one Offer per size with its price, the struck price as a priceSpecification', (style) => {
    const html = microdataCardHtml(group, style);
    expect(html.match(/itemtype="https?:\/\/schema\.org\/Offer"/g)).toHaveLength(2);
    expect(html).toContain('itemprop="price" content="30.00"');
    expect(html).toMatch(/itemprop="priceType" content="https?:\/\/schema\.org\/(StrikethroughPrice|ListPrice|MSRP)"><meta itemprop="price" content="40.00"/);
    expect(text(html)).toContain('$12.00 – $30.00');
  });

  it('rec-med: medical prices lower; both choices offered', () => {
    const m = recMedMenu([sale], 'med')[0];
    expect(m.specialPrice).toBe(medPrice(32));
    expect(recMedMenu([sale], 'rec')[0].specialPrice).toBe(32);
    for (const s of STYLES) expect(recMedChooser(s).match(/data-menu-type="(rec|med)"/g)).toHaveLength(2);
  });

  it.each(STYLES)('size-popover %s: the card shows a range and no size price', (style) => {
    const html = popoverCardHtml(group, style);
    expect(html).toContain('data-product="9"');
    expect(text(html)).not.toContain('$40.00');
  });
});

describe.runIf(menuDataPresent())('ninth-round sites', () => {
  let server: MenuSitesServer;
  const keys = ['rec-med-grid', 'size-popover-dawn', 'microdata-list', 'price-image-woo'];
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());
  const base = (u: string) => u.replace(/\/menu$/, '');

  it('the four techniques are in the sites, sized ones one product per size', () => {
    const sites = buildSites();
    for (const t of ['price-image', 'microdata', 'rec-med', 'size-popover']) expect(sites.filter((s) => s.technique === t)).toHaveLength(7);
    const md = sites.find((s) => s.key === 'microdata-grid')!;
    expect(gridGroups(md.products).length).toBeGreaterThan(30);
    expect(md.products.some((p) => p.regularPrice !== null)).toBe(true);
  });

  it('rec-med: no product in the page; the rec menu holds every product at its price', async () => {
    const site = server.site('rec-med-grid');
    const html = await (await fetch(site.url)).text();
    expect(html).not.toContain(site.spec.products[0].name.replace(/&/g, '&amp;'));
    const j = (await (await fetch(`${base(site.url)}/api/menu?type=rec`)).json()) as { products: Array<{ name: string; price: number }> };
    expect(j.products).toHaveLength(site.spec.products.length);
    expect(j.products[0].price).toBe(site.spec.products[0].regularPrice ?? site.spec.products[0].price);
  });

  it('size-popover: each card’s options answer gives its sizes', async () => {
    const site = server.site('size-popover-dawn');
    const g = gridGroups(site.spec.products)[0];
    const j = (await (await fetch(`${base(site.url)}/api/products/${g[0].id.replace(/-[^-]+$/, '')}/options`)).json()) as { options: Array<{ weight: string }> };
    expect(j.options.map((o) => o.weight)).toEqual(g.map((p) => p.size));
  });

  it('microdata and price-image pages are server-rendered with every product', async () => {
    const md = await (await fetch(server.site('microdata-list').url)).text();
    expect(md.match(/schema\.org\/Offer"/g)).toHaveLength(server.site('microdata-list').spec.products.length);
    const pi = server.site('price-image-woo');
    const html = await (await fetch(pi.url)).text();
    expect(html.match(/<img src="\/img\/price\//g)?.length).toBe(pi.spec.products.length + pi.spec.products.filter((p) => p.regularPrice !== null).length);
  });
});
