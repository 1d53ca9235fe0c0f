import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readSse as readSseEvents } from '@/tests/helpers/sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as scanToken } from '@/app/api/v1/shopping/scan-token/route';
import { GET as streamRun } from '@/app/api/v1/shopping/runs/[runId]/stream/route';
import { GET as getRun } from '@/app/api/v1/shopping/runs/[runId]/route';
import { GET as cached } from '@/app/api/v1/shopping/scan/[domain]/cached/route';
import { ready } from '@/lib/bootstrap';
import { localRunner } from '@/lib/tasks';
import { startFixtureServer, type FixtureServer } from '@/tests/fixtures/dispensaries/server';
import { authHeader, call } from '@/tests/helpers/route';
import { expectStagesInOrder } from '@/tests/api/shopping/helpers';

let fx: FixtureServer;
let empty: http.Server;
let emptyUrl = '';
beforeAll(async () => {
  process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
  process.env.RUN_STREAM_POLL_MS = '20';
  await ready();
  fx = await startFixtureServer();
  // a reachable dispensary site with nothing on its menu
  empty = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><html><head><title>Closed</title></head><body><h1>Our menu is being updated</h1><p>Check back soon.</p></body></html>');
  });
  await new Promise<void>((r) => empty.listen(0, '127.0.0.1', () => r()));
  emptyUrl = `http://127.0.0.1:${(empty.address() as AddressInfo).port}/menu`;
});
afterAll(async () => {
  await localRunner().drain();
  await fx?.close();
  await new Promise<void>((r) => empty.close(() => r()));
  delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
  delete process.env.SCAN_TIMEOUT_MS;
});

/** Run updates flattened as `{ event, ...run }`. */
const readSse = async (res: Response) => (await readSseEvents(res)).events.map((e) => ({ event: e.event, ...e.data }));

async function startScan(menuUrl: string, over: Record<string, unknown> = {}) {
  const r = await call(scanToken, {
    path: '/api/v1/shopping/scan-token',
    method: 'POST',
    body: { dispensaryName: 'Fixture', menuUrls: [menuUrl], userId: 'user-1', triggerServerSide: true, ...over },
    headers: await authHeader('user-1', 'free'),
  });
  expect(r.status).toBe(200);
  return r.body.data;
}
async function follow(runId: string, token: string) {
  const r = await call(streamRun, { path: `/api/v1/shopping/runs/${runId}/stream`, params: { runId }, headers: { authorization: `Bearer ${token}` } });
  return readSse(r.response);
}

describe('menu scan through the API (local runner)', () => {
  it('scan-token → stream shows the stages in order → completed with products, matches, tags and recommendations; then a cache hit and the cached record', async () => {
    const t = await startScan(fx.menuUrl('static'), {
      forceRefresh: true,
      userContext: { favorites: [{ name: 'Blue Dream', slug: null, strainType: 'hybrid' }] },
    });
    expect(t.runId).toMatch(/^run_/);
    const events = await follow(t.runId, t.publicAccessToken);
    await expectStagesInOrder(events, t.runId);
    const last = events.at(-1);
    expect(last).toMatchObject({
      event: 'update',
      status: 'COMPLETED',
      error: null,
      metadata: { currentStage: 'complete', progress: 100, status: 'success', runId: t.runId, domain: t.domain },
    });
    const out = last.output;
    expect(out.success).toBe(true);
    expect(out.stats.productsCount).toBe(12);
    expect(out.matchedProducts.length).toBeGreaterThan(4);
    expect(out.products.some((p: any) => p.tags.includes('favorite_in_stock'))).toBe(true);
    expect(out.recommendations[0]).toMatchObject({ rank: 1, product: { strainName: 'Blue Dream' } });
    expect(out.recommendations[0].reason).toMatch(/favorite/);

    const again = await startScan(fx.menuUrl('static'));
    expect(again).toMatchObject({ isCached: true, domain: t.domain, cachedData: { website_domain: t.domain } });
    expect(again.cachedData.scan_results.stats.productsCount).toBe(12);

    const rec = await call(cached, { path: `/api/v1/shopping/scan/${t.domain}/cached`, params: { domain: t.domain }, headers: await authHeader('user-1', 'free') });
    expect(rec.status).toBe(200);
    expect(rec.body.data).toMatchObject({ website_domain: t.domain, products_count: 12, matched_count: out.stats.matchedCount, unmatched_count: out.stats.unmatchedCount });
  });

  it.each([
    ['a redirect to the metadata address', 'redirect-private', 'FAILED', 'MENU_NOT_ACCESSIBLE'],
    ['a page that never answers', 'slow', 'TIMED_OUT', 'SCAN_TIMEOUT'],
  ] as const)('%s ends %s with %s and no output', async (_n, key, status, code) => {
    process.env.SCAN_TIMEOUT_MS = '1500';
    try {
      const t = await startScan(fx.menuUrl(key), { forceRefresh: true });
      const events = await follow(t.runId, t.publicAccessToken);
      expect(events.at(-1)).toMatchObject({ status, output: null, error: { code } });
      expect(typeof events.at(-1).error.message).toBe('string');
    } finally {
      delete process.env.SCAN_TIMEOUT_MS;
    }
  });

  it('an unreachable menu (nothing listening) ends FAILED with MENU_NOT_ACCESSIBLE', async () => {
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const t = await startScan(`http://127.0.0.1:${port}/menu`);
    const events = await follow(t.runId, t.publicAccessToken);
    expect(events.at(-1)).toMatchObject({ status: 'FAILED', output: null, error: { code: 'MENU_NOT_ACCESSIBLE' } });
  });

  it('a reachable menu with no products completes with success false and status no-products, and is not cached', async () => {
    const t = await startScan(emptyUrl);
    const events = await follow(t.runId, t.publicAccessToken);
    const last = events.at(-1);
    expect(last).toMatchObject({ status: 'COMPLETED', error: null, metadata: { status: 'no-products', progress: 100, currentStage: 'complete' } });
    expect(last.output).toMatchObject({ success: false, cached: false, products: [], stats: { productsCount: 0, matchedCount: 0, unmatchedCount: 0 } });
    const again = await startScan(emptyUrl);
    expect(again.isCached).toBe(false);
    const run = await call(getRun, {
      path: `/api/v1/shopping/runs/${again.runId}`,
      params: { runId: again.runId },
      headers: { authorization: `Bearer ${again.publicAccessToken}` },
    });
    expect(run.status).toBe(200);
  });
});
