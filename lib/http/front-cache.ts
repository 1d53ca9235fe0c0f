import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { config } from '@/lib/config';
import { developmentBypass } from '@/lib/auth/bypass';
import { ApiError } from '@/lib/errors';
import { accessLine } from '@/lib/log';
import { bucketKey, consume, rateLimitingEnabled, tierWindow, type TierName } from '@/lib/ratelimit';
import { SizedCache } from '@/lib/sized-cache';
import { clientIp, socketEntryInstalled } from '@/lib/http/client-key';
import { successJson } from '@/lib/http/envelope';

/**
 * Answers of public reads kept in the process and replayed ahead of Next (issue 15).
 *
 * A route's handler may mark its 200 answer as replayable (`ok(data, { keep })`): `keep()` says,
 * without a query, whether the answer is still what the handler would give now (a static list:
 * always; a catalog read: while the catalog version it was read under is the checked one,
 * lib/strains/read-cache.ts; a cached profile: while that cache holds the same text). The route
 * builder (lib/http/define-route.ts) then stores it here, keyed by the request's path and query and
 * by whether the caller sent an `Origin` (the only request header a public answer varies by), but
 * only for anonymous GETs of routes that take no credentials: nothing user-specific is ever kept.
 * (`/health` keeps its report while the database probe it used stands, at most HEALTH_PROBE_MS.)
 *
 * The production entry hook (server/entry.cjs) asks `serveFront` first for every request. A hit
 * is written straight to the socket with what the builder would have added: a fresh request id
 * (in `X-Request-Id` and the envelope's `meta`), a fresh `meta.timestamp`, the route's rate limit
 * (its tier and bucket, the same counter; a refusal is the builder's own 429) and the access log
 * line. Everything else goes to Next: other methods, a caller with `Authorization`, a conditional
 * request (`If-None-Match`), a path never answered, an answer whose `keep()` no longer holds.
 * `FRONT_CACHE=false` turns it off.
 */

/** What the builder hands over with an answer: the route's own rules, for replays. */
export interface FrontRoute {
  routeId: string;
  /** The rate-limit bucket (the route pattern's) and tier; `false`: the route is not limited. */
  bucket: string;
  tier: TierName | false;
  /** The builder's answer to a refused replay (a 429 with its headers), as for a request through Next. */
  refuse(err: unknown, req: Request, requestId: string, limitHeaders: Record<string, string> | undefined): Response;
}

interface Answer {
  route: FrontRoute;
  keep: () => boolean;
  /** Response headers as the builder finished them, without the per-request ones. */
  headers: Record<string, string>;
  /** A flat body's text, or the envelope's data text and meta (the envelope is made per request). */
  flat: string | null;
  dataJson: string;
  meta: Record<string, unknown> | undefined;
}

const g = globalThis as unknown as { __ciFrontAnswers?: SizedCache<Answer>; __ciFrontSeen?: SizedCache<true>; __ciFront?: typeof serveFront };
/** One store per process: route modules may be instantiated more than once by the bundler. */
function answers(): SizedCache<Answer> {
  g.__ciFrontAnswers ??= new SizedCache<Answer>();
  return g.__ciFrontAnswers;
}
/**
 * Keys answered once and not kept yet: an answer is kept the second time its key is answered, so
 * one-off requests (a search nobody repeats) cost a key here instead of filling the store.
 */
function seenOnce(): SizedCache<true> {
  g.__ciFrontSeen ??= new SizedCache<true>();
  return g.__ciFrontSeen;
}

/** Header names the builder sets per request (never stored). */
const PER_REQUEST = new Set(['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']);

/**
 * The key of a request: its path as sent, its query as the pairs it holds (Next hands the route a
 * query it serialised again, `q=blue+dream` for the `q=blue%20dream` a client sent, so both sides
 * are brought to URLSearchParams' form; the pairs and their order are what a handler reads), and
 * whether an `Origin` came with it.
 */
export function frontKey(pathAndQuery: string, hasOrigin: boolean): string {
  const q = pathAndQuery.indexOf('?');
  let key = pathAndQuery;
  if (q >= 0) {
    const query = new URLSearchParams(pathAndQuery.slice(q + 1)).toString();
    key = query ? `${pathAndQuery.slice(0, q)}?${query}` : pathAndQuery.slice(0, q);
  }
  return (hasOrigin ? 'o' : '-') + key;
}

/**
 * Keep a finished 200 answer for replays, the second time its key is answered (the builder calls
 * this only when every rule above holds).
 */
