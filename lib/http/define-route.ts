import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { UserClaims, InternalSecretName, AdminVia } from '@/lib/auth';
import { developmentBypass } from '@/lib/auth/bypass';
import { isProduction } from '@/lib/config';
import type { Db } from '@/lib/db';
import { ApiError, FlatError, type ErrorCode } from '@/lib/errors';
import { accessLine } from '@/lib/log';
import { apiKeyWindow, bucketKey, consume, rateLimitingEnabled, tierWindow, type TierName } from '@/lib/ratelimit';
import type { RunGrant, TriggerGrant } from '@/lib/tasks/tokens';
import { DEFAULT_MAX_BYTES, readBodyText } from '@/lib/http/body';
import { clientIp } from '@/lib/http/client-key';
import { applyCors, CORS_EXPOSE_HEADERS, takesCredentials } from '@/lib/http/cors';
import { errorResponse } from '@/lib/http/error-response';
import { frontKey, installFront, rememberAnswer, type FrontRoute } from '@/lib/http/front-cache';
import { json, jsonText, Ok, successBody, successJson } from '@/lib/http/envelope';
import { assertStorableStrings } from '@/lib/http/input-rules';
import { anonymousCall, authenticate, type AuthOptions } from '@/lib/http/route-auth';
import { assertDecodablePath, decodeParams, matchRoute } from '@/lib/http/route-id';
import { issuesToDetails } from '@/lib/http/zod-issues';

export type { AuthMode } from '@/lib/http/route-auth';

interface CommonOptions extends AuthOptions {
  /** Rate-limit tier; `false` for none. Default `moderate`. */
  limit?: TierName | false;
  /** Key the limiter by client IP even for signed-in users (research submission). */
  limitBy?: 'ip';
  maxBytes?: number;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Which code a schema failure answers with (default VALIDATION_ERROR). */
  validationCode?: Extract<ErrorCode, 'VALIDATION_ERROR' | 'BAD_REQUEST'>;
  /** `false`: the route never touches the database (no `ctx.db`, no bootstrap wait). */
  db?: boolean;
  /**
   * CDN caching of the route's GET/HEAD answers: a 2xx (or 304) answer to a caller without a user token
   * carries `Cache-Control: public, s-maxage=<sMaxAge>, stale-while-revalidate=<swr>` (seconds),
   * so a CDN in front serves most reads without reaching the service. Only for `public` and
   * `none` routes without a tier (refused when the route is defined); a signed-in caller's answer
   * is `private, no-cache`. Routes that take credentials answer `private, no-store` unless the
   * handler sets its own header.
   */
  cache?: { sMaxAge: number; swr: number };
  /** OpenAPI description. */
  summary?: string;
  description?: string;
  tags?: string[];
  /** Extra documented statuses beyond the defaults, e.g. `{ 503: 'Streaming unavailable' }`. */
  responses?: Record<number, string>;
}

/**
 * Every route says what it answers: a `response` schema (the envelope's `data`, or with `flat` the
 * whole body), or `stream` (server-sent events) or `binary` (stored files) for what JSON Schema
 * cannot describe.
 */
export type RouteOptions = CommonOptions &
  (
    | { response: z.ZodType; flat?: boolean; stream?: never; binary?: never }
    | { stream: true; response?: never; flat?: never; binary?: never }
    | { binary: true; response?: never; flat?: never; stream?: never }
  );

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

type UserFor<O> = O extends { tier: 'premium' }
  ? UserClaims
  : O extends { auth: 'user' }
    ? UserClaims
    : O extends { auth: 'admin' | 'api-key' | 'cron' | 'internal' | 'none' | 'run-token' | 'trigger-token' }
      ? null
      : UserClaims | null;

