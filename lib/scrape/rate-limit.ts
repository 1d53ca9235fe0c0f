/**
 * A server that refuses pages asked for too quickly (429 Too Many Requests, a transient 503 Service
 * Unavailable; Cloudflare's 1015, Shopify's and WordPress security plugins' limits) serves them
 * again after a while: a scan waits as the server asks (`Retry-After` in seconds, as a decimal, or
 * as an HTTP date; bounded) and asks again, and after such an answer spaces its later requests
 * (twentieth round, docs/menus.md). Without a `Retry-After` it asks again once.
 */

/** Statuses that mean "come back later". */
export const RETRY_LATER: ReadonlySet<number> = new Set([429, 503]);

export const POLITE = {
  /** Tries after the first answer when the server says when to come back. */
  retries: 3,
  /** The longest single wait, and all waits of one scan together. */
  maxWaitMs: 10_000,
  budgetMs: 30_000,
  /** The wait when the server does not say. */
  defaultMs: 1_000,
  /** The longest pause between later requests. */
  maxPaceMs: 1_500,
};

/** One scan's politeness: the pause before each request, the time waited so far. */
export interface Politeness {
  paceMs: number;
  waitedMs: number;
}
export const politeness = (): Politeness => ({ paceMs: 0, waitedMs: 0 });

/** The wait a `Retry-After` value asks for in ms (`2`, `2.0`, an HTTP date), null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^\d+(?:\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** Waits `ms`, or less when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** `get()`, asked again while the answer is 429 / 503 and the server's wait fits the scan's budget. */
export async function politeGet<T extends { status: number; headers?: Headers }>(get: () => Promise<T>, state: Politeness, signal?: AbortSignal): Promise<T> {
  if (state.paceMs) await sleep(state.paceMs, signal);
  let res = await get();
  for (let i = 0; RETRY_LATER.has(res.status) && !signal?.aborted; i++) {
    const asked = retryAfterMs(res.headers?.get('retry-after'));
    if (i >= (asked === null ? 1 : POLITE.retries)) break;
    const wait = Math.min(POLITE.maxWaitMs, Math.max(250, asked ?? POLITE.defaultMs));
    if (state.waitedMs + wait > POLITE.budgetMs) break;
    state.waitedMs += wait;
    state.paceMs = Math.max(state.paceMs, Math.min(POLITE.maxPaceMs, wait / 2));
    await sleep(wait, signal);
    res = await get();
  }
  return res;
}
