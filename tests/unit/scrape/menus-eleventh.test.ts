import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { browserAvailable, chromiumPath } from '@/lib/scrape/browser';
import { CLOSE_LABEL, dismissOverlays } from '@/lib/scrape/browser-overlays';
import { settlePage, trackRequests } from '@/lib/scrape/browser-wait';
import { CookieJar } from '@/lib/scrape/cookie-jar';
import { hasEvent, readEventStream } from '@/lib/scrape/event-stream';
import { pageSignals } from '@/lib/scrape/extract';
import { guardedFetch } from '@/lib/scrape/guarded-fetch';
import { metaRefreshTarget } from '@/lib/scrape/meta-refresh';
import { postbackRequests } from '@/lib/scrape/postback';
import { useLoopbackServer } from '@/tests/helpers/loopback-server';

// Eleventh round (docs/menus.md): pop-ups to close, event streams, UpdatePanel pagers, store
// redirects (HTML refresh, cookie chains), script-loaded menus.

const BASE = 'https://shop.example/menu';

describe('meta refresh redirects', () => {
  it.each([
    ['<meta http-equiv="refresh" content="0; url=/stores/las-cruces/menu">', 'https://shop.example/stores/las-cruces/menu'],
    ["<meta http-equiv='Refresh' content='1;URL=https://shop.example/menu?store=3'>", 'https://shop.example/menu?store=3'],
    ['<meta http-equiv="refresh" content="0;url=\'menu/page/2\'">', 'https://shop.example/menu/page/2'],
    ['<meta http-equiv="refresh" content="300">', null],
    ['<meta http-equiv="refresh" content="600; url=/menu">', null],
    ['<meta http-equiv="refresh" content="0; url=/menu">', null],
    ['<meta http-equiv="refresh" content="0; url=javascript:alert(1)">', null],
    ['<meta name="description" content="0; url=/elsewhere">', null],
  ])('%s → %s', (html, want) => expect(metaRefreshTarget(`<html><head>${html}</head><body></body></html>`, BASE)).toBe(want));
});

