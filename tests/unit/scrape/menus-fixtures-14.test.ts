import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, cardHtml, gridGroups, FOURTEENTH_TECHNIQUES, menuDataPresent, stateRecord, STYLES, type SiteSpec } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { devalue, flatState, qwikObjs, turboStream, typed } from '@/tests/fixtures/menus-sites/fourteenth';
import { byCategory, selectHref, sizeRowsBody } from '@/tests/fixtures/menus-sites/fourteenth-menus';
import { siteSpec } from '@/tests/fixtures/menus-sites/site-spec';

// The fourteenth-round generator (tests/fixtures/menus-sites/fourteenth*.ts), not the scraper:
// every page serves what its ground truth says, in the way the technique describes.

const site = siteSpec;
const shown = (spec: SiteSpec, html: string) => spec.products.filter((p) => html.includes(cardHtml(p, spec.style)));

/** devalue.parse (Nuxt's reducers unwrapped). */
function undevalue(arr: unknown[]): unknown {
  const at = (i: number): unknown => {
    if (i === -1) return undefined;
    const v = arr[i];
    if (Array.isArray(v)) {
      if (typeof v[0] === 'string') return v[0] === 'Date' ? v[1] : v[0] === 'Set' ? v.slice(1).map((x) => at(x as number)) : at(v[1] as number);
      return v.map((x) => at(x as number));
    }
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, at(x as number)]));
    return v;
  };
  return at(0);
}
function unturbo(arr: unknown[]): unknown {
  const at = (i: number): unknown => {
    if (i === -1) return undefined;
    if (i === -2) return null;
    const v = arr[i];
    if (Array.isArray(v)) return v.map((x) => at(x as number));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [at(Number(k.slice(1))) as string, at(x as number)]));
    return v;
  };
  return at(0);
}
function unqwik(objs: unknown[]): unknown {
  const at = (r: string): unknown => {
    const v = objs[parseInt(r, 36)];
    if (Array.isArray(v)) return v.map((x) => at(x as string));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, at(x as string)]));
    return v;
  };
  return at('0');
}

