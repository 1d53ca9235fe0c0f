import { randomUUID } from 'node:crypto';
import { allowOrigin, CORS_ALLOW_HEADERS, CORS_MAX_AGE, CORS_EXPOSE_HEADERS, takesCredentials } from '@/lib/http/cors';
import type { NextHandler } from '@/lib/http/define-route';
import { errorBody, json } from '@/lib/http/envelope';

const DECLARABLE = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Declarable = (typeof DECLARABLE)[number];
type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type RouteMethods = Record<Declarable | 'HEAD' | 'OPTIONS', Handler>;

/**
 * A route module's exports: the declared handlers plus what every route answers the same way —
 * HEAD from GET, OPTIONS (the CORS preflight, or the allowed methods), and 405 with `Allow` in the
 * error envelope for any other method (Next's own 405 has neither). Answering these here instead
 * of in a proxy keeps a proxy off every request.
 *
 *   export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({ GET: defineRoute(…) });
 */
export function route(declared: Partial<Record<Declarable, NextHandler>>): RouteMethods {
  const names = DECLARABLE.filter((m) => declared[m]);
  const allow = [...names, ...(declared.GET ? ['HEAD'] : []), 'OPTIONS'].sort();
  const allowHeader = allow.join(', ');

  const notAllowed: Handler = async (req) => {
    const requestId = randomUUID();
    const { pathname } = new URL(req.url);
    const res = json(
      errorBody({ code: 'METHOD_NOT_ALLOWED', message: `Method ${req.method} not allowed`, details: { allow }, requestId, path: pathname, method: req.method }),
      405,
      { Allow: allowHeader, 'X-Request-Id': requestId },
    );
    if (req.headers.get('origin')) res.headers.set('Access-Control-Allow-Origin', '*');
    return res;
  };

  const options: Handler = async (req) => {
    const origin = req.headers.get('origin');
    const wanted = (req.headers.get('access-control-request-method') ?? '').toUpperCase() as Declarable;
    const headers: Record<string, string> = { Allow: allowHeader };
    const target = declared[wanted] ?? (wanted === ('HEAD' as string) ? declared.GET : undefined);
    if (origin && target) {
      const credentialed = takesCredentials(target.routeMeta.options);
      const allowed = allowOrigin(origin, credentialed);
      if (credentialed) headers.Vary = 'Origin';
      if (allowed) {
        Object.assign(headers, {
          'Access-Control-Allow-Origin': allowed,
          'Access-Control-Allow-Methods': allowHeader,
          'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
          'Access-Control-Expose-Headers': CORS_EXPOSE_HEADERS,
          'Access-Control-Max-Age': CORS_MAX_AGE,
        });
      }
    }
    return new Response(null, { status: 204, headers });
  };

  const head: Handler = declared.GET
    ? async (req, ctx) => {
        const res = await (declared.GET as NextHandler)(new Request(req, { method: 'GET' }), ctx);
        await res.body?.cancel().catch(() => {});
        return new Response(null, { status: res.status, headers: res.headers });
      }
    : notAllowed;

  const out = { HEAD: head, OPTIONS: options } as RouteMethods;
  for (const m of DECLARABLE) out[m] = declared[m] ?? notAllowed;
  return out;
}
