import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openScanContext } from '@/lib/scrape/browser';
import { renderMenuPage } from '@/lib/scrape/browser-page';
import { extractFromHtml } from '@/lib/scrape/extract';

// Seventeenth round (docs/menus.md): a menu loaded only once scrolled to (below the fold) or
// behind one "Show menu" button, with no product on the page before.

const page = (body: string) => `<!doctype html><html><head><title>Menu</title></head><body><main>${body}</main></body></html>`;
const CARDS = `<div class="product-grid">${['Blue Dream', 'Sour Diesel', 'OG Kush'].map((c, i) => `<div class="product-card"><h3 class="product-name">${c}</h3><div class="brand">House</div><div class="price">$${30 + i}.00</div></div>`).join('')}</div>`;
const LOAD = `function(el){ fetch('/fragment').then(function(r){ return r.text(); }).then(function(h){ el.innerHTML = h; }); }`;
const PAGES: Record<string, string> = {
  '/below': page(
    `<section style="min-height:2400px"><h2>About us</h2><p>Locally owned.</p></section><div id="menu">Loading…</div><script>var load = ${LOAD}; var io = new IntersectionObserver(function(es){ es.forEach(function(e){ if (e.isIntersecting) { io.disconnect(); load(e.target); } }); }); io.observe(document.getElementById('menu'));</script>`,
  ),
  '/button': page(
    `<div id="menu"></div><button type="button" id="show">Show menu</button><script>var load = ${LOAD}; document.getElementById('show').addEventListener('click', function(){ load(document.getElementById('menu')); });</script>`,
  ),
};

describe.runIf(browserAvailable())('the browser step on a menu held back until reached', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      res.writeHead(u.pathname === '/fragment' || PAGES[u.pathname] ? 200 : 404, { 'content-type': 'text/html' });
      res.end(u.pathname === '/fragment' ? CARDS : (PAGES[u.pathname] ?? 'not found'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it.each([
    ['a lazy part below the fold', '/below', 'reveal-scroll@/below'],
    ['a "Show menu" button', '/button', 'reveal@/button'],
  ])(
    '%s: read after it is reached',
    async (_, path, step) => {
      process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
      const scan = await openScanContext();
      try {
        const r = await renderMenuPage(scan, `${base}${path}`, { useInteract: false, screenshot: false, maxRounds: 3, extract: (html, url) => extractFromHtml(html, url) });
        expect(r.products.map((p) => [p.rawName, p.priceValue]).sort()).toEqual(
          [
            ['Blue Dream', 30],
            ['OG Kush', 32],
            ['Sour Diesel', 31],
          ].sort(),
        );
        expect(r.interactions).toContain(step);
      } finally {
        await scan.close();
        delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
      }
    },
    60_000,
  );
});