export type RouteContext<O extends RouteOptions> = {
  req: Request;
  url: URL;
  params: Parsed<O['params']>;
  query: Parsed<O['query']>;
  body: Parsed<O['body']>;
  /** The verified user: never null on `auth: 'user'` or `tier: 'premium'` routes. */
  user: UserFor<O>;
  /** Which internal secret authenticated the call (null under the development bypass). */
  secret: O extends { auth: 'api-key' | 'cron' | 'internal' } ? InternalSecretName | null : null;
  admin: O extends { auth: 'admin' } ? AdminVia : null;
  run: O extends { auth: 'run-token' } ? RunGrant : null;
  trigger: O extends { auth: 'trigger-token' } ? TriggerGrant : null;
  requestId: string;
  /** The rate-limit key: the user id, else the client address, else `anonymous`. */
  clientKey: string;
  ip: string | null;
  signal: AbortSignal;
} & (O extends { db: false } ? unknown : { /** The migrated, seeded database. */ db: Db });

/** What a handler may return: the `response` data (plain or in `ok(...)`), or a whole Response. */
export type RouteResult<O extends RouteOptions> = O extends { response: infer R extends z.ZodType } ? z.input<R> | Ok<z.input<R>> | Response : Response;

export interface RouteMeta {
  options: RouteOptions;
}

type NextCtx = { params?: Promise<Record<string, string | string[]>> | Record<string, string | string[]> };
export type NextHandler = ((req: Request, ctx?: NextCtx) => Promise<Response>) & { routeMeta: RouteMeta };

function searchParamsObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (url.search === '') return out;
  const sp = url.searchParams;
  for (const key of new Set(sp.keys())) {
    const all = sp.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

function parseWith(schema: z.ZodType | undefined, input: unknown, code: ErrorCode, where: 'params' | 'query' | 'body'): unknown {
  assertStorableStrings(input, where);
  if (!schema) return input;
  const r = schema.safeParse(input);
  if (!r.success) {
    const details = issuesToDetails(r.error.issues).map((d) => ({ ...d, location: where }));
    throw new ApiError(code, code === 'BAD_REQUEST' ? firstMessage(details) : 'Validation failed', details);
  }
  return r.data;
}

function firstMessage(details: Record<string, unknown>[]): string {
  const d = details[0];
  if (!d) return 'Bad request';
  const path = Array.isArray(d.path) && d.path.length ? `${(d.path as unknown[]).join('.')}: ` : '';
  return `${path}${String(d.message)}`;
}

async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const text = await readBodyText(req, maxBytes);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('BAD_REQUEST', 'Request body is not valid JSON');
  }
}

/**
 * Outside production every answer is checked against the route's `response` schema, so a handler
 * that drifts from what the OpenAPI document promises fails its tests instead of shipping.
 */
function checkResponse(options: RouteOptions, data: unknown, routeId: string): void {
  if (isProduction() || !options.response) return;
  const r = options.response.safeParse(data);
  if (!r.success) {
    const issues = issuesToDetails(r.error.issues).slice(0, 5);
    throw new Error(`${routeId}: the handler's answer does not match its response schema: ${JSON.stringify(issues)}`);
  }
}

/**
 * CDN policies (seconds) for the `cache` option: catalog reads change with imports and research
 * approvals, so a few minutes fresh and an hour stale-while-revalidate; statistics 30 minutes;
 * lists that change only with a deployment an hour.
 */
export const CDN = {
  catalog: { sMaxAge: 300, swr: 3600 },
  profile: { sMaxAge: 900, swr: 86_400 },
  stats: { sMaxAge: 1800, swr: 3600 },
  static: { sMaxAge: 3600, swr: 86_400 },
} as const;

/** The route's Cache-Control policy, fixed when the route is defined. */
function cachePolicy(options: RouteOptions): { publicValue: string | null; credentialed: boolean } {
  const credentialed = takesCredentials(options);
  if (options.cache && credentialed) throw new Error('defineRoute: `cache` (a public CDN policy) is only for public routes; this route takes credentials');
  if (options.cache && (options.stream || options.binary)) throw new Error('defineRoute: `cache` is for JSON reads, not streams or files');
  const c = options.cache;
  if (c && (!Number.isInteger(c.sMaxAge) || !Number.isInteger(c.swr) || c.sMaxAge < 0 || c.swr < 0)) throw new Error('defineRoute: `cache` takes whole seconds');
  return { publicValue: c ? `public, s-maxage=${c.sMaxAge}, stale-while-revalidate=${c.swr}` : null, credentialed };
}

