export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  /** One parameterised statement ($1, $2, …). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

/** A connection inside a transaction. */
export interface Tx extends Queryable {
  /** `SET LOCAL name = value`: lasts until the transaction ends, so a pooled session never keeps it. */
  setLocal(name: string, value: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /**
   * Run `fn` in one transaction. A transient failure (lost connection, deadlock, serialization) of
   * the first attempt runs `fn` once more on a fresh connection, so `fn` must not have effects
   * outside the database that a second run would repeat.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Take the session-level advisory lock `key` on a connection of its own, without waiting: null
   * when another session holds it. PGlite has one session, so there it always succeeds (callers
   * guard in-process as well).
   */
  tryAdvisoryLock(key: string): Promise<{ release(): Promise<void> } | null>;
  close(): Promise<void>;
}
