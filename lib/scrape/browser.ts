import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { config } from '@/lib/config';
import { logger } from '@/lib/log';
import { WATCH_INTERVALS } from '@/lib/scrape/browser-rotation';
import type { Resolver } from '@/lib/scrape/address';
import { abortError, ScrapeError } from '@/lib/scrape/errors';
import { proxyArgs, proxyThroughGuard, type BlockedRequest, type GuardState } from '@/lib/scrape/browser-guard';
import { USER_AGENT } from '@/lib/scrape/guarded-fetch';
import { relayWebSocket } from '@/lib/scrape/browser-websocket';

/**
 * Chromium for pages that need scripts. One browser process is shared and closed after a short
 * idle period; every scan gets its own context (cookies, storage) that is always closed.
 *
 * Every request the page makes (documents, scripts, XHR, frames, images) is intercepted and
 * performed by guardedRequest, so it passes the same address rule on the socket actually
 * connected to; redirects never reach Chromium unchecked, and a deny proxy catches anything that
 * escapes interception (see browser-guard.ts). WebSockets are relayed through the same rule
 * (browser-websocket.ts); service workers are blocked.
 */

export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * Page code run before any page script: \`Element.prototype.attachShadow\` still attaches the
 * root the page asked for (closed stays closed to the page), and a closed one is also kept in a
 * WeakMap on a non-enumerable \`window.__scanShadowRoots\`, where the scan's readers find it.
 */
export const KEEP_CLOSED_SHADOW_ROOTS = String.raw`(() => {
  if (window.__scanShadowRoots) return;
  const roots = new WeakMap();
  Object.defineProperty(window, '__scanShadowRoots', { value: roots, enumerable: false });
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    if (init && init.mode === 'closed') roots.set(this, root);
    return root;
  };
})()`;

export const chromiumPath = (): string => config().scrape.chromiumPath;
export const browserAvailable = (): boolean => existsSync(/* turbopackIgnore: true */ chromiumPath());

const IDLE_MS = () => config().scrape.browserIdleMs;
const g = globalThis as unknown as { __scrapeBrowser?: { browser: Promise<Browser>; users: number; idle: NodeJS.Timeout | null } };

async function acquireBrowser(): Promise<{ browser: Browser; release: () => void }> {
  let slot = g.__scrapeBrowser;
  if (slot) {
    const b = await slot.browser.catch(() => null);
    if (!b || !b.isConnected()) slot = g.__scrapeBrowser = undefined;
  }
  if (!slot) {
    if (!browserAvailable()) throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'browser-unavailable', `Menu not accessible: no Chromium at ${chromiumPath()}`);
    const launching = proxyArgs().then((proxy) => chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...BROWSER_ARGS, ...proxy], timeout: 30_000 }));
    slot = g.__scrapeBrowser = { browser: launching, users: 0, idle: null };
    launching.catch(() => {
      if (g.__scrapeBrowser === slot) g.__scrapeBrowser = undefined;
    });
  }
  const current = slot;
  if (current.idle) clearTimeout(current.idle);
  current.idle = null;
  current.users++;
  const browser = await current.browser;
  let released = false;
  return {
    browser,
    release: () => {
      if (released) return;
      released = true;
      current.users--;
      if (current.users === 0) {
        current.idle = setTimeout(() => {
          if (g.__scrapeBrowser === current && current.users === 0) {
            g.__scrapeBrowser = undefined;
            void browser.close().catch(() => undefined);
          }
        }, IDLE_MS());
        current.idle.unref();
      }
    },
  };
}

/** Whether the shared browser is running and how many scan contexts are open (tests, admin). */
export async function browserStats(): Promise<{ running: boolean; contexts: number }> {
  const slot = g.__scrapeBrowser;
  const b = slot ? await slot.browser.catch(() => null) : null;
  return b && b.isConnected() ? { running: true, contexts: b.contexts().length } : { running: false, contexts: 0 };
}

/** Closes the shared browser now (tests, shutdown). */
export async function closeBrowser(): Promise<void> {
  const slot = g.__scrapeBrowser;
  g.__scrapeBrowser = undefined;
  if (!slot) return;
  if (slot.idle) clearTimeout(slot.idle);
  const b = await slot.browser.catch(() => null);
  await b?.close().catch(() => undefined);
}

export type { BlockedRequest } from '@/lib/scrape/browser-guard';

export interface ScanContext {
  context: BrowserContext;
  blocked: BlockedRequest[];
}

/** A fresh guarded context for one scan; `close()` is idempotent and also runs on abort. */
export async function openScanContext(opts: { signal?: AbortSignal; resolver?: Resolver } = {}): Promise<ScanContext & { close(): Promise<void> }> {
  if (opts.signal?.aborted) throw abortError(opts.signal);
  const { browser, release } = await acquireBrowser();
  const inner = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, inner.signal]) : inner.signal;
  let context: BrowserContext | null = null;
  let closed: Promise<void> | null = null;
  const close = () =>
    (closed ??= (async () => {
      opts.signal?.removeEventListener('abort', onAbort);
      inner.abort();
      await context?.close().catch((err: Error) => logger().warn({ err: err.message }, 'scrape: closing browser context failed'));
      release();
    })());
  const onAbort = () => void close();
  try {
    context = await browser.newContext({
      userAgent: USER_AGENT,
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'block',
      acceptDownloads: false,
      javaScriptEnabled: true,
    });
    context.setDefaultTimeout(config().scrape.browserActionTimeoutMs);
    // Closed shadow roots (a menu widget's cards built into `attachShadow({mode: 'closed'})`) are
    // out of reach of page code; the scan keeps each one as it is attached (browser-page.ts reads them).
    await context.addInitScript(KEEP_CLOSED_SHADOW_ROOTS);
    // Page timers, so a menu board rotating its slides is watched (browser-rotation.ts).
    await context.addInitScript(WATCH_INTERVALS);
    const state: GuardState = { blocked: [], documentRedirects: 0 };
    const blocked = state.blocked;
    await context.route('**/*', (route) => proxyThroughGuard(route, state, signal, opts.resolver));
    // WebSockets are relayed from this process over a socket that passed the address rule
    // (browser-websocket.ts); Chromium never opens one itself.
    const ctx = context;
    await context.routeWebSocket(/.*/, (ws) => relayWebSocket(ctx, ws, blocked, signal, opts.resolver));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    // Aborted while the context was being set up: the listener above came too late to fire.
    if (opts.signal?.aborted) throw abortError(opts.signal);
    return { context, blocked, close };
  } catch (e) {
    await close();
    if (opts.signal?.aborted) throw abortError(opts.signal);
    throw e;
  }
}

/** Runs `fn` with a fresh guarded context; the context is closed however `fn` ends, and on abort. */
export async function withScanContext<T>(fn: (scan: ScanContext) => Promise<T>, opts: { signal?: AbortSignal; resolver?: Resolver } = {}): Promise<T> {
  const scan = await openScanContext(opts);
  try {
    return await fn(scan);
  } catch (e) {
    if (opts.signal?.aborted) throw abortError(opts.signal);
    throw e;
  } finally {
    await scan.close();
  }
}
