import type { Page } from 'playwright-core';
import { productIdentity } from '@/lib/scrape/normalize';
import { textPrint, waitChange } from '@/lib/scrape/browser-wait';
import type { ScrapedProduct } from '@/lib/scrape/types';

/**
 * A menu that shows one part at a time and moves on by itself (docs/menus.md, twenty-second round):
 * the web player of an in-store digital menu board rotating its slides on a timer, no controls,
 * each slide rendered from the board's data when its turn comes. Nothing to press or scroll: the
 * scan waits for the page to change by itself and reads each new slide, until a change brings no
 * product it has not seen (the board came round to a slide read before) or the bound is reached.
 *
 * Waiting costs time, so it is done only on pages whose script runs a timer of one to twenty
 * seconds (`setInterval`, recorded as the page starts by WATCH_INTERVALS; slower timers are the
 * heartbeats and pollers of ordinary pages, not a board's slides), each wait one period of the
 * longest such timer and a little more; and a page whose first change by itself brings no new
 * product (a promotion carousel beside an ordinary menu) is left after that one wait.
 */
const LONGEST_SLIDE_MS = 20_000;
export const WATCH_INTERVALS = String.raw`(() => {
  if (window.__scanIntervals) return;
  const periods = [];
  Object.defineProperty(window, '__scanIntervals', { value: periods, enumerable: false });
  const set = window.setInterval;
  window.setInterval = function (fn, ms, ...rest) {
    const d = Number(ms) || 0;
    if (d >= 1000 && d <= 30000 && periods.length < 50) periods.push(d);
    return set.call(this, fn, ms, ...rest);
  };
})()`;

/** The longest page timer of one to thirty seconds (ms) in any frame, or 0. */
export async function rotationPeriod(page: Page): Promise<number> {
  let max = 0;
  for (const f of page.frames()) {
    const ds = await f.evaluate<number[]>('Array.from(window.__scanIntervals || [])').catch(() => [] as number[]);
    for (const d of ds) if (d <= LONGEST_SLIDE_MS) max = Math.max(max, d);
  }
  return max;
}

export interface RotationOptions {
  signal?: AbortSignal;
  onRound?: (what: string) => void;
  /** Longest total wait (ms). */
  maxMs?: number;
  maxRounds?: number;
}

/** Reads every slide of a self-rotating menu; the products seen (the first read's first) and the new slides read. */
export async function watchRotation(
  page: Page,
  seen: ScrapedProduct[],
  read: () => Promise<ScrapedProduct[]>,
  opts: RotationOptions = {},
): Promise<{ products: ScrapedProduct[]; rounds: number }> {
  const period = await rotationPeriod(page);
  if (!period) return { products: seen, rounds: 0 };
  const all = [...seen];
  const keys = new Set(seen.map(productIdentity));
  const start = Date.now();
  let rounds = 0;
  // Slides can pass unseen while one is read (a read may take longer than a slide shows): the
  // board is watched until three changes in a row bring nothing new.
  let idle = 0;
  let print = await textPrint(page);
  while (Date.now() - start < (opts.maxMs ?? 90_000) && rounds < (opts.maxRounds ?? 40) && !opts.signal?.aborted) {
    if (!(await waitChange(page, print, period + 1500))) break;
    print = await textPrint(page);
    const fresh = (await read()).filter((p) => !keys.has(productIdentity(p)));
    if (!fresh.length) {
      // Nothing new yet: what moves is not the menu. Else the board may have come round.
      if (rounds === 0 || ++idle >= 3) break;
      continue;
    }
    idle = 0;
    for (const p of fresh) {
      keys.add(productIdentity(p));
      all.push(p);
    }
    rounds++;
    opts.onRound?.(`${page.url()}#rotation-${rounds}`);
  }
  return { products: all, rounds };
}
