import { slugify } from '../strains/slug';

/** Trim and collapse inner whitespace; the display form a submission is stored under. */
export function cleanName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/**
 * Folded key for "the same name": the catalog's slug of it, so "Blue Dream", "blue  dream!" and
 * "Blué-Dream" share `blue-dream`, and a queued name and its future catalog slug agree.
 */
export function nameKey(name: string): string {
  return slugify(name);
}
