import { NextResponse, type NextRequest } from 'next/server';
import { ROUTE_METHODS } from './lib/http/route-methods';
import { allowedMethods, compileRoutes } from './lib/http/method-match';

const compiled = compileRoutes(ROUTE_METHODS);

/** A method a route does not declare: 405 in the error envelope with `Allow`. */
export function proxy(req: NextRequest) {
  const allow = allowedMethods(compiled, req.nextUrl.pathname);
  if (!allow || allow.includes(req.method)) return NextResponse.next();
  const requestId = crypto.randomUUID();
  return NextResponse.json(
    {
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', message: `Method ${req.method} not allowed`, details: { allow } },
      meta: { timestamp: new Date().toISOString(), requestId, path: req.nextUrl.pathname, method: req.method },
    },
    { status: 405, headers: { Allow: allow.join(', '), 'X-Request-Id': requestId } },
  );
}

export const config = { matcher: ['/api/:path*'] };
