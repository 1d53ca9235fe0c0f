/**
 * The maker lexicon's table (`menu_brands`, docs/matching.md "Known makers"): brand-field spellings
 * seen on scanned menus, counted per scan. Written by the scan pipeline after its cache save, read
 * by the matcher (lib/strains/match-maker.ts).
 */
import type { Queryable } from '@/lib/db';

/** Rows the table keeps (the most-seen, then the newest). */
export const MENU_BRANDS_MAX_ROWS = 20_000;
/** Spellings the matcher reads into its lexicon. */
export const MENU_BRANDS_READ = 5_000;
/** A spelling is a maker once this many scans showed it: one menu's typo teaches nothing. */
export const MENU_BRANDS_MIN_SCANS = 2;
/** Spellings one scan may add (a menu lists a few hundred brands at most). */
export const MENU_BRANDS_PER_SCAN = 500;

let generation = 0;
/** Moves on every write in this process, so the matcher's cached lexicon is read again. */
export const menuBrandsGeneration = (): number => generation;

/**
 * Count one scan of `menu` (a domain; stored only as a hash) for each distinct spelling. A spelling
 * the same menu showed last time is not counted again. Then, when the scan added rows, trim the
 * table to `maxRows`.
 */
export async function recordMenuBrands(q: Queryable, menu: string, spellings: string[], maxRows = MENU_BRANDS_MAX_ROWS): Promise<void> {
  const distinct = [...new Set(spellings.filter((s) => s.length >= 2 && s.length <= 60))].slice(0, MENU_BRANDS_PER_SCAN);
  if (distinct.length === 0) return;
  // `xmax = 0` marks a row this statement inserted (an updated one has the updating transaction's).
  const written = await q.query<{ inserted: boolean }>(
    `INSERT INTO menu_brands (spelling, last_menu)
       SELECT s, left(md5($2), 16) FROM unnest($1::text[]) AS s
     ON CONFLICT (spelling) DO UPDATE SET
       scans = menu_brands.scans + (menu_brands.last_menu <> EXCLUDED.last_menu)::int,
       last_menu = EXCLUDED.last_menu,
       last_seen = now()
     RETURNING (xmax = 0) AS inserted`,
    [distinct, menu],
  );
  // Only new rows can take the table over its bound: a scan of known spellings sorts nothing.
  if (written.rows.some((r) => r.inserted)) {
    await q.query(
      `DELETE FROM menu_brands WHERE spelling IN (
         SELECT spelling FROM menu_brands ORDER BY scans DESC, last_seen DESC, spelling OFFSET $1)`,
      [maxRows],
    );
  }
  generation++;
}

/** The trusted spellings (seen on two scans or more), most-seen first, at most `limit`. */
export async function readMenuMakers(q: Queryable, limit = MENU_BRANDS_READ): Promise<string[]> {
  const r = await q.query<{ spelling: string }>(`SELECT spelling FROM menu_brands WHERE scans >= $1 ORDER BY scans DESC, last_seen DESC, spelling LIMIT $2`, [
    MENU_BRANDS_MIN_SCANS,
    limit,
  ]);
  return r.rows.map((x) => x.spelling);
}

/** How many spellings the table holds and how many of them are trusted (tests, diagnostics). */
export async function countMenuBrands(q: Queryable): Promise<{ rows: number; trusted: number }> {
  const r = await q.query<{ rows: number | string; trusted: number | string }>(`SELECT count(*) AS rows, count(*) FILTER (WHERE scans >= $1) AS trusted FROM menu_brands`, [
    MENU_BRANDS_MIN_SCANS,
  ]);
  return { rows: Number(r.rows[0]?.rows ?? 0), trusted: Number(r.rows[0]?.trusted ?? 0) };
}
