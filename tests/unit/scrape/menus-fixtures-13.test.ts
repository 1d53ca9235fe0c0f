import vm from 'node:vm';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites, cardHtml, THIRTEENTH_TECHNIQUES, menuDataPresent, stateRecord, STYLES, type SiteSpec, type Style } from '@/tests/fixtures/menus-sites/generate';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { ASTRO_COMPONENT, astroProps, encodedState, frameDoc, nuxtIife, SRCDOC_HOW } from '@/tests/fixtures/menus-sites/thirteenth';
import { CHALLENGE_COOKIE, cfLoop, challengeHref, cookies, HASH_ROUTE, hashCategories, passed } from '@/tests/fixtures/menus-sites/thirteenth-gate';
import { siteSpec } from '@/tests/fixtures/menus-sites/site-spec';

// The thirteenth-round generator (tests/fixtures/menus-sites/thirteenth*.ts), not the scraper:
// every page serves what its ground truth says, in the way the technique describes.

const site = siteSpec;
const unent = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attr = (html: string, name: string) => unent(new RegExp(`${name}="([^"]*)"`).exec(html)![1]);
const fromB64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');
const shown = (spec: SiteSpec, html: string) => spec.products.filter((p) => html.includes(cardHtml(p, spec.style)));
/** Astro's revive: `[1, [...]]` arrays, `[0, v]` values (objects' values tagged again). */
const revive = (t: [number, unknown]): unknown =>
  t[0] === 1
    ? (t[1] as Array<[number, unknown]>).map(revive)
    : t[1] && typeof t[1] === 'object'
      ? Object.fromEntries(Object.entries(t[1]).map(([k, v]) => [k, revive(v as [number, unknown])]))
      : t[1];

