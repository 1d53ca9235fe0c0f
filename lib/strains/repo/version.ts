/**
 * The matcher's reads of the catalog tables: the version row, the names its in-process index is
 * built from, and the full rows of the strains a menu matched.
 */
import type { Queryable } from '@/lib/db';
import type { TrigramWordMode } from '@/lib/strains/match-trigram';
import { rowToStrain, STRAIN_COLUMNS, type StrainRow } from '@/lib/strains/repo/row';
import type { Strain } from '@/lib/strains/types';

export interface CatalogStamp {
  instance: string;
  version: string;
  /** The version row was written by the caller's own open transaction: never cache what it reads. */
  ownWrite: boolean;
}

export interface CatalogNameRow {
  strain_id: string;
  name: string;
  slug: string;
  is_alias: boolean;
  strain_slug: string;
  popularity: number | string | null;
  /** The strain's CBD is at least its THC (a CBD-rich strain: 'CBD <name>' may be it). */
  cbd_rich?: boolean | null;
}

export interface UniverseNameRow {
  name: string;
  slug: string;
}

const STAMP = `v.instance::text AS instance, v.version::text AS version,
  coalesce(v.xmin = pg_current_xact_id_if_assigned()::xid, false) AS own_write`;

type StampRow = { instance: string; version: string; own_write: boolean };
const toStamp = (r: StampRow): CatalogStamp => ({ instance: r.instance, version: r.version, ownWrite: r.own_write === true });

export async function readCatalogStamp(q: Queryable): Promise<CatalogStamp> {
  const r = await q.query<StampRow>(`SELECT ${STAMP} FROM catalog_version v`);
  if (!r.rows[0]) throw new Error('catalog_version row missing: run the migrations');
  return toStamp(r.rows[0]);
}

export async function readCatalogNames(q: Queryable): Promise<{ names: CatalogNameRow[]; universe: UniverseNameRow[]; mode: TrigramWordMode }> {
  const names = await q.query<CatalogNameRow>(
    `SELECT n.strain_id::text AS strain_id, n.name, n.slug, n.is_alias, s.slug AS strain_slug, s.popularity_score AS popularity,
            (s.cbd IS NOT NULL AND s.cbd >= COALESCE(s.thc, 0)) AS cbd_rich
       FROM strain_names n JOIN strains s ON s.id = n.strain_id`,
  );
  const universe = await q.query<UniverseNameRow>(`SELECT canonical_name AS name, slug FROM strain_universe WHERE strain_id IS NULL`);
  // Which characters pg_trgm treats as word characters depends on the database's LC_CTYPE.
  const probe = await q.query<{ n: number | null }>(`SELECT array_length(show_trgm('é'), 1) AS n`);
  return { names: names.rows, universe: universe.rows, mode: Number(probe.rows[0]?.n ?? 0) > 0 ? 'unicode' : 'ascii' };
}

/**
 * The full rows of the matched strains and, in the same statement, the catalog stamp: when the
 * stamp is still the one the index was built under, the answer stands (one round trip a menu).
 */
export async function readStrainsWithStamp(q: Queryable, ids: string[]): Promise<{ stamp: CatalogStamp; strains: Map<string, Strain> }> {
  const r = await q.query<StampRow & Partial<StrainRow>>(
    `SELECT ${STAMP}, ${STRAIN_COLUMNS}
       FROM catalog_version v LEFT JOIN strains s ON s.id = ANY($1::uuid[])`,
    [ids],
  );
  if (!r.rows[0]) throw new Error('catalog_version row missing: run the migrations');
  const strains = new Map<string, Strain>();
  for (const row of r.rows) if (row.id) strains.set(row.id, rowToStrain(row as StrainRow));
  return { stamp: toStamp(r.rows[0]), strains };
}
