import { DatabaseError } from '../http/errors';

/** Normalise a driver error (node-postgres or PGlite) into our DatabaseError, keeping SQLSTATE. */
export function wrapDbError(e: unknown): never {
  if (e instanceof DatabaseError) throw e;
  const err = e as { message?: string; code?: unknown };
  const code = typeof err?.code === 'string' ? err.code : undefined;
  throw new DatabaseError(err?.message ?? String(e), code, { cause: e });
}
