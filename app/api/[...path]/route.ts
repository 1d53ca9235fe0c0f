import { randomUUID } from 'node:crypto';
import { ApiError, errorResponse } from '@/lib/http';

/** Any path under /api/ that no route claims: 404 NOT_FOUND in the error envelope. */
function notFound(req: Request): Response {
  const requestId = randomUUID();
  const { pathname } = new URL(req.url);
  const res = errorResponse(new ApiError('NOT_FOUND', `Route not found: ${req.method} ${pathname}`, { resource: 'route', id: pathname }), requestId, pathname, req.method);
  res.headers.set('X-Request-Id', requestId);
  return res;
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
export const HEAD = notFound;
