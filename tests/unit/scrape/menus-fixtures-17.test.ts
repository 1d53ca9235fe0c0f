import { describe, expect, it } from 'vitest';
import { buildSites, cardHtml, esc, menuDataPresent, SEVENTEENTH_TECHNIQUES, STYLES, type SiteSpec } from '@/tests/fixtures/menus-sites/generate';
import { serveRoundSites } from '@/tests/helpers/menu-round-sites';
import { FRAGMENT_HOW, PROPS_HOW, tierGroups, tierRow, XML_HOW } from '@/tests/fixtures/menus-sites/seventeenth';
import { siteSpec } from '@/tests/fixtures/menus-sites/site-spec';

// The seventeenth-round generator (tests/fixtures/menus-sites/seventeenth.ts), not the scraper:
// every page serves what its ground truth says, in the way the technique describes.

const sites = () => buildSites().filter((s) => SEVENTEENTH_TECHNIQUES.includes(s.technique));
const site = siteSpec;
const shown = (spec: SiteSpec, html: string) => spec.products.filter((p) => html.includes(cardHtml(p, spec.style)));
const unattr = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const money = (v: number) => `$${v.toFixed(2)}`;

describe('seventeenth-round markup', () => {
  it('every held-out site: real products, prices paid below the struck regular price, unique names', () => {
    expect(sites()).toHaveLength(28);
    for (const s of sites()) {
      expect(s.products.length).toBeGreaterThanOrEqual(140);
      expect(new Set(s.products.map((p) => p.name.toLowerCase())).size).toBe(s.products.length);
      expect(s.products.filter((p) => p.regularPrice !== null).length).toBeGreaterThan(20);
      for (const p of s.products) if (p.regularPrice !== null) expect(p.regularPrice).toBeGreaterThan(p.price);
    }
  });

  it.each(STYLES)('tier-columns %s: one row per product, one truth product per tier (`<name> <size>`), the first tier first', (style) => {
    const s = site('tier-columns', style);
    for (const g of tierGroups(s.products).slice(0, 40)) {
      expect(g.map((t) => t.size)).toEqual(['1g', '3.5g', '7g']);
      for (const t of g) expect(t.name).toBe(`${t.base} ${t.size}`);
      const p = { ...g[0], name: g[0].base! };
      const h = tierRow(g, style);
      const [b, c] = [g[1].price, g[2].price];
      expect(g[1].regularPrice).toBeNull();
      expect(h).toContain(esc(p.name));
      expect(h).toContain(esc(p.brand));
      const at = h.indexOf(money(p.price));
      expect(at).toBeGreaterThan(h.indexOf(esc(p.name)));
      expect(at).toBeLessThan(h.indexOf(money(b)));
      expect(h.indexOf(money(b))).toBeLessThan(h.indexOf(money(c)));
      expect(b).toBeGreaterThan(p.regularPrice ?? p.price);
      if (p.regularPrice !== null) expect(h.indexOf(money(p.regularPrice))).toBeLessThan(at);
      // The tier names are a header (once per table), not row text, but in the `<dl>` style.
      if (style !== 'text') expect(h).not.toMatch(/>\s*(?:1g|3\.5g|7g)\s*</);
    }
  });
});

describe.runIf(menuDataPresent())('seventeenth-round sites', () => {
  const server = serveRoundSites(() => sites().map((s) => s.key));
  const { get } = server;

  it.each(STYLES)('tier-columns %s: the page has every product row and the tier header (once but in the dl style)', async (style) => {
    const s = site('tier-columns', style);
    const html = await get(s.key);
    for (const g of tierGroups(s.products)) expect(html).toContain(tierRow(g, style));
    expect(html).toMatch(/>3\.5g</);
    if (style !== 'text') expect(html.split('>3.5g<').length - 1).toBe(1);
  });

  it.each(STYLES)('xml-feed %s: no product in the page; the XML it fetches has every product and price', async (style) => {
    const s = site('xml-feed', style);
    const html = await get(s.key);
    expect(html).toContain("fetch('/api/menu.xml')");
    expect(shown(s, html)).toHaveLength(0);
    for (const p of s.products.slice(0, 20)) expect(html).not.toContain(esc(p.name));
    const xml = await get(s.key, '/api/menu.xml');
    expect(xml.startsWith('<?xml')).toBe(true);
    for (const p of s.products) {
      expect(xml.includes(esc(p.name)) || xml.includes(`<![CDATA[${p.name}]]>`)).toBe(true);
      const paid = XML_HOW[style] === 'cents' ? String(Math.round(p.price * 100)) : p.price.toFixed(2);
      expect(xml).toContain(paid);
    }
  });

  it.each(STYLES)('attr-props %s: no card in the page; every product only in one attribute’s JSON', async (style) => {
    const s = site('attr-props', style);
    const html = await get(s.key);
    expect(shown(s, html)).toHaveLength(0);
    const script = html.slice(html.lastIndexOf('<script>'));
    for (const p of s.products) expect(script).not.toContain(p.name);
    const decoded = unattr(html);
    for (const p of s.products) expect(decoded.includes(JSON.stringify(p.name)) || decoded.includes(`'${p.name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`)).toBe(true);
    const attrName = {
      inertia: 'data-page',
      'data-props': 'data-props',
      'x-data': 'x-data',
      'vue-prop': ':products',
      stimulus: 'data-menu-products-value',
      'section-json': 'data-product-json',
      'element-attr': 'products',
    }[PROPS_HOW[style]];
    expect(html).toContain(` ${attrName}="`);
  });

  it.each(STYLES)('html-fragment %s: no product in the page; its fragments hold every card once', async (style) => {
    const s = site('html-fragment', style);
    const html = await get(s.key);
    expect(shown(s, html)).toHaveLength(0);
    for (const p of s.products.slice(0, 20)) expect(html).not.toContain(esc(p.name));
    const seen: string[] = [];
    if (FRAGMENT_HOW[style] === 'revealed-pages') {
      let next: string | undefined = '/fragments/menu?page=1';
      for (let i = 0; next && i < 20; i++) {
        const f = await get(s.key, next);
        seen.push(...shown(s, f).map((p) => p.id));
        next = /hx-get="([^"]+)" hx-trigger="revealed"/.exec(f)?.[1];
      }
      expect(seen.length).toBeGreaterThan(0);
    } else seen.push(...shown(s, await get(s.key, '/fragments/menu')).map((p) => p.id));
    expect(seen).toHaveLength(s.products.length);
    expect(new Set(seen).size).toBe(s.products.length);
  });
});
