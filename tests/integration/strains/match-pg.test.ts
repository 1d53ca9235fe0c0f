import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { openPg } from '@/lib/db/pg';
import { matchProducts } from '@/lib/strains/match';
import { decideMatches } from '@/lib/strains/match-decide';
import { indexFor } from '@/lib/strains/match-index';
import { roundSimilarity, similarity } from '@/lib/strains/match-trigram';
import { importStrains } from '@/lib/strains/import';
import { parseCatalogRecords, readRecords } from '@/lib/strains/import-parse';
import { upsertStrain } from '@/lib/strains/repo';

const DATA = path.resolve(process.cwd(), '..', 'shared', 'data');
const CATALOG_CSV = path.join(DATA, 'catalog', 'strains.csv');
const MENU_CSV = path.join(DATA, 'menus', 'weedmaps_nm_menu_items.csv');
const pgUrl = process.env.DATABASE_URL;

describe.runIf(pgUrl)('matcher on PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    db = await ready();
  });

  it('the in-process trigram numbers are pg_trgm similarity() on real names', async () => {
    if (fs.existsSync(CATALOG_CSV)) await importStrains(db, parseCatalogRecords(readRecords(fs.readFileSync(CATALOG_CSV, 'utf8'), 'csv')), 'strains');
    const menu = fs.existsSync(MENU_CSV)
      ? (parse(fs.readFileSync(MENU_CSV, 'utf8'), { columns: true, skip_empty_lines: true, relax_column_count: true }) as Record<string, string>[]).map((r) => ({
          name: r.name,
          brand: r.brand_name || null,
          category: r.category,
        }))
      : ['Granddady Purpel', 'Blue Dreem 3.5g', 'Crème Brûlée OG', 'Sour Disel Cart', 'Jelly Cake'].map((name) => ({ name, brand: null, category: 'Flower' }));
    const { index } = await indexFor(db);
    // Each product's strain segment against its nearest catalog name, and the raw menu name
    // against the same name: the pairs the trigram pass decides on, and unnormalised text.
    const pairs = new Map<string, [string, string, number]>();
    decideMatches(index, menu).forEach((d, i) => {
      const near = d.cleaned ? index.nearest(d.cleaned).catalog : null;
      if (!near) return;
      pairs.set(`${d.cleaned}\u0000${near.entry.name}`, [d.cleaned, near.entry.name, roundSimilarity(near.raw)]);
      pairs.set(`${menu[i].name}\u0000${near.entry.name}`, [menu[i].name, near.entry.name, similarity(menu[i].name, near.entry.name)]);
    });
    const list = [...pairs.values()];
    const r = await db.query<{ sim: string }>(
      `SELECT round(similarity(a, b)::numeric, 4)::text AS sim FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q(a, b, i) ORDER BY i`,
      [list.map((p) => p[0]), list.map((p) => p[1])],
    );
    const differ = list.filter((p, i) => Number(r.rows[i].sim) !== p[2]);
    expect(list.length).toBeGreaterThan(fs.existsSync(MENU_CSV) ? 5000 : 5);
    expect(differ).toEqual([]);
  });

  describe('catalog version across instances', () => {
    let other: Db;
    beforeAll(async () => {
      // A second pool on the same schema: another instance of the service.
      other = await openPg(pgUrl as string, { schema: process.env.DATABASE_SCHEMA, max: 2 });
    });
    afterAll(async () => {
      await other.close();
    });

    it('a strain written through one instance is matched by the other', async () => {
      expect((await matchProducts(other, ['Quokka Dream 3.5g']))[0].strain).toBeNull();
      await upsertStrain(db, { name: 'Quokka Dream', type: 'hybrid' }, 'test');
      const [r] = await matchProducts(other, ['Quokka Dream 3.5g']);
      expect(r.strain?.name).toBe('Quokka Dream');
      await db.query(`UPDATE strains SET akas = ARRAY['Q Dream'] WHERE slug = 'quokka-dream'`);
      expect((await matchProducts(other, ['Q Dream - 1g Cart']))[0].strain?.name).toBe('Quokka Dream');
    });

    it('bumps once per writing transaction, never reuses a number after a rollback', async () => {
      const version = async () => BigInt((await db.query<{ v: string }>('SELECT version::text AS v FROM catalog_version')).rows[0].v);
      const v0 = await version();
      await db.transaction(async (tx) => {
        await upsertStrain(tx, { name: 'Numbat Kush', type: 'indica' }, 'test');
        await upsertStrain(tx, { name: 'Numbat Haze', type: 'sativa' }, 'test');
      });
      const v1 = await version();
      expect(v1).toBe(v0 + 1n);
      await db
        .transaction(async (tx) => {
          await upsertStrain(tx, { name: 'Wombat OG', type: 'indica' }, 'test');
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(await version()).toBe(v1);
      await upsertStrain(db, { name: 'Wombat OG', type: 'indica' }, 'test');
      expect(await version()).toBeGreaterThan(v1 + 1n);
    });
  });
});
