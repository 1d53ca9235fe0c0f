import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { browserAvailable, closeBrowser, openScanContext } from '@/lib/scrape/browser';
import { renderMenuPage } from '@/lib/scrape/browser-page';
import { extractFromHtml } from '@/lib/scrape/extract';
import { HOST_PACE, learnWait, originOf, pacedOrigins, paceOf, resetHostPace, takeSlot } from '@/lib/scrape/host-pace';
import { POLITE, politeGet, politeness } from '@/lib/scrape/rate-limit';

// Issue #13 (docs/performance.md, twentieth round): the wait a server asks for with Retry-After,
// and the pacing after it, belong to that server's origin and are shared by the process's scans;
// the browser's navigations wait and ask again like plain HTTP.

interface Hit {
  path: string;
  at: number;
  status: number;
}

/** A local server; `answer` picks each request's status and headers (200 serves a small menu). */
async function serve(answer: (path: string, hits: Hit[]) => { status: number; headers?: Record<string, string>; body?: string }) {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/favicon.ico') return (res.writeHead(404), void res.end());
    const a = answer(path, hits);
    hits.push({ path, at: Date.now(), status: a.status });
    res.writeHead(a.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...a.headers });
    res.end(a.body ?? MENU);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return { base, hits, close };
}

const MENU = `<!doctype html><html><body><div class="product-grid">${['Blue Dream', 'Sour Diesel', 'Gelato 41']
  .map((n, i) => `<div class="product-card"><h3 class="product-name">${n}</h3><div class="brand">Acme</div><div class="price">$${20 + i}.00</div></div>`)
  .join('')}</div></body></html>`;

const get = (url: string) => async () => {
  const r = await fetch(url);
  await r.arrayBuffer();
  return { status: r.status, headers: r.headers };
};
const gaps = (hits: Hit[]) => hits.slice(1).map((h, i) => h.at - hits[i].at);

afterEach(() => resetHostPace());

describe('pacing per origin (host-pace.ts)', () => {
  it('a wait one host asked for slows that host only', async () => {
    let refused = false;
    const limited = await serve(() => (refused ? { status: 200 } : ((refused = true), { status: 429, headers: { 'retry-after': '1' } })));
    const other = await serve(() => ({ status: 200 }));
    try {
      const state = politeness();
      expect((await politeGet(get(`${limited.base}/menu`), state, { url: `${limited.base}/menu` })).status).toBe(200);
      for (let i = 0; i < 3; i++) await politeGet(get(`${other.base}/api/${i}`), state, { url: `${other.base}/api/${i}` });
      for (let i = 0; i < 2; i++) await politeGet(get(`${limited.base}/menu/${i}`), state, { url: `${limited.base}/menu/${i}` });
      // The other host is not paced (it never asked); the limited one is (half its wait).
      expect(Math.max(...gaps(other.hits))).toBeLessThan(250);
      expect(Math.min(...gaps(limited.hits))).toBeGreaterThanOrEqual(450);
      expect(paceOf(originOf(other.base)!)).toBe(0);
    } finally {
      await limited.close();
      await other.close();
    }
  }, 20_000);

  it('two concurrent scans of one host share its wait and its pace', async () => {
    // A server that refuses a request within 400 ms of the last one it served.
    let last = 0;
    const host = await serve(() => {
      const now = Date.now();
      if (now - last < 400) return { status: 429, headers: { 'retry-after': '1' } };
      last = now;
      return { status: 200 };
    });
    try {
      const scan = async (tag: string) => {
        const state = politeness();
        const out: number[] = [];
        for (let i = 0; i < 4; i++) out.push((await politeGet(get(`${host.base}/${tag}/${i}`), state, { url: `${host.base}/${tag}/${i}` })).status);
        return out;
      };
      const [a, b] = await Promise.all([scan('a'), scan('b')]);
      expect([...a, ...b]).toEqual(Array(8).fill(200));
      // Only the first collision is refused (and the other scan's request already on its way):
      // after it, neither scan asks before the wait is over, and the two take turns half the wait
      // apart (before: each scan paced only itself, the two together too fast, refused again and again).
      const refused = host.hits.filter((h) => h.status === 429);
      expect(refused.length).toBeLessThanOrEqual(2);
      const after = host.hits.slice(host.hits.indexOf(refused.at(-1)!));
      expect(after[1].at - refused[0].at).toBeGreaterThanOrEqual(950);
      expect(Math.min(...gaps(after.slice(1)))).toBeGreaterThanOrEqual(450);
    } finally {
      await host.close();
    }
  }, 30_000);

  it('a wait another scan learned is cut to what is left of this scan’s budget', async () => {
    const host = await serve(() => ({ status: 200 }));
    try {
      learnWait(originOf(host.base), 10_000, 0);
      const state = politeness();
      state.waitedMs = POLITE.budgetMs;
      const start = Date.now();
      expect((await politeGet(get(`${host.base}/menu`), state, { url: `${host.base}/menu` })).status).toBe(200);
      expect(Date.now() - start).toBeLessThan(POLITE.maxPaceMs + 1_000);
    } finally {
      await host.close();
    }
  }, 20_000);

  it('is bounded: least recently used origins dropped, stale ones forgotten', () => {
    for (let i = 0; i < HOST_PACE.maxOrigins + 50; i++) learnWait(`https://h${i}.example`, 1_000, 500, 1_000);
    expect(pacedOrigins()).toBe(HOST_PACE.maxOrigins);
    expect(paceOf('https://h0.example')).toBe(0);
    expect(paceOf(`https://h${HOST_PACE.maxOrigins + 49}.example`)).toBe(500);
    // Ten minutes on without another refusal: no wait, and the origin is dropped.
    const later = 1_000 + HOST_PACE.ttlMs + 1;
    expect(takeSlot(`https://h${HOST_PACE.maxOrigins + 49}.example`, later)).toBe(0);
    expect(pacedOrigins()).toBe(HOST_PACE.maxOrigins - 1);
    // The port is part of the origin.
    expect(originOf('http://127.0.0.1:8080/menu')).not.toBe(originOf('http://127.0.0.1:8081/menu'));
  });
});

