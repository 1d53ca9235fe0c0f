/**
 * A 200-product fixture dispensary for the scan benchmark, in two variants:
 *   /static/  server-rendered grid (plain HTTP + heuristic reader)
 *   /spa/     the same menu rendered by a script from a JSON API (needs the browser)
 * `startScanFixture()` is used by scripts/bench/scan.ts; run this file directly to measure the
 * scrape step alone (static vs browser seconds):  npx tsx scripts/bench/scan-fixture.ts [runs]
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { chrome, groupedGrid, inlineJson, page, RENDER_SCRIPT } from '@/tests/fixtures/dispensaries/html';
import { PRODUCTS, type FixtureProduct } from '@/tests/fixtures/dispensaries/products';

const FLOWER_SIZES: Array<[string, number]> = [
  ['3.5g', 1],
  ['7g', 1.9],
  ['14g', 3.6],
  ['28g', 6.8],
];

/** `count` distinct, realistically messy products cycling through the fixture catalog. */
export function benchProducts(count = 200): FixtureProduct[] {
  const out: FixtureProduct[] = [];
  for (let i = 0; out.length < count; i++) {
    const base = PRODUCTS[i % PRODUCTS.length];
    const round = Math.floor(i / PRODUCTS.length);
    const [size, factor] = FLOWER_SIZES[round % FLOWER_SIZES.length];
    const flower = base.category === 'Flower';
    out.push({
      ...base,
      id: `${base.id}-${round}`,
      name: flower ? `${base.name.replace(/\s*[[(]?\d+(\.\d+)?\s*g\]?\)?$/i, '')} ${size} – Lot ${100 + round}` : `${base.name} – Lot ${100 + round}`,
      price: Math.round(base.price * (flower ? factor : 1 + round * 0.05) * 100) / 100,
      weight: flower ? size : base.weight,
    });
  }
  return out;
}

export interface ScanFixture {
  baseUrl: string;
  staticUrl: string;
  spaUrl: string;
  products: FixtureProduct[];
  close(): Promise<void>;
}

export async function startScanFixture(count = 200): Promise<ScanFixture> {
  const products = benchProducts(count);
  const staticHtml = page('Bench Dispensary', chrome('Bench Dispensary', `<h1>Full menu</h1>${groupedGrid(products, '/static')}`));
  const spaHtml = page('Bench Dispensary', '<div id="root"></div><noscript>Enable JavaScript to see the menu.</noscript><script src="/spa/app.js" defer></script>');
  const appJs = `${RENDER_SCRIPT}
fetch('/spa/api/menu').then(function (r) { return r.json(); }).then(function (d) {
  document.getElementById('root').innerHTML = '<h1>Full menu</h1><div id="menu"></div>';
  renderMenu(document.getElementById('menu'), d.items);
});`;
  const api = inlineJson({ items: products });
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://bench').pathname;
    const send = (type: string, body: string) => {
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (path === '/static/') return send('text/html; charset=utf-8', staticHtml);
    if (path === '/spa/') return send('text/html; charset=utf-8', spaHtml);
    if (path === '/spa/app.js') return send('text/javascript', appJs);
    if (path === '/spa/api/menu') return send('application/json', api);
    res.writeHead(404);
    res.end();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    staticUrl: `${baseUrl}/static/`,
    spaUrl: `${baseUrl}/spa/`,
    products,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main(): Promise<void> {
  process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
  process.env.AI_PROVIDER = process.env.AI_PROVIDER ?? 'local';
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';
  const runs = Math.max(1, Number(process.argv[2] ?? 5));
  const { scrapeMenu, browserAvailable, closeBrowser } = await import('@/lib/scrape');
  const fixture = await startScanFixture(200);
  const rows: Array<{ variant: string; runs: number; medianS: number; minS: number; products: number; method: string }> = [];
  const measure = async (variant: string, url: string, n: number, opts: { useInteract?: boolean } = {}) => {
    const times: number[] = [];
    let last = { products: [] as unknown[], extractionMethod: '' };
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      last = await scrapeMenu({ menuUrls: [url], model: null, ...opts });
      times.push((performance.now() - t0) / 1000);
    }
    rows.push({ variant, runs: n, medianS: +median(times).toFixed(3), minS: +Math.min(...times).toFixed(3), products: last.products.length, method: last.extractionMethod });
  };
  try {
    await measure('static (HTTP + heuristic)', fixture.staticUrl, runs);
    if (browserAvailable()) {
      await closeBrowser();
      await measure('script-rendered, cold (incl. Chromium launch)', fixture.spaUrl, 1);
      await measure('script-rendered, warm browser', fixture.spaUrl, runs);
      await measure('static with useInteract (browser)', fixture.staticUrl, runs, { useInteract: true });
    } else {
      console.log('Chromium not found (CHROMIUM_PATH): browser variants skipped');
    }
    console.table(rows);
    const s = rows.find((r) => r.variant.startsWith('static ('));
    const b = rows.find((r) => r.variant.startsWith('script-rendered, warm'));
    if (s && b) console.log(`browser / static scrape time: ${(b.medianS / s.medianS).toFixed(1)}x`);
  } finally {
    await closeBrowser();
    await fixture.close();
  }
}

if (process.argv[1] && /scan-fixture\.ts$/.test(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
