import type { Db } from '@/lib/db';
import { dispensaryScanSummary, recordDispensaryScan } from '@/lib/dispensaries/service';
import { logger } from '@/lib/log';
import { scrapeMenu } from '@/lib/scrape';
import { putObject } from '@/lib/storage';
import { menuBrandSpellings } from '@/lib/strains/match-maker';
import { recordMenuBrands } from '@/lib/strains/repo';
import type { MetadataPort } from '@/lib/tasks/types';
import { config } from '@/lib/config';
import { getCachedScan, saveCachedScan, SCAN_CACHE_TTL_MS } from '@/lib/shopping/repo';
import { categoriesHash } from '@/lib/shopping/domain';
import { categoryMedians, resolveContext, tagProducts } from '@/lib/shopping/personalize';
import { matchMenu, queueUnmatched } from '@/lib/shopping/products';
import { recommend } from '@/lib/shopping/recommend';
import { personalizeCached, withoutPersonalData } from '@/lib/shopping/personal';
import { ScanTaskInput, type ScanStage, type ScanTaskInputParsed, type ScanTaskOutput } from '@/lib/shopping/schemas';

export interface RunMenuScanOptions {
  metadata: MetadataPort;
  signal?: AbortSignal;
  runId?: string | null;
  db?: Db;
  /** Per-stage wall time in ms, for the benchmark. */
  timings?: Partial<Record<ScanStage, number>>;
}

const STAGE_START: Record<ScanStage, number> = {
  'cache-check': 0,
  scrape: 5,
  match: 40,
  'queue-unmatched': 60,
  personalize: 60,
  'cache-save': 85,
  complete: 100,
};

/** Progress reporting that never moves backwards, whatever a stage reports. */
class Progress {
  private value = 0;
  private current: ScanStage = 'cache-check';
  private stageStarted = Date.now();
  constructor(
    private readonly m: MetadataPort,
    private readonly timings?: Partial<Record<ScanStage, number>>,
  ) {}
  enter(stage: ScanStage, extra: Record<string, unknown> = {}): void {
    if (this.timings) this.timings[this.current] = (this.timings[this.current] ?? 0) + (Date.now() - this.stageStarted);
    this.current = stage;
    this.stageStarted = Date.now();
    this.m.set('currentStage', stage);
    this.to(STAGE_START[stage]);
    for (const [k, v] of Object.entries(extra)) this.m.set(k, v);
  }
  /** Enter a stage and wait until it is stored, so every reader sees every stage. */
  async stage(stage: ScanStage, extra: Record<string, unknown> = {}): Promise<void> {
    this.enter(stage, extra);
    await this.m.flush();
  }
  to(p: number): void {
    const next = Math.min(100, Math.max(this.value, Math.round(p)));
    if (next !== this.value || p === 0) {
      this.value = next;
      this.m.set('progress', next);
    }
  }
}

function emptyOutput(input: ScanTaskInputParsed, hash: string, scannedAt: Date, extra: Partial<ScanTaskOutput> = {}): ScanTaskOutput {
  return {
    success: false,
    cached: false,
    dispensaryName: input.dispensaryName,
    websiteDomain: input.websiteDomain,
    scannedAt: scannedAt.toISOString(),
    expiresAt: new Date(scannedAt.getTime() + SCAN_CACHE_TTL_MS).toISOString(),
    products: [],
    matchedProducts: [],
    unmatchedProducts: [],
    recommendations: [],
    discoveries: [],
    screenshotUrl: null,
    extractionMethod: null,
    categoriesHash: hash,
    stats: { productsCount: 0, matchedCount: 0, unmatchedCount: 0 },
    ...extra,
  };
}

function screenshotPath(domain: string, runId: string | null): string {
  const safe = domain.replace(/[^a-z0-9.-]+/gi, '_') || 'menu';
  return `${safe}/${runId ?? `scan-${Date.now()}`}.png`;
}

/**
 * The menu scan: cache-check (0–5) → scrape (5–40) → match (40–60) → queue-unmatched (60) →
 * personalize (60–85) → cache-save (85–95) → complete (100). The same function runs in the
 * local runner and on Trigger.dev; progress goes to the metadata port only.
 * Throws ScrapeError (MENU_NOT_ACCESSIBLE / SCAN_TIMEOUT) for a menu that cannot be read.
 */
