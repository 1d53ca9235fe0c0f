import { categorize, letters, parseWeightGrams } from '@/lib/vision/parse-common';

/**
 * An item printed as `Brand – Kind – Size` (`Cannatron – Popcorn Buds – 28g`, `Derived - Pod -
 * 0.5g`): three dash-separated parts, the first words without figures, the middle only a product
 * kind (a category's word: Flower, Pod, Cartridge, Diamonds) and the last a weight. Such a line
 * names no strain: the strain is printed on its own line above it (bold, no amount), and that line
 * leads the printed name. A line like this after a heading of a brand (`brand-groups`) has no
 * dashes, and a name with a strain in it (`Blue Dream Flower 3.5g`) is not three parts.
 */
const SEP = /\s+[-–—~]\s+/;

export function isBrandKindSize(name: string): boolean {
  const parts = name.trim().split(SEP);
  if (parts.length !== 3) return false;
  const [brand, kind, size] = parts;
  const w = parseWeightGrams(size, { allowTrailingNine: true });
  return letters(brand) >= 2 && !/\d/.test(brand) && !/\d/.test(kind) && categorize(kind, 'Other') !== 'Other' && w !== null && w.index === 0;
}

/**
 * The name line above (a strain on its own line: letters only, at most four words) and the line's
 * brand (its first part, so the strain guess does not take it for part of the strain), else null.
 */
export function strainAbove(pendingName: string | undefined, name: string): { strain: string; brand: string } | null {
  if (!pendingName || !isBrandKindSize(name)) return null;
  const above = pendingName.trim();
  const ok = /^[A-Za-z][A-Za-z' .&-]*$/.test(above) && above.split(/\s+/).length <= 4 && letters(above) >= 3;
  return ok ? { strain: above, brand: name.trim().split(SEP)[0] } : null;
}
