import zlib from 'node:zlib';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildSites, cardHtml, esc, FIFTEENTH_TECHNIQUES, menuDataPresent, stateRecord, STYLES, type SiteSpec } from '@/tests/fixtures/menus-sites/generate';
import { serveRoundSites } from '@/tests/helpers/menu-round-sites';
import { apiRecord } from '@/tests/fixtures/menus-sites/sixth';
import { LAZY_HOW, PACK_HOW, packedPayload } from '@/tests/fixtures/menus-sites/fifteenth';
import { SEARCH_HOW, SEARCH_PER_PAGE, searchAnswer, searchRequest } from '@/tests/fixtures/menus-sites/fifteenth-search';
import { DEFAULT_WEIGHT, SHEET_HOW, SHEET_KEY, sheetRows, typed, weightHref, weightsOf } from '@/tests/fixtures/menus-sites/fifteenth-menus';
import { siteSpec } from '@/tests/fixtures/menus-sites/site-spec';

// The fifteenth-round generator (tests/fixtures/menus-sites/fifteenth*.ts), not the scraper:
// every page serves what its ground truth says, in the way the technique describes.

const sites = () => buildSites().filter((s) => FIFTEENTH_TECHNIQUES.includes(s.technique));
const site = siteSpec;
const shown = (spec: SiteSpec, html: string) => spec.products.filter((p) => html.includes(cardHtml(p, spec.style)));
const unzip = (b64: string, codec: string) => {
  const buf = Buffer.from(b64, b64.includes('-') || b64.includes('_') ? 'base64url' : 'base64');
  return JSON.parse((codec === 'gzip' ? zlib.gunzipSync(buf) : codec === 'deflate' ? zlib.inflateSync(buf) : zlib.inflateRawSync(buf)).toString()) as unknown;
};

describe('fifteenth-round markup', () => {
  it('every held-out site: real products, prices paid below the struck regular price, unique names', () => {
    expect(sites()).toHaveLength(35);
    for (const s of sites()) {
      expect(s.products.length).toBeGreaterThanOrEqual(140);
      expect(new Set(s.products.map((p) => p.name.toLowerCase())).size).toBe(s.products.length);
      expect(s.products.filter((p) => p.regularPrice !== null).length).toBeGreaterThan(20);
      for (const p of s.products) if (p.regularPrice !== null) expect(p.regularPrice).toBeGreaterThan(p.price);
    }
  });

  it('the search services page through every product once, in every dialect', () => {
    for (const style of STYLES) {
      const s = site('search-api', style);
      const { dialect } = SEARCH_HOW[style];
      const seen: string[] = [];
      for (let n = 0; n < Math.ceil(s.products.length / SEARCH_PER_PAGE); n++) {
        const r = searchRequest(dialect, n);
        const a = JSON.stringify(searchAnswer(s.products, dialect, r.path, r.body as Record<string, unknown>));
        for (const p of s.products.slice(n * SEARCH_PER_PAGE, (n + 1) * SEARCH_PER_PAGE)) {
          expect(a).toContain(JSON.stringify(p.name));
          expect(a).toContain(String(p.price));
        }
        seen.push(...s.products.filter((p) => a.includes(JSON.stringify(p.name))).map((p) => p.id));
      }
      expect(new Set(seen).size).toBe(s.products.length);
      expect(searchAnswer(s.products, dialect, '/nope', {})).toBeNull();
    }
  });

  it.each(STYLES)('packed-state %s: the payload inflates to every record', (style) => {
    const s = site('packed-state', style);
    const want = JSON.parse(JSON.stringify(packedPayload(s.products, style))) as { products?: unknown[]; menu?: { products: unknown[] } };
    if (PACK_HOW[style].rendered) expect(want.products).toEqual(JSON.parse(JSON.stringify(s.products.map(apiRecord))));
    else expect(want.menu!.products).toEqual(JSON.parse(JSON.stringify(s.products.map((p) => stateRecord(p, style)))));
  });

  it('sheet rows: a title and a blank row before the header, every product once with typed prices', () => {
    const s = site('sheet-embed', 'grid');
    const rows = sheetRows(s.products);
    expect(Array.isArray(rows[0])).toBe(false);
    expect(rows[2]).toEqual(['Product', 'Brand', 'Type', 'THC %', 'Price', 'Sale']);
    const items = rows.filter((r): r is string[] => Array.isArray(r) && !!r[0] && r[0] !== 'Product');
    expect(items.map((r) => r[0])).toEqual(expect.arrayContaining(s.products.map((p) => p.name)));
    expect(items).toHaveLength(s.products.length);
    expect(typed(35)).toBe('35');
    expect(typed(31.456)).toBe('31.46');
  });
});

