import { COMMON_WEIGHTS, GRAMS_PER_OZ } from '@/lib/vision/parse-common';

/**
 * Weights as a photo or a narrow face leaves them on a receipt line (issue 14, twenty-first
 * receipt round), repaired before the line is cleaned (where every l, I or | beside a figure
 * becomes a 1):
 *
 * - a letter l, I or | inside the figures of a weight (`1l4g`: a monospace 14g whose 1 was read
 *   twice, once as l) is read as nothing when the weight without it is a usual pack size and the
 *   weight with a 1 in its place is none (114 g is sold nowhere; 14 g is a half ounce); otherwise
 *   it is left to the cleaner (a 1);
 * - a weight of one gram glued to the word before it with its 1 read as l, I or | (`cartlg`,
 *   `WaxIg`): the word, a space and `1g`. Only a lowercase g after three letters or more (no
 *   printed word ends in `lg`);
 * - a speck read right after a weight's unit (`2 x 0.5g¢`): dropped, so the weight (and a pack
 *   printed count first) is read.
 */
const LETTER_IN_FIGURES = /(?<![\w.])(\d{1,2})[lI|](\d{1,2}(?:[.,]\d)?)(\s?(?:g|oz)\b)/g;
const GLUED_ONE_GRAM = /(?<=[A-Za-z]{3})[lI|]g(?=\s|$)/g;
const SPECK_AFTER_UNIT = /(?<=\d\s?(?:g|oz))[¢©®°]+(?=\s|$)/g;

/** The grams of a weight figure and unit (`14`, `g`), for the pack-size test. */
const gramsOf = (figures: string, unit: string) => Number(figures.replace(',', '.')) * (/oz/i.test(unit) ? GRAMS_PER_OZ : 1);
const usual = (grams: number) => COMMON_WEIGHTS.includes(grams);

/** A receipt line with its weights' letter slips repaired (see above); any other text as it is. */
export function gluedWeights(raw: string): string {
  return raw
    .replace(LETTER_IN_FIGURES, (m, a: string, b: string, unit: string) => {
      const without = `${a}${b}`;
      return usual(gramsOf(without, unit)) && !usual(gramsOf(`${a}1${b}`, unit)) ? `${without}${unit}` : m;
    })
    .replace(GLUED_ONE_GRAM, ' 1g')
    .replace(SPECK_AFTER_UNIT, '');
}
