import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '@/lib/scrape/address';
import { closeBrowser, openScanContext } from '@/lib/scrape/browser';
import { renderMenuPage } from '@/lib/scrape/browser-page';
import { denyProxy } from '@/lib/scrape/browser-guard';
import { extractFromHtml } from '@/lib/scrape/extract';
import { needsChromium, noChromium } from '@/tests/helpers/chromium';

// The browser's own requests (subresources, script fetches, redirects they follow, frames,
// WebSockets) go through the same address rule as plain HTTP fetches.
let server: http.Server;
let base = '';
const seen: string[] = [];

const PAGE = `<!doctype html><html><body>
<div class="grid">
  <div class="card"><h3 class="name">Blue Dream 3.5g</h3><span class="price">$35.00</span></div>
  <div class="card"><h3 class="name">OG Kush 3.5g</h3><span class="price">$40.00</span></div>
</div>
<img src="/ok.gif">
<img src="http://169.254.169.254/latest/meta-data/pixel.gif">
<img src="http://metadata.test/pixel.gif">
<iframe src="http://10.0.0.8/embed"></iframe>
<script>
  fetch('/hop').catch(function () {});
  try { new WebSocket('ws://169.254.169.254/ws'); } catch (e) {}
</script>
</body></html>`;

const resolver: Resolver = async (host) => {
  if (host === 'metadata.test') return [{ address: '169.254.169.254', family: 4 }];
  throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/hop') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/api/token' });
      return res.end();
    }
    if (req.url === '/ok.gif') {
      res.writeHead(200, { 'content-type': 'image/gif' });
      return res.end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
    }
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/menu' });
      return res.end();
    }
    if (req.url === '/script-leaves' || req.url === '/refresh-leaves') {
      // A menu-looking page that sends the browser on to the metadata address after it loaded.
      const leave =
        req.url === '/script-leaves'
          ? `<script>setTimeout(() => { location.href = 'http://169.254.169.254/latest/meta-data/'; }, 50)</script>`
          : `<meta http-equiv="refresh" content="0;url=http://metadata.test/latest/">`;
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<!doctype html><html><head>${leave}</head><body><h1>Loading menu…</h1></body></html>`);
    }
    if (req.url === '/redirect-to-metadata') {
      res.writeHead(301, { location: 'http://169.254.169.254/' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(PAGE);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closeBrowser();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
});

const render = (scan: Awaited<ReturnType<typeof openScanContext>>, url: string) =>
  renderMenuPage(scan, url, { useInteract: false, screenshot: false, extract: (h, u) => extractFromHtml(h, u) });

describe.skipIf(noChromium)(`browser requests pass the address rule${needsChromium}`, () => {
  it('blocks refused subresources, frames, redirect hops and WebSockets; serves the rest', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const scan = await openScanContext({ resolver });
    try {
      const r = await render(scan, `${base}/menu`);
      expect(r.products.map((p) => p.rawName)).toEqual(['Blue Dream 3.5g', 'OG Kush 3.5g']);
      const blocked = scan.blocked.map((b) => [b.url, b.reason]);
      expect(blocked).toEqual(
        expect.arrayContaining([
          ['http://169.254.169.254/latest/meta-data/pixel.gif', 'address-refused'],
          ['http://metadata.test/pixel.gif', 'address-refused'],
          [`${base}/hop`, 'address-refused'], // its 302 leads to the metadata address
          // WebSockets are relayed through the same address rule (browser-websocket.ts): one to a refused address is refused.
          ['ws://169.254.169.254/ws', 'websocket-refused'],
        ]),
      );
      expect(scan.blocked.find((b) => b.url === `${base}/hop`)?.detail).toContain('169.254.169.254');
      // Nothing the page asked for went around the interception (only Chromium's own background calls may).
      const { escapes } = await denyProxy();
      expect(escapes.filter((e) => /127\.0\.0\.1|169\.254|10\.0\.0\.8|metadata\.test/.test(e))).toEqual([]);
      // 10.0.0.8 is private, so allowed with the flag: it is attempted (and fails: nothing there).
      expect(scan.blocked.find((b) => b.url.startsWith('http://10.0.0.8/'))?.reason).not.toBe('address-refused');
      expect(seen).toEqual(expect.arrayContaining(['/menu', '/ok.gif', '/hop']));
    } finally {
      await scan.close();
    }
  });

  it('with the flag off, the private frame is refused too', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'false';
    const scan = await openScanContext({ resolver });
    try {
      await expect(render(scan, `${base}/menu`)).rejects.toMatchObject({ code: 'MENU_NOT_ACCESSIBLE', reason: 'address-refused' });
      expect(scan.blocked[0]).toMatchObject({ url: `${base}/menu`, reason: 'address-refused' });
    } finally {
      await scan.close();
    }
  });

  it('a navigation redirect into the metadata address is refused', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const scan = await openScanContext({ resolver });
    try {
      await expect(render(scan, `${base}/redirect-to-metadata`)).rejects.toMatchObject({ code: 'MENU_NOT_ACCESSIBLE', reason: 'address-refused' });
      expect(scan.blocked.find((b) => b.url === `${base}/redirect-to-metadata`)).toMatchObject({ reason: 'address-refused', detail: expect.stringContaining('169.254.169.254') });
      expect(seen).not.toContain('/latest/api/token');
    } finally {
      await scan.close();
    }
  });

  it.each([
    ['a script `location=`', '/script-leaves', '169.254.169.254'],
    ['a meta refresh', '/refresh-leaves', 'metadata.test'],
  ])('a page that sends the browser to a refused address through %s fails MENU_NOT_ACCESSIBLE (not an empty success)', async (_how, path, host) => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const scan = await openScanContext({ resolver });
    try {
      await expect(render(scan, `${base}${path}`)).rejects.toMatchObject({ code: 'MENU_NOT_ACCESSIBLE', reason: 'address-refused' });
      expect(scan.blocked.find((b) => b.topLevel)).toMatchObject({ reason: 'address-refused', url: expect.stringContaining(host) });
    } finally {
      await scan.close();
    }
  });

  it('an allowed document redirect is followed (through the route again)', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const scan = await openScanContext({ resolver });
    try {
      const r = await render(scan, `${base}/moved`);
      expect(r.url).toBe(`${base}/menu`);
      expect(r.products).toHaveLength(2);
    } finally {
      await scan.close();
    }
  });
});
