import { isObj, MAX_NODES, type Json, type Obj } from '@/lib/scrape/extract/json';

/**
 * App state in an index-flattened serialization, as the newer frameworks write it into a page:
 * every value an index into one array so repeated values are stored once. Read, never evaluated:
 *
 * - devalue (Nuxt 3's `__NUXT_DATA__`, SvelteKit's `__data.json` node data): the root at index 0,
 *   objects `{"key": index}`, arrays `[index, …]`, typed entries `["Name", index…]` (Nuxt's
 *   `Reactive` / `ShallowReactive` / `Ref` wrappers, `Set`, `Map`, `Date`), negative indices for
 *   undefined, holes and the special numbers;
 * - turbo-stream (Remix / React Router single fetch): the same, but an object is
 *   `{"_<key index>": value index}`;
 * - Qwik's `qwik/json` (`{"objs": […]}`): primitives stored as themselves, inside objects and
 *   arrays base-36 references into `objs`.
 */

const isIndex = (v: Json, len: number) => typeof v === 'number' && Number.isInteger(v) && v >= -7 && v < len;

/** Whether an array is a devalue / turbo-stream payload: its root entry only refers to other entries. */
export function flatKind(arr: Json[]): 'devalue' | 'turbo' | null {
  if (arr.length < 3) return null;
  // Every container in a flattened payload holds indices only (a typed entry `["Date", …]` its own values), and it stores some text.
  const indexOnly = (v: Json) =>
    !Array.isArray(v) ? !isObj(v) || Object.values(v).every((x) => isIndex(x, arr.length)) : typeof v[0] === 'string' || v.every((x) => isIndex(x, arr.length));
  if (!arr.every(indexOnly) || !arr.some((v) => typeof v === 'string')) return null;
  const root = arr[0];
  const refs = (vs: Json[]) => vs.length > 0 && vs.every((x) => isIndex(x, arr.length)) && vs.some((x) => (x as number) > 0);
  if (isObj(root)) {
    const keys = Object.keys(root);
    if (!refs(Object.values(root))) return null;
    // turbo-stream keys name their key's index, and that entry is a string
    if (keys.every((k) => /^_\d+$/.test(k) && typeof arr[Number(k.slice(1))] === 'string')) return 'turbo';
    return 'devalue';
  }
  if (Array.isArray(root) && typeof root[0] === 'string' && /^[A-Z][A-Za-z]*$/.test(root[0]) && refs(root.slice(1))) return 'devalue';
  return null;
}

/** A devalue / turbo-stream payload rebuilt (null where a value is undefined, a hole or a cycle). */
export function unflatten(arr: Json[], kind: 'devalue' | 'turbo'): Json {
  const done = new Map<number, Json>();
  const busy = new Set<number>();
  let budget = MAX_NODES;
  const at = (i: Json): Json => {
    if (typeof i !== 'number' || i < 0 || i >= arr.length || busy.has(i) || --budget < 0) return null;
    const had = done.get(i);
    if (had !== undefined) return had;
    busy.add(i);
    const v = arr[i];
    let out: Json;
    if (Array.isArray(v)) {
      if (typeof v[0] === 'string') {
        const [name, ...rest] = v;
        if (name === 'Date' || name === 'BigInt' || name === 'RegExp') out = rest[0] ?? null;
        else if (name === 'Map') {
          const o: Obj = {};
          for (let k = 0; k + 1 < rest.length; k += 2) o[String(at(rest[k]))] = at(rest[k + 1]);
          out = o;
        } else if (rest.length === 1 && name !== 'Set') out = at(rest[0]);
        else out = rest.map(at);
      } else out = v.map(at);
    } else if (isObj(v)) {
      const o: Obj = {};
      for (const [k, x] of Object.entries(v)) o[kind === 'turbo' ? String(at(Number(k.slice(1)))) : k] = at(x);
      out = o;
    } else out = v;
    busy.delete(i);
    done.set(i, out);
    return out;
  };
  return at(0);
}

