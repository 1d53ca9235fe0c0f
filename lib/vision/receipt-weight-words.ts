/**
 * Weights printed as WORDS at the end of a product name (issue 14, twentieth receipt round), the
 * shops' names for their sizes: `Eighth` 3.5 g, `Quarter` 7 g, `Half Oz` / `Half Ounce` 14 g,
 * `Ounce` 28 g (the shops' 28 g ounce), `Half Gram` 0.5 g, `Gram` / `Full Gram` 1 g, `Two Gram` 2 g.
 * Read only at the end of the name, where printed names carry their weight, and only for an item
 * whose name gave no weight in figures.
 */
const WORDS: [RegExp, number][] = [
  [/\bhalf[\s-]?(?:oz|ounce)\.?$/i, 14],
  [/\b(?:an?\s)?ounce$/i, 28],
  [/\b(?:an?\s)?quarter(?:[\s-]?(?:oz|ounce))?$/i, 7],
  [/\b(?:an?\s)?eighth(?:[\s-]?(?:oz|ounce))?$/i, 3.5],
  [/\bhalf[\s-]?gram$/i, 0.5],
  [/\b(?:two|2)[\s-]?grams?$/i, 2],
  [/\b(?:full[\s-]?|one[\s-]?)?gram$/i, 1],
];

/** The grams a weight word at the end of the name stands for, or null. */
export function weightWordGrams(name: string): number | null {
  const tail = name.trim().replace(/[\s.,;:]+$/, '');
  for (const [re, grams] of WORDS) if (re.test(tail)) return grams;
  return null;
}
