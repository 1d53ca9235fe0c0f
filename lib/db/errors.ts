/**
 * A database failure, raised by the Db adapters (and recognised from raw driver errors that escape
 * them) so the route builder answers 500 DATABASE_ERROR, never the generic INTERNAL_ERROR.
 */
/**
 * A brand that survives bundling: the production build may hold this module in more than one
 * chunk, each with its own class, so `instanceof` alone misses errors raised by another copy.
 */
const BRAND = Symbol.for('cannabis-intelligence-api.DatabaseError');

export class DatabaseError extends Error {
  static [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[BRAND] === true;
  }
  readonly [BRAND] = true;
  constructor(
    message: string,
    readonly code: string | undefined,
    opts?: { cause?: unknown },
  ) {
    super(message, opts);
    this.name = 'DatabaseError';
  }

  /** A failure that a second attempt of the same transaction may not meet. */
  get transient(): boolean {
    return isTransientCode(this.code);
  }
}

/**
 * SQLSTATEs (and socket errors) that mean the connection or the server went away, or the
 * transaction lost a race: class 08 (connection), 57P01–57P03 (admin shutdown, crash shutdown,
 * cannot connect now), 53300 (too many connections), 40001 (serialization), 40P01 (deadlock).
 */
const TRANSIENT = new Set(['40001', '40P01', '57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'CONNECTION_LOST']);
export function isTransientCode(code: string | undefined): boolean {
  return !!code && (TRANSIENT.has(code) || code.startsWith('08'));
}

const CONNECTION_MESSAGES =
  /Connection terminated|connection (?:terminated|ended|closed)|Client has encountered a connection error|timeout exceeded when trying to connect|the database system is (?:starting up|shutting down|in recovery mode)|terminating connection/i;

/** True for an error a database driver raised (pg's DatabaseError, socket errors, PGlite). */
export function isDatabaseFailure(e: unknown): boolean {
  if (isBranded(e)) return true;
  const err = e as { code?: unknown; severity?: unknown; message?: unknown; name?: unknown };
  if (!err || typeof err !== 'object') return false;
  if (typeof err.severity === 'string' && typeof err.code === 'string') return true; // pg / PGlite server error
  if (typeof err.message === 'string' && CONNECTION_MESSAGES.test(err.message)) return true;
  return false;
}

function isBranded(e: unknown): e is DatabaseError {
  return e instanceof DatabaseError; // the brand check (Symbol.hasInstance above)
}

function codeOf(e: unknown): string | undefined {
  const err = e as { code?: unknown; message?: unknown };
  if (typeof err?.code === 'string') return err.code;
  if (typeof err?.message === 'string' && CONNECTION_MESSAGES.test(err.message)) return 'CONNECTION_LOST';
  return undefined;
}

/** Normalise a driver error (node-postgres or PGlite) into our DatabaseError, keeping SQLSTATE. */
export function toDatabaseError(e: unknown): DatabaseError {
  if (isBranded(e)) return e;
  const err = e as { message?: string };
  return new DatabaseError(err?.message ?? String(e), codeOf(e), { cause: e });
}

export function wrapDbError(e: unknown): never {
  throw toDatabaseError(e);
}
