import type { Page, Response } from 'playwright-core';
import { config } from '@/lib/config';
import { POLITE, politeGet, politeness, retryAfterMs, type Politeness } from '@/lib/scrape/rate-limit';

/**
 * The browser's navigations asked as politely as plain HTTP (rate-limit.ts): the origin's pacing
 * (host-pace.ts) is waited for before each one, and a menu page answered 429 / 503 with a
 * `Retry-After`, or Cloudflare's "Error 1015 — you are being rate limited" page, is loaded again
 * after the wait, under the scan's budget. A 429 / 503 that names no wait is left to the bot-check
 * step (browser-challenge.ts): its script may be passing it already.
 */

/** Cloudflare's rate-limit page (its error code 1015). */
const CLOUDFLARE_1015 = /cf-error-code[^>]*>\s*1015\b|\berror(?:\s+code)?:?\s*1015\b|you are being rate limited/i;

/** The wait a navigation's answer asks for: its `Retry-After`, else the longest wait for a 1015 page (Cloudflare bans for 10 s at least), else null. */
export async function navigationWait(nav: Response | null): Promise<number | null> {
  if (!nav) return null;
  const asked = retryAfterMs(nav.headers()['retry-after']);
  if (asked !== null) return asked;
  return CLOUDFLARE_1015.test(await nav.text().catch(() => '')) ? POLITE.maxWaitMs : null;
}

/** `page.goto(url)`, paced by its origin and loaded again after a 429 / 503 that asked to wait; throws as goto does. */
export async function politeGoto(page: Page, url: string, state: Politeness = politeness(), signal?: AbortSignal): Promise<Response | null> {
  const load = async () => {
    const nav = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: config().scrape.browserNavTimeoutMs });
    return { nav, status: nav?.status() ?? 0 };
  };
  const r = await politeGet(load, state, { url, signal, unasked: false, asked: (res) => navigationWait(res.nav) });
  return r.nav;
}
