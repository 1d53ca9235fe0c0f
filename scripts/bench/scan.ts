/**
 * npm run bench:scan [runs] — the whole menu scan (runMenuScan: cache-check, scrape, match,
 * queue-unmatched, personalize, cache-save) on a 200-product fixture dispensary, static (plain
 * HTTP) and script-rendered (Chromium), cold (forceRefresh) and cached: seconds per scan and per
 * stage, plus one scan through the local task runner (run row, metadata writes, event log).
 * Embedded PGlite by default; DATABASE_URL measures on PostgreSQL.
 */
import type { ScanStage } from '@/lib/shopping/schemas';
import { startScanFixture } from '@/scripts/bench/scan-fixture';

process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
process.env.AI_PROVIDER = process.env.AI_PROVIDER ?? 'local';
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';
process.env.STORAGE_DIR = process.env.STORAGE_DIR ?? `/tmp/bench-scan-storage-${process.pid}`;
if (!process.env.DATABASE_URL) process.env.PGLITE_DIR = 'memory://';

const STAGES: ScanStage[] = ['cache-check', 'scrape', 'match', 'queue-unmatched', 'personalize', 'cache-save'];
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const sec = (ms: number) => (ms / 1000).toFixed(3);

function table(head: string[], rows: (string | number)[][]): void {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r: (string | number)[]) => r.map((c, i) => String(c).padStart(w[i])).join('  ');
  console.log(`${line(head)}\n${w.map((n) => '-'.repeat(n)).join('  ')}`);
  for (const r of rows) console.log(line(r));
}

async function main(): Promise<void> {
  const runs = Math.max(1, Number(process.argv[2] ?? 3));
  const { ready } = await import('@/lib/bootstrap');
  const { runMenuScan } = await import('@/lib/shopping/pipeline');
  const { MemoryMetadataPort, startTask, getRun, localRunner } = await import('@/lib/tasks');
  const { browserAvailable, closeBrowser } = await import('@/lib/scrape');
  const { scanKey, domainFor, categoriesHash } = await import('@/lib/shopping/domain');
  const db = await ready();
  const fx = await startScanFixture(200);
  // The browser variant is served under `localhost` so its cache entry is its own domain.
  const spaUrl = fx.spaUrl.replace('127.0.0.1', 'localhost');
  const rows: (string | number)[][] = [];
  const results: Record<string, number> = {};

  const measure = async (label: string, url: string, n: number, forceRefresh: boolean) => {
    const totals: number[] = [];
    const per: Record<string, number[]> = {};
    let products = 0;
    let matched = 0;
    let method = '';
    for (let i = 0; i < n; i++) {
      const timings: Partial<Record<ScanStage, number>> = {};
      const t0 = performance.now();
      const out = await runMenuScan(
        {
          dispensaryName: 'Bench Dispensary',
          websiteDomain: domainFor(url),
          menuUrls: [url],
          userId: 'bench',
          forceRefresh,
          userContext: { favorites: [{ name: 'Blue Dream', slug: null, strainType: 'hybrid' }] },
        },
        { metadata: new MemoryMetadataPort(), db, runId: `bench_${label.replace(/\W+/g, '_')}_${i}`, timings },
      );
      totals.push(performance.now() - t0);
      for (const s of STAGES) (per[s] ??= []).push(timings[s] ?? 0);
      products = out.stats.productsCount;
      matched = out.stats.matchedCount;
      method = out.cached ? 'cache' : (out.extractionMethod ?? '');
    }
    results[label] = median(totals);
    rows.push([label, n, sec(median(totals)), ...STAGES.map((s) => sec(median(per[s]))), products, matched, method]);
  };

  try {
    await measure('static, cold', fx.staticUrl, runs, true);
    await measure('static, cached', fx.staticUrl, runs, false);
    if (browserAvailable()) {
      await closeBrowser();
      await measure('browser, cold start', spaUrl, 1, true); // includes launching Chromium
      await measure('browser, cold', spaUrl, runs, true);
      await measure('browser, cached', spaUrl, runs, false);
    } else {
      console.log('Chromium not found (CHROMIUM_PATH): browser variants skipped');
    }
    // One scan through the local runner: run row, metadata and event writes, queueing.
    await db.query('DELETE FROM scan_cache');
    const input = { dispensaryName: 'Bench Dispensary', websiteDomain: domainFor(fx.staticUrl), menuUrls: [fx.staticUrl], userId: 'bench', forceRefresh: true };
    const t0 = performance.now();
    const { runId } = await startTask('shopping-menu-scan', input, { idempotencyKey: scanKey(input.websiteDomain, categoriesHash([])) });
    await localRunner().drain();
    const runMs = performance.now() - t0;
    const run = await getRun(runId);
    const events = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM task_run_events WHERE run_id = $1', [runId]);

    console.log(`\nMenu scan, 200-product fixture dispensary (${db.kind}), median of ${runs} run(s), seconds\n`);
    table(['variant', 'runs', 'total', ...STAGES, 'products', 'matched', 'extraction'], rows);
    console.log(`\nthrough the local runner (static, cold): ${sec(runMs)} s, status ${run?.status}, ${events.rows[0].n} stored metadata/status events`);
    const r = (a: string, b: string) => (results[a] && results[b] ? `${(results[a] / results[b]).toFixed(1)}x` : 'n/a');
    console.log(
      `cold / cached (static): ${r('static, cold', 'static, cached')}; cold / cached (browser): ${r('browser, cold', 'browser, cached')}; browser / static (cold): ${r('browser, cold', 'static, cold')}`,
    );
  } finally {
    await closeBrowser();
    await fx.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
