/**
 * A server that refuses pages asked for too quickly (429 Too Many Requests, a transient 503 Service
 * Unavailable; Cloudflare's 1015, Shopify's and WordPress security plugins' limits) serves them
 * again after a while: a scan waits as the server asks (`Retry-After` in seconds, as a decimal, or
 * as an HTTP date; bounded) and asks again, and after such an answer spaces its later requests
 * (twentieth round, docs/menus.md). Without a `Retry-After` it asks again once. The wait and the
 * pacing belong to the origin that asked (host-pace.ts, shared by the process's scans); what one
 * scan waits in all is bounded by its budget.
 */
import { answered, learnWait, originOf, takeSlot } from '@/lib/scrape/host-pace';

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

/** One scan's politeness: the time it waited so far (beyond ordinary pauses), bounded by POLITE.budgetMs. */
export interface Politeness {
  waitedMs: number;
}
export const politeness = (): Politeness => ({ waitedMs: 0 });

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

export interface PoliteOptions<T> {
  /** The URL asked (its origin is paced); without one, nothing is paced. */
  url?: string;
  signal?: AbortSignal;
  /** The wait an answer asks for in ms, null when it names none (default: its `Retry-After`). */
  asked?: (res: T) => number | null | Promise<number | null>;
  /** Whether an answer that names no wait is asked again once (default true). */
  unasked?: boolean;
}

/**
 * Waits for the origin's next slot (host-pace.ts). A pause up to `freeMs` (an ordinary pause, or a
 * wait already counted) is free; what is longer (a wait another scan learned, a queue of scans)
 * comes out of the scan's budget, and is cut to what is left of it.
 */
async function paced(origin: string | null, state: Politeness, signal?: AbortSignal, freeMs = POLITE.maxPaceMs): Promise<void> {
  const ahead = takeSlot(origin);
  if (ahead <= 0) return;
  const wait = Math.min(ahead, Math.max(freeMs, POLITE.budgetMs - state.waitedMs));
  state.waitedMs += Math.max(0, wait - freeMs);
  await sleep(wait, signal);
}

/** `get()`, asked again while the answer is 429 / 503 and the server's wait fits the scan's budget. */
export async function politeGet<T extends { status: number; headers?: Headers }>(get: () => Promise<T>, state: Politeness, opts: PoliteOptions<T> = {}): Promise<T> {
  const { signal } = opts;
  const origin = originOf(opts.url);
  const ask = async (freeMs?: number) => {
    await paced(origin, state, signal, freeMs);
    const res = await get();
    answered(origin);
    return res;
  };
  let res = await ask();
  for (let i = 0; RETRY_LATER.has(res.status) && !signal?.aborted; i++) {
    const asked = await (opts.asked ? opts.asked(res) : retryAfterMs(res.headers?.get('retry-after')));
    if (i >= (asked === null ? (opts.unasked === false ? 0 : 1) : POLITE.retries)) break;
    const wait = Math.min(POLITE.maxWaitMs, Math.max(250, asked ?? POLITE.defaultMs));
    if (state.waitedMs + wait > POLITE.budgetMs) break;
    state.waitedMs += wait;
    // The wait is the origin's from now on (every scan of it waits), this scan's counted already.
    learnWait(origin, wait, Math.min(POLITE.maxPaceMs, wait / 2));
    if (!origin) await sleep(wait, signal);
    res = await ask(Math.max(wait, POLITE.maxPaceMs));
  }
  return res;
}
