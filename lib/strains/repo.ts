import type { Queryable } from '../db';
import { strongEtag } from '../http/conditional';
import { terpeneVector, effectVector, profileVector, cosine } from './recommend-vector';
import { cachedCatalogRead } from './read-cache';
import { rowToStrain, STRAIN_COLUMNS, type StrainRow } from './row';
import { canonicalName, slugify } from './slug';
import type { Strain, StrainInput } from './types';
import { toRow, upsertStrainRows, type UpsertResult } from './upsert';

export { STRAIN_COLUMNS, rowToStrain, type StrainRow } from './row';
export { toRow, upsertStrainRows, CURATED_SOURCES, type UpsertResult } from './upsert';

export async function getStrainBySlug(db: Queryable, slug: string): Promise<Strain | null> {
  const r = await db.query<StrainRow>(`SELECT ${STRAIN_COLUMNS} FROM strains s WHERE s.slug = $1`, [slug]);
  return r.rows[0] ? rowToStrain(r.rows[0]) : null;
}

/**
 * A strain as the slug route answers it, made once per catalog version: the record, its JSON text
 * and a strong ETag over that text, so a hit costs neither serialisation nor hashing.
 */
export interface SerializedStrain {
  strain: Strain;
  json: string;
  etag: string;
}

/** getStrainBySlug, serialised, through the in-process cache of catalog reads (misses cached too, per catalog version). */
export function getSerializedStrainBySlug(db: Queryable, slug: string): Promise<SerializedStrain | null> {
  return cachedCatalogRead(
    db,
    'slug',
    slug,
    async () => {
      const strain = await getStrainBySlug(db, slug);
      if (!strain) return null;
      const json = JSON.stringify(strain);
      return { strain, json, etag: strongEtag(json) };
    },
    // The record's objects take about twice its JSON text on the heap, plus the text itself.
    (v) => (v ? v.json.length * 3 : 64) + slug.length,
  );
}

/** getStrainBySlug through the in-process cache of catalog reads (misses cached too, per catalog version). */
export async function getStrainBySlugCached(db: Queryable, slug: string): Promise<Strain | null> {
  return (await getSerializedStrainBySlug(db, slug))?.strain ?? null;
}

export async function getStrainsByIds(db: Queryable, ids: string[]): Promise<Strain[]> {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (valid.length === 0) return [];
  const r = await db.query<StrainRow>(`SELECT ${STRAIN_COLUMNS} FROM strains s WHERE s.id = ANY($1::uuid[])`, [valid]);
  const byId = new Map(r.rows.map((row) => [row.id, rowToStrain(row)]));
  return valid.map((id) => byId.get(id)).filter((s): s is Strain => Boolean(s));
}

/** Insert or merge one strain by slug (highFamily computed from its terpenes). */
export async function upsertStrain(db: Queryable, input: StrainInput, source: string): Promise<UpsertResult> {
  const row = toRow(input, source);
  if (!row.name || !row.slug) throw new Error('A strain needs a name');
  const urls = input.sourceUrls?.length ? new Map([[row.slug, input.sourceUrls]]) : undefined;
  const [res] = await upsertStrainRows(db, [row], source, urls);
  return res;
}

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

export async function findUniverseByName(db: Queryable, name: string): Promise<UniverseRecord | null> {
  const r = await db.query<{ name: string; slug: string; type: string | null; sources: string[]; completeness: number; strain_id: string | null }>(
    `SELECT name, slug, type, sources, completeness, strain_id FROM strain_universe
     WHERE slug = $1 OR canonical_name = $2 ORDER BY (slug = $1) DESC LIMIT 1`,
    [slugify(name), canonicalName(name)],
  );
  const u = r.rows[0];
  return u ? { name: u.name, slug: u.slug, type: u.type, sources: u.sources ?? [], completeness: Number(u.completeness), strainId: u.strain_id } : null;
}

/**
 * Strains nearest to `strain` by cosine over its terpene and effect vector. Candidates share a
 * leading terpene or an effect (index-backed), ranked in process; ties go to the more popular.
 */
export async function similarStrains(db: Queryable, strain: Strain, limit = 5): Promise<Strain[]> {
  const terps = strain.terpenes.slice(0, 3).map((t) => t.name);
  const r = await db.query<StrainRow>(
    `SELECT ${STRAIN_COLUMNS} FROM strains s
     WHERE s.id <> $1 AND (s.terpene_map ?| $2::text[] OR s.effects && $3::text[])
     ORDER BY s.popularity_score DESC LIMIT 600`,
    [strain.id, terps, strain.effects],
  );
  const target = profileVector(strain);
  return r.rows
    .map((row) => rowToStrain(row))
    .map((s) => ({ s, score: cosine(target, profileVector(s)) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || b.s.popularityScore - a.s.popularityScore)
    .slice(0, Math.max(0, limit))
    .map((x) => x.s);
}

/** Mean share of each terpene across profiled strains (a strain without it counts as 0). */
export async function catalogTerpeneAverages(db: Queryable): Promise<Record<string, number>> {
  const r = await db.query<{ name: string; avg: number }>(
    `WITH p AS (SELECT terpene_map FROM strains WHERE terpene_map <> '{}'::jsonb)
     SELECT e.key AS name, round(sum(e.value::numeric) / (SELECT count(*) FROM p), 4) AS avg
     FROM p, jsonb_each_text(p.terpene_map) e GROUP BY e.key ORDER BY avg DESC`,
  );
  return Object.fromEntries(r.rows.map((x) => [x.name, Number(x.avg)]));
}

export { terpeneVector, effectVector, cosine };
