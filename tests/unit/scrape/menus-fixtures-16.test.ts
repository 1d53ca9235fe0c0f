import { describe, expect, it } from 'vitest';
import { buildSites, cardHtml, esc, menuDataPresent, SIXTEENTH_TECHNIQUES, STYLES, type SiteSpec } from '@/tests/fixtures/menus-sites/generate';
import { serveRoundSites } from '@/tests/helpers/menu-round-sites';
import { domOrderCard, imageNameCard } from '@/tests/fixtures/menus-sites/sixteenth-cards';
import { firstUrl, LINK_HOW, linkAnswer } from '@/tests/fixtures/menus-sites/sixteenth-pager';
import { MESSAGE_HOW, OBJECT_HOW } from '@/tests/fixtures/menus-sites/sixteenth';
import { siteSpec } from '@/tests/fixtures/menus-sites/site-spec';

// The sixteenth-round generator (tests/fixtures/menus-sites/sixteenth*.ts), not the scraper:
// every page serves what its ground truth says, in the way the technique describes.

const sites = () => buildSites().filter((s) => SIXTEENTH_TECHNIQUES.includes(s.technique));
const site = siteSpec;
const shown = (spec: SiteSpec, html: string) => spec.products.filter((p) => html.includes(cardHtml(p, spec.style)));
/** The visible text of markup (tags dropped), to check a name is in no text node. */
const text = (html: string) => html.replace(/<title>[^<]*<\/title>/g, ' ').replace(/<[^>]+>/g, ' ');

