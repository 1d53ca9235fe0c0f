import { spawn } from 'node:child_process';
import { readSse as readSseEvents } from '@/tests/helpers/sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as scanToken } from '@/app/api/v1/shopping/scan-token/route';
import { GET as streamRun } from '@/app/api/v1/shopping/runs/[runId]/stream/route';
import { GET as cached } from '@/app/api/v1/shopping/scan/[domain]/cached/route';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { closeBrowser } from '@/lib/scrape';
import { getObject } from '@/lib/storage';
import { localRunner, recoverOrphanedRuns } from '@/lib/tasks';
import { getRunRow } from '@/lib/tasks/store';
import { FIXTURE_SITES, startFixtureServer, type FixtureServer, type FixtureSiteKey } from '@/tests/fixtures/dispensaries/server';
import { PRODUCTS } from '@/tests/fixtures/dispensaries/products';
import { needsChromium, noChromium } from '@/tests/helpers/chromium';
import { authHeader, call } from '@/tests/helpers/route';
import { expectStagesInOrder, occupyRunner } from '@/tests/api/shopping/helpers';

// Menu scans end to end on real PostgreSQL (DATABASE_URL) and real Chromium (CHROMIUM_PATH):
// scan-token → local runner → stream → output, for every fixture dispensary.
let fx: FixtureServer;
let db: Db;
beforeAll(async () => {
  process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
  process.env.RUN_STREAM_POLL_MS = '50';
  db = await ready();
  fx = await startFixtureServer();
});
afterAll(async () => {
  await localRunner().drain();
  await closeBrowser();
  await fx?.close();
});

const readSse = async (res: Response) => (await readSseEvents(res)).events.map((e) => e.data);
const request = async (body: Record<string, unknown>) =>
  call(scanToken, {
    path: '/api/v1/shopping/scan-token',
    method: 'POST',
    body: { dispensaryName: 'Fixture', userId: 'user-1', triggerServerSide: true, ...body },
    headers: await authHeader('user-1', 'free'),
  });
async function scanToEnd(key: FixtureSiteKey) {
  const t = (await request({ menuUrls: [fx.menuUrl(key)], forceRefresh: true })).body.data;
  expect(t.runId).toMatch(/^run_/);
  const r = await call(streamRun, { path: `/api/v1/shopping/runs/${t.runId}/stream`, params: { runId: t.runId }, headers: { authorization: `Bearer ${t.publicAccessToken}` } });
  return { t, events: await readSse(r.response) };
}

const SITES: FixtureSiteKey[] = ['static', 'jsonld', 'next', 'spa', 'age-gate', 'store-picker', 'iframe', 'paged', 'sitemap'];

