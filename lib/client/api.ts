/**
 * Browser-side client for the service's own public API: the same routes and envelopes native
 * apps use. Unwraps `{success, data, meta}` and turns both error shapes (the envelope and the
 * flat authentication bodies) into one ApiClientError.
 */
import { ApiError } from '@/packages/client/src/errors';

export interface ApiMeta {
  timestamp?: string;
  requestId?: string;
  pagination?: { limit: number; offset: number; total: number; hasMore?: boolean };
  [key: string]: unknown;
}

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

export interface ApiRequest {
  method?: string;
  query?: Record<string, string | number | boolean | undefined | null | string[]>;
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query?: ApiRequest['query']): string {
  const p = path.startsWith('/api/') ? path : `/api/v1${path.startsWith('/') ? '' : '/'}${path}`;
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((x) => sp.append(k, x));
    else sp.set(k, String(v));
  }
  const qs = sp.toString();
  return qs ? `${p}?${qs}` : p;
}

function requestInit(o: ApiRequest): RequestInit {
  const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  let body: BodyInit | undefined;
  if (o.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.body);
  }
  return { method: o.method ?? (o.body !== undefined ? 'POST' : 'GET'), headers, body, signal: o.signal, credentials: 'same-origin', cache: 'no-store' };
}

/** Read an error response (envelope or flat) into an ApiClientError. */
export async function errorFrom(res: Response): Promise<ApiClientError> {
  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch {
    /* not JSON */
  }
  const b = (parsed ?? {}) as Record<string, unknown>;
  const env = (typeof b.error === 'object' && b.error !== null ? b.error : null) as Record<string, unknown> | null;
  const code = String(env?.code ?? b.code ?? `HTTP_${res.status}`);
  const message = String(env?.message ?? (typeof b.error === 'string' ? b.error : null) ?? b.message ?? res.statusText ?? 'Request failed');
  return new ApiClientError(res.status, code, message, env?.details ?? b.details);
}

/** Call an API route; resolves to `{ data, meta }` of the success envelope (or a flat body as data). */
export async function api<T>(path: string, o: ApiRequest = {}): Promise<{ data: T; meta: ApiMeta }> {
  const res = await fetch(apiUrl(path, o.query), requestInit(o));
  if (!res.ok) throw await errorFrom(res);
  const body = (await res.json()) as Record<string, unknown>;
  if (body && body.success === true && 'data' in body) return { data: body.data as T, meta: (body.meta ?? {}) as ApiMeta };
  return { data: body as T, meta: {} };
}

/** Shorthand when only `data` matters. */
export async function apiData<T>(path: string, o: ApiRequest = {}): Promise<T> {
  return (await api<T>(path, o)).data;
}

export function describeError(e: unknown): string {
  if (e instanceof ApiClientError || e instanceof ApiError) return `${e.message} (${e.code})`;
  if (e instanceof Error) return e.name === 'AbortError' ? 'Cancelled' : e.message;
  return String(e);
}

export { requestInit as apiRequestInit };
