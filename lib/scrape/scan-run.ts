import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Resolver } from '@/lib/scrape/address';
import type { ScanContext } from '@/lib/scrape/browser';
import { isScrapeError, ScrapeError, throwIfAborted } from '@/lib/scrape/errors';
import { fetchPostback, type PostRequest } from '@/lib/scrape/postback';
import { guardedFetch } from '@/lib/scrape/guarded-fetch';
import { politeGet, type Politeness } from '@/lib/scrape/rate-limit';
import type { CookieJar } from '@/lib/scrape/cookie-jar';
import { followMetaRefresh } from '@/lib/scrape/meta-refresh';
import type { ScrapeMenuInput } from '@/lib/scrape/types';
import { addNew, type Crawl } from '@/lib/scrape/crawl-state';
import { readPdfMenu } from '@/lib/scrape/pdf/menu';
import { PDF_LIMITS } from '@/lib/scrape/pdf/text';

/** One scan's state (scrape-menu.ts): its options, pages read, errors, browser; progress, page fetches and PDF reads on it. */

export interface ScrapeMenuOptions extends ScrapeMenuInput {
  /** Model for the AI step; default: the configured text model unless the provider is `local`. */
  model?: LanguageModelV3 | null;
  /** DNS resolver override (tests). */
  resolver?: Resolver;
}

export interface Run {
  opts: ScrapeMenuOptions;
  model: LanguageModelV3 | null;
  pagesVisited: string[];
  errors: ScrapeError[];
  reachable: boolean;
  usedBrowser: boolean;
  screenshot: Buffer | null;
  browser: (ScanContext & { close(): Promise<void> }) | null;
  fraction: number;
  platform: string | null;
  /** Pages of the menu's own pagination / frames / load-more rounds read (bounded by SCRAPE_MAX_PAGES). */
  pages: number;
  maxPages: number;
  /** Cookies set by the scan's HTTP answers (cookie-jar.ts). */
  cookies: CookieJar;
  /** Waits for servers that answered 429 / 503 (rate-limit.ts). */
  polite: Politeness;
}

export function progress(run: Run, step: string, fraction: number, message?: string): void {
  run.fraction = Math.min(1, Math.max(run.fraction, fraction));
  try {
    run.opts.onProgress?.({ step, fraction: run.fraction, message, pagesVisited: run.pagesVisited.length, platform: run.platform });
  } catch {
    // A failing progress listener must not fail the scrape.
  }
}

export const note = (run: Run, e: unknown) => {
  throwIfAborted(run.opts.signal);
  if (isScrapeError(e)) run.errors.push(e);
  else run.errors.push(new ScrapeError('MENU_NOT_ACCESSIBLE', 'scrape-failed', `Menu not accessible: ${(e as Error).message}`, { cause: e }));
};

export async function fetchPage(run: Run, url: string | PostRequest): Promise<{ url: string; body: string; raw?: Buffer } | null> {
  try {
    const opts = { signal: run.opts.signal, resolver: run.opts.resolver, cookies: run.cookies };
    // A 429 / transient 503 is asked again after the server's Retry-After (rate-limit.ts).
    const first = await politeGet<{ url: string; status: number; body: string; headers?: Headers; truncated?: boolean; raw?: Buffer }>(
      () => (typeof url === 'string' ? guardedFetch(url, opts) : fetchPostback(url, opts)),
      run.polite,
      { url: typeof url === 'string' ? url : url.url, signal: run.opts.signal },
    );
    // A redirect written in HTML (meta-refresh.ts) is followed like an HTTP one (the same guard).
    const res = await followMetaRefresh(first, (to) => guardedFetch(to, opts), run.pagesVisited);
    run.pagesVisited.push(typeof url === 'string' ? res.url : `${res.url}#post-${url.label}`);
    if (res.status >= 400) {
      run.errors.push(new ScrapeError('MENU_NOT_ACCESSIBLE', `http-${res.status}`, `Menu not accessible: ${res.url} answered ${res.status}`));
      return null;
    }
    run.reachable = true;
    return { url: res.url, body: res.body, raw: res.truncated ? undefined : res.raw };
  } catch (e) {
    note(run, e);
    return null;
  }
}

/** PDF menus (pdf/menu.ts) a page or its rendered DOM gives, each read once within PDF_LIMITS.maxPdfs and SCRAPE_MAX_PAGES (`raw`: the menu URL's own answer), their products added like a page's. */
export async function crawlPdf(run: Run, c: Crawl, urls: string[], raw?: Buffer): Promise<void> {
  for (const url of urls) {
    if (!raw) {
      if (c.seen.has(url) || c.pdfs >= PDF_LIMITS.maxPdfs || run.pages >= run.maxPages) continue;
      c.seen.add(url);
    }
    run.pages++;
    c.pdfs++;
    const r = await readPdfMenu(url, { signal: run.opts.signal, resolver: run.opts.resolver, cookies: run.cookies, raw }).catch((e: unknown) => void note(run, e));
    if (r && !run.pagesVisited.includes(r.url)) run.pagesVisited.push(r.url);
    if (r && addNew(c, r.products)) c.methods.add('pdf');
  }
}
