import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSites,
  cardHtml,
  gridGroups,
  HELDOUT_STYLES,
  EIGHTH_TECHNIQUES,
  FIFTH_TECHNIQUES,
  HELDOUT_TECHNIQUES,
  NINTH_TECHNIQUES,
  TENTH_TECHNIQUES,
  ELEVENTH_TECHNIQUES,
  TWELFTH_TECHNIQUES,
  THIRTEENTH_TECHNIQUES,
  FOURTEENTH_TECHNIQUES,
  FIFTEENTH_TECHNIQUES,
  SIXTEENTH_TECHNIQUES,
  SEVENTEENTH_TECHNIQUES,
  EIGHTEENTH_TECHNIQUES,
  NINETEENTH_TECHNIQUES,
  TWENTIETH_TECHNIQUES,
  TWENTYFIRST_TECHNIQUES,
  TWENTYSECOND_TECHNIQUES,
  TWENTYTHIRD_TECHNIQUES,
  SEVENTH_TECHNIQUES,
  SIXTH_TECHNIQUES,
  STYLES,
  menuDataPresent,
  slug,
  splitOf,
  styleHead,
  type TruthProduct,
} from '@/tests/fixtures/menus-sites/generate';
import { categoryHref, startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { apiRecord, categoriesOf, categoryTabs, clientCardJs, GRAPHQL_QUERY, sizeCardHtml, storePicker, STORES } from '@/tests/fixtures/menus-sites/sixth';
import { accordionSection, embedLoaderJs, fromCardHtml, memberCardHtml, memberPrice, menuOrder, soldOutCardHtml } from '@/tests/fixtures/menus-sites/seventh';

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

  it('the twenty-fourth-round techniques are held out, every earlier style and technique (the twenty-third round too) is tuning', () => {
    const sites = buildSites();
    // The eighth to eleventh markup styles (tailwind, wix, bigcommerce, magento) are held out in every technique built in them (menus-fixtures-tailwind.test.ts, menus-fixtures-wix.test.ts, menus-fixtures-bigcommerce.test.ts, menus-fixtures-magento.test.ts).
    const held = sites.filter((s) => splitOf(s) === 'held-out' && !HELDOUT_STYLES.includes(s.style));
    expect(held.map((s) => s.technique).sort()).toEqual(
      sites
        .filter((s) => HELDOUT_TECHNIQUES.includes(s.technique))
        .map((s) => s.technique)
        .sort(),
    );
    expect(held.map((s) => s.key)).toEqual(expect.arrayContaining(['zip-gate-grid', 'section-more-woo', 'option-surcharge-css', 'spec-sheet-table']));
    expect(held).toHaveLength(28);
    expect(HELDOUT_STYLES).toEqual(['tailwind', 'wix', 'bigcommerce', 'magento', 'webflow', 'prestashop']);
    for (const key of [
      'paginated-grid',
      'categories-css',
      'price-grid-table',
      'virtual-css',
      'tabs-grid',
      'graphql-hash-woo',
      'size-select-dawn',
      'sold-out-grid',
      'accordion-dawn',
      'price-image-grid',
      'size-popover-table',
      'dob-gate-grid',
      'consent-wall-woo',
      'postback-pager-css',
      'locale-price-table',
      'detail-pages-dawn',
      'promo-modal-grid',
      'sse-stream-woo',
      'update-panel-css',
      'store-redirect-table',
      'skeleton-dawn',
      'carousel-grid',
      'split-price-woo',
      'tier-price-css',
      'websocket-table',
      'featured-dupes-dawn',
      'encoded-state-grid',
      'astro-island-woo',
      'srcdoc-frame-css',
      'js-challenge-table',
      'hash-routes-dawn',
      'flat-state-grid',
      'scroll-box-woo',
      'template-jsonp-css',
      'select-category-table',
      'size-rows-dawn',
      'lazy-frame-grid',
      'search-api-woo',
      'packed-state-css',
      'sheet-embed-table',
      'weight-toggle-dawn',
      'object-embed-grid',
      'link-pager-woo',
      'image-names-css',
      'dom-order-table',
      'noscript-menu-grid',
      'price-noise-woo',
      'labelled-price-css',
      'template-cards-table',
      'postmessage-frame-dawn',
      'tier-columns-grid',
      'xml-feed-woo',
      'attr-props-css',
      'html-fragment-table',
      'menu-dialog-grid',
      'lazy-price-woo',
      'layout-tables-css',
      'spanish-menu-table',
      'select-pager-grid',
      'rate-limit-woo',
      'french-menu-css',
      'legacy-charset-table',
      'currency-code-grid',
      'button-price-woo',
      'store-tabs-css',
      'german-menu-table',
      'order-form-grid',
      'menu-board-woo',
      'responsive-dupes-css',
      'hebrew-menu-table',
      'deal-tiles-grid',
      'shelf-price-woo',
      'price-list-css',
      'az-index-table',
    ])
      expect(splitOf(sites.find((s) => s.key === key)!)).toBe('tune');
    expect(
      [
        ...FIFTH_TECHNIQUES,
        ...SIXTH_TECHNIQUES,
        ...SEVENTH_TECHNIQUES,
        ...EIGHTH_TECHNIQUES,
        ...NINTH_TECHNIQUES,
        ...TENTH_TECHNIQUES,
        ...ELEVENTH_TECHNIQUES,
        ...TWELFTH_TECHNIQUES,
        ...THIRTEENTH_TECHNIQUES,
        ...FOURTEENTH_TECHNIQUES,
        ...FIFTEENTH_TECHNIQUES,
        ...SIXTEENTH_TECHNIQUES,
        ...SEVENTEENTH_TECHNIQUES,
        ...EIGHTEENTH_TECHNIQUES,
        ...NINETEENTH_TECHNIQUES,
        ...TWENTIETH_TECHNIQUES,
        ...TWENTYFIRST_TECHNIQUES,
        ...TWENTYSECOND_TECHNIQUES,
        ...TWENTYTHIRD_TECHNIQUES,
      ].some((t) => HELDOUT_TECHNIQUES.includes(t)),
    ).toBe(false);
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

// Sixth round (branch menus6): the served pages hold no product before a script runs, the JSON
// APIs answer every product, and the size cards carry every size's price.
describe('sixth-round markup', () => {
  it('a client-built card equals the server-rendered card of the same product, sale or not', () => {
    for (const style of ['grid', 'list', 'table', 'text', 'woo', 'dawn', 'css'] as const)
      // (Names without grams: the css card's price-per-gram line is not built on the client.)
      for (const p of [sale, plain, { ...plain, thc: null }].map((x) => ({ ...x, name: 'Blue Dream & Co' }))) {
        const card = new Function('r', `${clientCardJs(style)}; return card(r);`) as (r: unknown) => string;
        expect(card(apiRecord(p))).toBe(cardHtml(p, style));
      }
  });

  it('a size card gives every size its price: in option text (select) or data-price (buttons), headed by the lowest', () => {
    const g = [
      { ...plain, id: '1', name: 'Blue Dream 1g', base: 'Blue Dream', size: '1g', price: 12 },
      { ...sale, id: '2', name: 'Blue Dream 3.5g', base: 'Blue Dream', size: '3.5g', price: 30, regularPrice: 40 },
    ];
    const sel = sizeCardHtml(g, 'grid');
    expect(sel).toContain('>1g - $12.00</option>');
    expect(sel).toContain('data-compare-price="40.00">3.5g - $30.00</option>');
    expect(sel).toContain('From $12.00');
    const pills = sizeCardHtml(g, 'css');
    expect(pills).toContain('data-price="30.00" data-compare-price="40.00" data-size="3.5g">3.5g</button>');
    expect(pills).not.toContain('$30.00');
  });

  it('the store picker and the tabs are controls, not links to the menu', () => {
    for (const style of ['grid', 'list', 'table', 'text', 'woo', 'dawn', 'css'] as const) {
      expect(storePicker(style)).toContain('Choose your store');
      expect(categoryTabs(style, ['Flower', 'Edibles'])).not.toMatch(/href="\/[^"]/);
    }
  });
});

describe.runIf(menuDataPresent())('sixth-round sites serve no product in their HTML and every product by their APIs', () => {
  let server: MenuSitesServer;
  const keys = ['tabs-grid', 'graphql-hash-list', 'closed-shadow-woo', 'store-picker-dawn', 'size-select-text'];
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());

  it('no product name in the HTML of the API-fed menus; closed shadow only in a closed template', async () => {
    for (const key of ['tabs-grid', 'graphql-hash-list', 'store-picker-dawn']) {
      const site = server.site(key);
      const html = await (await fetch(site.url)).text();
      for (const p of site.spec.products.slice(0, 30)) expect(html, key).not.toContain(`>${p.name}<`);
    }
    const shadow = await (await fetch(server.site('closed-shadow-woo').url)).text();
    expect(shadow).toContain('<template shadowrootmode="closed">');
  });

  it('the tab API, the GraphQL pages and the store API each give every product once', async () => {
    const tabs = server.site('tabs-grid');
    const base = (u: string) => u.replace(/\/menu$/, '');
    const seen = new Set<string>();
    for (const c of categoriesOf(tabs.spec.products)) {
      const j = (await (await fetch(`${base(tabs.url)}/api/menu/products?category=${slug(c)}`)).json()) as { products: Array<{ id: string }> };
      for (const r of j.products) seen.add(r.id);
    }
    expect(seen.size).toBe(tabs.spec.products.length);
    const gq = server.site('graphql-hash-list');
    const ids: string[] = [];
    for (let offset = 0; offset < gq.spec.products.length; offset += 24) {
      const r = await fetch(`${base(gq.url)}/graphql`, { method: 'POST', body: JSON.stringify({ query: GRAPHQL_QUERY, variables: { offset, limit: 24 } }) });
      const j = (await r.json()) as { data: { menu: { total: number; products: Array<{ id: string; price: number; specialPrice: number | null }> } } };
      expect(j.data.menu.total).toBe(gq.spec.products.length);
      ids.push(...j.data.menu.products.map((p) => p.id));
    }
    expect(new Set(ids).size).toBe(gq.spec.products.length);
    const sp = server.site('store-picker-dawn');
    for (const s of STORES) {
      const j = (await (await fetch(`${base(sp.url)}/api/stores/${s.id}/menu`)).json()) as { products: unknown[] };
      expect(j.products).toHaveLength(sp.spec.products.length);
    }
  });

  it('size-select: every size of every strain is on the page with its price', async () => {
    const site = server.site('size-select-text');
    const html = await (await fetch(site.url)).text();
    for (const p of site.spec.products)
      expect(html).toContain(`data-price="${p.price.toFixed(2)}"${p.regularPrice !== null ? ` data-compare-price="${p.regularPrice.toFixed(2)}"` : ''} data-size="${p.size}"`);
  });
});

// Seventh round (branch menus7): sold-out items rendered but not in the truth, a member price
// beside the price paid, a lead-in or unit price as the only price, an iframe created by a loader
// script, categories in collapsed sections filled when opened.
describe('seventh-round markup', () => {
  it('a sold-out card is marked in every style and keeps no add-to-cart button', () => {
    for (const style of STYLES) {
      const html = soldOutCardHtml(sale, style);
      expect(html, style).toMatch(/sold out|out of stock/i);
      expect(html, style).not.toMatch(/>Add( to cart)?<\/(button|a)>/);
      expect(html, style).toContain('Blue Dream 3.5g');
    }
    expect(soldOutCardHtml(sale, 'woo')).toContain(' outofstock ');
    expect(soldOutCardHtml(sale, 'dawn')).toContain('price--sold-out');
  });

  it('a member price is beside the price paid, lower than it, in every style', () => {
    expect(memberPrice(sale)).toBe(28.8);
    for (const style of STYLES) {
      const html = memberCardHtml(sale, style);
      expect(html, style).toMatch(/(Med|Medical:?|Member|Members:|Loyalty price|MMJ) \$28\.80/);
      expect(html.length, style).toBeGreaterThan(cardHtml(sale, style).length);
    }
  });

  it('a from-price card shows the price paid only after a lead-in or with a unit', () => {
    const forms: Record<string, RegExp> = {
      grid: />From \$32\.00</,
      table: />From \$32\.00</,
      dawn: />From \$32\.00</,
      list: />\$32\.00 \/ 3\.5g</,
      text: /\$32\.00\/3\.5g</,
      woo: /From: <\/span>/,
      css: /From \$32\.00/,
    };
    for (const style of STYLES) expect(fromCardHtml(plain, style), style).toMatch(forms[style]);
    expect(fromCardHtml({ ...plain, name: 'Gummies 10pk' }, 'list')).toContain('$32.00 / each');
    expect(fromCardHtml({ ...plain, price: 30, regularPrice: 130, name: 'X' }, 'grid')).toContain('<s class="price-original">$130.00</s>');
  });

  it('the embed loader creates the menu frame and a refused tracking frame; the sections start collapsed', () => {
    const loader = embedLoaderJs('http://127.0.0.2:9');
    expect(loader).toContain("createElement('iframe')");
    expect(loader).toContain('http://127.0.0.2:9');
    expect(loader).toContain('169.254.169.254');
    for (const style of STYLES) {
      const sec = accordionSection(style, 'Edibles', 12);
      expect(sec, style).toMatch(/aria-expanded="false"|<details/);
      expect(sec, style).not.toContain(' open');
    }
  });

  it('menuOrder puts every sold-out item back at every fifth place', () => {
    const site = buildSites().find((s) => s.key === 'sold-out-grid')!;
    const order = menuOrder(site);
    expect(order).toHaveLength(site.products.length + site.soldOut!.length);
    expect(site.soldOut!.length).toBe(30);
    order.forEach((p, i) => expect(site.soldOut!.includes(p), String(i)).toBe(i % 5 === 2));
  });
});

describe.runIf(menuDataPresent())('seventh-round sites', () => {
  let server: MenuSitesServer;
  const keys = ['sold-out-dawn', 'embed-loader-grid', 'accordion-woo', 'from-price-list'];
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());
  const base = (u: string) => u.replace(/\/menu$/, '');

  it('sold-out: every in-stock and every sold-out product on the page, the sold-out ones marked', async () => {
    const site = server.site('sold-out-dawn');
    const html = await (await fetch(site.url)).text();
    for (const p of [...site.spec.products, ...site.spec.soldOut!]) expect(html).toContain(`>${p.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}<`);
    expect(html.match(/>Sold out<\/span>/g)).toHaveLength(site.spec.soldOut!.length);
  });

  it('embed-loader: no iframe in the page, the loader and the frame served on the platform origin', async () => {
    const site = server.site('embed-loader-grid');
    const html = await (await fetch(site.url)).text();
    expect(html).not.toContain('<iframe');
    const src = /src="(http:\/\/127\.0\.0\.2:\d+)\/api\/v2\/embedded-menu\/green-leaf\.js"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    expect(await (await fetch(`${src}/api/v2/embedded-menu/green-leaf.js`)).text()).toContain(`"${src}" + '/embed/menu'`);
    const frame = await (await fetch(`${src}/embed/menu`)).text();
    expect(frame).toContain(site.spec.products[0].name.replace(/&/g, '&amp;'));
  });

  it('accordion: no product in the page; the section API gives every product once', async () => {
    const site = server.site('accordion-woo');
    const html = await (await fetch(site.url)).text();
    for (const p of site.spec.products.slice(0, 30)) expect(html).not.toContain(`>${p.name}<`);
    const seen = new Set<string>();
    for (const c of categoriesOf(site.spec.products)) {
      expect(html).toContain(`data-cat="${slug(c)}"`);
      const j = (await (await fetch(`${base(site.url)}/api/menu/products?category=${slug(c)}`)).json()) as { products: Array<{ id: string }> };
      for (const r of j.products) seen.add(r.id);
    }
    expect(seen.size).toBe(site.spec.products.length);
  });

  it('from-price: every product priced only after a lead-in or with a unit', async () => {
    const site = server.site('from-price-list');
    const html = await (await fetch(site.url)).text();
    for (const p of site.spec.products) expect(html).toMatch(new RegExp(`\\$${p.price.toFixed(2).replace('.', '\\.')} / (\\d+(\\.\\d+)?g|each)<`));
  });
});
