import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as scanToken } from '@/app/api/v1/shopping/scan-token/route';
import { GET as streamRun } from '@/app/api/v1/shopping/runs/[runId]/stream/route';
import { ready } from '@/lib/bootstrap';
import { browserAvailable, closeBrowser } from '@/lib/scrape';
import { localRunner } from '@/lib/tasks';
import { menuDataPresent, type TruthProduct } from '@/tests/fixtures/menus-sites/generate';
import { startPdfSites, type ServedPdfSite } from '@/tests/fixtures/menus-pdf/server';
import { readSse } from '@/tests/helpers/sse';
import { authHeader, call } from '@/tests/helpers/route';

// PDF menus end to end on real PostgreSQL: menus of real items printed to PDF by real Chromium,
// served over HTTP by a dispensary page that links the PDF (list layout), shows it in an
// <embed> (leader layout) or links it only from a script run after load (landscape layout: three
// columns, brand headers, products broken across columns and pages; the page read in the
// browser, the PDF over HTTP), scanned through POST /shopping/scan-token with triggerServerSide.
const KEYS = ['pdf-list', 'pdf-leader', 'pdf-landscape'];
/** A scanned menu (pictures of its pages, no text layer): read by OCR, so most of it, not all. */
const SCANNED = 'pdf-scanned';
const run = Boolean(process.env.DATABASE_URL) && browserAvailable() && menuDataPresent();

describe.runIf(run)('PDF menus through the API', () => {
  let sites: { sites: ServedPdfSite[]; close(): Promise<void> };
  beforeAll(async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    process.env.RUN_STREAM_POLL_MS = '50';
    await ready();
    sites = await startPdfSites({ keys: [...KEYS, SCANNED] });
  });
  afterAll(async () => {
    await localRunner().drain();
    await closeBrowser();
    await sites?.close();
  });

  const money = (s: string | null | undefined) => (s ? Number(s.replace(/[^0-9.]/g, '')) : null);

  async function scan(site: ServedPdfSite) {
    const t = (
      await call(scanToken, {
        path: '/api/v1/shopping/scan-token',
        method: 'POST',
        body: { dispensaryName: 'PDF menu', userId: 'pdf-user', triggerServerSide: true, menuUrls: [site.url], forceRefresh: true },
        headers: await authHeader('pdf-user', 'free'),
      })
    ).body.data;
    expect(t.runId).toMatch(/^run_/);
    const r = await call(streamRun, { path: `/api/v1/shopping/runs/${t.runId}/stream`, params: { runId: t.runId }, headers: { authorization: `Bearer ${t.publicAccessToken}` } });
    const last = (await readSse(r.response)).events.map((e) => e.data).at(-1);
    expect(last.status).toBe('COMPLETED');
    return last.output;
  }

  it.each(KEYS)('%s: every product of the PDF, at the price paid, the struck price as regular', async (key) => {
    const site = sites.sites.find((s) => s.site.key === key)!;
    const out = await scan(site);
    const truth = new Map<string, TruthProduct>(site.site.products.map((p) => [p.name.toLowerCase(), p]));
    expect(out.stats.productsCount).toBe(site.site.products.length);
    for (const p of out.products) {
      const want = truth.get(String(p.rawName).toLowerCase());
      expect(want, p.rawName).toBeDefined();
      expect(money(p.price), p.rawName).toBeCloseTo(want!.price, 2);
      expect(money(p.regularPrice), p.rawName).toBe(want!.regularPrice);
    }
    // The page and the PDF were both fetched (the PDF once, over HTTP).
    expect(site.hits.filter((h) => h === '/menu.pdf')).toHaveLength(1);
    expect(site.hits).toContain('/menu');
  });

  it('a scanned PDF menu is read by OCR: most of its products, each named one at its price paid', async () => {
    const site = sites.sites.find((s) => s.site.key === SCANNED)!;
    const out = await scan(site);
    const truth = new Map<string, TruthProduct>(site.site.products.map((p) => [p.name.toLowerCase(), p]));
    const named = (out.products as Array<{ rawName: string; price: string }>).filter((p) => truth.has(String(p.rawName).toLowerCase()));
    expect(named.length).toBeGreaterThanOrEqual(Math.ceil(0.75 * truth.size));
    for (const p of named) expect(money(p.price), p.rawName).toBeCloseTo(truth.get(p.rawName.toLowerCase())!.price, 2);
  }, 120_000);
});
