import type { Strain, StrainType, Terpene } from '@/lib/strains/types';

/** Columns every Strain query selects (the `s` alias is the strains table). */
export const STRAIN_COLUMNS = `s.id, s.slug, s.name, s.type, s.thc, s.thc_min, s.thc_max, s.cbd, s.cbd_min, s.cbd_max,
  s.terpenes, s.effects, s.negatives, s.helps_with, s.aromas, s.parents, s.akas, s.high_family,
  s.popularity_score, s.source, s.description, s.created_at, s.updated_at`;

export interface StrainRow {
  id: string;
  slug: string;
  name: string;
  type: string | null;
  thc: number | null;
  thc_min: number | null;
  thc_max: number | null;
  cbd: number | null;
  cbd_min: number | null;
  cbd_max: number | null;
  terpenes: Terpene[] | string | null;
  effects: string[] | null;
  negatives: string[] | null;
  helps_with: Record<string, number> | string | null;
  aromas: string[] | null;
  parents: string[] | null;
  akas: string[] | null;
  high_family: string | null;
  popularity_score: number | null;
  source: string;
  description: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: Date | string): string => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());
const parseJson = <T>(v: unknown, fallback: T): T => {
  if (v === null || v === undefined) return fallback;
  if (typeof v === 'string') {
    try {
      return JSON.parse(v) as T;
    } catch {
      return fallback;
    }
  }
  return v as T;
};

export function rowToStrain(r: StrainRow): Strain {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    type: (r.type as StrainType | null) ?? null,
    thc: num(r.thc),
    thcMin: num(r.thc_min),
    thcMax: num(r.thc_max),
    cbd: num(r.cbd),
    cbdMin: num(r.cbd_min),
    cbdMax: num(r.cbd_max),
    terpenes: parseJson<Terpene[]>(r.terpenes, []).map((t) => ({ name: t.name, percentage: Number(t.percentage) })),
    effects: r.effects ?? [],
    negatives: r.negatives ?? [],
    helpsWith: parseJson<Record<string, number>>(r.helps_with, {}),
    aromas: r.aromas ?? [],
    parents: r.parents ?? [],
    akas: r.akas ?? [],
    highFamily: r.high_family ?? null,
    popularityScore: Number(r.popularity_score ?? 0),
    source: r.source,
    description: r.description ?? null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}
