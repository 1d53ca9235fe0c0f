import { bool, int, strOr } from '@/lib/config/define';

export const scrape = {
  title: 'Scraping',
  vars: {
    allowPrivateNetworks: bool(
      'SCAN_ALLOW_PRIVATE_NETWORKS',
      false,
      'lets scans reach loopback and private ranges (tests, local demo); link-local and metadata addresses stay refused',
    ),
    chromiumPath: strOr('CHROMIUM_PATH', '/usr/bin/chromium', 'the browser for script-rendered menus (Debian `chromium`; nothing is downloaded)'),
    fetchTimeoutMs: int('SCRAPE_FETCH_TIMEOUT_MS', 20_000, "one fetch's time limit", { min: 1 }),
    maxBytes: int('SCRAPE_MAX_BYTES', 8 * 1024 * 1024, "one fetch's size cap", { min: 1024 }),
    maxRedirects: int('SCRAPE_MAX_REDIRECTS', 5, 'redirects followed per fetch (each re-checked)', { min: 0, max: 20 }),
    maxPages: int('SCRAPE_MAX_PAGES', 40, 'pages of one menu\'s own pagination (links, "load more", scrolling, frames) a scan reads at most', { min: 1 }),
    wildcardMaxPages: int('SCRAPE_WILDCARD_MAX_PAGES', 25, 'pages a `*` menu URL crawl visits at most', { min: 1 }),
    wildcardMaxDepth: int('SCRAPE_WILDCARD_MAX_DEPTH', 3, 'link depth of a `*` menu URL crawl', { min: 1 }),
    browserNavTimeoutMs: int('SCRAPE_BROWSER_NAV_TIMEOUT_MS', 30_000, 'browser navigation limit', { min: 1 }),
    browserActionTimeoutMs: int('SCRAPE_BROWSER_ACTION_TIMEOUT_MS', 15_000, 'browser action limit', { min: 1 }),
    browserIdleMs: int('SCRAPE_BROWSER_IDLE_MS', 15_000, 'the idle browser closes after this', { min: 1 }),
    screenshotMaxHeight: int('SCRAPE_SCREENSHOT_MAX_HEIGHT', 4000, 'screenshot height cap (px)', { min: 100 }),
  },
} as const;
