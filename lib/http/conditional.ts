import { strongEtag } from '@/lib/etag';
import { Ok, paginated, sharedJson } from '@/lib/http/envelope';

export { canonicalQuery, strongEtag } from '@/lib/etag';

/**
 * Conditional GET (RFC 9110 §8.8.3, §13.1.2): a strong `ETag` on a representation and 304 Not
 * Modified when `If-None-Match` names it. The tag is a digest of whatever the answer is a pure
 * function of (the data itself, or a version stamp plus the request's path and query), never of
 * the envelope's per-request `meta.timestamp` / `requestId`.
 */

/**
 * Does `If-None-Match` match `etag`? `*` matches any current representation; a list is split on
 * commas; the comparison is the weak one the RFC prescribes for If-None-Match (a `W/` prefix on
 * either side is ignored).
 */
export function ifNoneMatchHits(req: Request, etag: string): boolean {
  const header = req.headers.get('if-none-match');
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  const want = bare(etag);
  return header.split(',').some((t) => bare(t) === want);
}

/** The 304: no body, the validator and the caching headers the 200 would carry. */
export function notModified(etag: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 304, headers: { ...headers, etag } });
}

/**
 * Answer `produce()` with `ETag` (and `headers`), or a 304 without calling it when the client
 * already holds `etag`. Use when the tag can be had cheaply before the work (a version stamp).
 */
export async function conditional<T>(req: Request, etag: string, produce: () => Promise<T | Ok<T>> | T | Ok<T>, headers: Record<string, string> = {}): Promise<Ok<T> | Response> {
  if (ifNoneMatchHits(req, etag)) return notModified(etag, headers);
  const out = await produce();
  const ok = out instanceof Ok ? out : new Ok(out as T);
  return new Ok(ok.data, ok.meta, { ...ok.headers, ...headers, etag }, ok.status, ok.json, ok.keep);
}

/** A page as the list readers answer it; `headers` are the page's own (e.g. the terpene a synonym resolved to). */
export interface LoadedPage<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  headers?: Record<string, string>;
}

/**
 * `conditional` over a paged list: `load()` runs only on a miss, and its page becomes the
 * paginated envelope. `shared: true` when the page comes from an in-process cache that hands the
 * same never-mutated items to every caller: their JSON text is then made once (`sharedJson`).
 * `keep`: the answer's replay rule (`Ok.keep`).
 */
export function conditionalPage<T>(
  req: Request,
  etag: string,
  load: () => Promise<LoadedPage<T>>,
  headers: Record<string, string> = {},
  options: { shared?: boolean; keep?: () => boolean } = {},
): Promise<Ok<T[]> | Response> {
  return conditional(
    req,
    etag,
    async () => {
      const page = await load();
      return paginated(page.items, page, page.headers, options.shared ? sharedJson(page.items) : undefined, options.keep);
    },
    headers,
  );
}

/**
 * Tag the answer by its own content (data and meta, not the per-request fields): for answers that
 * must be computed anyway and are small (GET /meta/freshness).
 */
export function conditionalByContent<T>(req: Request, out: T | Ok<T>, headers: Record<string, string> = {}): Ok<T> | Response {
  const ok = out instanceof Ok ? out : new Ok(out as T);
  const etag = strongEtag(ok.data, ok.meta ?? null);
  if (ifNoneMatchHits(req, etag)) return notModified(etag, headers);
  return new Ok(ok.data, ok.meta, { ...ok.headers, ...headers, etag }, ok.status, ok.json, ok.keep);
}
