import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, cardHtml, TWELFTH_TECHNIQUES, menuDataPresent, STYLES, type SiteSpec } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { featuredRails, railControls, rails, TEMPLATE_PLACEHOLDER, templateCard } from '@/tests/fixtures/menus-sites/twelfth';
import { splitCardHtml, tierCardHtml, tiers } from '@/tests/fixtures/menus-sites/twelfth-cards';
import { WS_LEFT_OPEN, WS_PATH, wsConnect } from '@/tests/fixtures/menus-sites/twelfth-ws';
import { siteSpec } from '@/tests/fixtures/menus-sites/site-spec';

// The twelfth-round generator (tests/fixtures/menus-sites/twelfth*.ts), not the scraper: every
// page serves what its ground truth says, in the way the technique describes.

const text = (html: string) => html.replace(/<[^>]*>/g, ' ');
const site = siteSpec;
const dollars = (v: number) => String(Math.floor(v + 1e-9));
const cents = (v: number) => String(Math.round((v - Math.floor(v + 1e-9)) * 100)).padStart(2, '0');

describe('twelfth-round markup', () => {
  it('every held-out site: real products, prices paid below the struck regular price, unique names', () => {
    const sites = buildSites().filter((s) => TWELFTH_TECHNIQUES.includes(s.technique));
    expect(sites).toHaveLength(35);
    for (const s of sites) {
      expect(s.products.length).toBeGreaterThanOrEqual(140);
      expect(new Set(s.products.map((p) => p.name.toLowerCase())).size).toBe(s.products.length);
      expect(s.products.filter((p) => p.regularPrice !== null).length).toBeGreaterThan(20);
      for (const p of s.products) {
        expect(p.price).toBeGreaterThan(0);
        if (p.regularPrice !== null) expect(p.regularPrice).toBeGreaterThan(p.price);
      }
    }
  });

  it.each(STYLES)('split-price %s: every price split over elements, read back whole', (style) => {
    const s = site('split-price', style);
    for (const p of s.products) {
      const card = splitCardHtml(p, style);
      const flat = text(card).replace(/&#36;/g, '$').replace(/\s+/g, '');
      for (const v of p.regularPrice !== null ? [p.price, p.regularPrice] : [p.price]) {
        if (style === 'css' && v === p.price) {
          expect(card).toContain(`aria-label="$${v.toFixed(2)}"`);
          expect(flat).not.toContain(`$${v.toFixed(2)}`);
        } else if (style === 'dawn') expect(flat).toContain(`$${Number.isInteger(Math.round(v * 100) / 100) ? dollars(v) : v.toFixed(2)}USD`);
        else if (style === 'text') expect(flat).toContain(`$${v.toFixed(2)}`);
        else expect(flat).toMatch(new RegExp(`\\$${dollars(v)}\\.?${cents(v)}`));
      }
      if (['grid', 'list', 'woo'].includes(style)) expect(card).not.toContain(`${p.price.toFixed(2)}`);
      if (style === 'text' && p.regularPrice !== null) expect(card.indexOf(p.regularPrice.toFixed(2))).toBeLessThan(card.indexOf(p.price.toFixed(2)));
    }
  });

  it.each(STYLES)('tier-price %s: the unit price on every card, quantity tiers on two in three', (style) => {
    const s = site('tier-price', style);
    let tiered = 0;
    s.products.forEach((p, i) => {
      const card = tierCardHtml(p, style, i);
      expect(card).toContain(p.price.toFixed(2));
      if (p.regularPrice !== null) expect(card).toContain(p.regularPrice.toFixed(2));
      const t = tiers(p, i);
      if (t) {
        tiered++;
        expect(t.two).toBeLessThan(2 * p.price + 1);
        expect(text(card)).toMatch(/\b2\s*(for|\/|-|\+|x)/);
      }
    });
    expect(tiered).toBeGreaterThan(s.products.length / 2);
  });

  it('carousel: rails by category hold every product once; each style has a next control', () => {
    for (const style of STYLES) {
      const s = site('carousel', style);
      const r = rails(s.products);
      expect(r.length).toBeGreaterThan(2);
      expect(r.flatMap((x) => x.items)).toHaveLength(s.products.length);
      expect(railControls(style).next).toMatch(/next|right|›/i);
    }
  });

  it('featured-dupes: the rails repeat products of the grid; the template card is a placeholder at $0.00', () => {
    for (const style of STYLES) {
      const s = site('featured-dupes', style);
      const r = featuredRails(s.products);
      expect(r.flatMap((x) => x.items).length).toBeGreaterThanOrEqual(18);
      const t = templateCard(style);
      expect(t.html).toContain(TEMPLATE_PLACEHOLDER[style].name);
      expect(text(t.html).replace(/&#36;/g, '$').replace(/\s+/g, '')).toContain('$0.00');
      expect(t.html).toMatch(/hidden|display:none|<template|type="text\/(template|html)"|css-tpl/);
    }
  });
});

describe.runIf(menuDataPresent())('twelfth-round sites', () => {
  let server: MenuSitesServer;
  const keys = STYLES.flatMap((st) => ['carousel', 'split-price', 'tier-price', 'websocket', 'featured-dupes'].map((t) => `${t}-${st}`));
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());
  const get = async (key: string, path = '') => {
    const u = server.site(key).url;
    return (await fetch(path ? new URL(path, u) : u)).text();
  };
  const shown = (spec: SiteSpec, html: string) => spec.products.filter((p) => html.includes(cardHtml(p, spec.style)));

  it.each(STYLES)('carousel %s: the page has no product; the rails API has each once', async (style) => {
    const key = `carousel-${style}`;
    const spec = server.site(key).spec;
    expect(shown(spec, await get(key))).toHaveLength(0);
    const j = JSON.parse(await get(key, '/api/rails')) as { rails: Array<{ items: string[] }> };
    const all = j.rails.flatMap((r) => r.items).join('');
    expect(shown(spec, all)).toHaveLength(spec.products.length);
  });

  it.each(STYLES)('split-price %s and tier-price %s: every card served', async (style) => {
    const split = await get(`split-price-${style}`);
    const spec = server.site(`split-price-${style}`).spec;
    expect(spec.products.filter((p) => split.includes(splitCardHtml(p, style)))).toHaveLength(spec.products.length);
    const tier = await get(`tier-price-${style}`);
    const t = server.site(`tier-price-${style}`).spec;
    expect(t.products.filter((p, i) => tier.includes(tierCardHtml(p, style, i)))).toHaveLength(t.products.length);
  });

  it.each(STYLES)('featured-dupes %s: every product once in the grid, the rails repeating some, one template card', async (style) => {
    const key = `featured-dupes-${style}`;
    const spec = server.site(key).spec;
    const html = await get(key);
    const all = html.slice(html.indexOf('All products'));
    for (const p of spec.products) expect(all.split(cardHtml(p, style)).length - 1).toBe(1);
    const before = html.slice(0, html.indexOf('All products'));
    expect(shown(spec, before).length).toBeGreaterThanOrEqual(18);
    expect(html.split(templateCard(style).html).length - 1).toBe(1);
  });

  it.concurrent.each(STYLES)(
    'websocket %s: the page has no product; the socket, spoken to as the page does, delivers every one',
    async (style) => {
      const key = `websocket-${style}`;
      const spec = server.site(key).spec;
      expect(shown(spec, await get(key))).toHaveLength(0);
      const url = new URL(WS_PATH[style].path, server.site(key).url.replace(/^http/, 'ws')).toString();
      let got = '';
      let lastAt = 0;
      const conn = await wsConnect(url, WS_PATH[style].protocol, (t, send) => {
        const add = (h: string) => {
          got += h;
          lastAt = Date.now();
        };
        if (style === 'grid') {
          if (t.includes('"products"')) add((JSON.parse(t) as { items: string[] }).items.join(''));
        } else if (style === 'list') {
          if (t.startsWith('0')) send('40');
          else if (t === '2') send('3');
          else if (t.startsWith('42')) add((JSON.parse(t.slice(2)) as [string, { items: string[] }])[1].items.join(''));
        } else if (style === 'table') {
          const d = JSON.parse(t) as { type?: string; message?: { html: string } };
          if (d.type === 'welcome') send(JSON.stringify({ command: 'subscribe', identifier: JSON.stringify({ channel: 'MenuChannel', store: 'main' }) }));
          else if (!d.type && d.message) add(d.message.html);
        } else if (style === 'text') {
          const d = JSON.parse(t) as { type: string; payload?: { data: { menuProducts: { cards: string[] } } } };
          if (d.type === 'connection_ack') send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { menuProducts { cards } }' } }));
          else if (d.type === 'next') add(d.payload!.data.menuProducts.cards.join(''));
        } else if (style === 'woo') {
          const d = JSON.parse(t) as { event: string; html?: string };
          if (d.event === 'product') add(d.html!);
        } else if (style === 'dawn') add(t);
        else {
          const d = JSON.parse(t) as { id?: number; connect?: unknown; push?: { pub: { data: { cards: string[] } } } };
          if (d.id === 1 && d.connect) send(JSON.stringify({ id: 2, subscribe: { channel: 'menu:products' } }));
          else if (d.push) add(d.push.pub.data.cards.join(''));
          else if (!d.id) send('{}');
        }
      });
      // What the page says first on the protocols where the client speaks first.
      if (style === 'grid') conn.send(JSON.stringify({ action: 'subscribe', menu: 'main' }));
      if (style === 'text') conn.send(JSON.stringify({ type: 'connection_init', payload: {} }));
      if (style === 'css') conn.send(JSON.stringify({ id: 1, connect: { name: 'js' } }));
      const deadline = Date.now() + 6000;
      while (shown(spec, got).length < spec.products.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(shown(spec, got)).toHaveLength(spec.products.length);
      const open = await Promise.race([conn.closed.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 1300))]);
      expect(open).toBe(WS_LEFT_OPEN.includes(style));
      if (open) expect(Date.now() - lastAt).toBeGreaterThan(1000);
      conn.close();
    },
    15000,
  );
});
