/**
 * In-process caches of catalog reads (search results, strains by slug), valid for one catalog
 * version. The catalog_version row (supabase/migrations/20261123000100_catalog_version.sql) moves
 * on every write to strains, strain_names or strain_universe by anyone — this process, another
 * instance, a psql session — so a cache that asks for it is never older than the interval it asks
 * at: at most once per CATALOG_VERSION_CHECK_MS (default 1 s) per database handle, one cheap
 * single-row read shared by every request in that interval. An answer read by a transaction that
 * itself wrote the catalog is never cached.
 *
 * Entries are keyed by kind and a normalised key (the search term as the search itself
 * normalises it, with the limit), bounded per kind by count (CATALOG_CACHE_ENTRIES) and by an
 * estimate of their bytes (CATALOG_CACHE_BYTES), oldest out first, and a cached value is shared:
 * callers must not mutate what they get.
 */
import { appEnv, config } from '@/lib/config';
import { onCatalogCachesCleared } from '@/lib/strains/cache';
import type { Queryable } from '@/lib/db';
import { readCatalogStamp } from '@/lib/strains/repo';
import { SizedCache } from '@/lib/sized-cache';

interface State {
  instance: string | null;
  version: string | null;
  checkedAt: number;
  checking: Promise<boolean> | null;
  /** Bumped whenever the entries are dropped; a load that straddles a bump is not stored. */
  generation: number;
  /** Each kind's entries (insertion order = age). */
  entries: Map<string, SizedCache<unknown>>;
}

/**
 * Bytes a cached value holds, estimated from its JSON text: parsed objects take about twice their
 * text on the heap. Only computed when a value is stored (a miss, which has just queried).
 */
export function estimateBytes(value: unknown): number {
  return 2 * (JSON.stringify(value)?.length ?? 8);
}

const states = new WeakMap<object, State>();
/** clearCatalogCaches() (tests, admin backfills) forgets every handle's entries by moving this. */
let epoch = 0;
const epochs = new WeakMap<State, number>();
onCatalogCachesCleared(() => {
  epoch++;
});

/** Tests see their own writes at once; a deployment asks once a second. */
function checkInterval(): number {
  return config().hotpath.catalogVersionCheckMs ?? (appEnv() === 'test' ? 0 : 1000);
}
const stats = { hits: 0, misses: 0, versionChecks: 0, invalidations: 0 };

function stateOf(db: Queryable): State {
  let s = states.get(db);
  if (!s || epochs.get(s) !== epoch) {
    s = { instance: null, version: null, checkedAt: -Infinity, checking: null, generation: 0, entries: new Map() };
    states.set(db, s);
    epochs.set(s, epoch);
  }
  return s;
}

/** Read the version when the last check is older than the interval; false when this caller must not cache. */
async function current(db: Queryable, s: State): Promise<boolean> {
  if (s.version !== null && Date.now() - s.checkedAt < checkInterval()) return true;
  s.checking ??= (async () => {
    try {
      stats.versionChecks++;
      const stamp = await readCatalogStamp(db);
      if (stamp.ownWrite) return false;
      if (stamp.instance !== s.instance || stamp.version !== s.version) {
        if (s.version !== null) stats.invalidations++;
        s.entries.clear();
        s.generation++;
        s.instance = stamp.instance;
        s.version = stamp.version;
      }
      s.checkedAt = Date.now();
      return true;
    } finally {
      s.checking = null;
    }
  })();
  return s.checking;
}

/**
 * The catalog stamp the cached answers of this handle belong to: no query while the last check is
 * within the interval (CATALOG_VERSION_CHECK_MS), else one check shared with the cache. A caller
 * inside a transaction that wrote the catalog gets its own read. A conditional GET answered from
 * this cache tags its answer with it (lib/meta/service.ts), so tag and body name the same version.
 */
export async function cachedCatalogStamp(db: Queryable): Promise<{ instance: string; version: string }> {
  const s = stateOf(db);
  const fresh = s.version !== null && Date.now() - s.checkedAt < checkInterval();
  if ((fresh || (await current(db, s))) && s.instance !== null && s.version !== null) return { instance: s.instance, version: s.version };
  return readCatalogStamp(db);
}

/**
 * A replay rule for an answer built from this handle's catalog reads (`Ok.keep`,
 * lib/http/front-cache.ts): true while the catalog state checked when it is called is still the
 * checked one (same version, same instance, no clear, last check within the interval), so a
 * replay is never older than a cached read would be. Undefined when the state is not freshly
 * checked (the read about to happen checks it; the next answer can be kept). Take it before the
 * reads the answer is made of: an answer read under an older state is then never kept as newer.
 */
export function catalogKeep(db: Queryable): (() => boolean) | undefined {
  const token = freshCatalogToken(db);
  if (token === null) return undefined;
  return () => freshCatalogToken(db) === token;
}

function freshCatalogToken(db: Queryable): string | null {
  const s = states.get(db);
  if (!s || epochs.get(s) !== epoch || s.version === null || Date.now() - s.checkedAt >= checkInterval()) return null;
  return `${epoch}/${s.generation}/${s.instance}/${s.version}`;
}

/**
 * `load()`'s answer for `key`, from the cache when the catalog has not changed since it was read.
 * Errors are not cached.
 */
export async function cachedCatalogRead<T>(db: Queryable, kind: string, key: string, load: () => Promise<T>, sizeOf: (value: T) => number = estimateBytes): Promise<T> {
  const s = stateOf(db);
  // Checked within the interval: no version read, and no await before the lookup.
  const fresh = s.version !== null && Date.now() - s.checkedAt < checkInterval();
  if (!fresh && !(await current(db, s))) return load();
  const k = s.entries.get(kind);
  if (k?.has(key)) {
    stats.hits++;
    return k.get(key) as T;
  }
  stats.misses++;
  const generation = s.generation;
  const value = await load();
  if (s.generation === generation) store(s, kind, key, value, sizeOf(value) + key.length);
  return value;
}

function store(s: State, kind: string, key: string, value: unknown, bytes: number): void {
  const { catalogCacheEntries: entries, catalogCacheBytes: maxBytes } = config().hotpath;
  let k = s.entries.get(kind);
  if (!k) s.entries.set(kind, (k = new SizedCache()));
  k.set(key, value, bytes, { entries, bytes: maxBytes });
}

/** Entries and estimated bytes held per kind for `db` (tests). */
export function catalogReadCacheSize(db: Queryable): Record<string, { entries: number; bytes: number }> {
  const s = states.get(db);
  const out: Record<string, { entries: number; bytes: number }> = {};
  if (s && epochs.get(s) === epoch) for (const [kind, k] of s.entries) out[kind] = { entries: k.size, bytes: k.bytes };
  return out;
}

/** Counters since start (tests, the benchmark). */
export function catalogReadCacheStats(): Readonly<typeof stats> {
  return { ...stats };
}

/** Drop every cached read of `db` (or forget the handle entirely); the next read re-checks the version. */
export function clearCatalogReadCache(db?: Queryable): void {
  if (!db) return;
  states.delete(db);
}