const READS = new Set(['GET', 'HEAD']);

function applyCachePolicy(res: Response, req: Request, policy: ReturnType<typeof cachePolicy>, signedIn: boolean): void {
  if (res.headers.has('cache-control')) return;
  if (policy.credentialed) {
    res.headers.set('Cache-Control', 'private, no-store');
    return;
  }
  // A 304 carries the caching headers its 200 would have (RFC 9110 §15.4.5).
  const cacheable = (res.status >= 200 && res.status < 300) || res.status === 304;
  if (!policy.publicValue || !READS.has(req.method) || !cacheable) return;
  if (signedIn) {
    res.headers.set('Cache-Control', 'private, no-cache');
    return;
  }
  res.headers.set('Cache-Control', policy.publicValue);
  // One cached copy serves every origin: the public answer to any origin is `*`.
  res.headers.set('Access-Control-Allow-Origin', '*');
  res.headers.set('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
}

let boot: typeof import('@/lib/bootstrap') | undefined;
/**
 * The migrated database; the bootstrap module is imported once, not once per request, and once it
 * has answered the database is handed over without a promise (each promise is tracked by
 * async_hooks under Next, so the hot path makes as few as it can).
 */
function database(): Db | Promise<Db> {
  return boot?.readyNow() ?? databaseAsync();
}
async function databaseAsync(): Promise<Db> {
  boot ??= await import('@/lib/bootstrap');
  return boot.ready();
}

function toResponse(out: unknown, options: RouteOptions, requestId: string, routeId: string): Response {
  if (out instanceof Response) return out;
  const ok = out instanceof Ok ? out : new Ok(out === undefined ? null : out);
  checkResponse(options, ok.data, routeId);
  if (ok.json !== undefined) return jsonText(options.flat ? ok.json : successJson(ok.json, requestId, ok.meta), ok.status, ok.headers);
  const body = options.flat ? ok.data : successBody(ok.data, requestId, ok.meta);
  return json(body, ok.status, ok.headers);
}

/**
 * Declare a route handler: request id → auth → rate limit (+ headers) → size check → input rules
 * and zod parsing of params, query and body → handler → success envelope (checked against
 * `response` outside production); any failure → the error envelope (or the specification's flat
 * body) with the rate-limit headers kept. The context is typed from the options.
 */
export function defineRoute<const O extends RouteOptions>(options: O, handler: (ctx: RouteContext<O>) => Promise<RouteResult<O>> | RouteResult<O>): NextHandler {
  const validationCode = options.validationCode ?? 'VALIDATION_ERROR';
  const policy = cachePolicy(options);
  installFront();

  /** Request id, CORS, caching and rate-limit headers, then the access line: every answer, error or not. */
  const finish = (
    response: Response,
    req: Request,
    requestId: string,
    routeId: string,
    signedIn: boolean,
    limitHeaders: Record<string, string> | undefined,
    started: number,
  ): Response => {
    response.headers.set('X-Request-Id', requestId);
    applyCors(response, req, options);
    applyCachePolicy(response, req, policy, signedIn);
    if (limitHeaders) for (const [k, v] of Object.entries(limitHeaders)) if (!response.headers.has(k)) response.headers.set(k, v);
    accessLine(requestId, routeId, req.method, response.status, Math.round(performance.now() - started));
    return response;
  };
  // Replays of this route's answers (lib/http/front-cache.ts) keep its bucket, tier and refusal.
  const fronts = new Map<string, FrontRoute>();
  const frontRoute = (routeId: string, bucket: string): FrontRoute => {
    let f = fronts.get(routeId);
    if (!f) {
      f = {
        routeId,
        bucket,
        tier: options.limit === false ? false : (options.limit ?? 'moderate'),
        refuse: (err, req, requestId, limitHeaders) =>
          finish(errorResponse(err, requestId, new URL(req.url).pathname, req.method), req, requestId, routeId, false, limitHeaders, performance.now()),
      };
      fronts.set(routeId, f);
    }
    return f;
  };

  const fn = async (req: Request, nextCtx?: NextCtx): Promise<Response> => {
    const started = performance.now();
    const requestId = randomUUID();
    const url = new URL(req.url);
    const match = matchRoute(url.pathname);
    const routeId = match?.id ?? url.pathname;
    let limitHeaders: Record<string, string> | undefined;
    let response: Response;
    let signedIn = false;
    let kept: Ok | undefined;
    try {
      // One rule for every route: a path that does not decode is 400 BAD_REQUEST. Parameters are
      // Next's (decoded once); a caller without them (a test) gets them from the matched pattern.
      assertDecodablePath(url.pathname);
      const given = (await nextCtx?.params) as Record<string, string | string[]> | undefined;
      const rawParams = given && Object.keys(given).length ? given : match ? decodeParams(match.raw) : {};

      // 1. authentication (before anything about the input is looked at)
      const auth = anonymousCall(req, options) ?? (await authenticate(req, options, rawParams, routeId));
      signedIn = auth.user !== null;

      // 2. rate limit
      const ip = clientIp(req);
      const clientKey = options.limitBy === 'ip' ? (ip ?? 'anonymous') : (auth.user?.sub ?? ip ?? 'anonymous');
      if (options.limit !== false && rateLimitingEnabled() && !developmentBypass(req)) {
        if (auth.secret) {
          const d = await consume(`apikey:${auth.secret}`, apiKeyWindow(auth.secret));
          limitHeaders = d.headers;
          if (d.limited) throw new FlatError(429, { error: 'Rate limit exceeded', retryAfter: d.retryAfter });
        } else {
          const tier = options.limit ?? 'moderate';
          const d = await consume(bucketKey(tier, match?.bucket ?? routeId, clientKey), tierWindow(tier));
          limitHeaders = d.headers;
          if (d.limited) throw new ApiError('RATE_LIMIT_EXCEEDED', undefined, { retryAfter: d.retryAfter });
        }
      }

      // 3. path, query, body: one set of rules for every route, then the route's schemas
      const params = parseWith(options.params, rawParams, validationCode, 'params');
      const query = parseWith(options.query, searchParamsObject(url), validationCode, 'query');
      const rawBody = options.body ? await readJsonBody(req, options.maxBytes ?? DEFAULT_MAX_BYTES) : undefined;
      const body = parseWith(options.body, rawBody, validationCode, 'body');

      let db: Db | undefined;
      if (options.db !== false) {
        const d = database();
        db = d instanceof Promise ? await d : d;
      }
      // One literal of fixed shape (a spread in the middle of a literal builds it property by property).
      const ctx = {
        req,
        url,
        params,
        query,
        body,
        user: auth.user,
        secret: auth.secret,
        admin: auth.admin,
        run: auth.run,
        trigger: auth.trigger,
        requestId,
        clientKey,
        ip,
        signal: req.signal,
        db,
      };

      // 4. handler
      const out = await handler(ctx as unknown as RouteContext<O>);
      response = toResponse(out, options, requestId, routeId);
      if (out instanceof Ok && out.keep) kept = out;
    } catch (err) {
      response = errorResponse(err, requestId, url.pathname, req.method);
    }
    finish(response, req, requestId, routeId, signedIn, limitHeaders, started);
    // A replayable answer: a 200 to an anonymous GET of a route that takes no credentials (never
    // anything user-specific), on a path the route table knows (the replay rule is held per pattern).
    if (kept?.keep && match && response.status === 200 && !signedIn && req.method === 'GET' && !policy.credentialed && !req.headers.has('if-none-match')) {
      const dataJson = kept.json ?? JSON.stringify(kept.data);
      rememberAnswer(
        frontKey(url.pathname + url.search, req.headers.has('origin')),
        frontRoute(match.id, match.bucket),
        kept.keep,
        response,
        options.flat ? { flat: dataJson } : { dataJson, meta: kept.meta },
      );
    }
    return response;
  };
  return Object.assign(fn, { routeMeta: { options } });
}
