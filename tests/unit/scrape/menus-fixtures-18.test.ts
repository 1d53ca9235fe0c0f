import { describe, expect, it } from 'vitest';
import { buildSites, cardHtml, EIGHTEENTH_TECHNIQUES, esc, menuDataPresent, STYLES, type SiteSpec } from '@/tests/fixtures/menus-sites/generate';
import { serveRoundSites } from '@/tests/helpers/menu-round-sites';
import { labelledCard, NOSCRIPT_HOW, noiseAmounts, noiseCard, quickViewCard, shadowPriceCard, TEMPLATE_HOW } from '@/tests/fixtures/menus-sites/eighteenth';
import { siteSpec } from '@/tests/fixtures/menus-sites/site-spec';

// The eighteenth-round generator (tests/fixtures/menus-sites/eighteenth.ts), not the scraper:
// every page serves what its ground truth says, in the way the technique describes.

const sites = () => buildSites().filter((s) => EIGHTEENTH_TECHNIQUES.includes(s.technique));
const site = siteSpec;
const shown = (spec: SiteSpec, html: string) => spec.products.filter((p) => html.includes(cardHtml(p, spec.style)));
const money = (v: number) => `$${v.toFixed(2)}`;
/** A card's text with WooCommerce's `&#36;` written as `$` and its currency-symbol span dropped. */
const plain = (h: string) => h.replace(/&#36;<\/span>/g, '$</span>').replace(/<span class="woocommerce-Price-currencySymbol">\$<\/span>/g, '$');
/** The page without its `<noscript>` and `<template>` contents (what a browser with scripts renders at first). */
const live = (html: string) => html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').replace(/<template[\s\S]*?<\/template>/g, '');

describe.runIf(menuDataPresent())('eighteenth-round markup', () => {
  it('every held-out site: real products, prices paid below the struck regular price, unique names', () => {
    expect(sites()).toHaveLength(28);
    for (const s of sites()) {
      expect(s.products.length).toBeGreaterThanOrEqual(140);
      expect(new Set(s.products.map((p) => p.name.toLowerCase())).size).toBe(s.products.length);
      expect(s.products.filter((p) => p.regularPrice !== null).length).toBeGreaterThan(20);
      for (const p of s.products) if (p.regularPrice !== null) expect(p.regularPrice).toBeGreaterThan(p.price);
    }
  });

  it.each(STYLES)('price-noise %s: the card shows the price paid, the struck price and at least one other amount', (style) => {
    const s = site('price-noise', style);
    let noisy = 0;
    s.products.forEach((p, i) => {
      const h = plain(noiseCard(p, style, i));
      expect(h).toContain(esc(p.name));
      expect(h).toContain(money(p.price));
      if (p.regularPrice !== null) expect(h).toContain(money(p.regularPrice));
      const n = noiseAmounts(p, i);
      const others = [n.unit, n.save, n.otd, n.bundle, n.rewards, n.part].filter((v): v is number => v !== null && v !== p.price && v !== p.regularPrice);
      if (others.some((v) => h.includes(money(v)))) noisy++;
    });
    expect(noisy).toBeGreaterThan(s.products.length / 4);
  });

  it.each(STYLES)('labelled-price %s: no strike element or line-through; both prices of a sale are in the card', (style) => {
    for (const p of site('labelled-price', style).products) {
      const h = plain(labelledCard(p, style));
      expect(h).not.toMatch(/<(?:s|del|strike)\b|line-through/);
      expect(h).toContain(money(p.price));
      if (p.regularPrice !== null) expect(h).toContain(money(p.regularPrice));
    }
  });

  it('template-cards: the shadow-root card keeps its price in the template, the quick-view card too', () => {
    const p = { ...site('template-cards', 'text').products.find((x) => x.regularPrice !== null)! };
    const tile = shadowPriceCard(p);
    expect(/<template shadowrootmode="open">[\s\S]*<\/template>/.exec(tile)![0]).toContain(money(p.price));
    expect(live(tile)).not.toContain(money(p.price));
    const q = quickViewCard(p);
    expect(live(q)).not.toContain(money(p.price));
    expect(plain(q)).toContain(money(p.regularPrice!));
  });
});

describe.runIf(menuDataPresent())('eighteenth-round sites', () => {
  const server = serveRoundSites(() => sites().map((s) => s.key));
  const { get } = server;

  it.each(STYLES)('noscript-menu %s: no card outside <noscript>; the fallback (or its basic page) has every card', async (style) => {
    const s = site('noscript-menu', style);
    const html = await get(s.key);
    expect(shown(s, live(html))).toHaveLength(0);
    expect(html).toContain('<noscript>');
    const how = NOSCRIPT_HOW[style];
    if (how === 'iframe' || how === 'link') {
      expect(shown(s, html)).toHaveLength(0);
      expect(html).toMatch(/<noscript>[\s\S]*\/menu\/basic[\s\S]*<\/noscript>/);
      expect(shown(s, await get(s.key, '/menu/basic'))).toHaveLength(s.products.length);
    } else expect(shown(s, html)).toHaveLength(s.products.length);
    expect(await get(s.key, '/api/v3/menu?store=main')).toContain('Unavailable');
  });

  it.each(STYLES)('price-noise / labelled-price %s: every card in the page', async (style) => {
    const n = site('price-noise', style);
    const nh = await get(n.key);
    n.products.forEach((p, i) => expect(nh).toContain(noiseCard(p, style, i)));
    const l = site('labelled-price', style);
    const lh = await get(l.key);
    for (const p of l.products) expect(lh).toContain(labelledCard(p, style));
  });

  it.each(STYLES)('template-cards %s: every product once in the page, most only inside a template', async (style) => {
    const s = site('template-cards', style);
    const html = await get(s.key);
    const how = TEMPLATE_HOW[style];
    if (how === 'shadow-price') for (const p of s.products) expect(html).toContain(shadowPriceCard(p));
    else if (how === 'quick-view') for (const p of s.products) expect(html).toContain(quickViewCard(p));
    else {
      expect(shown(s, html)).toHaveLength(s.products.length);
      expect(shown(s, live(html)).length).toBe(how === 'show-more' ? 24 : 0);
    }
    // Dawn's card prints its title twice (the media overlay's and the card's).
    for (const p of s.products) expect(html.split(`>${esc(p.name)}<`).length - 1).toBe(style === 'dawn' ? 2 : 1);
  });
});
