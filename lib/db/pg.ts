import pg from 'pg';
import { isDatabaseFailure, toDatabaseError, wrapDbError } from '@/lib/db/errors';
import type { Db, Queryable, QueryResult, Tx } from '@/lib/db/types';

pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      try {
        const r = await c.query(sql, params as unknown[] | undefined);
        return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
      } catch (e) {
        wrapDbError(e);
      }
    },
    async exec(sql: string) {
      try {
        await c.query(sql);
      } catch (e) {
        wrapDbError(e);
      }
    },
  };
}

/**
 * A failure the database or its driver raised (as the PGlite adapter judges it). Not "has a
 * `code`": an ApiError thrown by the caller inside the transaction has one too (e.g. CONFLICT)
 * and must reach the route as itself, not as DATABASE_ERROR.
 */
function isDriverError(e: unknown): boolean {
  return isDatabaseFailure(e);
}

async function runTransaction<T>(pool: pg.Pool, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (e) {
    wrapDbError(e);
  }
  let broken = false;
  try {
    await client.query('BEGIN');
    const q = wrap(client);
    const out = await fn({ ...q, setLocal: (name, value) => q.query('SELECT set_config($1, $2, true)', [name, value]).then(() => undefined) });
    await client.query('COMMIT');
    return out;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw e;
  } finally {
    // A connection that could not even roll back is dropped from the pool, not reused.
    client.release(broken);
  }
}

/** node-postgres pool. `schema` isolates a deployment (or a test file) in its own search_path. */
export async function openPg(url: string, opts: { schema?: string; max?: number } = {}): Promise<Db> {
  const schema = opts.schema;
  if (schema && !/^[a-z_][a-z0-9_]*$/i.test(schema)) throw new Error(`Invalid DATABASE_SCHEMA: ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    options: schema ? `-c search_path=${schema},public` : undefined,
  });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead of crashing
  if (schema) {
    try {
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } catch (e) {
      await pool.end().catch(() => {});
      wrapDbError(e);
    }
  }
  const base = wrap(pool);
  return {
    kind: 'pg',
    ...base,
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      try {
        return await runTransaction(pool, fn);
      } catch (e) {
        const err = toDatabaseError(e);
        if (e !== err && !isDriverError(e)) throw e; // the caller's own error, not the database's
        if (!err.transient) throw err;
        return runTransaction(pool, fn); // once more, on a fresh connection
      }
    },
    async tryAdvisoryLock(key: string) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        wrapDbError(e);
      }
      try {
        const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok', [key]);
        if (!r.rows[0]?.ok) {
          client.release();
          return null;
        }
      } catch (e) {
        client.release(true);
        wrapDbError(e);
      }
      return {
        async release() {
          try {
            await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
            client.release();
          } catch {
            client.release(true); // the session ended: its locks went with it
          }
        },
      };
    },
    async close() {
      await pool.end();
    },
  };
}
