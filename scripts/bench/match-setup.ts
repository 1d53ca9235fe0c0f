/**
 * Shared set-up for the matching benchmark and the labelled precision set: a scratch database
 * (in-memory PGlite or a throw-away PostgreSQL schema) holding the seed catalog, the shared
 * 4,754-strain catalog and the Kushy universe of names, and the Weedmaps menu items.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Db } from '@/lib/db';
import { migrate } from '@/lib/db';
import { importStrains, importUniverse } from '@/lib/strains/import';
import { parseCatalogRecords, parseUniverseRecords, readRecords } from '@/lib/strains/import-parse';
import { seedCatalog } from '@/lib/strains/seed';

export const DATA_DIR = path.resolve(process.cwd(), '..', 'shared', 'data');
export const CATALOG_CSV = path.join(DATA_DIR, 'catalog', 'strains.csv');
export const KUSHY_CSV = path.join(DATA_DIR, 'catalog', 'kushy-strain-names.csv');
export const MENU_CSV = path.join(DATA_DIR, 'menus', 'weedmaps_nm_menu_items.csv');

export interface MenuItem {
  id: string;
  /** The dispensary menu the item was exported from. */
  listingFile: string;
  name: string;
  brand: string;
  category: string;
  subCategory: string;
}

export function dataPresent(): boolean {
  return [CATALOG_CSV, KUSHY_CSV, MENU_CSV].every((f) => fs.existsSync(f));
}

export function loadMenu(): MenuItem[] {
  const rows = parse(fs.readFileSync(MENU_CSV, 'utf8'), { columns: true, skip_empty_lines: true, relax_column_count: true }) as Record<string, string>[];
  return rows.map((r) => ({ id: r.item_id, listingFile: r.listing_file, name: r.name, brand: r.brand_name, category: r.category, subCategory: r.sub_category }));
}

/** Bench category: Weedmaps' category, with pre-rolls split out of Flower. */
export function benchCategory(m: MenuItem): string {
  if (m.category === 'Flower' && /pre ?roll|blunt/i.test(m.subCategory)) return 'Pre-Roll';
  if (m.category === 'Vape Pens') return 'Vape';
  if (m.category === 'Edibles') return 'Edible';
  return m.category || 'Other';
}

export async function openScratch(kind: 'pglite' | 'pg'): Promise<Db> {
  if (kind === 'pglite') {
    const { openPglite } = await import('@/lib/db/pglite');
    return openPglite('memory://');
  }
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const { openPg } = await import('@/lib/db/pg');
  const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
  const db = await openPg(url, { schema, max: 4 });
  const close = db.close.bind(db);
  return Object.assign(db, {
    async close() {
      await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await close();
    },
  });
}

export async function loadCatalog(db: Db): Promise<{ strains: number; universe: number; ms: number }> {
  const t = Date.now();
  await migrate(db);
  await seedCatalog(db);
  await importStrains(db, parseCatalogRecords(readRecords(fs.readFileSync(CATALOG_CSV, 'utf8'), 'csv')), 'strains-csv');
  await importUniverse(db, parseUniverseRecords(readRecords(fs.readFileSync(KUSHY_CSV, 'utf8'), 'csv')), 'kushy');
  const s = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM strains');
  const u = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM strain_universe');
  return { strains: Number(s.rows[0].n), universe: Number(u.rows[0].n), ms: Date.now() - t };
}
