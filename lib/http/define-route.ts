import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isProduction } from '../config/env';
import { logger } from '../log';
import { requireAdmin, requireInternal, requirePremium, requireUser, optionalUser, type InternalSecretName, type UserClaims } from '../auth';
import { developmentBypass } from '../auth/bypass';
import { apiKeyWindow, bucketKey, consume, rateLimitingEnabled, tierWindow, type TierName } from '../ratelimit';
import { DEFAULT_MAX_BYTES, readBodyText } from './body';
import { clientIp } from './client-key';
import type { Db } from '../db';
import { errorBody, json, Ok, successBody } from './envelope';
import { ApiError, DatabaseError, FlatError, type ErrorCode } from './errors';
import { issuesToDetails } from './zod-issues';

export type AuthMode = 'public' | 'user' | 'admin' | 'api-key' | 'cron' | 'internal' | 'none';

export interface RouteOptions<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  /** public (default), user (Supabase JWT), admin (X-Admin-Key), api-key | cron | internal (bearer secrets), none (custom auth in handler, no optional user). */
  auth?: AuthMode;
  /** User routes: every token failure answers 401 UNAUTHORIZED (shopping, DECISIONS §1). */
  uniformAuthCode?: boolean;
  /** `premium` gates the route to paid users; `feature` names it in the 403 details. */
  tier?: 'premium';
  feature?: string;
  /** Rate-limit tier; `false` for none. Default `moderate`. */
  limit?: TierName | false;
  /** Key the limiter by client IP even for signed-in users (research submission). */
  limitBy?: 'ip';
  maxBytes?: number;
  params?: P;
  query?: Q;
  body?: B;
  /** Which code a schema failure answers with (default VALIDATION_ERROR). */
  validationCode?: Extract<ErrorCode, 'VALIDATION_ERROR' | 'BAD_REQUEST'>;
  /** Skip database bootstrap for routes that never touch it. */
  db?: boolean;
  /** OpenAPI description. */
  summary?: string;
  description?: string;
  tags?: string[];
  response?: z.ZodType;
  /** The response is an SSE stream, or a flat (non-envelope) JSON body. */
  stream?: boolean;
  flat?: boolean;
  /** Extra documented statuses beyond the defaults, e.g. `{ 503: 'Streaming unavailable' }`. */
  responses?: Record<number, string>;
}

export interface RouteContext<P, Q, B> {
  /** The migrated, seeded database (routes declared with `db: false` have none). */
  db: Db;
  req: Request;
  url: URL;
  params: P;
  query: Q;
  body: B;
  user: UserClaims | null;
  /** Which internal secret authenticated the call (internal routes). */
  secret: InternalSecretName | null;
  requestId: string;
  clientKey: string;
  ip: string | null;
  signal: AbortSignal;
}

export type RouteHandler<P, Q, B> = (ctx: RouteContext<P, Q, B>) => Promise<unknown> | unknown;

export interface RouteMeta {
  options: RouteOptions<z.ZodType, z.ZodType, z.ZodType>;
}

type NextCtx = { params?: Promise<Record<string, string | string[]>> | Record<string, string | string[]> };
export type NextHandler = ((req: Request, ctx?: NextCtx) => Promise<Response>) & { routeMeta: RouteMeta };

