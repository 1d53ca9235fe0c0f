import type { Queryable } from '@/lib/db';

const CHUNK = 1000;

/**
 * Apply `sql` (which reads its rows from `jsonb_to_recordset($1::jsonb)`) to rows in chunks, so a
 * backfill over a large catalog never builds one giant parameter. Returns the rows affected.
 */
export async function updateInChunks(db: Queryable, sql: string, rows: object[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const r = await db.query(sql, [JSON.stringify(rows.slice(i, i + CHUNK))]);
    n += r.rowCount;
  }
  return n;
}
