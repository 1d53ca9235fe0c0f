import { bool, int, intOpt } from '@/lib/config/define';

/** The request hot path: logging, the health probe, in-process caches of catalog reads, idle release. */
export const hotpath = {
  title: 'Hot path',
  vars: {
    logBufferBytes: int(
      'LOG_BUFFER_BYTES',
      4096,
      'log lines are written to stdout in batches of this many characters (and at least once a second) instead of one blocking write per line; `0` writes every line synchronously',
      { min: 0, max: 1_048_576 },
    ),
    healthProbeMs: int('HEALTH_PROBE_MS', 1000, '`/health` reuses its database probe this long: at most one probe query per interval however often it is called', { min: 0 }),
    catalogVersionCheckMs: intOpt(
      'CATALOG_VERSION_CHECK_MS',
      "in-process catalog read caches (search, strain by slug) ask the database for the catalog version at most this often, so another instance's catalog write is seen within it",
      { min: 0 },
      '`1000`; `0` (every read) when `APP_ENV=test`',
    ),
    catalogCacheEntries: int(
      'CATALOG_CACHE_ENTRIES',
      1000,
      'entries kept by each in-process catalog read cache (search results, strains by slug); each search entry holds up to `limit` full strain rows',
      { min: 1 },
    ),
    catalogCacheBytes: int(
      'CATALOG_CACHE_BYTES',
      8 * 1024 * 1024,
      'estimated bytes each in-process catalog read cache (search results, strains by slug) may hold (about twice the JSON text of what it holds); the oldest entries go first',
      { min: 1024 },
    ),
    frontCache: bool(
      'FRONT_CACHE',
      true,
      "repeated anonymous GETs of routes that take no credentials, whose handler marks its answer replayable and says it is still current (the section list; a strain, profile or search read under the checked catalog version; `/health` within its probe interval), are answered from the process's memory before Next routes them (production entry hook only; lib/http/front-cache.ts); `false`: every request goes through Next",
    ),
    frontCacheEntries: int('FRONT_CACHE_ENTRIES', 2000, 'answers the front cache keeps (one per path, query and with/without `Origin`), the oldest out first', { min: 1 }),
    frontCacheBytes: int('FRONT_CACHE_BYTES', 8 * 1024 * 1024, 'estimated bytes the front cache may hold (about twice the text of its answers)', { min: 1024 }),
    heapGrowingPercent: int(
      'V8_HEAP_GROWING_PERCENT',
      100,
      "the server's V8 old space may grow to (1 + this/100) × the live heap before a full collection (V8's own heuristic allows up to 4× under load: promoted request garbage held ~100–150 MB more RSS after a burst); `0` keeps V8's heuristic",
      { min: 0, max: 300 },
    ),
    ocrIdleMs: int('VISION_OCR_IDLE_MS', 60_000, 'OCR workers are terminated after this long without a job (started again on the next one)', { min: 1 }),
  },
} as const;
