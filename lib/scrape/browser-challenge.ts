import type { BrowserContext, Page, Response } from 'playwright-core';

/**
 * Bot-check interstitials ("Just a moment…", a proof of work, a cookie set by a script): the page
 * replaces itself — a reload, a form it submits, a redirect — before the menu shows. The first
 * answer may be an error status (Cloudflare's 503, DDoS-Guard's 403) that the browser, running the
 * page's script, gets past; and the menu's other pages carry the cookie only in the browser.
 */

/** Statuses a bot-check interstitial answers with before its script passes the check. */
export const CHALLENGE_STATUS: ReadonlySet<number> = new Set([403, 429, 503]);

export interface NavigationWatch {
  /** The main frame's document answers, in order (redirect hops included). */
  statuses: number[];
  /** Navigations the main frame started (a redirect hop is part of the navigation it ends). */
  starts: number;
}

const mainDocument = (page: Page, r: Response): boolean => {
  try {
    return r.request().isNavigationRequest() && r.frame() === page.mainFrame();
  } catch {
    return false; // a service worker's response has no frame
  }
};

/** Watches the main frame's document answers from now on (call before the first navigation). */
export function watchNavigations(page: Page): NavigationWatch {
  const watch: NavigationWatch = { statuses: [], starts: 0 };
  page.on('response', (r) => {
    if (!mainDocument(page, r)) return;
    watch.statuses.push(r.status());
    if (!r.request().redirectedFrom()) watch.starts++;
  });
  return watch;
}

/**
 * After a first answer of 403 / 429 / 503: waits up to `ms` for the page's own script to pass its
 * check (the main frame's latest document answered 2xx) and for that document to load. False
 * when none came: a refusal, not a check.
 */
export async function passInterstitial(page: Page, watch: NavigationWatch, ms: number): Promise<boolean> {
  const start = Date.now();
  const passed = () => watch.starts > 1 && (watch.statuses.at(-1) ?? 0) >= 200 && (watch.statuses.at(-1) ?? 0) < 300;
  while (!passed() && Date.now() - start < ms && !page.isClosed()) await page.waitForTimeout(200);
  if (!passed()) return false;
  await page.waitForLoadState('domcontentloaded', { timeout: Math.max(1_000, ms - (Date.now() - start)) }).catch(() => undefined);
  return true;
}

/**
 * Whether the page replaced itself and came back to the address asked for (a bot check's reload,
 * its form or redirect back, with or without a token in the query): the pass is a cookie only
 * the browser holds. A redirect on to another page (a store's menu) is not one.
 */
export function cameBack(watch: NavigationWatch, asked: string, now: string): boolean {
  if (watch.starts < 2) return false;
  try {
    const a = new URL(asked);
    const b = new URL(now);
    return a.origin === b.origin && a.pathname.replace(/\/+$/, '') === b.pathname.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

/** The names of the cookies the browser holds for a URL (none when they cannot be read). */
export const cookieNames = async (context: BrowserContext, url: string): Promise<string[]> =>
  (await context.cookies(url).catch(() => [] as Array<{ name: string }>)).map((c) => c.name);