describe.runIf(menuDataPresent())('fifteenth-round sites', () => {
  const server = serveRoundSites(() => sites().map((s) => s.key));
  const { get, other } = server;

  it.each(STYLES)('lazy-frame %s: no menu card in the page, no loading frame src (but native lazy), the frame every product', async (style) => {
    const s = server.site(`lazy-frame-${style}`).spec;
    const html = await get(s.key);
    expect(shown(s, html)).toHaveLength(0);
    const loading = [...html.matchAll(/<iframe[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]).filter((x) => x.includes('/embed/menu'));
    if (LAZY_HOW[style] === 'native') expect(html).toMatch(/<iframe loading="lazy" src="http:\/\/127\.0\.0\.2:\d+\/embed\/menu"/);
    else if (LAZY_HOW[style] === 'rocket')
      expect(loading).toHaveLength(1); // the <noscript> copy only
    else expect(loading).toHaveLength(0);
    const frame = await (await fetch(`${other(html)}/embed/menu`)).text();
    expect(shown(s, frame)).toHaveLength(s.products.length);
  });

  it.each(STYLES)('search-api %s: the page has no product; the service on the other host answers every page', async (style) => {
    const s = server.site(`search-api-${style}`).spec;
    const html = await get(s.key);
    expect(html).not.toContain(esc(s.products[0].name));
    const origin = other(html)!;
    expect(origin).toBeTruthy();
    const { dialect } = SEARCH_HOW[style];
    const pre = await fetch(`${origin}${searchRequest(dialect, 0).path}`, { method: 'OPTIONS' });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    let text = '';
    for (let n = 0; n < Math.ceil(s.products.length / SEARCH_PER_PAGE); n++) {
      const r = searchRequest(dialect, n);
      const res = await fetch(`${origin}${r.path}`, { method: 'POST', headers: { 'content-type': r.type }, body: JSON.stringify(r.body) });
      expect(res.status).toBe(200);
      text += await res.text();
    }
    for (const p of s.products) expect(text).toContain(JSON.stringify(p.name));
  });

  it.each(STYLES)('packed-state %s: no product in plain text; the packed state in the page inflates to the truth', async (style) => {
    const s = server.site(`packed-state-${style}`).spec;
    const html = await get(s.key);
    expect(html).not.toContain(s.products[0].name);
    const codec = PACK_HOW[style].codec;
    let b64: string;
    if (style === 'css') {
      const chunks: string[] = [];
      vm.runInNewContext([...html.matchAll(/<script>(self\.__packed\.push\([^<]*\))<\/script>/g)].map((m) => m[1]).join(';'), { self: { __packed: chunks } });
      b64 = chunks.join('');
    } else b64 = /(?:"|>|data-page=")((?:H4sI|eJ)[A-Za-z0-9+/=_-]+|[A-Za-z0-9_-]{200,})/.exec(html)![1];
    expect(unzip(b64, codec)).toEqual(JSON.parse(JSON.stringify(packedPayload(s.products, style))));
  });

  it.each(STYLES)('sheet-embed %s: the sheet (page, frame, CSV or gviz) lists every product with its prices', async (style) => {
    const s = server.site(`sheet-embed-${style}`).spec;
    const html = await get(s.key);
    const how = SHEET_HOW[style];
    const origin = other(html);
    const text =
      how === 'frame' || how === 'frame-tabs'
        ? await (await fetch(`${origin}/spreadsheets/d/e/${SHEET_KEY}/pubhtml`)).text()
        : how === 'csv'
          ? await (await fetch(`${origin}/spreadsheets/d/e/${SHEET_KEY}/pub?gid=0&single=true&output=csv`)).text()
          : how === 'gviz'
            ? await (await fetch(`${origin}/spreadsheets/d/${SHEET_KEY}/gviz/tq?tqx=out:json`)).text()
            : html;
    for (const p of s.products) {
      const name = how === 'csv' ? p.name : how === 'gviz' ? JSON.stringify(p.name).slice(1, -1) : esc(p.name);
      expect(text).toContain(name);
      expect(text).toContain(how === 'gviz' ? `"f":"$${p.price.toFixed(2)}"` : typed(p.price));
    }
    if (how !== 'csv' && how !== 'gviz') expect(shown(s, text)).toHaveLength(0);
  });

  it.each(STYLES)('weight-toggle %s: the menu opens on 3.5g; each weight shows exactly its products, named by the strain alone', async (style) => {
    const s = server.site(`weight-toggle-${style}`).spec;
    const first = await get(s.key);
    let total = 0;
    for (const w of weightsOf(s.products)) {
      const href = weightHref(style, w);
      const html =
        w === DEFAULT_WEIGHT
          ? first
          : href
            ? await get(s.key, href)
            : style === 'dawn'
              ? await get(s.key, `/menu?section_id=main-collection&weight=${encodeURIComponent(w)}`)
              : (JSON.parse(await get(s.key, `/api/menu?weight=${encodeURIComponent(w)}`)) as { html: string }).html;
      const want = s.products.filter((p) => p.size === w);
      const cards = want.filter((p) => html.includes(cardHtml({ ...p, name: p.base! }, style)));
      expect(cards).toHaveLength(want.length);
      total += cards.length;
    }
    expect(total).toBe(s.products.length);
    for (const p of s.products) expect(p.name).toBe(`${p.base} ${p.size}`);
    expect(first).not.toContain(`${esc(s.products[0].base!)} 1g`);
  });
});
