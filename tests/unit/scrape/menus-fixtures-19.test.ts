import { describe, expect, it } from 'vitest';
import { buildSites, cardHtml, esc, menuDataPresent, NINETEENTH_TECHNIQUES, STYLES } from '@/tests/fixtures/menus-sites/generate';
import { serveRoundSites } from '@/tests/helpers/menu-round-sites';
import { DIALOG_HOW, LAZY_PRICE_HOW, lazyPriceCard, priceMarkup } from '@/tests/fixtures/menus-sites/nineteenth';
import { SPANISH_PER_PAGE } from '@/tests/fixtures/menus-sites/nineteenth-menus';
import { siteSpec } from '@/tests/fixtures/menus-sites/site-spec';

// The nineteenth-round generator (tests/fixtures/menus-sites/nineteenth.ts), not the scraper:
// every page serves what its ground truth says, in the way the technique describes.

const sites = () => buildSites().filter((s) => NINETEENTH_TECHNIQUES.includes(s.technique));
const site = siteSpec;
const money = (v: number) => `$${v.toFixed(2)}`;
const plain = (h: string) => h.replace(/&#36;/g, '$').replace(/<[^>]+>/g, '');

describe.runIf(menuDataPresent())('nineteenth-round markup', () => {
  it('every held-out site: real products, prices paid below the struck regular price, unique names', () => {
    expect(sites()).toHaveLength(28);
    for (const s of sites()) {
      expect(s.products.length).toBeGreaterThanOrEqual(140);
      expect(new Set(s.products.map((p) => p.name.toLowerCase())).size).toBe(s.products.length);
      expect(s.products.filter((p) => p.regularPrice !== null).length).toBeGreaterThan(20);
      for (const p of s.products) if (p.regularPrice !== null) expect(p.regularPrice).toBeGreaterThan(p.price);
    }
    const sp = site('spanish-menu', 'table');
    expect(sp.soldOut).toHaveLength(24);
    for (const p of sp.soldOut!) expect(sp.products.some((x) => x.name.toLowerCase() === p.name.toLowerCase())).toBe(false);
  });

  it.each(STYLES)('lazy-price %s: the card has no amount until its price markup is put in', (style) => {
    for (const p of site('lazy-price', style).products) {
      expect(plain(lazyPriceCard(p, style))).not.toMatch(/\$\d/);
      expect(plain(priceMarkup(p, style))).toContain(money(p.price));
      if (p.regularPrice !== null) expect(plain(priceMarkup(p, style))).toContain(money(p.regularPrice));
    }
    expect(LAZY_PRICE_HOW[style]).toBeTruthy();
  });
});

describe.runIf(menuDataPresent())('nineteenth-round sites', () => {
  const server = serveRoundSites(() => sites().map((s) => s.key));
  const { get } = server;

  it.each(STYLES)('menu-dialog %s: every card in the page, its fragment, JSON or framed page', async (style) => {
    const s = site('menu-dialog', style);
    const how = DIALOG_HOW[style];
    const path = {
      dialog: '/menu',
      bootstrap: '/menu',
      popover: '/menu',
      'fetch-modal': '/api/menu-fragment',
      drawer: '/api/menu-fragment',
      'frame-modal': '/menu/embed',
      portal: '/api/products',
    }[how];
    const html = (await get(s.key, path)).replace(/\\u003c/g, '<').replace(/\\"/g, '"');
    for (const p of s.products) expect(html).toContain(cardHtml(p, style));
    if (path !== '/menu') expect(await get(s.key)).not.toContain(esc(s.products[0].name));
  });

  it.each(STYLES)('layout-tables %s: every name and price paid on the page', async (style) => {
    const s = site('layout-tables', style);
    const text = plain(await get(s.key));
    for (const p of s.products) {
      expect(text).toContain(esc(p.name));
      expect(text).toContain(money(p.price));
    }
  });

  it.each(STYLES)('spanish-menu %s: every product on its pages, sold-out cards only marked Agotado', async (style) => {
    const s = site('spanish-menu', style);
    const base = style === 'dawn' ? '/collections/all' : '/menu';
    const q = style === 'dawn' ? 'page' : 'pagina';
    let html = '';
    for (let n = 1; n <= 10; n++) html += await get(s.key, `${base}?${q}=${n}`);
    if (style === 'css') for (let n = 2; n <= 7; n++) html += JSON.stringify(JSON.parse(await get(s.key, `/api/productos?pagina=${n}`)));
    const text = plain(html.replace(/\\"/g, '"').replace(/\\u003c/g, '<'));
    for (const p of s.products) expect(text).toContain(esc(p.name));
    if (['table', 'woo', 'dawn'].includes(style)) expect(html).toContain('Agotado');
    expect(SPANISH_PER_PAGE).toBe(24);
  });
});
