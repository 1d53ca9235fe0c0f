import type { Queryable } from '../db';
import { findUniverseByName, rowToStrain, STRAIN_COLUMNS, type StrainRow, type UniverseRecord } from '../strains/repo';
import { canonicalName } from '../strains/slug';
import type { Strain } from '../strains/types';

export interface Relative {
  strain: Strain;
  similarity: number;
  /** The relative's whole name appears inside the submitted name ("Blue Dream" in "Blue Dream Haze"). */
  containedInName: boolean;
}

export interface Evidence {
  universe: UniverseRecord | null;
  relatives: Relative[];
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
  return { universe, relatives };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
