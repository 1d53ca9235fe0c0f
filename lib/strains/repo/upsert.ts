/** Writes of catalog profiles (`strains`, `strain_sources`): the input → row mapper and the upsert. */
import type { Queryable } from '@/lib/db';
import { highFamily, HIGH_FAMILIES } from '@/lib/strains/high-family';
import { canonicalName, slugify } from '@/lib/strains/slug';
import { normalizeTerpeneName, normalizeTerpeneProfile } from '@/lib/strains/terpenes';
import { parseStrainType, type StrainInput } from '@/lib/strains/types';

/**
 * Sources whose rows are hand-curated. A later import from any other source only fills the
 * fields such a row leaves empty, so `npm run import` never overwrites the seeded profiles.
 */
export const CURATED_SOURCES = ['seed', 'admin', 'research'] as const;

export interface UpsertResult {
  id: string;
  slug: string;
  inserted: boolean;
}

const clean = (xs: string[] | undefined, max = 40): string[] | null => {
  const out = [...new Set((xs ?? []).map((x) => String(x).trim().toLowerCase()).filter((x) => x && x.length <= 100))].slice(0, max);
  return out.length ? out : null;
};
const cleanNames = (xs: string[] | undefined, max = 20): string[] | null => {
  const out = [...new Set((xs ?? []).map((x) => String(x).replace(/\s+/g, ' ').trim()).filter((x) => x && x.length <= 200))].slice(0, max);
  return out.length ? out : null;
};
const numOrNull = (v: unknown, lo = 0, hi = 100): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= lo && n <= hi ? Math.round(n * 1000) / 1000 : null;
};