describe.runIf(browserAvailable())('browser navigations (browser-polite.ts)', () => {
  beforeAll(() => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    resetConfig();
  });
  afterAll(async () => {
    await closeBrowser();
    delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
    resetConfig();
  });

  const render = async (url: string) => {
    const scan = await openScanContext();
    try {
      return await renderMenuPage(scan, url, {
        useInteract: false,
        screenshot: false,
        maxRounds: 0,
        polite: politeness(),
        extract: (html, u) => extractFromHtml(html, u, { model: null }),
      });
    } finally {
      await scan.close();
    }
  };
  const menuHits = (hits: Hit[]) => hits.filter((h) => h.path === '/menu');

  it('a menu page answered 429 with Retry-After is loaded again after the wait', async () => {
    const host = await serve((path, hits) =>
      menuHits(hits).length === 0 ? { status: 429, headers: { 'retry-after': '1' }, body: '<h1>Too Many Requests</h1>' } : { status: 200 },
    );
    try {
      const r = await render(`${host.base}/menu`);
      expect(r.products.map((p) => p.rawName).sort()).toEqual(['Blue Dream', 'Gelato 41', 'Sour Diesel']);
      const menu = menuHits(host.hits);
      expect(menu.map((h) => h.status)).toEqual([429, 200]);
      expect(menu[1].at - menu[0].at).toBeGreaterThanOrEqual(950);
    } finally {
      await host.close();
    }
  }, 40_000);

  it('Cloudflare’s 1015 page without a Retry-After is waited on too', async () => {
    const cf = '<html><body><span class="cf-error-code">1015</span><h2>You are being rate limited</h2></body></html>';
    const host = await serve((path, hits) => (menuHits(hits).length === 0 ? { status: 429, headers: { server: 'cloudflare' }, body: cf } : { status: 200 }));
    const longest = POLITE.maxWaitMs;
    POLITE.maxWaitMs = 1_000; // Cloudflare's ban is 10 s at least; kept short here
    try {
      const r = await render(`${host.base}/menu`);
      expect(r.products).toHaveLength(3);
      expect(menuHits(host.hits).map((h) => h.status)).toEqual([429, 200]);
    } finally {
      POLITE.maxWaitMs = longest;
      await host.close();
    }
  }, 40_000);

  it('a navigation waits for its origin’s pacing first', async () => {
    const host = await serve(() => ({ status: 200 }));
    try {
      learnWait(originOf(host.base), 1_000, 0);
      const start = Date.now();
      await render(`${host.base}/menu`);
      expect(menuHits(host.hits)[0].at - start).toBeGreaterThanOrEqual(950);
    } finally {
      await host.close();
    }
  }, 40_000);
});
