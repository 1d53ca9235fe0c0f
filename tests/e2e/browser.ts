import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Settings handed over by scripts/e2e.ts (the server it started). */
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3001';
export const ADMIN_KEY = process.env.E2E_ADMIN_KEY ?? process.env.ADMIN_API_KEY ?? '';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** A premium user token minted by scripts/e2e.ts (production has no demo session). */
export const USER_TOKEN = process.env.E2E_USER_TOKEN ?? '';
export const RESULTS_DIR = path.resolve(process.env.E2E_RESULTS_DIR ?? 'test-results');
mkdirSync(RESULTS_DIR, { recursive: true });

export async function launch(): Promise<Browser> {
  // The system Chromium; playwright-core never downloads a browser.
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/**
 * Records cumulative layout shift from the first paint: a buffered PerformanceObserver over
 * `layout-shift` entries, skipping shifts right after user input (as CLS itself does).
 */
const CLS_SCRIPT = `
  window.__cls = 0; window.__shifts = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.hadRecentInput) {
          window.__cls += e.value;
          window.__shifts.push({ value: e.value, sources: (e.sources || []).map((s) => s.node && s.node.nodeName + '.' + (s.node.className || '')) });
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch (e) {}
  // A client-side navigation starts a new page view: measure each page on its own.
  const push = history.pushState;
  history.pushState = function (...args) { window.__cls = 0; window.__shifts = []; return push.apply(this, args); };
`;

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  consoleErrors: string[];
  /** Responses with status >= 400, to explain "Failed to load resource" console errors. */
  failedResponses: string[];
}

/** A page that collects console errors and uncaught exceptions and measures layout shift. */
export async function newTrackedPage(browser: Browser, opts: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: 900 }, colorScheme: opts.colorScheme ?? 'light', baseURL: BASE_URL });
  await context.addInitScript(CLS_SCRIPT);
  // Signed in the way a visitor without Supabase Auth signs in: a pasted token (lib/client/session.ts).
  if (USER_TOKEN) await context.addInitScript((t: string) => localStorage.setItem('ci.userToken', t), USER_TOKEN);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${m.text()}${m.location().url ? ` [${m.location().url}]` : ''}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  const failedResponses: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failedResponses.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return { page, context, consoleErrors, failedResponses };
}

export async function cls(page: Page): Promise<{ value: number; shifts: unknown[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: unknown[] };
    return { value: w.__cls ?? 0, shifts: w.__shifts ?? [] };
  });
}

export interface A11yReport {
  imagesWithoutAlt: string[];
  unlabelledControls: string[];
}

/** Lighthouse-style basics: every <img> has alt text, every form control has an accessible name. */
export async function a11yBasics(page: Page): Promise<A11yReport> {
  return page.evaluate(() => {
    const imagesWithoutAlt = Array.from(document.querySelectorAll('img'))
      .filter((img) => !img.hasAttribute('alt') || (img.getAttribute('alt') ?? '').trim() === '')
      .map((img) => img.outerHTML.slice(0, 120));
    const controls = Array.from(document.querySelectorAll('input, select, textarea, button')) as HTMLElement[];
    const unlabelledControls = controls
      .filter((el) => {
        if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
        const aria = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
        if (aria) return false;
        if (el instanceof HTMLButtonElement) return (el.textContent ?? '').trim() === '' && !el.title;
        const labels = (el as HTMLInputElement).labels;
        if (labels && labels.length > 0 && Array.from(labels).some((l) => (l.textContent ?? '').trim() !== '')) return false;
        return !el.title;
      })
      .map((el) => el.outerHTML.slice(0, 120));
    return { imagesWithoutAlt, unlabelledControls };
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(RESULTS_DIR, `${name}.png`);
  // From the top, so the sticky header sits where it belongs in the full-page image.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
