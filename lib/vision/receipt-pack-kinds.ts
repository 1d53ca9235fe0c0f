import { parseWeightGrams } from '@/lib/vision/parse-common';
import type { Category } from '@/lib/vision/types';

/**
 * Trade names of a pre-roll that the category words do not hold because a strain can carry them
 * too (issue 14, fifteenth receipt round): a "dogwalker" (a short pre-roll) names the product's kind
 * only as the LAST word before the weight (`Larry OG Dogwalker 1g`), never in front (`Dogwalker OG
 * Live Rosin Jam 0.5g` is a concentrate of the strain Dogwalker OG).
 */
const PRE_ROLL_LAST = /^(dogwalkers?|dog\s?walkers?)$/i;

/** The category a receipt name's last word before its weight names, when it is such a trade name; null otherwise. */
export function packKind(name: string): Category | null {
  const w = parseWeightGrams(name, { allowTrailingNine: true });
  // (A count in front of the weight, `2 x 0.5g`, `5pk 2.5g`, is no word of the name.)
  const head = (w ? name.slice(0, w.index) : name)
    .trimEnd()
    .replace(/\s+\d{1,2}\s?(?:[x×]|pk|pack)$/i, '')
    .trim()
    .split(/\s+/);
  return head.length >= 2 && PRE_ROLL_LAST.test(head[head.length - 1]) ? 'Pre-Roll' : null;
}
