import type { Db, Queryable } from '@/lib/db';
import { getStrainsByIds, rankedStrainIds, type SlugDemand, type StrainRanking } from '@/lib/strains/repo';
import type { Strain } from '@/lib/strains/types';

/**
 * The SQL of the discover group (tables `discover_lists`, `discover_list_items`,
 * `discover_state`). The computed lists are drawn from the catalog through its owner
 * (`rankedStrainIds` in lib/strains/repo.ts); each keeps at most COMPUTED_SIZE strains.
 */

export const COMPUTED_SIZE = 50;

/** A Db runs `fn` in a transaction; a connection already inside one (or a bare Queryable) runs it as is. */
function inTransaction<T>(db: Queryable, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return 'transaction' in db && typeof (db as Db).transaction === 'function' ? (db as Db).transaction(fn) : fn(db);
}

export interface ListRow {
  slug: string;
  title: string;
  description: string;
  kind: 'computed' | 'curated';
  strain_count: number;
  updated_at: Date | string;
}

export interface ComputedQuery {
  slug: string;
  title: string;
  description: string;
  /** The catalog order the list's members are drawn in. */
  rank: StrainRanking;
}

const familyList = (family: string, terpene: string, blurb: string): ComputedQuery => ({
  slug: `family-${family.toLowerCase()}`,
  title: `${family} strains`,
  description: `${blurb} Strains whose terpene profile is led by ${terpene} (the ${family} family), most popular first.`,
  rank: { by: 'family', family },
});

export const COMPUTED_LISTS: readonly ComputedQuery[] = [
  {
    slug: 'trending-this-week',
    title: 'Trending this week',
    description: 'Strains on the most dispensary menus scanned in the last 7 days; popularity breaks ties.',
    rank: { by: 'demand' },
  },
  {
    slug: 'newest',
    title: 'Newest in the catalog',
    description: 'The strains most recently added to the catalog.',
    rank: { by: 'newest' },
  },
  {
    slug: 'most-popular',
    title: 'Most popular',
    description: 'The highest popularity scores in the catalog (base score plus menu demand).',
    rank: { by: 'popularity' },
  },
  familyList('Relaxing', 'myrcene', 'Body-heavy and easy-going.'),
  familyList('Uplifting', 'limonene', 'Bright and cheerful.'),
  familyList('Balancing', 'caryophyllene', 'Steady and grounded.'),
  familyList('Focusing', 'pinene', 'Clear-headed and alert.'),
  familyList('Energizing', 'terpinolene', 'Lively and active.'),
  familyList('Calming', 'linalool', 'Soft and soothing.'),
  {
    slug: 'family-balanced',
    title: 'Balanced strains',
    description: 'Strains with no single leading terpene (the top two within 15% of each other), most popular first.',
    rank: { by: 'family', family: 'Balanced' },
  },
  {
    slug: 'high-cbd',
    title: 'High CBD',
    description: 'Strains with at least 4% CBD (measured or top of range), richest first.',
    rank: { by: 'cbd' },
  },
  {
    slug: 'complete-lab-profiles',
    title: 'Most complete lab profiles',
    description: 'Strains with the fullest data: cannabinoids, a measured terpene profile, effects, aromas, lineage and description.',
    rank: { by: 'completeness' },
  },
];

export const COMPUTED_SLUGS = new Set(COMPUTED_LISTS.map((l) => l.slug));

/** Rewrite one computed list; true when its members or order changed (then `updated_at` moves). */
export async function refreshComputed(db: Queryable, def: ComputedQuery, position: number, demand: SlugDemand): Promise<boolean> {
  const ids = await rankedStrainIds(db, def.rank, COMPUTED_SIZE, demand);
  return inTransaction(db, async (tx) => {
    await tx.query(
      `INSERT INTO discover_lists (slug, title, description, kind, position) VALUES ($1, $2, $3, 'computed', $4)
       ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description, position = EXCLUDED.position
         WHERE (discover_lists.title, discover_lists.description, discover_lists.position) IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.description, EXCLUDED.position)`,
      [def.slug, def.title, def.description, position],
    );
    const current = (await tx.query<{ strain_id: string }>(`SELECT strain_id FROM discover_list_items WHERE list_slug = $1 ORDER BY position`, [def.slug])).rows.map(
      (r) => r.strain_id,
    );
    if (current.length === ids.length && current.every((id, i) => id === ids[i])) return false;
    await replaceItems(tx, def.slug, ids);
    await tx.query(`UPDATE discover_lists SET updated_at = now() WHERE slug = $1`, [def.slug]);
    return true;
  });
}

