import createClient, { type Client } from 'openapi-fetch';
import { connection, type Connection, type ConnectionOptions } from './connection';
import { apiErrorFrom } from './errors';
import type { paths } from './generated/api';

/**
 * The typed client: openapi-fetch over the generated `paths`, so every path, parameter, body and
 * answer is checked by the compiler, with the credentials of the connection added to each request.
 *
 *   const api = createApiClient({ baseUrl: 'https://api.example.com', token: () => session.token });
 *   const strain = await unwrap(api.GET('/api/v1/strains/slug/{slug}', { params: { path: { slug: 'blue-dream' } } }));
 */
export type ApiClient = Client<paths> & { connection: Connection };

export function createApiClient(o: ConnectionOptions): ApiClient {
  const conn = connection(o);
  const client = createClient<paths>({ baseUrl: conn.baseUrl, fetch: (req: Request) => conn.fetch(req) });
  client.use({
    async onRequest({ request }) {
      const h = await conn.headers();
      // A header the call set itself (e.g. a run-scoped bearer) wins over the connection's.
      h.forEach((value, key) => {
        if (!request.headers.has(key)) request.headers.set(key, value);
      });
      return request;
    },
  });
  return Object.assign(client, { connection: conn });
}

/** `data` of the envelope when the body is one, the body itself for the flat answers. */
export type Unwrapped<D> = D extends { success: true } ? (D extends { data?: infer X } ? Exclude<X, undefined> : never) : D;

/**
 * The answer's data, or an ApiError built from either error shape (envelope or flat body).
 * `meta` (pagination, request id) is on `unwrapWithMeta`.
 */
export async function unwrap<D, E>(call: Promise<{ data?: D; error?: E; response: Response }>): Promise<Unwrapped<D>> {
  return (await unwrapWithMeta(call)).data;
}

export interface Meta {
  requestId?: string;
  timestamp?: string;
  pagination?: { limit: number; offset: number; total: number; hasMore?: boolean };
  [key: string]: unknown;
}

export async function unwrapWithMeta<D, E>(call: Promise<{ data?: D; error?: E; response: Response }>): Promise<{ data: Unwrapped<D>; meta: Meta }> {
  const r = await call;
  if (r.error !== undefined || !r.response.ok) throw apiErrorFrom(r.response.status, r.error, r.response.headers);
  const body = r.data as unknown;
  if (body && typeof body === 'object' && (body as { success?: unknown }).success === true && 'data' in body) {
    const env = body as { data: unknown; meta?: Meta };
    return { data: env.data as Unwrapped<D>, meta: env.meta ?? {} };
  }
  return { data: body as Unwrapped<D>, meta: {} };
}