/** Qwik's objs with every reference resolved: the object and array entries no other entry refers to. */
export function qwikResolved(objs: Json[]): Json[] {
  const done = new Map<number, Json>();
  const busy = new Set<number>();
  let budget = MAX_NODES;
  const ref = (r: Json): Json => {
    if (typeof r !== 'string' || !/^[0-9a-z]+$/.test(r)) return r;
    const i = parseInt(r, 36);
    if (i >= objs.length || busy.has(i) || --budget < 0) return null;
    return at(i);
  };
  const at = (i: number): Json => {
    const had = done.get(i);
    if (had !== undefined) return had;
    busy.add(i);
    const v = objs[i];
    const out: Json = Array.isArray(v) ? v.map(ref) : isObj(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, ref(x)])) : v;
    busy.delete(i);
    done.set(i, out);
    return out;
  };
  // Only the roots: an entry another entry refers to is read inside it (no product twice).
  const referenced = new Set<number>();
  for (const v of objs)
    if (v !== null && typeof v === 'object') for (const x of Object.values(v)) if (typeof x === 'string' && /^[0-9a-z]+$/.test(x)) referenced.add(parseInt(x, 36));
  return objs.map((v, i) => (v !== null && typeof v === 'object' && !referenced.has(i) ? at(i) : null)).filter((v): v is Json => v !== null);
}

/**
 * The flattened payloads inside a parsed state, rebuilt: the value itself, any array in it that
 * is a devalue / turbo-stream payload (SvelteKit's `nodes[].data`), a Qwik `objs`, and JSON
 * held as a string (a fetched response's `body`). Empty when there is none.
 */
export function expandFlat(v: Json): Json[] {
  const out: Json[] = [];
  let budget = 20_000;
  const walk = (x: Json, depth: number): void => {
    if (--budget < 0 || depth > 8) return;
    if (typeof x === 'string') {
      const t = x.trimStart();
      if (x.length > 200 && (t[0] === '{' || t[0] === '[')) {
        try {
          walk(JSON.parse(x) as Json, depth + 1);
        } catch {
          // not JSON
        }
      }
      return;
    }
    if (Array.isArray(x)) {
      const kind = flatKind(x);
      if (kind) out.push(unflatten(x, kind));
      else for (const y of x.slice(0, 50)) walk(y, depth + 1);
      return;
    }
    if (isObj(x)) {
      if (Array.isArray(x.objs) && x.objs.length > 2) out.push(qwikResolved(x.objs));
      for (const y of Object.values(x)) walk(y, depth + 1);
    }
  };
  walk(v, 0);
  return out;
}

/** Whether a parsed state is itself a flattened payload (read only rebuilt: its raw entries are references, not values). */
export const isFlatPayload = (v: Json): boolean => (Array.isArray(v) ? flatKind(v) !== null : isObj(v) && Array.isArray(v.objs) && isObj(v.refs ?? null));

/** A parsed state as the readers take it: rebuilt when flattened, else itself and any flattened payload inside. */
export const withFlat = (v: Json): Json[] => {
  const flat = expandFlat(v);
  return flat.length && isFlatPayload(v) ? flat : [v, ...flat];
};

/** Remix's stream chunks (`__remixContext.streamController.enqueue("…")`): the pattern that finds them. */
export const STREAM_ENQUEUE = /streamController\.enqueue\(\s*/g;

/** The JSON lines of an enqueued stream (the chunks joined first: a chunk may cut a line anywhere). */
export function streamLines(stream: string): Json[] {
  const out: Json[] = [];
  for (const line of stream.split('\n')) {
    const s = line.replace(/^P\d+:/, '');
    if (s.length < 20 || (s[0] !== '[' && s[0] !== '{')) continue;
    try {
      out.push(JSON.parse(s) as Json);
    } catch {
      // a line cut short
    }
  }
  return out;
}
