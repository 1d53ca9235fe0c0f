/**
 * The universe of known strain names (`strain_universe`, profiled or not) and the provenance of
 * catalog profiles (`strain_sources`).
 */
import type { Queryable } from '@/lib/db';
import { canonicalName, slugify } from '@/lib/strains/slug';

/**
 * Add names to the universe of known strains (one statement for the whole list). Returns how
 * many names were new. A name already known gains the source; a catalog profile is never touched.
 */
export async function addToUniverse(db: Queryable, rows: { name: string; type?: string | null; source: string }[]): Promise<number> {
  const bySlug = new Map<string, { slug: string; name: string; canonical_name: string; type: string | null; source: string }>();
  for (const r of rows) {
    const name = String(r.name ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    const slug = slugify(name);
    if (!slug || name.length > 200) continue;
    const t = (r.type ?? '').trim().toLowerCase();
    bySlug.set(slug, { slug, name, canonical_name: canonicalName(name), type: ['indica', 'sativa', 'hybrid'].includes(t) ? t : null, source: r.source });
  }
  if (bySlug.size === 0) return 0;
  const r = await db.query<{ inserted: boolean }>(
    `INSERT INTO strain_universe (slug, name, canonical_name, type, sources, completeness)
     SELECT x.slug, x.name, x.canonical_name, x.type, ARRAY[x.source], CASE WHEN x.type IS NULL THEN 0 ELSE 0.1 END
     FROM jsonb_to_recordset($1::jsonb) AS x(slug text, name text, canonical_name text, type text, source text)
     ON CONFLICT (slug) DO UPDATE SET
       type = coalesce(strain_universe.type, EXCLUDED.type),
       sources = CASE WHEN EXCLUDED.sources[1] = ANY (strain_universe.sources) THEN strain_universe.sources
                      ELSE strain_universe.sources || EXCLUDED.sources END,
       completeness = CASE WHEN strain_universe.strain_id IS NULL THEN greatest(strain_universe.completeness, EXCLUDED.completeness)
                           ELSE strain_universe.completeness END,
       updated_at = now()
     RETURNING (xmax = 0) AS inserted`,
    [JSON.stringify([...bySlug.values()])],
  );
  return r.rows.filter((x) => x.inserted).length;
}

export interface UniverseRecord {
  name: string;
  slug: string;
  type: string | null;
  sources: string[];
  completeness: number;
  strainId: string | null;
}

/** A universe row as stored. */
interface UniverseRow {
  name: string;
  slug: string;
  type: string | null;
  sources: string[] | null;
  completeness: number | string;
  strain_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const UNIVERSE_COLUMNS = 'name, slug, type, sources, completeness, strain_id, created_at, updated_at';

export interface UniverseEntry extends UniverseRecord {
  createdAt: string;
  updatedAt: string;
}

function rowToRecord(u: UniverseRow): UniverseRecord {
  return { name: u.name, slug: u.slug, type: u.type, sources: u.sources ?? [], completeness: Number(u.completeness), strainId: u.strain_id };
}

function rowToUniverse(u: UniverseRow): UniverseEntry {
  return { ...rowToRecord(u), createdAt: new Date(u.created_at).toISOString(), updatedAt: new Date(u.updated_at).toISOString() };
}

export async function findUniverseByName(db: Queryable, name: string): Promise<UniverseRecord | null> {
  const r = await db.query<UniverseRow>(
    `SELECT ${UNIVERSE_COLUMNS} FROM strain_universe
     WHERE slug = $1 OR canonical_name = $2 ORDER BY (slug = $1) DESC LIMIT 1`,
    [slugify(name), canonicalName(name)],
  );
  return r.rows[0] ? rowToRecord(r.rows[0]) : null;
}

/** The universe entry with this slug, or null. */
export async function universeBySlug(db: Queryable, slug: string): Promise<UniverseEntry | null> {
  const r = await db.query<UniverseRow>(`SELECT ${UNIVERSE_COLUMNS} FROM strain_universe WHERE slug = $1`, [slug]);
  return r.rows[0] ? rowToUniverse(r.rows[0]) : null;
}

/** The universe's completeness and sources of a catalog strain, or null. */
export async function universeOfStrain(db: Queryable, strainId: string): Promise<{ completeness: number; sources: string[] } | null> {
  const r = await db.query<UniverseRow>(`SELECT ${UNIVERSE_COLUMNS} FROM strain_universe WHERE strain_id = $1 LIMIT 1`, [strainId]);
  return r.rows[0] ? { completeness: Number(r.rows[0].completeness), sources: r.rows[0].sources as string[] } : null;
}

/** Where a catalog strain's profile came from, oldest first. */
export async function sourcesOfStrain(db: Queryable, strainId: string): Promise<Array<{ source: string; url: string | null; domain: string | null; addedAt: string }>> {
  const r = await db.query<{ source: string; url: string | null; domain: string | null; created_at: Date | string }>(
    'SELECT source, url, domain, created_at FROM strain_sources WHERE strain_id = $1 ORDER BY created_at, source',
    [strainId],
  );
  return r.rows.map((x) => ({ source: x.source, url: x.url, domain: x.domain, addedAt: new Date(x.created_at).toISOString() }));
}
