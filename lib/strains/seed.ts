import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '@/lib/db';
import { importStrains, type ImportSummary } from '@/lib/strains/import';
import { parseCatalogRecords, readRecords } from '@/lib/strains/import-parse';

export const SEED_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), 'supabase', 'seed', 'strains.json');

/** Start-up step: load the project's seed catalog when the catalog is empty (idempotent). */
export async function seedCatalog(db: Queryable, file = SEED_FILE): Promise<{ seeded: boolean; inserted?: number; skipped?: number; reason?: string }> {
  const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM strains');
  if (Number(r.rows[0]?.n) > 0) return { seeded: false, reason: 'catalog not empty' };
  if (!fs.existsSync(file)) return { seeded: false, reason: `no seed file at ${file}` };
  const summary: ImportSummary = await importStrains(db, parseCatalogRecords(readRecords(fs.readFileSync(file, 'utf8'), 'json')), 'seed');
  return { seeded: true, inserted: summary.inserted, skipped: summary.skipped.length };
}
