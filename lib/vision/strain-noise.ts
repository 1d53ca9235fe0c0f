/**
 * Pack and form words at the end of a printed product name ("Blue Magoo Sugar", "Sour Tsunami
 * 5pk"): judged by the catalog matcher's own noise lists (lib/strains/match-noise.ts), so the
 * vision guess and the matcher agree on what is noise.
 */
import { cleanWords, stripFormWords, trimFormEdges } from '@/lib/strains/match-noise';

/**
 * How the flower was sold, printed before the category word and left at the end once that word is
 * gone: "Dried Flower" (Canada's legal class), "Milled Flower", "Deli Smalls" (weighed at a counter).
 * No strain name ends with one of them.
 */
const FORM_BEFORE_KIND = /^(dried|milled|deli)$/;

/** A word the matcher drops as noise at the end of a name: a size, a pack count, a form word. */
export function isTrailingNoise(word: string): boolean {
  const w = word.toLowerCase().replace(/[.,;:]+$/, '');
  if (!w) return true;
  if (FORM_BEFORE_KIND.test(w)) return true;
  const left = cleanWords(w).filter((t) => t !== '\u0001');
  if (!left.length) return true;
  if (!stripFormWords(left).light.length) return true;
  // A form word that never ends a strain name ('Sugar', 'Diamonds', 'Smalls').
  return left.length === 1 && trimFormEdges(['x', left[0]]).length === 1;
}

/** A guess without the noise words at its end ("Blue Magoo Sugar", "Sour Tsunami 5pk"). */
export function trimTrailingNoise(guess: string): string {
  const words = guess.split(/\s+/).filter(Boolean);
  while (words.length > 1 && isTrailingNoise(words[words.length - 1])) words.pop();
  return words.join(' ');
}
