import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, esc, gridGroups, menuDataPresent, STYLES, TWENTYFOURTH_TECHNIQUES, type TruthProduct } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { moreControl, sectionsOf, SECTION_FIRST, validZip } from '@/tests/fixtures/menus-sites/twentyfourth';
import { specRows, surchargeOf } from '@/tests/fixtures/menus-sites/twentyfourth-menus';

// The twenty-fourth-round generator (tests/fixtures/menus-sites/twentyfourth.ts, twentyfourth-menus.ts), not the scraper.

const sale: TruthProduct = { id: '7', name: 'Blue Dream Live Resin Cart 1g', brand: 'Acme', category: 'Vape', label: 'Vape Pens', price: 25, regularPrice: 30, thc: 81.5 };

describe('twenty-fourth-round markup helpers', () => {
  it('takes only five digits as a ZIP code', () => {
    expect(validZip('87104')).toBe(true);
    expect(validZip(' 87104 ')).toBe(true);
    expect(validZip('8710')).toBe(false);
    expect(validZip('abcde')).toBe(false);
    expect(validZip(null)).toBe(false);
  });
  it('writes a section control that names the section or the count', () => {
    expect(moreControl('grid', 'Flower', 32)).toContain('View all 32');
    expect(moreControl('list', 'Flower', 32)).toContain('Show all Flower (32)');
    expect(moreControl('table', 'Flower', 32)).toContain(`+ ${32 - SECTION_FIRST} more`);
    expect(sectionsOf([sale, { ...sale, id: '8', label: 'Flower' }, { ...sale, id: '9' }]).map(([l, ps]) => [l, ps.length])).toEqual([
      ['Vape Pens', 2],
      ['Flower', 1],
    ]);
  });
  it('labels a spec sheet’s prices per style (the paid price under its own label)', () => {
    expect(specRows(sale, 'grid').slice(-2)).toEqual([
      ['Price', '$30.00'],
      ['Sale price', '$25.00'],
    ]);
    expect(specRows(sale, 'dawn').slice(-2)).toEqual([
      ['Price', '$25.00'],
      ['Compare at', '$30.00'],
    ]);
    expect(specRows({ ...sale, regularPrice: null }, 'css').slice(-1)).toEqual([['Price', '$25.00']]);
  });
});

describe.runIf(menuDataPresent())('twenty-fourth-round sites', () => {
  let server: MenuSitesServer;
  const keys = TWENTYFOURTH_TECHNIQUES.flatMap((t) => STYLES.map((s) => `${t}-${s}`));
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());

  it('builds every technique in the seven styles', () => {
    const sites = buildSites().filter((s) => TWENTYFOURTH_TECHNIQUES.includes(s.technique));
    expect(sites).toHaveLength(28);
    expect(sites.find((s) => s.key === 'zip-gate-grid')!.products).toHaveLength(140);
    expect(sites.find((s) => s.key === 'section-more-grid')!.products).toHaveLength(150);
  });

  it('option-surcharge truth: a size costs the first size plus a whole surcharge, a sale lowers the base only', () => {
    const s = buildSites().find((x) => x.key === 'option-surcharge-woo')!;
    const groups = gridGroups(s.products);
    expect(groups.length).toBe(45);
    let sales = 0;
    for (const g of groups) {
      for (const p of g.slice(1)) {
        const d = surchargeOf(g, p);
        expect(Number.isInteger(d) && d > 0, p.name).toBe(true);
        if (g[0].regularPrice !== null) expect(p.regularPrice! - g[0].regularPrice).toBeCloseTo(d, 2);
        else expect(p.regularPrice).toBeNull();
      }
      if (g[0].regularPrice !== null) sales++;
    }
    expect(sales).toBeGreaterThan(5);
  });

  it('every menu URL answers 200 (after redirects)', async () => {
    for (const key of keys) {
      const r = await fetch(server.site(key).url);
      expect(r.status, key).toBe(200);
    }
  });

  it('zip-gate: no product until a ZIP is given, the whole menu after', async () => {
    const s = server.site('zip-gate-grid');
    const first = esc(s.spec.products[0].name);
    const gate = await (await fetch(s.url)).text();
    expect(gate).not.toContain(first);
    expect(gate).toContain('name="zip"');
    const bad = await (await fetch(`${s.url}?zip=12`)).text();
    expect(bad).toContain('valid 5-digit ZIP');
    const menu = await (await fetch(`${s.url}?zip=87104`)).text();
    expect(menu.match(/class="product-card"/g)).toHaveLength(140);
  });

  it('zip-gate list: the POST form sets a cookie that opens the menu', async () => {
    const s = server.site('zip-gate-list');
    const r = await fetch(new URL('/location', s.url), {
      method: 'POST',
      body: 'postal_code=87104',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(r.status).toBe(303);
    const cookie = r.headers.get('set-cookie')!.split(';')[0];
    const menu = await (await fetch(s.url, { headers: { cookie } })).text();
    expect(menu).toContain(esc(s.spec.products[139].name));
  });

  it('zip-gate css: the API refuses no ZIP and answers every card with one', async () => {
    const s = server.site('zip-gate-css');
    expect((await fetch(new URL('/api/products', s.url))).status).toBe(400);
    const j = (await (await fetch(new URL('/api/products?postal_code=87104', s.url))).json()) as { cards: string[] };
    expect(j.cards).toHaveLength(140);
  });

  it('section-more: four a section on the page, the rest of each section from its API', async () => {
    const s = server.site('section-more-dawn');
    const html = await (await fetch(s.url)).text();
    const secs = sectionsOf(s.spec.products);
    expect(html.match(/class="grid__item"/g)).toHaveLength(secs.reduce((a, [, ps]) => a + Math.min(SECTION_FIRST, ps.length), 0));
    let n = 0;
    for (const [label, ps] of secs) {
      const k = label
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      const j = (await (await fetch(new URL(`/api/section?c=${k}&offset=${SECTION_FIRST}`, s.url))).json()) as { cards: string[] };
      n += Math.min(SECTION_FIRST, ps.length) + j.cards.length;
    }
    expect(n).toBe(150);
  });

  it('option-surcharge: one card a strain, sizes only as surcharges', async () => {
    const s = server.site('option-surcharge-grid');
    const html = await (await fetch(s.url)).text();
    const groups = gridGroups(s.spec.products);
    expect(html.match(/class="product-card"/g)).toHaveLength(groups.length);
    const g = groups.find((x) => x.length > 2)!;
    const card = html.split('class="product-card"').find((c) => c.includes(`>${esc(g[0].base!)}<`))!;
    expect(card).toContain(`${g[1].size} (+$${surchargeOf(g, g[1]).toFixed(2)})`);
    expect(card).not.toContain(`$${g[1].price.toFixed(2)}`);
  });

  it('spec-sheet: every product a record with its labelled prices', async () => {
    const s = server.site('spec-sheet-grid');
    const html = await (await fetch(s.url)).text();
    expect(html.match(/<dl class="product-spec">/g)).toHaveLength(140);
    expect(html).toContain('<dt>Sale price</dt>');
  });
});
