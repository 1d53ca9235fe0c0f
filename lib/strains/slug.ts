/**
 * URL slug of a strain or product name: ASCII, lower-case, words joined by '-'.
 * 'Gorilla Glue #4' → 'gorilla-glue-4', 'Durban Poison' → 'durban-poison', 'Crème Brûlée' → 'creme-brulee'.
 */
export function slugify(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Canonical name used by the exact pass and search: lower-cased, trimmed, inner spaces collapsed. */
export function canonicalName(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * A name with its spacing and punctuation ignored and 'and' written as menus shorten it:
 * 'Head Band' = 'Headband', 'Grape Vine' = 'Grapevine', 'Peaches and Cream' = 'PeachesNCream'
 * = 'Peaches & Cream'. Two names with the same key are one name spelt two ways.
 */
export function compactKey(s: string): string {
  return compactOfSlug(slugify(s));
}

/** compactKey of a name whose slug is already known. */
export function compactOfSlug(slug: string): string {
  return slug
    .split('-')
    .map((w) => (w === 'and' || w === 'n' ? 'n' : w))
    .join('');
}
