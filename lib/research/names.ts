/** Trim and collapse inner whitespace; the display form a submission is stored under. */
export function cleanName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/**
 * Folded key for "the same name": lower-case, accents stripped, every run of non-alphanumerics
 * one '-'. "Blue Dream", "blue  dream!" and "Blué-Dream" share the key `blue-dream`.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
