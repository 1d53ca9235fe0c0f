import type { Queryable } from '../db';
import { catalogTerpeneAverages, findUniverseByName, rowToStrain, STRAIN_COLUMNS, type StrainRow, type UniverseRecord } from '../strains/repo';
import { canonicalName } from '../strains/slug';
import type { Strain } from '../strains/types';

export interface Relative {
  strain: Strain;
  similarity: number;
  /** The relative's whole name appears inside the submitted name ("Blue Dream" in "Blue Dream Haze"). */
  containedInName: boolean;
}

/** What the catalog as a whole looks like: the fallback a draft shrinks weak evidence toward. */
export interface CatalogPriors {
  typeMode: 'indica' | 'sativa' | 'hybrid' | null;
  thcMean: number | null;
  cbdMean: number | null;
  /** Mean share of each terpene over profiled strains (0 where a strain lacks it). */
  terpeneMeans: Record<string, number>;
}

export interface Evidence {
  universe: UniverseRecord | null;
  relatives: Relative[];
  priors?: CatalogPriors;
}

/** Two small aggregate queries over the catalog. */
export async function catalogPriors(db: Queryable): Promise<CatalogPriors> {
  const [agg, terps] = await Promise.all([
    db.query<{ type_mode: string | null; thc: number | null; cbd: number | null }>(
      `SELECT (SELECT type FROM strains WHERE type IS NOT NULL GROUP BY type ORDER BY count(*) DESC, type LIMIT 1) AS type_mode,
              avg(thc)::float8 AS thc, avg(cbd)::float8 AS cbd FROM strains`,
    ),
    catalogTerpeneAverages(db),
  ]);
  const a = agg.rows[0];
  const mode = a?.type_mode;
  return {
    typeMode: mode === 'indica' || mode === 'sativa' || mode === 'hybrid' ? mode : null,
    thcMean: a?.thc === null || a?.thc === undefined ? null : Number(a.thc),
    cbdMean: a?.cbd === null || a?.cbd === undefined ? null : Number(a.cbd),
    terpeneMeans: terps,
  };
}

/**
 * What the catalog knows that bears on a new name: its universe record (type, sources) and the
 * nearest catalog strains by name (trigram similarity, or word similarity for a parent's name
 * inside the new one), with their lab data. One query each; the catalog is small enough that a
 * background task may scan it.
 */
export async function gatherEvidence(db: Queryable, name: string, limit = 6): Promise<Evidence> {
  const canon = canonicalName(name);
  const universe = await findUniverseByName(db, name);
  const r = await db.query<StrainRow & { sim: number }>(
    `SELECT ${STRAIN_COLUMNS}, greatest(similarity(s.canonical_name, $1), word_similarity(s.canonical_name, $1)) AS sim
       FROM strains s
      WHERE s.canonical_name <> $1
        AND greatest(similarity(s.canonical_name, $1), word_similarity(s.canonical_name, $1)) >= 0.35
      ORDER BY sim DESC, s.popularity_score DESC, s.name
      LIMIT $2`,
    [canon, limit],
  );
  const relatives = r.rows.map((row) => {
    const strain = rowToStrain(row);
    const inner = canonicalName(strain.name);
    const containedInName = inner.length >= 3 && new RegExp(`(^|[^a-z0-9])${escapeRe(inner)}([^a-z0-9]|$)`).test(canon);
    return { strain, similarity: Math.round(Number(row.sim) * 1000) / 1000, containedInName };
  });
  return { universe, relatives, priors: await catalogPriors(db) };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