export function rememberAnswer(
  key: string,
  route: FrontRoute,
  keep: () => boolean,
  res: Response,
  body: { flat: string } | { dataJson: string; meta?: Record<string, unknown> },
): void {
  const { frontCache, frontCacheEntries, frontCacheBytes } = config().hotpath;
  if (!frontCache || !keep()) return;
  const seen = seenOnce();
  if (!seen.has(key)) {
    seen.set(key, true, key.length, { entries: 4 * frontCacheEntries, bytes: frontCacheBytes });
    return;
  }
  seen.delete(key);
  const headers: Record<string, string> = {};
  let bytes = key.length + 200;
  res.headers.forEach((value, name) => {
    if (PER_REQUEST.has(name)) return;
    headers[name] = value;
    bytes += name.length + value.length;
  });
  const answer: Answer =
    'flat' in body ? { route, keep, headers, flat: body.flat, dataJson: '', meta: undefined } : { route, keep, headers, flat: null, dataJson: body.dataJson, meta: body.meta };
  bytes += 2 * ((answer.flat ?? answer.dataJson).length + (answer.meta ? JSON.stringify(answer.meta).length : 0));
  answers().set(key, answer, bytes, { entries: frontCacheEntries, bytes: frontCacheBytes });
}

/** Entries and bytes held (tests, the benchmark). */
export function frontCacheSize(): { entries: number; bytes: number } {
  const a = answers();
  return { entries: a.size, bytes: a.bytes };
}

export function clearFrontCache(): void {
  answers().clear();
  seenOnce().clear();
}

/** The request headers as a `Request`'s, for the rules that read them (client address, local bypass). */
function headerView(req: IncomingMessage): Request {
  const get = (name: string): string | null => {
    const v = req.headers[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  };
  return { headers: { get, has: (name: string) => get(name) !== null } } as unknown as Request;
}

/** A whole `Request` (the rare refusal path: the builder's error answer reads it like any other). */
function webRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(name, Array.isArray(v) ? v.join(', ') : v);
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: req.method, headers });
}

function write(a: Answer, res: ServerResponse, requestId: string, limitHeaders: Record<string, string> | undefined, started: number): void {
  const text = a.flat ?? successJson(a.dataJson, requestId, a.meta);
  const headers: Record<string, string | number> = { ...a.headers, 'x-request-id': requestId };
  if (limitHeaders) for (const [k, v] of Object.entries(limitHeaders)) if (!(k.toLowerCase() in a.headers)) headers[k.toLowerCase()] = v;
  headers['content-length'] = Buffer.byteLength(text);
  res.writeHead(200, headers);
  res.end(text);
  accessLine(requestId, a.route.routeId, 'GET', 200, Math.round(performance.now() - started));
}

async function writeWeb(res: ServerResponse, response: Response): Promise<void> {
  const text = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(text);
}

async function limitedReplay(a: Answer, tier: TierName, req: IncomingMessage, res: ServerResponse, requestId: string, started: number): Promise<boolean> {
  const d = await consume(bucketKey(tier, a.route.bucket, clientIp(headerView(req)) ?? 'anonymous'), tierWindow(tier));
  if (!d.limited) {
    write(a, res, requestId, d.headers, started);
    return true;
  }
  await writeWeb(res, a.route.refuse(new ApiError('RATE_LIMIT_EXCEEDED', undefined, { retryAfter: d.retryAfter }), webRequest(req), requestId, d.headers));
  return true;
}

/**
 * Answer `req` from the kept answers: true when written, false for Next to answer, or a promise of
 * either when the route's rate limit is asked first. Called by server/entry.cjs before Next.
 */
export function serveFront(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
  const h = req.headers;
  if (req.method !== 'GET' || typeof req.url !== 'string' || h.authorization !== undefined || h['if-none-match'] !== undefined) return false;
  const store = answers();
  const key = frontKey(req.url, h.origin !== undefined);
  const a = store.get(key);
  if (a === undefined) return false;
  if (!a.keep()) {
    store.delete(key);
    return false;
  }
  const started = performance.now();
  const requestId = randomUUID();
  const tier = a.route.tier;
  if (tier === false || !rateLimitingEnabled() || developmentBypass(headerView(req))) {
    write(a, res, requestId, undefined, started);
    return true;
  }
  return limitedReplay(a, tier, req, res, requestId, started);
}

/** Offer `serveFront` to the production entry hook (it is only there under `npm start` / the standalone server). */
export function installFront(): void {
  if (g.__ciFront === undefined && socketEntryInstalled() && config().hotpath.frontCache) g.__ciFront = serveFront;
}
