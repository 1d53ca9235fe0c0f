export interface LimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds when the window resets. */
  reset: number;
}

export interface LimitStore {
  readonly name: string;
  hit(key: string, limit: number, windowMs: number): Promise<LimitResult>;
  /** The window's state without counting a request. */
  peek(key: string, limit: number, windowMs: number): Promise<LimitResult>;
}

/** In-process fixed window: the embedded default, exact for one process. */
export class MemoryStore implements LimitStore {
  readonly name = 'memory';
  private buckets = new Map<string, { count: number; reset: number }>();
  private lastSweep = 0;

  async hit(key: string, limit: number, windowMs: number): Promise<LimitResult> {
    const now = Date.now();
    this.sweep(now);
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const reset = windowStart + windowMs;
    let b = this.buckets.get(key);
    if (!b || b.reset <= now) {
      b = { count: 0, reset };
      this.buckets.set(key, b);
    }
    b.count += 1;
    return { success: b.count <= limit, limit, remaining: Math.max(0, limit - b.count), reset: b.reset };
  }

  async peek(key: string, limit: number, windowMs: number): Promise<LimitResult> {
    const now = Date.now();
    const b = this.buckets.get(key);
    const reset = Math.floor(now / windowMs) * windowMs + windowMs;
    if (!b || b.reset <= now) return { success: true, limit, remaining: limit, reset };
    return { success: b.count < limit, limit, remaining: Math.max(0, limit - b.count), reset: b.reset };
  }

  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, b] of this.buckets) if (b.reset <= now) this.buckets.delete(k);
  }
}