/** The database row an input becomes (snake_case, empties as null so the merge can tell). */
export function toRow(input: StrainInput, source: string) {
  const name = String(input.name ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const slug = slugify(input.slug || name);
  const terpenes = normalizeTerpeneProfile(input.terpenes);
  // A file may name only the leading terpene (no shares): it still sets the family and dominant terpene.
  const top = terpenes[0]?.name ?? (input.dominantTerpene ? normalizeTerpeneName(input.dominantTerpene) : null);
  const helps: Record<string, number> = {};
  for (const [k, v] of Object.entries(input.helpsWith ?? {})) {
    const n = Number(v);
    if (k.trim() && Number.isFinite(n)) helps[k.trim().toLowerCase()] = n;
  }
  return {
    slug,
    name,
    canonical_name: canonicalName(name),
    type: parseStrainType(input.type),
    thc: numOrNull(input.thc),
    thc_min: numOrNull(input.thcMin),
    thc_max: numOrNull(input.thcMax),
    cbd: numOrNull(input.cbd),
    cbd_min: numOrNull(input.cbdMin),
    cbd_max: numOrNull(input.cbdMax),
    terpenes: terpenes.length ? terpenes : null,
    terpene_map: terpenes.length ? Object.fromEntries(terpenes.map((t) => [t.name, t.percentage])) : null,
    dominant_terpene: top,
    high_family: terpenes.length ? highFamily(terpenes) : top ? (HIGH_FAMILIES[top] ?? null) : null,
    effects: clean(input.effects),
    negatives: clean(input.negatives),
    helps_with: Object.keys(helps).length ? helps : null,
    aromas: clean(input.aromas),
    parents: cleanNames(input.parents),
    akas: cleanNames(input.akas)?.filter((a) => canonicalName(a) !== canonicalName(name)) ?? null,
    popularity_score: numOrNull(input.popularityScore),
    source,
    description: input.description ? String(input.description).slice(0, 4000) : null,
  };
}

export type StrainRowInput = ReturnType<typeof toRow>;

const SCALARS = ['type', 'thc', 'thc_min', 'thc_max', 'cbd', 'cbd_min', 'cbd_max', 'description'] as const;
const ARRAYS = ['effects', 'negatives', 'aromas', 'parents', 'akas'] as const;

/**
 * Upsert many strains by slug in ONE statement. Empty incoming values never erase stored ones;
 * over a curated row (seed/admin/research) a non-curated source only fills empty fields.
 */
export async function upsertStrainRows(db: Queryable, rows: StrainRowInput[], source: string, sourceUrls?: Map<string, string[]>): Promise<UpsertResult[]> {
  const bySlug = new Map<string, StrainRowInput>();
  for (const r of rows) if (r.slug && r.name) bySlug.set(r.slug, r);
  if (bySlug.size === 0) return [];
  const curated = CURATED_SOURCES.map((s) => `'${s}'`).join(',');
  const keepOld = `(strains.source IN (${curated}) AND EXCLUDED.source NOT IN (${curated}))`;
  const pick = (col: string, empty: (t: string) => string) =>
    `${col} = CASE WHEN ${keepOld} THEN (CASE WHEN ${empty('strains')} THEN EXCLUDED.${col} ELSE strains.${col} END)
                  ELSE (CASE WHEN ${empty('EXCLUDED')} THEN strains.${col} ELSE EXCLUDED.${col} END) END`;
  const terpNew = `(CASE WHEN ${keepOld} THEN jsonb_array_length(strains.terpenes) = 0 AND (strains.dominant_terpene IS NULL OR jsonb_array_length(EXCLUDED.terpenes) > 0)
                         ELSE jsonb_array_length(EXCLUDED.terpenes) > 0 OR (jsonb_array_length(strains.terpenes) = 0 AND EXCLUDED.dominant_terpene IS NOT NULL) END)`;
  const sets = [
    `name = CASE WHEN ${keepOld} THEN strains.name ELSE EXCLUDED.name END`,
    `canonical_name = CASE WHEN ${keepOld} THEN strains.canonical_name ELSE EXCLUDED.canonical_name END`,
    ...SCALARS.map((c) => pick(c, (t) => `${t}.${c} IS NULL`)),
    ...ARRAYS.map((c) => pick(c, (t) => `cardinality(${t}.${c}) = 0`)),
    pick('helps_with', (t) => `${t}.helps_with = '{}'::jsonb`),
    ...['terpenes', 'terpene_map', 'dominant_terpene', 'high_family'].map((c) => `${c} = CASE WHEN ${terpNew} THEN EXCLUDED.${c} ELSE strains.${c} END`),
    `popularity_score = CASE WHEN ${keepOld} AND strains.popularity_score > 0 THEN strains.popularity_score
                             WHEN EXCLUDED.popularity_score > 0 THEN EXCLUDED.popularity_score ELSE strains.popularity_score END`,
    `source = CASE WHEN ${keepOld} THEN strains.source ELSE EXCLUDED.source END`,
    `updated_at = now()`,
  ];
  const sql = `
    INSERT INTO strains (slug, name, canonical_name, type, thc, thc_min, thc_max, cbd, cbd_min, cbd_max, terpenes, terpene_map,
      dominant_terpene, high_family, effects, negatives, helps_with, aromas, parents, akas, popularity_score, source, description)
    SELECT x.slug, x.name, x.canonical_name, x.type, x.thc, x.thc_min, x.thc_max, x.cbd, x.cbd_min, x.cbd_max,
      coalesce(x.terpenes, '[]'::jsonb), coalesce(x.terpene_map, '{}'::jsonb), x.dominant_terpene, x.high_family,
      coalesce(x.effects, '{}'), coalesce(x.negatives, '{}'), coalesce(x.helps_with, '{}'::jsonb), coalesce(x.aromas, '{}'),
      coalesce(x.parents, '{}'), coalesce(x.akas, '{}'), coalesce(x.popularity_score, 0), x.source, x.description
    FROM jsonb_to_recordset($1::jsonb) AS x(slug text, name text, canonical_name text, type text, thc numeric, thc_min numeric,
      thc_max numeric, cbd numeric, cbd_min numeric, cbd_max numeric, terpenes jsonb, terpene_map jsonb, dominant_terpene text,
      high_family text, effects text[], negatives text[], helps_with jsonb, aromas text[], parents text[], akas text[],
      popularity_score numeric, source text, description text)
    ON CONFLICT (slug) DO UPDATE SET ${sets.join(',\n')}
    RETURNING id, slug, (xmax = 0) AS inserted`;
  const r = await db.query<{ id: string; slug: string; inserted: boolean }>(sql, [JSON.stringify([...bySlug.values()])]);
  const src: { slug: string; source: string; url: string | null; domain: string | null }[] = [];
  for (const row of r.rows) {
    const urls = sourceUrls?.get(row.slug) ?? [];
    if (urls.length === 0) src.push({ slug: row.slug, source, url: null, domain: null });
    for (const u of urls) src.push({ slug: row.slug, source, url: u, domain: domainOf(u) });
  }
  await db.query(
    `INSERT INTO strain_sources (strain_id, source, url, domain)
     SELECT s.id, x.source, x.url, x.domain FROM jsonb_to_recordset($1::jsonb) AS x(slug text, source text, url text, domain text)
     JOIN strains s ON s.slug = x.slug
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(src)],
  );
  return r.rows.map((x) => ({ id: x.id, slug: x.slug, inserted: Boolean(x.inserted) }));
}

function domainOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '').toLowerCase() || null;
  } catch {
    return null;
  }
}

/** Insert or merge one strain by slug (highFamily computed from its terpenes). */
export async function upsertStrain(db: Queryable, input: StrainInput, source: string): Promise<UpsertResult> {
  const row = toRow(input, source);
  if (!row.name || !row.slug) throw new Error('A strain needs a name');
  const urls = input.sourceUrls?.length ? new Map([[row.slug, input.sourceUrls]]) : undefined;
  const [res] = await upsertStrainRows(db, [row], source, urls);
  return res;
}