/** The encoded state of a style decoded the way its page script (or framework) does. */
function decodeState(html: string, style: Style): unknown[] {
  const script = (re: RegExp) => re.exec(html)![1];
  switch (style) {
    case 'grid':
      return (JSON.parse(fromB64(attr(html, 'data-state'))) as { menu: { products: unknown[] } }).menu.products;
    case 'list':
      return (JSON.parse(decodeURIComponent(JSON.parse(script(/decodeURIComponent\(("[^"]*")\)/)) as string)) as { dispensary: { menu: unknown[] } }).dispensary.menu;
    case 'table':
      return (JSON.parse(fromB64(attr(html, 'content'))) as { rows: unknown[] }).rows;
    case 'text': {
      const ctx = { window: {} as { __PRELOADED_STATE__?: string } };
      vm.runInNewContext(script(/<script>(window\.__PRELOADED_STATE__[\s\S]*?)<\/script>/), ctx);
      return (JSON.parse(ctx.window.__PRELOADED_STATE__!) as { catalog: { items: unknown[] } }).catalog.items;
    }
    case 'woo':
      return (JSON.parse(attr(html, 'wire:initial-data')) as { serverMemo: { data: { products: unknown[] } } }).serverMemo.data.products;
    case 'dawn': {
      const ctx = { window: {} as { __NUXT__?: { data: Array<{ collection: { products: unknown[] } }> } } };
      vm.runInNewContext(script(/<script>(window\.__NUXT__[\s\S]*?)<\/script>/), ctx);
      return JSON.parse(JSON.stringify(ctx.window.__NUXT__!.data[0].collection.products)) as unknown[];
    }
    case 'prestashop':
    case 'webflow':
    case 'magento':
    case 'bigcommerce':
    case 'wix':
    case 'tailwind':
    case 'css':
      return (JSON.parse(attr(html, 'data-page')) as { props: { products: { data: unknown[] } } }).props.products.data;
  }
}

describe('thirteenth-round markup', () => {
  it('every held-out site: real products, prices paid below the struck regular price, unique names', () => {
    const sites = buildSites().filter((s) => THIRTEENTH_TECHNIQUES.includes(s.technique));
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

  it.each(STYLES)('encoded-state %s: no card, no plain product name; the decoded state is every product record', (style) => {
    const s = site('encoded-state', style);
    const html = encodedState(s.products, style);
    expect(shown(s, html)).toHaveLength(0);
    if (style !== 'dawn' && style !== 'text') expect(html).not.toContain(`"name":${JSON.stringify(s.products[0].name)}`);
    expect(decodeState(html, style)).toEqual(JSON.parse(JSON.stringify(s.products.map((p) => stateRecord(p, style)))));
  });

  it('nuxtIife passes repeated strings as arguments', () => {
    const code = nuxtIife({ a: [{ b: 'Flower', c: 'x' }, { b: 'Flower' }] });
    expect(code).toMatch(/^window\.__NUXT__=\(function\(a\)\{return \{a:\[\{b:a,c:"x"\},\{b:a\}\]\}\}\("Flower"\)\);$/);
  });

  it('astro props revive to the product records', () => {
    const s = site('astro-island', 'grid');
    const raw = JSON.parse(astroProps({ products: s.products.map((p) => stateRecord(p, 'grid')) })) as Record<string, [number, unknown]>;
    expect(revive(raw.products)).toEqual(JSON.parse(JSON.stringify(s.products.map((p) => stateRecord(p, 'grid')))));
  });

  it.each(STYLES)('srcdoc-frame %s: the framed document holds every card', (style) => {
    const s = site('srcdoc-frame', style);
    expect(shown(s, frameDoc(s))).toHaveLength(s.products.length);
  });

  it('hash-routes: categories cover every product once; each style has its own route pattern', () => {
    for (const style of STYLES) {
      const cats = hashCategories(site('hash-routes', style).products);
      expect(cats.length).toBeGreaterThan(2);
      expect(cats.flatMap((c) => c.items)).toHaveLength(site('hash-routes', style).products.length);
      for (const c of cats) expect(new RegExp(HASH_ROUTE[style].re).exec(HASH_ROUTE[style].hash(c.slug))?.[1]).toBe(c.slug);
    }
  });
});

describe.runIf(menuDataPresent())('thirteenth-round sites', () => {
  let server: MenuSitesServer;
  const keys = buildSites()
    .filter((s) => THIRTEENTH_TECHNIQUES.includes(s.technique))
    .map((s) => s.key);
  beforeAll(async () => {
    server = await startMenuSites({ keys });
  });
  afterAll(async () => server.close());
  const req = (key: string, path: string, init: RequestInit = {}) => fetch(new URL(path, server.site(key).url), { redirect: 'manual', ...init });
  const get = async (key: string, path = '/menu', cookie = '') => (await req(key, path, cookie ? { headers: { cookie } } : {})).text();

  it.each(STYLES)('encoded-state %s and astro-island %s: the page shows no card; the state and the island props hold every product', async (style) => {
    const e = server.site(`encoded-state-${style}`).spec;
    const eh = await get(e.key);
    expect(shown(e, eh)).toHaveLength(0);
    expect(decodeState(eh, style)).toHaveLength(e.products.length);
    const a = server.site(`astro-island-${style}`).spec;
    const ah = await get(a.key);
    expect(shown(a, ah)).toHaveLength(0);
    const props = JSON.parse(attr(ah, 'props')) as Record<string, [number, unknown]>;
    expect(revive(props.products)).toEqual(JSON.parse(JSON.stringify(a.products.map((p) => stateRecord(p, style)))));
    expect(shown(a, await get(a.key, ASTRO_COMPONENT)).length).toBe(0);
    const mod = await get(a.key, ASTRO_COMPONENT);
    for (const p of a.products) expect(mod).toContain(JSON.stringify(cardHtml(p, style)).slice(1, 40).replace(/</g, '\\u003c'));
  });

  it.each(STYLES)('srcdoc-frame %s: the page has no card outside the framed document, which holds every one', async (style) => {
    const s = server.site(`srcdoc-frame-${style}`).spec;
    const html = await get(s.key);
    expect(shown(s, html)).toHaveLength(0);
    const doc = frameDoc(s);
    if (SRCDOC_HOW[style] === 'attribute') expect(attr(html, 'srcdoc')).toBe(doc);
    else expect(html).toContain(JSON.stringify(doc).replace(/</g, '\\u003c'));
  });

  it.each(STYLES)('hash-routes %s: the landing page has no product; each route the page links to serves its category', async (style) => {
    const s = server.site(`hash-routes-${style}`).spec;
    const html = await get(s.key);
    expect(shown(s, html)).toHaveLength(0);
    let all = '';
    for (const c of hashCategories(s.products)) {
      expect(html).toContain(`${style === 'css' ? 'data-route' : 'href'}="${HASH_ROUTE[style].hash(c.slug)}"`);
      const j = JSON.parse(await get(s.key, `/api/menu?category=${c.slug}`)) as { items: string[] };
      expect(j.items).toHaveLength(c.items.length);
      all += j.items.join('');
    }
    expect(shown(s, all)).toHaveLength(s.products.length);
  });

  /** Runs a challenge page's inline script as a browser would, far enough to read the cookie it sets. */
  function runChallenge(html: string, path: string): { cookie: string; went: string } {
    const code = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    const out = { cookie: '', went: '' };
    const location = {
      pathname: path.split('?')[0],
      search: path.includes('?') ? `?${path.split('?')[1]}` : '',
      hostname: '127.0.0.1',
      reload: () => (out.went = 'reload'),
      href: '',
    };
    const ctx: Record<string, unknown> = { location, setTimeout: (f: () => void) => f(), atob: (s: string) => fromB64(s), String };
    ctx.document = {
      set cookie(v: string) {
        out.cookie = v.split(';')[0];
      },
    };
    vm.runInNewContext(code, ctx);
    if (location.href) out.went = location.href;
    return out;
  }

  it.each(STYLES)('js-challenge %s: without the cookie no product; passing the challenge as the page does lets every page through', async (style) => {
    const s = server.site(`js-challenge-${style}`).spec;
    const first = await req(s.key, '/menu');
    const firstHtml = await first.text();
    expect(shown(s, firstHtml)).toHaveLength(0);
    let cookie = '';
    if (style === 'grid' || style === 'list' || style === 'text') {
      expect(first.status).toBe(style === 'grid' ? 503 : 200);
      const r = runChallenge(firstHtml, '/menu');
      cookie = r.cookie;
      expect(r.went).toBe(style === 'text' ? '/menu?i=1' : 'reload');
      if (style === 'grid') expect(cookie).toBe(`cf_clearance=${cfLoop()}`);
    } else if (style === 'table') {
      expect(first.status).toBe(503);
      const body = new URLSearchParams({ r: '/menu?page=2', jschl_vc: '8c1f', pass: 'x', jschl_answer: String(1187 + 23 * 41 + '127.0.0.1'.length) });
      const r = await req(s.key, '/cdn-cgi/l/chk_jschl?__cf_chl_jschl_tk__=k9Q2', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('/menu?page=2');
      cookie = r.headers.getSetCookie()[0].split(';')[0];
    } else if (style === 'woo') {
      expect(first.status).toBe(302);
      const to = first.headers.get('location')!;
      expect(to).toMatch(/^\/\.well-known\/sgcaptcha\/\?r=%2Fmenu&/);
      expect((await req(s.key, to)).status).toBe(202);
      let n = 1;
      while ((Math.imul(n, 2654435761) >>> 0) % 997 !== 0) n++;
      const r = await req(s.key, `/.well-known/sgcaptcha/?r=%2Fmenu&sol=${n}`);
      expect(r.headers.get('location')).toBe('/menu');
      cookie = r.headers.getSetCookie()[0].split(';')[0];
    } else if (style === 'dawn') {
      const ch = (JSON.parse(/<script id="anubis_challenge" type="application\/json">([^<]*)<\/script>/.exec(firstHtml)![1]) as { challenge: string }).challenge;
      let nonce = 0;
      const h = (n: number) =>
        crypto
          .createHash('sha256')
          .update(ch + n)
          .digest('hex');
      while (!h(nonce).startsWith('00')) nonce++;
      const r = await req(s.key, `/.within.website/x/cmd/anubis/api/pass-challenge?response=${h(nonce)}&nonce=${nonce}&redir=%2Fmenu&elapsedTime=12`);
      expect(r.status).toBe(302);
      cookie = r.headers.getSetCookie()[0].split(';')[0];
    } else {
      expect(first.status).toBe(403);
      const ddg1 = first.headers.getSetCookie()[0].split(';')[0];
      const j = (await (await req(s.key, '/.well-known/ddos-guard/check?context=free_splash', { headers: { cookie: ddg1 } })).json()) as { token: string };
      cookie = `${ddg1}; __ddg2_=${j.token}`;
    }
    expect(cookie.startsWith(style === 'css' ? '__ddg1_=' : `${CHALLENGE_COOKIE[style]}=`)).toBe(true);
    expect(passed(style, cookies(cookie))).toBe(true);
    const pages = Math.ceil(s.products.length / s.perPage);
    let all = '';
    for (let n = 1; n <= pages; n++) {
      const html = await get(s.key, challengeHref(style, n), cookie);
      if (n < pages) expect(html).toContain(`href="${challengeHref(style, n + 1)}"`);
      all += html;
      // Without the cookie every page is the challenge again.
      expect(shown(s, await get(s.key, challengeHref(style, n)))).toHaveLength(0);
    }
    for (const p of s.products) expect(all.split(cardHtml(p, style)).length - 1).toBe(1);
  });
});
