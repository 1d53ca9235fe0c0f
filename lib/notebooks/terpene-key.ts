/**
 * Terpene name → the catalog's canonical key ('beta-Myrcene' → 'myrcene'); names the catalog
 * does not know stay, lower-cased, so no label data is lost. Pure, so the computed sections
 * run unchanged in a browser.
 */
import { normalizeTerpeneName } from '@/lib/strains/terpenes';

export function terpeneKey(name: string): string {
  return normalizeTerpeneName(name) ?? name.trim().toLowerCase();
}