function routeIdFor(pathname: string, params: Record<string, string | string[]>): string {
  const segs = pathname.split('/');
  for (const [name, value] of Object.entries(params)) {
    const vals = Array.isArray(value) ? value : [value];
    for (const v of vals) {
      for (let i = segs.length - 1; i >= 0; i--) {
        if (segs[i] === v || safeDecode(segs[i]) === v) {
          segs[i] = `:${name}`;
          break;
        }
      }
    }
  }
  return segs.join('/');
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function searchParamsObject(sp: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const key of new Set(sp.keys())) {
    const all = sp.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return { ...out };
}

function parseWith<S extends z.ZodType>(schema: S | undefined, input: unknown, code: ErrorCode, where: string): z.output<S> | undefined {
  if (!schema) return input as z.output<S>;
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

/**
 * Declare a route handler: request id → auth → rate limit (+ headers) → size check → zod parsing
 * of params, query and body → handler → success envelope; any failure → the error envelope
 * (or the specification's flat body) with the rate-limit headers kept.
 */
export function defineRoute<P extends z.ZodType = z.ZodType<Record<string, string>>, Q extends z.ZodType = z.ZodType<Record<string, string>>, B extends z.ZodType = z.ZodType<unknown>>(
  options: RouteOptions<P, Q, B>,
  handler: RouteHandler<z.output<P>, z.output<Q>, z.output<B>>,
): NextHandler {
  const auth = options.auth ?? 'public';
  const validationCode = options.validationCode ?? 'VALIDATION_ERROR';

  const fn = async (req: Request, nextCtx?: NextCtx): Promise<Response> => {
    const started = Date.now();
    const requestId = randomUUID();
    const url = new URL(req.url);
    const rawParams = ((await nextCtx?.params) ?? {}) as Record<string, string | string[]>;
    const routeId = routeIdFor(url.pathname, rawParams);
    let limitHeaders: Record<string, string> = {};
    let response: Response;
    try {
      // 1. authentication
      let user: UserClaims | null = null;
      let secret: InternalSecretName | null = null;
      if (auth === 'admin') requireAdmin(req);
      else if (auth === 'api-key' || auth === 'cron' || auth === 'internal') secret = requireInternal(req, auth);
      else if (auth === 'user') user = await requireUser(req, { uniformCode: options.uniformAuthCode });
      else if (auth === 'public') user = await optionalUser(req);
      if (options.tier === 'premium') {
        if (!user) user = await requireUser(req);
        requirePremium(user, options.feature ?? routeId);
      }

      // 2. rate limit
      const ip = clientIp(req);
      const clientKey = options.limitBy === 'ip' ? ip ?? 'anonymous' : user?.sub ?? ip ?? 'anonymous';
      if (options.limit !== false && rateLimitingEnabled() && !developmentBypass(req)) {
        if (secret) {
          const d = await consume(`apikey:${secret}`, apiKeyWindow(secret));
          limitHeaders = d.headers;
          if (d.limited) throw new FlatError(429, { error: 'Rate limit exceeded', retryAfter: d.retryAfter });
        } else {
          const tier = options.limit ?? 'moderate';
          const d = await consume(bucketKey(tier, routeId, clientKey), tierWindow(tier));
          limitHeaders = d.headers;
          if (d.limited) throw new ApiError('RATE_LIMIT_EXCEEDED', undefined, { retryAfter: d.retryAfter });
        }
      }

      // 3. body size and JSON
      let rawBody: unknown = undefined;
      if (options.body) {
        const text = await readBodyText(req, options.maxBytes ?? DEFAULT_MAX_BYTES);
        if (text.trim() !== '') {
          try {
            rawBody = JSON.parse(text);
          } catch {
            throw new ApiError('BAD_REQUEST', 'Request body is not valid JSON');
          }
        }
      }

      // 4. schemas
      const params = parseWith(options.params, rawParams, validationCode, 'params');
      const query = parseWith(options.query, searchParamsObject(url.searchParams), validationCode, 'query');
      const body = parseWith(options.body, rawBody, validationCode, 'body');

      let db: Db | undefined;
      if (options.db !== false) {
        const { ready } = await import('../bootstrap');
        db = await ready();
      }

      // 5. handler
      const out = await handler({
        get db(): Db {
          if (!db) throw new Error('This route is declared with db: false');
          return db;
        },
        req,
        url,
        params: params as z.output<P>,
        query: query as z.output<Q>,
        body: body as z.output<B>,
        user,
        secret,
        requestId,
        clientKey,
        ip,
        signal: req.signal,
      });
      response = toResponse(out, requestId);
    } catch (err) {
      response = errorResponse(err, requestId, url.pathname, req.method);
    }
    response.headers.set('X-Request-Id', requestId);
    for (const [k, v] of Object.entries(limitHeaders)) if (!response.headers.has(k)) response.headers.set(k, v);
    logger().info({ requestId, route: routeId, method: req.method, status: response.status, durationMs: Date.now() - started }, 'request');
    return response;
  };
  return Object.assign(fn, { routeMeta: { options: options as RouteMeta['options'] } });
}

function toResponse(out: unknown, requestId: string): Response {
  if (out instanceof Response) return out;
  if (out instanceof Ok) return json(successBody(out.data, requestId, out.meta), out.status, out.headers);
  return json(successBody(out === undefined ? null : out, requestId), 200);
}

/** Map anything thrown to the specification's error bodies. Exported for the catch-all routes. */
export function errorResponse(err: unknown, requestId: string, path: string, method: string): Response {
  if (err instanceof FlatError) return json(err.body, err.status, err.headers);
  if (err instanceof ApiError) {
    return json(errorBody({ code: err.code, message: err.message, details: err.details, stack: err.stack, requestId, path, method }), err.status, err.headers);
  }
  if (err instanceof DatabaseError) {
    logger().error({ requestId, err: err.message, code: err.code }, 'database error');
    return json(
      errorBody({
        code: 'DATABASE_ERROR',
        message: 'Database operation failed',
        details: isProduction() ? undefined : { message: err.message, code: err.code },
        stack: err.stack,
        requestId,
        path,
        method,
      }),
      500,
    );
  }
  logger().error({ requestId, err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err) }, 'unhandled error');
  return json(
    errorBody({ code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', stack: err instanceof Error ? err.stack : undefined, requestId, path, method }),
    500,
  );
}