describe('sixteenth-round markup', () => {
  it('every held-out site: real products, prices paid below the struck regular price, unique names', () => {
    expect(sites()).toHaveLength(35);
    for (const s of sites()) {
      expect(s.products.length).toBeGreaterThanOrEqual(140);
      expect(new Set(s.products.map((p) => p.name.toLowerCase())).size).toBe(s.products.length);
      expect(s.products.filter((p) => p.regularPrice !== null).length).toBeGreaterThan(20);
      for (const p of s.products) if (p.regularPrice !== null) expect(p.regularPrice).toBeGreaterThan(p.price);
    }
  });

  it.each(STYLES)('image-names %s: the name is in an attribute of the card, in no text; brand and prices are text', (style) => {
    const s = site('image-names', style);
    for (const p of s.products.slice(0, 40)) {
      const h = imageNameCard(p, style);
      expect(h).toMatch(new RegExp(`(?:alt|title|aria-label)="[^"]*${esc(p.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      expect(text(h)).not.toContain(esc(p.name));
      expect(text(h)).toContain(esc(p.brand));
      expect(text(h)).toContain(`$${p.price.toFixed(2)}`);
      if (p.regularPrice !== null) expect(text(h)).toContain(`$${p.regularPrice.toFixed(2)}`);
    }
  });

  it.each(STYLES)('dom-order %s: the price comes before the name in the DOM', (style) => {
    const s = site('dom-order', style);
    for (const p of s.products.slice(0, 40)) {
      const h = domOrderCard(p, style);
      expect(h.indexOf(`$${p.price.toFixed(2)}`)).toBeGreaterThan(0);
      expect(h.indexOf(`$${p.price.toFixed(2)}`)).toBeLessThan(h.indexOf(`>${esc(p.name)}<`));
    }
  });

  it.each(STYLES)('link-pager %s: following the next links from the first page reads every product once', (style) => {
    const s = site('link-pager', style);
    const { dialect } = LINK_HOW[style];
    const origin = 'http://127.0.0.1:1';
    let next: string | null = `${origin}${firstUrl(dialect, s.perPage)}`;
    const seen: string[] = [];
    for (let i = 0; next && i < 50; i++) {
      const a: NonNullable<ReturnType<typeof linkAnswer>> = linkAnswer(s.products, dialect, new URL(next), origin)!;
      expect(a.status).toBe(200);
      const body = JSON.stringify(a.body);
      seen.push(...s.products.filter((p) => body.includes(JSON.stringify(p.name))).map((p) => p.id));
      const link: string | undefined = /<([^>]+)>;\s*rel="next"/.exec(a.headers.link ?? '')?.[1];
      const b = a.body as Record<string, unknown>;
      next =
        link ??
        (b.next as string | null | undefined) ??
        (b.next_page_url as string | null | undefined) ??
        ((b.links as { next?: { href: string } } | undefined)?.next?.href || null) ??
        null;
      if (!link && b._links) next = (b._links as { next?: { href: string } }).next?.href ?? null;
    }
    expect(seen).toHaveLength(s.products.length);
    expect(new Set(seen).size).toBe(s.products.length);
    if (dialect !== 'wp') expect(linkAnswer(s.products, dialect, new URL(`${origin}${firstUrl(dialect, s.perPage)}&after=Mg`), origin)!.status).toBe(400);
  });
});

describe.runIf(menuDataPresent())('sixteenth-round sites', () => {
  const server = serveRoundSites(() => sites().map((s) => s.key));
  const { get, other } = server;

  it.each(STYLES)('object-embed %s: no card and no iframe in the page; the embedded document on the other host has every product', async (style) => {
    const s = server.site(`object-embed-${style}`).spec;
    const html = await get(s.key);
    expect(shown(s, html)).toHaveLength(0);
    expect(html).not.toMatch(/<iframe/);
    const how = OBJECT_HOW[style];
    if (how === 'frameset' || how === 'frameset-cols') expect(html).toMatch(/<frameset[^>]*><frame /);
    else expect(html).toMatch(/<object|<embed|createElement\('object'\)|createElement\('embed'\)/);
    const doc = await (await fetch(`${other(html)}/embed/menu`)).text();
    expect(shown(s, doc)).toHaveLength(s.products.length);
  });

  it.each(STYLES)('link-pager %s: the page has no product; its script starts at the first API page, which links the next', async (style) => {
    const s = server.site(`link-pager-${style}`).spec;
    const html = await get(s.key);
    expect(html).not.toContain(esc(s.products[0].name));
    const { dialect } = LINK_HOW[style];
    expect(html).toContain(JSON.stringify(firstUrl(dialect, s.perPage)));
    const res = await fetch(new URL(firstUrl(dialect, s.perPage), server.site(s.key).url));
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain(JSON.stringify(s.products[0].name));
    if (dialect === 'link' || dialect === 'github' || dialect === 'wp') expect(res.headers.get('link')).toMatch(/rel="next"/);
    else expect(body).toMatch(/"next(?:_page_url)?"|"next":\{"href"/);
  });

  it.each(STYLES)('image-names %s: every product on the page, its name only in an attribute', async (style) => {
    const s = server.site(`image-names-${style}`).spec;
    const html = await get(s.key);
    for (const p of s.products) expect(html).toContain(imageNameCard(p, style));
  });

  it.each(STYLES)('dom-order %s: every product on the page with the CSS that reorders it', async (style) => {
    const s = server.site(`dom-order-${style}`).spec;
    const html = await get(s.key);
    for (const p of s.products) expect(html).toContain(domOrderCard(p, style));
    expect(html).toMatch(/order:|column-reverse|row-reverse|direction:rtl|grid-template-areas/);
  });

  it.each(STYLES)('postmessage-frame %s: no product in the page nor the bridge page; the bridge API has every product', async (style) => {
    const s = server.site(`postmessage-frame-${style}`).spec;
    const html = await get(s.key);
    expect(html).not.toContain(esc(s.products[0].name));
    expect(html).toContain('/bridge');
    const origin = other(html)!;
    const bridge = await (await fetch(`${origin}/bridge`)).text();
    expect(bridge).toContain('postMessage');
    expect(bridge).not.toContain(esc(s.products[0].name));
    const api = await (await fetch(`${origin}/bridge/api/menu${MESSAGE_HOW[style] === 'html' ? '?format=html' : ''}`)).text();
    for (const p of s.products) expect(api).toContain(MESSAGE_HOW[style] === 'html' ? JSON.stringify(cardHtml(p, style)).slice(1, -1) : JSON.stringify(p.name));
  });
});
