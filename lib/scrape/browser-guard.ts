import net from 'node:net';
import type { Route } from 'playwright-core';
import { config } from '@/lib/config';
import { logger } from '@/lib/log';
import type { Resolver } from '@/lib/scrape/address';
import { ScrapeError } from '@/lib/scrape/errors';
import { assertFetchableUrl, FETCH_DEFAULTS, guardedRequest } from '@/lib/scrape/guarded-fetch';

/**
 * How the browser is kept inside the address rule.
 *
 * 1. Every request Chromium makes is intercepted (context.route) and performed by
 *    guardedRequest, so the check runs on the socket actually connected to.
 * 2. Playwright does not route redirect hops: a 3xx handed to Chromium would be followed
 *    straight to the network. So no 3xx ever reaches Chromium: subresource redirects are followed
 *    (and re-validated) server-side, and a document redirect is answered with a tiny page that
 *    navigates to the validated Location — a new request, routed again.
 * 3. Fail closed: Chromium runs with a proxy that refuses everything (this process's "deny proxy").
 *    Anything that escapes interception (a redirect hop, a preconnect) dies there, and is logged.
 */

export interface BlockedRequest {
  url: string;
  reason: string;
  /** The refusal message (names the refused host when a followed redirect led there). */
  detail?: string;
  /** The page's own top-level navigation (script `location=`, meta refresh, a redirect), not a subresource or frame. */
  topLevel?: boolean;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'accept-encoding', 'upgrade', 'proxy-connection']);
const DROP_RESPONSE = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'alt-svc', 'location']);
const REDIRECT = new Set([301, 302, 303, 307, 308]);

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Per-context state: refused requests, and document redirects taken (capped like HTTP hops). */
export interface GuardState {
  blocked: BlockedRequest[];
  documentRedirects: number;
}

export async function proxyThroughGuard(route: Route, state: GuardState, signal: AbortSignal, resolver?: Resolver): Promise<void> {
  const req = route.request();
  const url = req.url();
  if (/^(data|blob):/i.test(url)) return route.continue();
  const isDocument = req.isNavigationRequest();
  try {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(await req.allHeaders())) if (!HOP_BY_HOP.has(k.toLowerCase()) && !k.startsWith(':')) headers[k] = v;
    const res = await guardedRequest(url, {
      method: req.method(),
      headers,
      body: req.postDataBuffer(),
      followRedirects: !isDocument,
      signal,
      resolver,
      timeoutMs: config().scrape.fetchTimeoutMs,
    });
    const location = res.headers.get('location');
    if (isDocument && REDIRECT.has(res.status) && location) {
      if (++state.documentRedirects > FETCH_DEFAULTS.maxRedirects()) {
        throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'too-many-redirects', 'Menu not accessible: too many redirects in the browser');
      }
      const target = assertFetchableUrl(location, url).href;
      // Cookies set on the redirect (an age gate's "verified" answer, a session) still count.
      const setCookie = res.headers.getSetCookie();
      await route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...(setCookie.length ? { 'set-cookie': setCookie.join('\n') } : {}) },
        body: `<!doctype html><meta http-equiv="refresh" content="0;url=${attr(target)}"><script>location.replace(${JSON.stringify(target).replace(/</g, '\\u003c')})</script>`,
      });
      return;
    }
    const out: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (!DROP_RESPONSE.has(k) && k !== 'set-cookie') out[k] = v;
    });
    const cookies = res.headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies.join('\n');
    await route.fulfill({ status: res.status, headers: out, body: res.body });
  } catch (e) {
    const reason = e instanceof ScrapeError ? e.reason : 'network-error';
    let topLevel = false;
    try {
      topLevel = isDocument && req.frame().parentFrame() === null;
    } catch {
      // a request without a frame (service worker): never top-level
    }
    state.blocked.push({ url, reason, detail: (e as Error).message, ...(topLevel ? { topLevel } : {}) });
    await route.abort(reason === 'address-refused' || reason === 'scheme-refused' ? 'blockedbyclient' : 'failed').catch(() => undefined);
  }
}

// ---------- deny proxy ----------

const g = globalThis as unknown as { __scrapeDenyProxy?: Promise<{ port: number; escapes: string[] }> };

/** A loopback proxy that answers 403 to every request (and CONNECT) and records what reached it. */
export function denyProxy(): Promise<{ port: number; escapes: string[] }> {
  g.__scrapeDenyProxy ??= new Promise((resolve, reject) => {
    const escapes: string[] = [];
    const server = net.createServer((sock) => {
      sock.once('data', (chunk) => {
        const line = chunk.toString('latin1').split('\r\n')[0] ?? '';
        escapes.push(line.slice(0, 300));
        // Mostly Chromium's own background calls (component updates, sign-in); refused either way.
        logger().debug({ request: line.slice(0, 300) }, 'scrape: a browser request escaped interception and was refused');
        sock.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      });
      sock.on('error', () => undefined);
      sock.setTimeout(5_000, () => sock.destroy());
    });
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as net.AddressInfo).port, escapes }));
  });
  return g.__scrapeDenyProxy;
}

export async function proxyArgs(): Promise<string[]> {
  const { port } = await denyProxy();
  // `<-loopback>` removes Chromium's implicit loopback bypass: nothing goes direct.
  return [`--proxy-server=http://127.0.0.1:${port}`, '--proxy-bypass-list=<-loopback>'];
}