describe('every fixture dispensary through the API', () => {
  // One list in this order (the cache test below reads the last site's record); a browser site
  // on a machine without Chromium is skipped with the reason, never passed.
  it.for(SITES)('%s: stages in order, products, categories, prices, matches', async (key, { skip }) => {
    const site = FIXTURE_SITES[key];
    if (site.browser && noChromium) skip(needsChromium.trim());
    const { t, events } = await scanToEnd(key);
    await expectStagesInOrder(events, t.runId);
    const last = events.at(-1);
    expect(last.status).toBe('COMPLETED');
    const out = last.output;
    expect(out.stats.productsCount).toBe(site.expected.count);
    const cats: Record<string, number> = {};
    for (const p of out.products) cats[p.category] = (cats[p.category] ?? 0) + 1;
    expect(cats).toEqual(site.expected.categories);
    expect(out.products.map((p: any) => Number(String(p.price).replace(/[^0-9.]/g, ''))).sort((a: number, b: number) => a - b)).toEqual(site.expected.prices);
    for (const p of out.products) {
      const f = PRODUCTS.find((x) => x.name === p.rawName)!;
      expect(p.matched, p.rawName).toBe(f.strain !== null);
      if (f.strain) expect(f.strain.startsWith(p.strainName), `${p.rawName} → ${p.strainName}`).toBe(true);
    }
    expect(out.recommendations.length).toBeGreaterThan(0);
    expect(last.metadata.domain).toBe(t.domain);
    if (site.browser) {
      expect(out.screenshotUrl).toMatch(/^\/api\/v1\/files\/screenshots\//);
      const path = out.screenshotUrl.replace('/api/v1/files/screenshots/', '');
      const obj = await getObject('screenshots', decodeURIComponent(path));
      expect(obj?.contentType).toBe('image/png');
      expect(last.metadata.screenshotUrl).toBe(out.screenshotUrl);
    }
  });

  it('the last scan is cached for its domain: scan-token answers the cache, GET cached the record', async () => {
    const again = (await request({ menuUrls: [fx.menuUrl('sitemap')] })).body.data;
    expect(again.isCached).toBe(true);
    const rec = await call(cached, { path: `/api/v1/shopping/scan/${again.domain}/cached`, params: { domain: again.domain }, headers: await authHeader('user-1', 'free') });
    expect(rec.status).toBe(200);
    expect(rec.body.data.products_count).toBe(FIXTURE_SITES.sitemap.expected.count);
  });

  it('a page that never answers ends TIMED_OUT with SCAN_TIMEOUT', async () => {
    process.env.SCAN_TIMEOUT_MS = '2000';
    try {
      const { events } = await scanToEnd('slow');
      expect(events.at(-1)).toMatchObject({ status: 'TIMED_OUT', output: null, error: { code: 'SCAN_TIMEOUT' } });
    } finally {
      delete process.env.SCAN_TIMEOUT_MS;
    }
  });
});

describe('the de-duplication race on PostgreSQL', () => {
  // The barrier: the runner's only slot is held until every request has answered, so the run they
  // race for stays active (QUEUED) throughout, whatever the machine's load. Without it the run
  // could fail (its host does not resolve) before the last request arrives, and a new run would
  // then start legitimately. The claim itself is the unique partial index on (task, idempotency
  // key) with INSERT … ON CONFLICT DO NOTHING (lib/tasks/store.ts insertRun), not check-then-insert.
  it('six concurrent identical requests by one user start exactly one run', async () => {
    const gate = await occupyRunner();
    try {
      const host = `race-${Date.now().toString(36)}.example`;
      const rs = await Promise.all(Array.from({ length: 6 }, () => request({ menuUrls: [`https://www.${host}/menu`] })));
      expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const ids = rs.map((r) => r.body.data.runId ?? r.body.data.existingRunId);
      expect(new Set(ids).size).toBe(1);
      expect(rs.filter((r) => r.body.data.runId).length).toBe(1);
      expect(rs.filter((r) => r.body.data.existingRunId).length).toBe(5);
      const n = await db.query<{ n: number; status: string }>('SELECT count(*)::int AS n, min(status) AS status FROM task_runs WHERE idempotency_key LIKE $1', [`${host}|%`]);
      expect(n.rows[0]).toEqual({ n: 1, status: 'QUEUED' });
    } finally {
      await gate.release();
    }
  });
});

describe('restart recovery', () => {
  it('a run whose process was killed mid-run is FAILED at the next start-up, not left EXECUTING', async () => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'tests/integration/shopping/child-runner.ts'], {
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const runId = await new Promise<string>((resolve, reject) => {
      let buf = '';
      child.stdout!.on('data', (d) => {
        buf += String(d);
        const m = /RUN (run_\w+)/.exec(buf);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`child exited ${code}`)));
    });
    expect((await getRunRow(db, runId))!.status).toBe('EXECUTING');
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const out = await recoverOrphanedRuns(db);
    expect(out.failed).toBeGreaterThanOrEqual(1);
    const row = (await getRunRow(db, runId))!;
    expect(row.status).toBe('FAILED');
    expect(row.error?.code).toBe('RUNNER_LOST');
    expect(row.metadata).toMatchObject({ currentStage: 'scrape', progress: 12 }); // progress so far is kept
  });
});
