import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError } from '@/lib/http';
import { migrate, type Db } from '@/lib/db';

/** The Db port's contract, run against each adapter (PGlite in npm test, PostgreSQL in integration). */
export function dbSuite(name: string, open: () => Promise<Db>) {
  describe(`Db port on ${name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await open();
      await migrate(db); // the first migration loads pg_trgm
      await db.exec(
        'DROP TABLE IF EXISTS port_check; CREATE TABLE port_check (id serial PRIMARY KEY, name text UNIQUE, amount numeric, big bigint, doc jsonb, at timestamptz DEFAULT now())',
      );
    });
    afterAll(async () => {
      await db.exec('DROP TABLE IF EXISTS port_check');
      await db.close();
    });

    it('runs parameterised queries and returns typed values', async () => {
      const r = await db.query<{ id: number; amount: number; big: number; doc: { a: number[] }; at: Date }>(
        'INSERT INTO port_check (name, amount, big, doc) VALUES ($1, $2, $3, $4) RETURNING *',
        ['one', 12.5, 9007199254740991, JSON.stringify({ a: [1, 2] })],
      );
      expect(r.rowCount).toBe(1);
      expect(r.rows[0].amount).toBe(12.5);
      expect(r.rows[0].big).toBe(9007199254740991);
      expect(r.rows[0].doc).toEqual({ a: [1, 2] });
      expect(r.rows[0].at).toBeInstanceOf(Date);
    });

    it('counts rows like node-postgres: selected, inserted, updated', async () => {
      await db.query("INSERT INTO port_check (name) VALUES ('c1'), ('c2')");
      expect((await db.query("SELECT * FROM port_check WHERE name LIKE 'c%'")).rowCount).toBe(2);
      expect((await db.query("UPDATE port_check SET amount = 1 WHERE name LIKE 'c%'")).rowCount).toBe(2);
      expect((await db.query("DELETE FROM port_check WHERE name LIKE 'c%'")).rowCount).toBe(2);
      expect((await db.query("SELECT * FROM port_check WHERE name = 'none'")).rowCount).toBe(0);
    });

    it('has pg_trgm', async () => {
      const r = await db.query<{ s: number }>("SELECT similarity('blue dream', 'blu dreem') AS s");
      expect(r.rows[0].s).toBeGreaterThan(0.3);
    });

    it('commits a transaction and rolls one back on error', async () => {
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO port_check (name) VALUES ($1)', ['two']);
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO port_check (name) VALUES ($1)', ['three']);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      const names = (await db.query<{ name: string }>('SELECT name FROM port_check ORDER BY id')).rows.map((r) => r.name);
      expect(names).toEqual(['one', 'two']);
    });

    it('raises DatabaseError with the SQLSTATE', async () => {
      const e = await db.query('INSERT INTO port_check (name) VALUES ($1)', ['one']).catch((x) => x);
      expect(e).toBeInstanceOf(DatabaseError);
      expect(e.code).toBe('23505');
      const syntax = await db.query('SELEC nonsense').catch((x) => x);
      expect(syntax).toBeInstanceOf(DatabaseError);
      expect(syntax.code).toBe('42601');
      const inTx = await db.transaction((tx) => tx.query('SELECT * FROM no_such_table')).catch((x) => x);
      expect(inTx).toBeInstanceOf(DatabaseError);
      expect(inTx.code).toBe('42P01');
    });

    it('applies migrations in order, records them, and is idempotent', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig-'));
      const tag = `mig_${Math.random().toString(36).slice(2, 8)}`;
      const migs = [
        { version: '1001', name: 'a', sql: `CREATE TABLE ${tag} (id int);` },
        { version: '1002', name: 'b', sql: `ALTER TABLE ${tag} ADD COLUMN name text; INSERT INTO ${tag} VALUES (1, 'x');` },
      ];
      const first = await migrate(db, migs);
      expect(first.applied).toEqual(['1001', '1002']);
      const again = await migrate(db, migs);
      expect(again.applied).toEqual([]);
      expect((await db.query(`SELECT * FROM ${tag}`)).rows).toHaveLength(1);
      const broken = await migrate(db, [...migs, { version: '1003', name: 'c', sql: `ALTER TABLE ${tag} ADD COLUMN bad nonexistent_type;` }]).catch((x) => x);
      expect(broken).toBeInstanceOf(DatabaseError);
      const recorded = (await db.query<{ version: string }>("SELECT version FROM schema_migrations WHERE version LIKE '100%' ORDER BY version")).rows.map((r) => r.version);
      expect(recorded).toEqual(['1001', '1002']);
      await db.exec(`DROP TABLE ${tag}; DELETE FROM schema_migrations WHERE version LIKE '100%'`);
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('applies the project migrations idempotently', async () => {
      const second = await migrate(db);
      expect(second.applied).toEqual([]);
      expect(second.level).toMatch(/^\d{14}$/);
    });
  });
}
