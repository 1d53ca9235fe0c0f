/**
 * What servers asked of this process's scans, per origin (scheme, host and port): after a 429 /
 * 503 with a `Retry-After`, that origin is not asked again before the wait is over, and its later
 * requests are spaced. Kept process-wide, so two scans of one host (or a menu's pages and its
 * frames' API on two hosts) share what each learned: a wait one host asked for slows that host
 * only. Bounded: the least recently used origins are dropped past MAX_ORIGINS, and an origin that
 * asked for nothing for TTL_MS is forgotten (rate-limit.ts uses it).
 */

export const HOST_PACE = {
  /** Origins remembered at most (least recently used dropped first). */
  maxOrigins: 500,
  /** An origin that has not asked to wait for this long is paced no more. */
  ttlMs: 10 * 60_000,
};

interface Pace {
  /** The pause between two requests to the origin. */
  paceMs: number;
  /** The earliest time the next request may start (a wait the server asked for, or the next free slot). */
  next: number;
  /** When the origin last asked to wait. */
  learned: number;
}

const g = globalThis as unknown as { __scrapeHostPace?: Map<string, Pace> };
const paces = (): Map<string, Pace> => (g.__scrapeHostPace ??= new Map());

/** `https://shop.example:8443` for any URL on it; null for one that does not parse. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return null;
  }
}

/** The origin's entry, marked most recently used; undefined (and dropped) once expired. */
function entry(origin: string, now: number): Pace | undefined {
  const map = paces();
  const p = map.get(origin);
  if (!p) return undefined;
  map.delete(origin);
  if (now - p.learned > HOST_PACE.ttlMs && p.next <= now) return undefined;
  map.set(origin, p);
  return p;
}

/** The origin asked to wait `waitMs`: no request to it before then, and `paceMs` between later ones. */
export function learnWait(origin: string | null, waitMs: number, paceMs: number, now = Date.now()): void {
  if (!origin) return;
  const map = paces();
  const p = entry(origin, now) ?? { paceMs: 0, next: 0, learned: now };
  p.paceMs = Math.max(p.paceMs, paceMs);
  p.next = Math.max(p.next, now + waitMs);
  p.learned = now;
  map.set(origin, p);
  for (const oldest of map.keys()) {
    if (map.size <= HOST_PACE.maxOrigins) break;
    map.delete(oldest);
  }
}

/**
 * Takes the origin's next request slot: how long to wait before asking it (0 for an origin that
 * never asked to wait). The slot after it is one pause later, so concurrent scans take turns.
 */
export function takeSlot(origin: string | null, now = Date.now()): number {
  const p = origin ? entry(origin, now) : undefined;
  if (!p) return 0;
  const start = Math.max(now, p.next);
  p.next = start + p.paceMs;
  return start - now;
}

/** The origin answered: its next request waits a full pause from now (as a scan's own did before). */
export function answered(origin: string | null, now = Date.now()): void {
  const p = origin ? paces().get(origin) : undefined;
  if (p) p.next = Math.max(p.next, now + p.paceMs);
}

/** The pause an origin's requests are spaced by now (0 when it never asked; tests, admin). */
export const paceOf = (origin: string): number => paces().get(origin)?.paceMs ?? 0;

/** Origins remembered (tests). */
export const pacedOrigins = (): number => paces().size;

/** Forgets every origin (tests). */
export const resetHostPace = (): void => paces().clear();