async function replaceItems(q: Queryable, slug: string, ids: string[]): Promise<void> {
  await q.query(`DELETE FROM discover_list_items WHERE list_slug = $1`, [slug]);
  if (ids.length)
    await q.query(
      `INSERT INTO discover_list_items (list_slug, strain_id, position)
       SELECT $1, t.id, t.ord::int FROM unnest($2::uuid[]) WITH ORDINALITY AS t(id, ord)`,
      [slug, ids],
    );
}

export async function computedCount(db: Queryable): Promise<number> {
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM discover_lists WHERE kind = 'computed'`);
  return Number(r.rows[0]?.n ?? 0);
}

const LIST_COLS = `l.slug, l.title, l.description, l.kind, l.updated_at,
  (SELECT count(*)::int FROM discover_list_items i WHERE i.list_slug = l.slug) AS strain_count`;

export async function listRows(db: Queryable, o: { kind?: 'computed' | 'curated'; limit: number; offset: number }): Promise<{ rows: ListRow[]; total: number }> {
  const w = o.kind ? `WHERE l.kind = $3` : '';
  const params: unknown[] = [o.limit, o.offset];
  if (o.kind) params.push(o.kind);
  const [rows, count] = await Promise.all([
    db.query<ListRow>(`SELECT ${LIST_COLS} FROM discover_lists l ${w} ORDER BY (l.kind = 'curated') DESC, l.position, l.title, l.slug LIMIT $1 OFFSET $2`, params),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM discover_lists l ${o.kind ? 'WHERE l.kind = $1' : ''}`, o.kind ? [o.kind] : []),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

export async function getListRow(db: Queryable, slug: string): Promise<ListRow | null> {
  const r = await db.query<ListRow>(`SELECT ${LIST_COLS} FROM discover_lists l WHERE l.slug = $1`, [slug]);
  return r.rows[0] ?? null;
}

/**
 * One page of a list's strains, in list order: the page's ids from the list, the strains from
 * the catalog's owner (two indexed reads of one page each, where one join was before).
 */
export async function listStrains(db: Queryable, slug: string, limit: number, offset: number): Promise<Strain[]> {
  const r = await db.query<{ strain_id: string }>(`SELECT strain_id FROM discover_list_items WHERE list_slug = $1 ORDER BY position LIMIT $2 OFFSET $3`, [slug, limit, offset]);
  return r.rows.length
    ? getStrainsByIds(
        db,
        r.rows.map((x) => x.strain_id),
      )
    : [];
}

/** The discover figures of GET /meta/freshness (see CATALOG_FRESHNESS_SQL in lib/strains/repo.ts). */
export const DISCOVER_FRESHNESS_SQL = {
  updatedAt: `greatest((SELECT max(updated_at) FROM discover_lists), (SELECT deleted_at FROM discover_state))`,
} as const;

export async function insertCurated(db: Db, l: { slug: string; title: string; description: string; ids: string[] }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const r = await tx.query(`INSERT INTO discover_lists (slug, title, description, kind, position) VALUES ($1, $2, $3, 'curated', 0) ON CONFLICT (slug) DO NOTHING`, [
      l.slug,
      l.title,
      l.description,
    ]);
    if (r.rowCount === 0) return false;
    await replaceItems(tx, l.slug, l.ids);
    return true;
  });
}

export async function updateCurated(db: Db, slug: string, p: { title?: string; description?: string; ids?: string[] }): Promise<'ok' | 'missing' | 'computed'> {
  return db.transaction(async (tx) => {
    const cur = await tx.query<{ kind: string }>(`SELECT kind FROM discover_lists WHERE slug = $1 FOR UPDATE`, [slug]);
    if (!cur.rows[0]) return 'missing';
    if (cur.rows[0].kind !== 'curated') return 'computed';
    await tx.query(`UPDATE discover_lists SET title = coalesce($2, title), description = coalesce($3, description), updated_at = now() WHERE slug = $1`, [
      slug,
      p.title ?? null,
      p.description ?? null,
    ]);
    if (p.ids) await replaceItems(tx, slug, p.ids);
    return 'ok';
  });
}

export async function deleteCurated(db: Queryable, slug: string): Promise<'ok' | 'missing' | 'computed'> {
  const r = await db.query<{ kind: string }>(`SELECT kind FROM discover_lists WHERE slug = $1`, [slug]);
  if (!r.rows[0]) return 'missing';
  if (r.rows[0].kind !== 'curated') return 'computed';
  await inTransaction(db, async (q) => {
    await q.query(`DELETE FROM discover_lists WHERE slug = $1 AND kind = 'curated'`, [slug]);
    await q.query(`UPDATE discover_state SET deleted_at = now()`);
  });
  return 'ok';
}
