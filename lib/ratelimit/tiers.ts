/** The specification's rate-limit tiers (Limits table). */
export const TIERS = {
  lenient: { limit: 300, windowMs: 60_000 },
  moderate: { limit: 60, windowMs: 60_000 },
  strict: { limit: 10, windowMs: 60_000 },
  notebook: { limit: 5, windowMs: 3_600_000 },
  parse: { limit: 20, windowMs: 3_600_000 },
  scanner: { limit: 10, windowMs: 600_000 },
  submission: { limit: 5, windowMs: 3_600_000 },
} as const;

export type TierName = keyof typeof TIERS;
export interface Window {
  limit: number;
  windowMs: number;
}

/** Per-API-key default when API_KEY_LIMITS does not name the key. */
export const API_KEY_DEFAULT: Window = { limit: 100, windowMs: 60_000 };
