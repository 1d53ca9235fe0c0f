import pg from 'pg';
import { wrapDbError } from './errors';
import type { Db, Queryable, QueryResult } from './types';

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
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        wrapDbError(e);
      }
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
