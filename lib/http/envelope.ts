import { isProduction } from '@/lib/config';
import type { ErrorCode } from '@/lib/errors';
import { isoTime } from '@/lib/iso-time';

export interface Pagination {
  limit: number;
  offset: number;
  total: number;
  hasMore?: boolean;
}

export function nowIso(): string {
  return isoTime();
}

export function successBody(data: unknown, requestId: string, meta?: Record<string, unknown>) {
  return { success: true as const, data, meta: { ...meta, timestamp: nowIso(), requestId } };
}

/**
 * `JSON.stringify(successBody(data, …))` for data already serialised as `dataJson`: the same
 * text, without walking the data again (answers cached in their serialised form).
 */
export function successJson(dataJson: string, requestId: string, meta?: Record<string, unknown>): string {
  // Without meta (the common case) the meta object is written directly: a timestamp and a request
  // id never need escaping beyond what JSON.stringify gives the id.
  const metaJson = meta ? JSON.stringify({ ...meta, timestamp: nowIso(), requestId }) : `{"timestamp":"${nowIso()}","requestId":${JSON.stringify(requestId)}}`;
  return `{"success":true,"data":${dataJson},"meta":${metaJson}}`;
}

export function errorBody(args: { code: ErrorCode | string; message: string; details?: unknown; stack?: string; requestId: string; path: string; method: string }) {
  const error: Record<string, unknown> = { code: args.code, message: args.message };
  if (args.details !== undefined) error.details = args.details;
  if (args.stack && !isProduction()) error.stack = args.stack;
  return {
    success: false as const,
    error,
    meta: { timestamp: nowIso(), requestId: args.requestId, path: args.path, method: args.method },
  };
}

export function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return jsonText(JSON.stringify(body), status, headers);
}

/** A JSON answer whose body is already text. */
export function jsonText(text: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/**
 * What a handler returns when it needs meta (pagination), headers or a status besides 200. `json`,
 * when given, is `JSON.stringify(data)` made earlier (a cached answer): the body is built from it
 * instead of serialising `data` again; `data` is still what the response schema checks. `keep`,
 * when given, says (without a query) whether this answer is still the one the handler would give:
 * the builder may then replay it to other anonymous callers of a public read while it holds
 * (lib/http/front-cache.ts).
 */
export class Ok<T = unknown> {
  constructor(
    readonly data: T,
    readonly meta?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
    readonly status = 200,
    readonly json?: string,
    readonly keep?: () => boolean,
  ) {}
}

export interface OkOptions {
  meta?: Record<string, unknown>;
  headers?: Record<string, string>;
  status?: number;
  json?: string;
  keep?: () => boolean;
}

export function ok<T>(data: T, opts: OkOptions = {}): Ok<T> {
  return new Ok(data, opts.meta, opts.headers, opts.status ?? 200, opts.json, opts.keep);
}

/** `keep` for an answer that never changes while the process runs. */
export const ALWAYS_CURRENT = (): boolean => true;

/** `json`: `JSON.stringify(items)` made earlier (see sharedJson), used as the envelope's data text. */
export function paginated<T>(items: T[], p: { limit: number; offset: number; total: number }, headers?: Record<string, string>, json?: string, keep?: () => boolean): Ok<T[]> {
  return ok(items, {
    meta: { pagination: { limit: p.limit, offset: p.offset, total: p.total, hasMore: p.offset + items.length < p.total } },
    headers,
    json,
    keep,
  });
}

const sharedTexts = new WeakMap<object, string>();
/**
 * `JSON.stringify(value)`, made once per object: for values an in-process cache hands to every
 * caller and nobody mutates (lib/strains/read-cache.ts), so a hit is answered without serialising
 * the same objects again. The text lives as long as the object does.
 */
export function sharedJson(value: object): string {
  let text = sharedTexts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    sharedTexts.set(value, text);
  }
  return text;
}
