import { signUserToken } from '@/lib/auth';

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response> | Response;

export interface CallOptions {
  method?: string;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings as-is. */
  body?: unknown;
  params?: Record<string, string | string[]>;
  /** Host header; not localhost by default so the development bypass does not apply. */
  host?: string;
  signal?: AbortSignal;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  response: Response;
}

/** Call a route handler in-process the way Next would. */
export async function call<T = any>(handler: Handler, o: CallOptions): Promise<CallResult<T>> {
  const url = new URL(`http://${o.host ?? 'api.test'}${o.path}`);
  for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers = new Headers({ host: o.host ?? 'api.test', ...o.headers });
  let body: BodyInit | undefined;
  if (o.body !== undefined) {
    body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const req = new Request(url, { method: o.method ?? (o.body !== undefined ? 'POST' : 'GET'), headers, body, signal: o.signal });
  const response = await handler(req, { params: Promise.resolve(o.params ?? {}) });
  const isStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
  const text = isStream ? '' : await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text, response };
}

export function userToken(sub = 'user-1', tier: 'premium' | 'free' = 'premium', ttlSeconds = 3600): Promise<string> {
  return signUserToken({ sub, tier, ttlSeconds });
}

export async function authHeader(sub = 'user-1', tier: 'premium' | 'free' = 'premium'): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await userToken(sub, tier)}` };
}
