import type { Queryable } from '@/lib/db';
import { catalogAggregates, catalogTerpeneAverages, findUniverseByName, strainsNamedLike, type UniverseRecord } from '@/lib/strains/repo';
import { canonicalName } from '@/lib/strains/slug';
import type { Strain } from '@/lib/strains/types';

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
  const [agg, terps] = await Promise.all([catalogAggregates(db), catalogTerpeneAverages(db)]);
  const mode = agg.typeMode;
  return {
    typeMode: mode === 'indica' || mode === 'sativa' || mode === 'hybrid' ? mode : null,
    thcMean: agg.thcMean,
    cbdMean: agg.cbdMean,
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
  const relatives = (await strainsNamedLike(db, canon, limit)).map(({ strain, similarity }) => {
    const inner = canonicalName(strain.name);
    const containedInName = inner.length >= 3 && new RegExp(`(^|[^a-z0-9])${escapeRe(inner)}([^a-z0-9]|$)`).test(canon);
    return { strain, similarity: Math.round(similarity * 1000) / 1000, containedInName };
  });
  return { universe, relatives, priors: await catalogPriors(db) };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
