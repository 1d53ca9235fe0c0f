import { createHash } from 'node:crypto';
import { Ok } from '@/lib/http/envelope';

/**
 * Conditional GET (RFC 9110 §8.8.3, §13.1.2): a strong `ETag` on a representation and 304 Not
 * Modified when `If-None-Match` names it. The tag is a digest of whatever the answer is a pure
 * function of (the data itself, or a version stamp plus the request's path and query), never of
 * the envelope's per-request `meta.timestamp` / `requestId`.
 */

/** A strong entity tag: `"<base64url of SHA-256(parts)>"` (first 22 characters, 132 bits). */
export function strongEtag(...parts: unknown[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(typeof p === 'string' ? p : (JSON.stringify(p) ?? 'undefined')).update('\u0000');
  return `"${h.digest('base64url').slice(0, 22)}"`;
}

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

/** A stable form of a request's query: keys sorted, repeated keys kept in order. */
export function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

/**
 * Answer `produce()` with `ETag` (and `headers`), or a 304 without calling it when the client
 * already holds `etag`. Use when the tag can be had cheaply before the work (a version stamp).
 */
export async function conditional<T>(req: Request, etag: string, produce: () => Promise<T | Ok<T>> | T | Ok<T>, headers: Record<string, string> = {}): Promise<Ok<T> | Response> {
  if (ifNoneMatchHits(req, etag)) return notModified(etag, headers);
  const out = await produce();
  const ok = out instanceof Ok ? out : new Ok(out as T);
  return new Ok(ok.data, ok.meta, { ...ok.headers, ...headers, etag }, ok.status, ok.json);
}

/**
 * Tag the answer by its own content (data and meta, not the per-request fields): for answers that
 * must be computed anyway and are small (GET /meta/freshness).
 */
export function conditionalByContent<T>(req: Request, out: T | Ok<T>, headers: Record<string, string> = {}): Ok<T> | Response {
  const ok = out instanceof Ok ? out : new Ok(out as T);
  const etag = strongEtag(ok.data, ok.meta ?? null);
  if (ifNoneMatchHits(req, etag)) return notModified(etag, headers);
  return new Ok(ok.data, ok.meta, { ...ok.headers, ...headers, etag }, ok.status, ok.json);
}
