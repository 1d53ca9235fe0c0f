import { isProduction } from '@/lib/config';
import { isDatabaseFailure, toDatabaseError } from '@/lib/db/errors';
import { ApiError, FlatError } from '@/lib/errors';
import { logger } from '@/lib/log';
import { errorBody, json } from '@/lib/http/envelope';

/**
 * Map anything thrown to the specification's error bodies: flat bodies as given, ApiError as its
 * envelope, any database failure (a wrapped DatabaseError or a raw driver error: lost connection,
 * server shutting down, deadlock…) as 500 DATABASE_ERROR, anything else as 500 INTERNAL_ERROR.
 * Internals (`details` of a database error, `stack`) only outside production.
 */
export function errorResponse(err: unknown, requestId: string, path: string, method: string): Response {
  if (err instanceof FlatError) return json(err.body, err.status, err.headers);
  if (err instanceof ApiError) {
    return json(errorBody({ code: err.code, message: err.message, details: err.details, stack: err.stack, requestId, path, method }), err.status, err.headers);
  }
  if (isDatabaseFailure(err)) {
    const db = toDatabaseError(err);
    logger().error({ requestId, err: db.message, code: db.code }, 'database error');
    return json(
      errorBody({
        code: 'DATABASE_ERROR',
        message: 'Database operation failed',
        details: isProduction() ? undefined : { message: db.message, code: db.code },
        stack: db.stack,
        requestId,
        path,
        method,
      }),
      500,
    );
  }
  logger().error({ requestId, err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err) }, 'unhandled error');
  return json(errorBody({ code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', stack: err instanceof Error ? err.stack : undefined, requestId, path, method }), 500);
}