describe('fourteenth-round markup', () => {
  it('every held-out site: real products, prices paid below the struck regular price, unique names', () => {
    const sites = buildSites().filter((s) => FOURTEENTH_TECHNIQUES.includes(s.technique));
    expect(sites).toHaveLength(35);
    for (const s of sites) {
      expect(s.products.length).toBeGreaterThanOrEqual(140);
      expect(new Set(s.products.map((p) => p.name.toLowerCase())).size).toBe(s.products.length);
      expect(s.products.filter((p) => p.regularPrice !== null).length).toBeGreaterThan(20);
      for (const p of s.products) if (p.regularPrice !== null) expect(p.regularPrice).toBeGreaterThan(p.price);
    }
  });

  it('the flatteners round-trip (devalue, turbo-stream, qwik)', () => {
    const v = {
      a: [
        { b: 'Flower', c: 1.5 },
        { b: 'Flower', c: null },
      ],
      d: 'x',
    };
    expect(undevalue(devalue(v))).toEqual(v);
    expect(undevalue(devalue(typed('ShallowReactive', v)))).toEqual(v);
    expect(unturbo(turboStream(v))).toEqual(v);
    expect(unqwik(qwikObjs(v))).toEqual(v);
    // equal strings stored once
    expect(devalue(v).filter((x) => x === 'Flower')).toHaveLength(1);
  });

  it.each(STYLES)('flat-state %s: no card, no product record as plain JSON; decoding gives every record', (style) => {
    const s = site('flat-state', style);
    const html = flatState(s.products, style);
    expect(shown(s, html)).toHaveLength(0);
    expect(html).not.toContain(`"name":${JSON.stringify(s.products[0].name)}`);
    const want = JSON.parse(JSON.stringify(s.products.map((p) => stateRecord(p, style)))) as unknown[];
    let got: unknown;
    if (style === 'grid' || style === 'woo') {
      const root = undevalue(JSON.parse(/id="__NUXT_DATA__">([\s\S]*?)<\/script>/.exec(html)![1]) as unknown[]) as Record<string, Record<string, Record<string, unknown>>>;
      got = style === 'grid' ? root.data['menu-products'].products : root.pinia.menu.products;
    } else if (style === 'list') {
      const outer = JSON.parse(/data-ttl="60">([\s\S]*?)<\/script>/.exec(html)![1]) as { body: string };
      const node = (JSON.parse(outer.body) as { nodes: Array<{ data: unknown[] }> }).nodes[1];
      got = (undevalue(node.data) as { menu: { items: unknown[] } }).menu.items;
    } else if (style === 'table' || style === 'dawn') {
      const chunks: string[] = [];
      vm.runInNewContext([...html.matchAll(/<script>(window\.__remixContext\.streamController\.enqueue\([\s\S]*?\);)<\/script>/g)].map((m) => m[1]).join('\n'), {
        window: { __remixContext: { streamController: { enqueue: (c: string) => chunks.push(c) } } },
      });
      if (style === 'dawn') expect(chunks.length).toBeGreaterThan(3);
      got = (unturbo(JSON.parse(chunks.join('')) as unknown[]) as { loaderData: Record<string, { products: unknown[] }> }).loaderData['routes/menu'].products;
    } else {
      const q = JSON.parse(/type="qwik\/json">([\s\S]*?)<\/script>/.exec(html)![1]) as { objs: unknown[] };
      got = (unqwik(q.objs) as { store: { menu: unknown[] } }).store.menu;
    }
    expect(got).toEqual(want);
  });

  it('select-category: categories cover every product once; css has no category URL, the rest one each', () => {
    for (const style of STYLES) {
      const s = site('select-category', style);
      const cats = byCategory(s.products);
      expect(cats.length).toBeGreaterThan(2);
      expect(cats.flatMap(([, ps]) => ps)).toHaveLength(s.products.length);
      const hrefs = cats.map(([c]) => selectHref(style, c));
      if (style === 'css') expect(hrefs.every((h) => h === null)).toBe(true);
      else expect(new Set(hrefs).size).toBe(cats.length);
    }
  });

  it.each(STYLES)('size-rows %s: every strain once, every size price in the rows', (style) => {
    const s = site('size-rows', style);
    const html = sizeRowsBody(s);
    for (const g of gridGroups(s.products)) {
      expect(html.split(g[0].base!.replace(/&/g, '&amp;').replace(/</g, '&lt;')).length - 1).toBeGreaterThanOrEqual(1);
      for (const p of g) expect(html.replace(/&#36;<\/span>/g, '$')).toContain(`$${p.price.toFixed(2)}`);
    }
    if (style === 'grid' || style === 'table') expect(html).toMatch(/rowspan="[2-5]"/);
  });
});

describe.runIf(menuDataPresent())('fourteenth-round sites', () => {
  let server: MenuSitesServer;
  const keys = buildSites()
    .filter((s) => FOURTEENTH_TECHNIQUES.includes(s.technique))
    .map((s) => s.key);
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());
  const get = async (key: string, path = '/menu') => (await fetch(new URL(path, server.site(key).url), { redirect: 'manual' })).text();

  it.each(STYLES)('scroll-box %s: the first page is in the box, the rest through /api/cards', async (style) => {
    const s = server.site(`scroll-box-${style}`).spec;
    const html = await get(s.key);
    expect(html).toContain('id="menu-scroll"');
    expect(shown(s, html)).toHaveLength(s.perPage);
  });

  it.each(STYLES)('template-jsonp %s: the page has no card; the JSONP script holds every card', async (style) => {
    const s = server.site(`template-jsonp-${style}`).spec;
    const html = await get(s.key);
    expect(shown(s, html)).toHaveLength(0);
    expect(html).toContain('<template id="menu-tpl">');
    const js = await get(s.key, '/api/menu.js?callback=cb');
    let items: string[] = [];
    vm.runInNewContext(js, { cb: (d: { items: string[] }) => (items = d.items) });
    expect(items).toHaveLength(s.products.length);
  });

  it.each(STYLES)('select-category %s: the landing shows one category; every category page (or the css API) its products', async (style) => {
    const s = server.site(`select-category-${style}`).spec;
    const cats = byCategory(s.products);
    const landing = await get(s.key);
    expect(shown(s, landing)).toHaveLength(cats[0][1].length);
    let total = 0;
    for (const [c, ps] of cats) {
      const href = selectHref(style, c);
      const html = href
        ? await get(s.key, href)
        : ((await (await fetch(new URL(`/api/menu?category=${c.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, server.site(s.key).url))).json()) as { html: string }).html;
      expect(shown(s, html)).toHaveLength(ps.length);
      total += ps.length;
    }
    expect(total).toBe(s.products.length);
  });

  it('size-rows: sized flower products named `<strain> <size>`', () => {
    const s = server.site('size-rows-grid').spec;
    for (const p of s.products) expect(p.name).toBe(`${p.base} ${p.size}`);
  });
});