export async function runMenuScan(rawInput: ScanTaskInputParsed | ScanTaskInput, opts: RunMenuScanOptions): Promise<ScanTaskOutput> {
  const input = ScanTaskInput.parse(rawInput);
  const db = opts.db ?? (await (await import('@/lib/bootstrap')).ready());
  const m = opts.metadata;
  const signal = opts.signal;
  const runId = opts.runId ?? null;
  const hash = categoriesHash(input.categories);
  const progress = new Progress(m, opts.timings);
  const check = () => signal?.throwIfAborted();

  // cache-check
  await progress.stage('cache-check', {
    status: 'starting',
    dispensaryName: input.dispensaryName,
    domain: input.websiteDomain,
    ...(runId ? { runId } : {}),
    useInteract: input.useInteract,
    ...(input.dispensaryWebsite ? { dispensaryWebsite: input.dispensaryWebsite } : {}),
    cacheHit: false,
  });
  if (!input.forceRefresh) {
    const hit = await getCachedScan(db, input.websiteDomain, hash);
    if (hit) {
      // A cache hit skips every later stage: straight to complete with the stored output.
      m.set('cacheHit', true).set('status', 'cached');
      if (hit.scan_results.screenshotUrl) m.set('screenshotUrl', hit.scan_results.screenshotUrl);
      if (hit.scan_results.extractionMethod) m.set('extractionMethod', hit.scan_results.extractionMethod);
      progress.to(5);
      // The cached menu, personalised for this caller (DECISIONS §12).
      const mine = await personalizeCached(db, hit.scan_results, input.userContext, signal);
      await progress.stage('complete');
      await m.flush();
      return { ...mine, cached: true };
    }
  }
  progress.to(5);
  check();

  // scrape
  await progress.stage('scrape', { status: 'scraping' });
  const scraped = await scrapeMenu({
    menuUrls: input.menuUrls,
    useInteract: input.useInteract,
    categories: input.categories,
    signal,
    onProgress: (p) => {
      if (p.pagesVisited !== undefined) m.set('pagesVisited', p.pagesVisited);
      if (p.platform) m.set('platform', p.platform);
      progress.to(5 + 35 * Math.min(1, Math.max(0, p.fraction)));
    },
  });
  m.set('extractionMethod', scraped.extractionMethod);
  m.set('pagesVisited', scraped.pagesVisited.length);
  m.set('platform', scraped.platform);
  let screenshotUrl: string | null = null;
  if (scraped.screenshot) {
    try {
      screenshotUrl = (await putObject('screenshots', screenshotPath(input.websiteDomain, runId), scraped.screenshot.data, scraped.screenshot.contentType)).url;
      m.set('screenshotUrl', screenshotUrl);
    } catch (e) {
      logger().warn({ runId, err: e instanceof Error ? e.message : String(e) }, 'screenshot not stored');
    }
  }
  progress.to(40);
  check();
  const scannedAt = new Date();
  if (scraped.products.length === 0) {
    // A reachable menu with nothing on it: completed, not failed, and not cached.
    m.set('status', 'no-products');
    await progress.stage('complete');
    await m.flush();
    return emptyOutput(input, hash, scannedAt, {
      screenshotUrl,
      extractionMethod: scraped.extractionMethod,
      error: { code: 'NO_PRODUCTS', message: 'No products were found on the menu' },
    });
  }

  // match
  await progress.stage('match', { status: 'matching' });
  const items = await matchMenu(db, scraped.products);
  progress.to(55);
  check();

  // queue-unmatched
  const unmatched = items.filter((i) => !i.product.matched).map((i) => i.product);
  await progress.stage('queue-unmatched', { status: 'queueing-unmatched' });
  const discoveries = await queueUnmatched(db, unmatched, { domain: input.websiteDomain, dispensaryName: input.dispensaryName, runId });
  check();

  // personalize
  await progress.stage('personalize', { status: 'personalizing' });
  const ctx = await resolveContext(db, input.userContext);
  progress.to(70);
  const similar = tagProducts(items, ctx);
  const recommendations = await recommend(items, ctx, {
    similar,
    medians: categoryMedians(items),
    limit: config().tasks.scanRecommendations,
    signal,
  });
  progress.to(85);
  check();

  const products = items.map((i) => i.product);
  const matched = products.filter((p) => p.matched);
  const output: ScanTaskOutput = {
    ...emptyOutput(input, hash, scannedAt),
    success: true,
    products,
    matchedProducts: matched,
    unmatchedProducts: products.filter((p) => !p.matched),
    recommendations,
    discoveries,
    screenshotUrl,
    extractionMethod: scraped.extractionMethod,
    stats: { productsCount: products.length, matchedCount: matched.length, unmatchedCount: products.length - matched.length },
  };

  // cache-save
  await progress.stage('cache-save', { status: 'saving' });
  // The cache holds the menu only: no tags, no recommendations (DECISIONS §12).
  await saveCachedScan(db, { domain: input.websiteDomain, categoriesHash: hash, dispensaryName: input.dispensaryName, output: withoutPersonalData(output), runId });
  await recordDispensaryScan(db, dispensaryScanSummary(input, output));
  // The makers this menu's brand fields name, for the matcher's lexicon (brand spellings only).
  await recordMenuBrands(db, input.websiteDomain, menuBrandSpellings(scraped.products.map((p) => p.brand))).catch((e: unknown) =>
    logger().warn({ runId, err: e instanceof Error ? e.message : String(e) }, 'menu brands not recorded'),
  );
  progress.to(95);

  await progress.stage('complete', { status: 'success' });
  await m.flush();
  return output;
}
