/**
 * A small in-process TTL cache for derived read models (complete profiles, statistics). Derived
 * data only: every instance can rebuild it from Postgres, so it need not be shared.
 */
export class TtlCache<V> {
  private readonly map = new Map<string, { value: V; expires: number }>();
  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 1000,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    if (this.map.size >= this.maxEntries) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    this.map.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}

/** Caches that must forget catalog writes (tests, admin backfills) call this. */
const registry: TtlCache<unknown>[] = [];
export function registerCache<V>(c: TtlCache<V>): TtlCache<V> {
  registry.push(c as TtlCache<unknown>);
  return c;
}
const listeners: (() => void)[] = [];
/** Caches of another shape (lib/strains/read-cache.ts) forget their entries when clearCatalogCaches() runs. */
export function onCatalogCachesCleared(fn: () => void): void {
  listeners.push(fn);
}
export function clearCatalogCaches(): void {
  for (const c of registry) c.clear();
  for (const fn of listeners) fn();
}
