import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openScanContext } from '@/lib/scrape/browser';
import { readPopovers } from '@/lib/scrape/browser-popovers';
import { renderMenuPage } from '@/lib/scrape/browser-page';
import { extractFromHtml } from '@/lib/scrape/extract';

// The popover step (docs/menus.md, ninth round; docs/performance.md "Cards' product links are not
// popovers"): only controls that open something in place are pressed. A card's details wrapped in
// its product link (Wix Stores) inherit the link's pointer cursor and show "From $25.00", yet a
// click on them leaves the menu; each such click cost the wix sites 5-10 s and left the page on
// the product page (or Chromium's error page).

const names = ['Blue Dream', 'Sour Diesel', 'Gelato 41'];
const slug = (n: string) => n.toLowerCase().replace(/\W+/g, '-');
const doc = (body: string) => `<!doctype html><html><head><style>a{cursor:pointer}</style></head><body><ul>${body}</ul></body></html>`;

const PAGES: Record<string, string> = {
  // Wix Stores: the name and the "From" price inside the product link, the add button beside it.
  '/linked': doc(
    names
      .map(
        (n) =>
          `<li role="group" aria-label="${n} gallery"><a href="/product-page/${slug(n)}"><div data-hook="product-item-product-details"><p>${n}</p><span>From $25.00</span></div></a><button type="button">Add to Cart</button></li>`,
      )
      .join(''),
  ),
  // Cards made links by script: the whole card a pointer that sets `location`.
  '/scripted': doc(names.map((n) => `<li style="cursor:pointer" onclick="location.href='/product-page/${slug(n)}'"><p>${n}</p><span>$12.00 – $60.00</span></li>`).join('')),
  // The same, the product pages on a refused address (the metadata address).
  '/refused': doc(
    names.map((n) => `<li style="cursor:pointer" onclick="location.href='http://169.254.169.254/product-page/${slug(n)}'"><h3>${n}</h3><span>$12.00 – $60.00</span></li>`).join(''),
  ),
  // Real popovers: each card a button opening its sizes in a dialog.
  '/popovers': doc(
    names
      .map(
        (n, i) =>
          `<li role="button" tabindex="0" onclick="document.getElementById('d${i}').hidden = false"><span>${n}</span> $12.00 – $60.00</li><div role="dialog" id="d${i}" hidden><h2>${n}</h2><p>1g $12.00</p><p>3.5g $60.00</p><button aria-label="Close" onclick="this.parentNode.hidden = true">×</button></div>`,
      )
      .join(''),
  ),
};

describe.runIf(browserAvailable())('card openers in the browser', () => {
  let server: http.Server;
  let base = '';
  const productHits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path.startsWith('/product-page/')) productHits.push(path);
      const body = PAGES[path] ?? (path.startsWith('/product-page/') ? doc('<li>Product page</li>') : null);
      res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body ?? 'not found');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const open = async (path: string) => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const scan = await openScanContext();
    try {
      const page = await scan.context.newPage();
      await page.goto(`${base}${path}`, { waitUntil: 'domcontentloaded' });
      productHits.length = 0;
      const start = Date.now();
      const r = await readPopovers(page, { max: 300 });
      return { ...r, ms: Date.now() - start, url: new URL(page.url()).pathname, hits: [...productHits] };
    } finally {
      await scan.close();
      delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
    }
  };

  it('details inside a card’s product link are not pressed (the page stays on the menu)', async () => {
    const r = await open('/linked');
    expect(r).toMatchObject({ dialogs: [], left: false, url: '/linked', hits: [] });
  }, 40_000);

  it('a card whose click leaves the page ends the step at once', async () => {
    const r = await open('/scripted');
    expect(r.dialogs).toEqual([]);
    expect(r.left).toBe(true);
    expect(r.hits).toEqual(['/product-page/blue-dream']);
    // Before: three clicks, each waited on for a dialog (2 s) and the later two for a card no
    // longer there (3 s): over 10 s.
    expect(r.ms).toBeLessThan(5_000);
  }, 40_000);

  it('a card’s click that went to a refused address does not fail the menu read before it', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const scan = await openScanContext();
    try {
      const r = await renderMenuPage(scan, `${base}/refused`, { useInteract: false, screenshot: false, maxRounds: 3, extract: (html, url) => extractFromHtml(html, url) });
      expect(r.products.map((p) => p.rawName).sort()).toEqual([...names].sort());
      expect(new URL(r.url).pathname).toBe('/refused');
    } finally {
      await scan.close();
      delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
    }
  }, 60_000);

  it('cards that open a dialog in place are still read, one dialog each', async () => {
    const r = await open('/popovers');
    expect(r.left).toBe(false);
    expect(r.dialogs).toHaveLength(3);
    expect(r.dialogs.map((h) => /<h2>([^<]+)/.exec(h)?.[1])).toEqual(names);
  }, 40_000);
});
