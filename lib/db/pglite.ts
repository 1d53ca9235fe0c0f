import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { isDatabaseFailure, wrapDbError } from '@/lib/db/errors';
import type { Db, Queryable, QueryResult, Tx } from '@/lib/db/types';
import { isProcessAlive } from '@/lib/process-alive';

const parsers = {
  [types.NUMERIC]: (v: string) => Number(v),
  [types.INT8]: (v: string) => Number(v),
};

/**
 * Only one process may open a PGlite directory (two corrupt it silently), so a lock file beside
 * it holds the owner's pid. A lock left by a dead process is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  const lockPath = `${path.resolve(dir)}.lock`;
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (owner === process.pid) throw new Error(`PGlite directory ${dir} is already open in this process`);
      if (owner && isProcessAlive(owner)) {
        throw new Error(
          `The embedded database at ${dir} is in use by process ${owner}. Stop that process, or set DATABASE_URL to use PostgreSQL, or PGLITE_DIR to another directory.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock from a dead process
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      try {
        const r = await q.query<T>(sql, params as unknown[] | undefined);
        // PGlite reports affectedRows 0 for SELECT; node-postgres counts the returned rows.
        return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
      } catch (e) {
        wrapDbError(e);
      }
    },
    async exec(sql: string) {
      try {
        await q.exec(sql);
      } catch (e) {
        wrapDbError(e);
      }
    },
  };
}

export async function openPglite(dir: string): Promise<Db> {
  const inMemory = dir.startsWith('memory://');
  const release = inMemory ? () => {} : acquireDirLock(dir);
  let pg: PGlite;
  try {
    if (!inMemory) fs.mkdirSync(dir, { recursive: true });
    pg = await PGlite.create(inMemory ? undefined : dir, { extensions: { pg_trgm }, parsers });
  } catch (e) {
    release();
    throw e;
  }
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      try {
        return await pg.transaction((tx) => {
          const q = wrap(tx);
          return fn({ ...q, setLocal: (name, value) => q.query('SELECT set_config($1, $2, true)', [name, value]).then(() => undefined) });
        });
      } catch (e) {
        if (!isDatabaseFailure(e)) throw e; // the caller's own error
        wrapDbError(e);
      }
    },
    async tryAdvisoryLock() {
      return { release: async () => {} };
    },
    async close() {
      await pg.close();
      release();
    },
  };
}