describe('the scan cookie jar', () => {
  it('keeps cookies per host, replaces and deletes them', () => {
    const jar = new CookieJar();
    jar.store('https://shop.example/set-store?id=3', ['store_id=3; Path=/; SameSite=Lax', 'session=abc; HttpOnly']);
    expect(jar.header('https://shop.example/menu?page=2')).toBe('store_id=3; session=abc');
    expect(jar.header('https://other.example/menu')).toBeNull();
    jar.store('https://shop.example/', ['store_id=5', 'session=; Max-Age=0']);
    expect(jar.header('https://shop.example/menu')).toBe('store_id=5');
  });

  describe('a store cookie chain over HTTP', () => {
    const server = useLoopbackServer((req, res) => {
      const has = /store_id=3/.test(req.headers.cookie ?? '');
      if (req.url?.startsWith('/set-store')) {
        res.writeHead(302, { location: '/menu', 'set-cookie': 'store_id=3; Path=/' });
        return res.end();
      }
      if (!has) {
        res.writeHead(302, { location: '/set-store?id=3' });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<p>menu ${req.url}</p>`);
    });

    it('loops without cookies, reaches the menu (and its later pages) with the jar', async () => {
      process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
      const url = `http://127.0.0.1:${server.port}/menu`;
      await expect(guardedFetch(url)).rejects.toMatchObject({ reason: 'too-many-redirects' });
      const cookies = new CookieJar();
      const r = await guardedFetch(url, { cookies });
      expect([r.status, r.body]).toEqual([200, '<p>menu /menu</p>']);
      expect((await guardedFetch(`${url}?page=2`, { cookies })).body).toBe('<p>menu /menu?page=2</p>');
    });
  });
});

describe('event streams', () => {
  const enc = new TextEncoder();
  /**
   * A stream writing `pieces` at their times (ms) and then ending, or staying open. A reader that
   * gives up (cancels) stops the pieces still to come: writing to a cancelled stream throws.
   */
  const stream = (pieces: Array<[number, string]>, end: number | null) => {
    const timers: NodeJS.Timeout[] = [];
    return new ReadableStream<Uint8Array>({
      start(c) {
        for (const [t, s] of pieces) timers.push(setTimeout(() => c.enqueue(enc.encode(s)), t));
        if (end !== null) timers.push(setTimeout(() => c.close(), end));
      },
      cancel() {
        for (const t of timers) clearTimeout(t);
      },
    });
  };
  const w = { maxBytes: 1e6, quietMs: 300, maxMs: 2_000 };

  it.each([
    ['data: {"a":1}\n\n', true],
    ['event: products\ndata: []\n\n', true],
    [': heartbeat\n\n', false],
    ['retry: 600000\n\n', false],
  ])('%j carries an event: %s', (s, want) => expect(hasEvent(s)).toBe(want));

  it('a stream that ends is read whole', async () => {
    const r = await readEventStream(
      stream(
        [
          [10, 'data: 1\n\n'],
          [50, 'data: 2\n\n'],
        ],
        80,
      ),
      w,
    );
    expect([r.body.toString(), r.truncated]).toEqual(['data: 1\n\ndata: 2\n\n', false]);
  });

  it('a stream left open with heartbeats is cut once no event came for the quiet time', async () => {
    const beats: Array<[number, string]> = Array.from({ length: 30 }, (_, i) => [150 + i * 100, ': heartbeat\n\n']);
    const t0 = Date.now();
    const r = await readEventStream(stream([[10, 'data: 1\n\n'], [100, 'data: 2\n\n'], ...beats], null), w);
    expect(r.truncated).toBe(true);
    expect(r.body.toString()).toMatch(/^data: 1\n\ndata: 2\n\n(: heartbeat\n\n)+$/);
    expect(Date.now() - t0).toBeLessThan(900);
  });

  it('a stream that sends nothing is given up after the longest wait', async () => {
    const t0 = Date.now();
    const r = await readEventStream(stream([], null), { ...w, maxMs: 400 });
    expect([r.body.length, r.truncated]).toEqual([0, true]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(390);
  });
});

describe('UpdatePanel pagers over HTTP', () => {
  const form = (inner: string) =>
    `<form method="post" action="./menu" id="form1"><input type="hidden" name="__EVENTTARGET" value=""><input type="hidden" name="__EVENTARGUMENT" value=""><input type="hidden" name="__VIEWSTATE" value="vs1"><ul><li>Blue Dream $30.00</li></ul>${inner}</form>`;

  it('a page chooser posting back on change: one request per other page', () => {
    const html = form(
      `<select name="ctl00$Main$ddlPage" onchange="javascript:setTimeout(&#39;__doPostBack(\\&#39;ctl00$Main$ddlPage\\&#39;,\\&#39;\\&#39;)&#39;, 0)"><option selected="selected" value="1">1</option><option value="2">2</option><option value="3">3</option></select>`,
    );
    const rs = postbackRequests(html, BASE);
    expect(rs.map((r) => r.label)).toEqual(['2', '3']);
    expect(Object.fromEntries(new URLSearchParams(rs[1].body))).toEqual({ __EVENTTARGET: 'ctl00$Main$ddlPage', __EVENTARGUMENT: '', ctl00$Main$ddlPage: '3', __VIEWSTATE: 'vs1' });
  });

  it.each([
    ['<select name="sort" onchange="__doPostBack(\'ctl00$sort\',\'\')"><option>Price</option><option>Name</option></select>', []],
    ['<select name="p" onchange="this.form.submit()"><option>1</option><option>2</option></select>', []],
    ['<input type="submit" name="ctl00$Main$btnMore" value="Load more">', ['next']],
    ['<button type="submit" name="more">Show more</button>', ['next']],
    ['<input type="submit" name="ctl00$Main$btnBuy" value="Add to cart">', []],
  ])('%s → %j', (inner, want) => expect(postbackRequests(form(inner), BASE).map((r) => r.label)).toEqual(want));

  it('the "Load more" button is pressed in the request (its name and value posted)', () => {
    const [r] = postbackRequests(form('<input type="submit" name="ctl00$Main$btnMore" value="Load more">'), BASE);
    expect(new URLSearchParams(r.body).get('ctl00$Main$btnMore')).toBe('Load more');
  });
});

describe('page signals of script-loaded menus', () => {
  const shell = (script: string, extra = '') =>
    `<html><body><header>${'Home Deals Cart Subtotal '.repeat(30)}</header><div id="menu"><ul class="menu-list"></ul></div>${extra}<script>${script}</script></body></html>`;
  it.each([
    ["var es = new EventSource('/menu/stream');", true],
    ["fetch('/api/menu-data').then(function(r){ return r.json(); })", true],
    ['var x = new XMLHttpRequest();', true],
    ["$.getJSON('/menu.json', render)", true],
    ['window.dataLayer = window.dataLayer || [];', false],
  ])('%s → script-rendered %s', (script, want) => expect(pageSignals(shell(script)).scriptRendered).toBe(want));

  it.each([
    ['<button id="more">More products</button>', true],
    ['<button>Show more</button>', true],
    ['<button>More info</button>', false],
  ])('%s → load more %s', (b, want) => expect(pageSignals(shell('', b)).loadMore).toBe(want));
});

describe('pop-ups to close', () => {
  it.each([
    ['×', true],
    ['Close', true],
    ['Close dialog', true],
    ['No thanks', true],
    ['No, thanks', true],
    ['Not now', true],
    ['Maybe later', true],
    ['Reject all', true],
    ['Decline', true],
    ['Get 15% off', false],
    ['Shop deals', false],
    ['Subscribe', false],
    ['No, I am under 21', false],
    ['Closed on Sundays', false],
  ])('%s closes: %s', (label, want) => expect(new RegExp(CLOSE_LABEL, 'i').test(label)).toBe(want));

  describe.runIf(browserAvailable())('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: chromiumPath(), headless: true });
    });
    afterAll(async () => browser.close());
    const layer = (inner: string) =>
      `<div id="layer" style="position:fixed;inset:0;background:rgba(0,0,0,.5);z-index:99;display:flex;align-items:center;justify-content:center"><div role="dialog" style="background:#fff;padding:20px;width:300px">${inner}</div></div>`;
    const page = (body: string) =>
      `<!doctype html><html><body><button id="more">Load more</button>${body}<script>document.addEventListener('click', function(e){ if (e.target.closest('.x, .nt')) document.getElementById('layer').remove(); });</script></body></html>`;

    it.each([
      [
        'an icon button labelled by aria-label',
        '<h2>Get 15% off</h2><input type="email"><button>Get 15% off</button><button class="x" aria-label="Close dialog"><svg width="12" height="12"></svg></button>',
        true,
      ],
      ['a "No thanks" link; the offer\'s link is not followed', '<a href="/deals">Shop deals</a> <a href="#" class="nt">No thanks</a>', true],
      ['a close control told by its class', '<div class="mc-closeModal x" role="button" style="width:20px;height:20px"></div><h3>Stay in the loop</h3>', true],
      [
        'an age gate is left to the age step',
        '<h2>Are you 21 or older?</h2><button>Yes</button><button class="x">No</button><button class="x" aria-label="Close">×</button>',
        false,
      ],
      ['a store chooser is left to the store step', '<h2>Choose your store</h2><button>Santa Fe</button><button class="x" aria-label="Close">×</button>', false],
    ])('%s', async (_name, inner, closes) => {
      const p = await browser.newPage();
      await p.setContent(page(layer(inner)));
      const interactions: string[] = [];
      expect(await dismissOverlays(p, interactions)).toBe(closes);
      expect(await p.locator('#layer').count()).toBe(closes ? 0 : 1);
      expect(p.url()).not.toContain('deals');
      await p.close();
    });

    it('the first settle waits for an event stream the page still has in flight (networkidle does not count it)', async () => {
      const p = await browser.newPage();
      trackRequests(p);
      await p.route('http://shop.test/**', async (route) => {
        if (route.request().url().endsWith('/api/menu')) {
          await new Promise((r) => setTimeout(r, 1500));
          return route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'data: Blue Dream 3.5g\n\n' });
        }
        return route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: `<div id="menu">Loading…</div><script>var es = new EventSource('/api/menu'); es.onmessage = function(e){ document.getElementById('menu').textContent = e.data; es.close(); };</script>`,
        });
      });
      await p.goto('http://shop.test/menu', { waitUntil: 'domcontentloaded' });
      await settlePage(p, 4_000, 6_000);
      expect(await p.textContent('#menu')).toBe('Blue Dream 3.5g');
      await p.close();
    });

    it.each([
      ['Escape', `document.addEventListener('keydown', function(e){ if (e.key === 'Escape') document.getElementById('layer').remove(); });`, 'close-escape@blank'],
      ['a click on its backdrop', `document.getElementById('layer').addEventListener('click', function(e){ if (e.target === this) this.remove(); });`, 'close-backdrop@blank'],
    ])('a pop-up with no close control is closed by %s', async (_how, script, logged) => {
      const p = await browser.newPage();
      await p.setContent(
        page(layer('<h2>Join our list</h2><input type="email"><button onclick="location.hash=\'signed\'">Sign up</button>')).replace(
          '</body>',
          `<script>${script}</script></body>`,
        ),
      );
      const interactions: string[] = [];
      expect(await dismissOverlays(p, interactions)).toBe(true);
      expect(await p.locator('#layer').count()).toBe(0);
      expect(interactions).toEqual([logged]);
      // Nothing in the dialog was pressed.
      expect(p.url()).not.toContain('signed');
      await p.close();
    });

    it('a pop-up that neither Escape nor its backdrop closes is left, and not tried again', async () => {
      const p = await browser.newPage();
      await p.setContent(page(layer('<h2>Join our list</h2><input type="email"><button>Sign up</button>')));
      const interactions: string[] = [];
      expect(await dismissOverlays(p, interactions)).toBe(false);
      expect(await p.locator('#layer').count()).toBe(1);
      const marked = await p.locator('#layer').getAttribute('data-scan-layer');
      expect(marked).toBeTruthy();
      expect(await dismissOverlays(p, interactions)).toBe(false);
      expect(await p.locator('#layer').getAttribute('data-scan-layer')).toBe(marked);
      expect(interactions).toEqual([]);
      await p.close();
    });

    it('a banner that does not cover the page is not a pop-up', async () => {
      const p = await browser.newPage();
      await p.setContent(
        page('<div id="layer" style="position:fixed;left:0;right:0;bottom:0;height:60px"><span>Free delivery today</span><button class="x" aria-label="Close">×</button></div>'),
      );
      expect(await dismissOverlays(p, [])).toBe(false);
      await p.close();
    });
  });
});
