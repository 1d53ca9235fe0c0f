import type { z } from 'zod';
import type { StrainSchema } from '@/lib/strains/schemas';

/** The catalog's public types (cross-area contract: see lib/strains in /docs/strains.md). */
export type StrainType = 'indica' | 'sativa' | 'hybrid';

export const STRAIN_TYPES: readonly StrainType[] = ['indica', 'sativa', 'hybrid'];

/** `percentage` is the share in percent of dry weight (0.45 means 0.45 %). */
export interface Terpene {
  name: string;
  percentage: number;
}

/** A catalog strain as every route answers it (the schema is the contract). */
export type Strain = z.output<typeof StrainSchema>;

/** What a writer supplies; highFamily, timestamps and id are the catalog's to compute. */
export interface StrainInput {
  name: string;
  slug?: string;
  type?: StrainType | string | null;
  thc?: number | null;
  thcMin?: number | null;
  thcMax?: number | null;
  cbd?: number | null;
  cbdMin?: number | null;
  cbdMax?: number | null;
  terpenes?: Terpene[];
  effects?: string[];
  negatives?: string[];
  helpsWith?: Record<string, number>;
  aromas?: string[];
  parents?: string[];
  akas?: string[];
  popularityScore?: number | null;
  description?: string | null;
  /** Leading terpene when a source names it without shares (sets dominant terpene and family). */
  dominantTerpene?: string | null;
  /** Source URLs (statistics by domain). */
  sourceUrls?: string[];
}

export function isStrainType(v: unknown): v is StrainType {
  return typeof v === 'string' && (STRAIN_TYPES as readonly string[]).includes(v);
}

/** 'Indica', ' SATIVA ', 'Indica-dominant hybrid' → a StrainType or null. */
export function parseStrainType(v: unknown): StrainType | null {
  if (typeof v !== 'string') return null;
  const s = v.trim().toLowerCase();
  if (isStrainType(s)) return s;
  if (/hybrid|dominant|\bhyb\b/.test(s)) return 'hybrid';
  if (/^ind/.test(s)) return 'indica';
  if (/^sat/.test(s)) return 'sativa';
  return null;
}
