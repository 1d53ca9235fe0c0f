/**
 * Terpene name → the catalog's canonical key ('beta-Myrcene' → 'myrcene'); names the catalog
 * does not know stay, lower-cased, so no label data is lost. Pure, so the computed sections
 * run unchanged in a browser.
 */
import { normalizeTerpeneName } from '@/lib/strains/terpenes';

/**
 * The catalog normaliser looks names up in plain objects, so a client-sent name such as
 * 'constructor' resolves to an Object.prototype member instead of a string. Such names are not
 * terpenes: they are dropped before any catalog helper sees them.
 */
export function isUsableTerpeneName(name: unknown): name is string {
  if (typeof name !== 'string' || !name.trim()) return false;
  const n = normalizeTerpeneName(name);
  if (n !== null && typeof n !== 'string') return false;
  const plain =
    name
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^a-z]+/g, ' ')
      .trim()
      .split(' ')
      .pop() ?? '';
  return !(plain in Object.prototype) && !(name.trim().toLowerCase() in Object.prototype);
}

export function terpeneKey(name: string): string {
  const n = normalizeTerpeneName(name);
  return typeof n === 'string' ? n : name.trim().toLowerCase();
}
