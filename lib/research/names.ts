import { slugify } from '@/lib/strains/slug';

/** Control characters out, inner whitespace collapsed, trimmed: the form a name is stored under. */
export function cleanName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Folded key for "the same name": the catalog's slug of it, so "Blue Dream", "blue  dream!" and
 * "Blué-Dream" share `blue-dream`, and a queued name and its future catalog slug agree.
 */
export function nameKey(name: string): string {
  return slugify(name);
}
