/**
 * The strain part of a printed product name, and its match in the catalog.
 *
 * A receipt line or a label prints a product name: maybe a maker in front of the strain
 * ("Derived Thai", "Pharmers Jet Fuel") and pack or form words after it ("… Sugar", "… 5pk"). The
 * words at the end are judged by the matcher's own noise lists (lib/strains/match-noise.ts); the
 * words in front cannot be judged by any list (a brand is any word), so they are whatever the
 * catalog matcher could not place: when the whole guess matches nothing, the guess less its first
 * word or two is tried, when those words are ones no strain name uses (the matcher's own test of a
 * maker's word), and kept only when the catalog recognises it surely.
 */
import type { Queryable } from '@/lib/db';
import { matchProducts, type MatchInput, type MatchResult } from '@/lib/strains/match';
import { isMakerWord } from '@/lib/strains/match-decide';
import { guessIndex, indexFor } from '@/lib/strains/match-index';

/** How many leading words may be a maker's name ("Seed Junky", "Mountain Top Extracts"). */
const MAX_LEAD_WORDS = 3;

/** The guess less its first one, two, three words, while a strain word of four letters is left. */
export function withoutLeadWords(guess: string): string[] {
  const words = guess.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let k = 1; k <= MAX_LEAD_WORDS && k < words.length; k++) {
    const rest = words.slice(k);
    if (rest.join('').replace(/[^\p{L}]/gu, '').length < 4) break;
    out.push(rest.join(' '));
  }
  return out;
}

/**
 * A maker's mark written in lower case with a full stop before a capitalised name ('ghost. Maui
 * Wowie', 'kind. Blue Dream'): the brand's styling, whatever strain names use the word.
 */
export function isBrandMark(word: string, next: string | undefined): boolean {
  return /^\p{Ll}{3,}\.$/u.test(word) && /^[\p{Lu}\d]/u.test(next ?? '');
}

const sure = (m: MatchResult | undefined) => Boolean(m?.strain) && (m?.confidence === 'high' || m?.confidence === 'medium');

/**
 * A single word left is kept only as the strain's own catalog name ("Thai"), never as a word an
 * alias or a longer name shares ("Sherbet" of Rainbow Sherbet is an alias of Sunset Sherbet,
 * "Cookies" of Mandarin Cookies one of Girl Scout Cookies).
 */
function wholeName(name: string, m: MatchResult): boolean {
  return /\s/.test(name.trim()) || m.strain?.name.toLowerCase() === name.trim().toLowerCase();
}

/** The words of a name, lower case. */
const wordSet = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}']+/u)
      .filter(Boolean),
  );

/**
 * The printed name's own match replaces the guess's when the guess lost words the catalog name
 * holds: 'Chocolate Thai 28 g' is guessed 'Thai' (its first word read as the edible kind), but
 * the printed name is the catalog's Chocolate Thai. Only a surely matched, longer catalog name
 * that holds every word of the guess's match.
 */
function longerPrinted(guess: MatchResult, printed: MatchResult | undefined): boolean {
  if (printed?.confidence !== 'high' || !printed.strain || printed.strain.id === guess.strain?.id) return false;
  const long = wordSet(printed.strain.name);
  const short = wordSet(guess.strain?.name ?? guess.input);
  return short.size > 0 && long.size > short.size && [...short].every((w) => long.has(w));
}

/**
 * Match the guesses; a guess the catalog places nowhere is tried again without its leading words
 * (the first shorter guess the catalog recognises surely wins). `printed`: the product names as
 * printed, matched too when given (see longerPrinted). Results keep the input order.
 */
export async function matchStrainGuesses(db: Queryable, inputs: MatchInput[], printed?: (string | null)[]): Promise<MatchResult[]> {
  const first = await withPrinted(db, inputs, await matchProducts(db, inputs), printed);
  if (first.every((m) => m.strain)) return first;
  // Only words the matcher itself would take for a maker's go (no strain name uses them): the
  // words in front of 'Animal Mint Cake', 'AJs Sour Diesel', 'Pink Passion Fruit' are a strain's own.
  const { index } = guessIndex() ?? (await indexFor(db));
  const retries: { at: number; input: MatchInput; loose: boolean }[] = [];
  first.forEach((m, i) => {
    if (m.strain) return;
    const words = inputs[i].name.trim().split(/\s+/);
    const maker = (w: string, k: number) => isMakerWord(index, w.toLowerCase()) || isBrandMark(w, words[k + 1]);
    for (const name of withoutLeadWords(inputs[i].name)) {
      const dropped = words.slice(0, words.length - name.split(' ').length);
      const strict = dropped.every(maker);
      // A brand of two words whose first no strain name uses and whose second, capitalised, one
      // does ('Stoned Ape Do-Si-Dos'): tried too, kept only on a high match.
      const loose = !strict && dropped.length === 2 && maker(dropped[0], 0) && /^\p{Lu}/u.test(dropped[1]);
      if (!strict && !loose) break;
      retries.push({ at: i, input: { ...inputs[i], name }, loose });
    }
  });
  if (!retries.length) return first;
  const again = await matchProducts(
    db,
    retries.map((r) => r.input),
  );
  const out = [...first];
  const done = new Set<number>();
  retries.forEach((r, j) => {
    if (done.has(r.at) || !sure(again[j]) || (r.loose && again[j].confidence !== 'high') || !wholeName(r.input.name, again[j])) return;
    done.add(r.at);
    out[r.at] = again[j];
  });
  return out;
}

/** The guesses' matches, each replaced by its printed name's when that is the longer catalog name. */
async function withPrinted(db: Queryable, inputs: MatchInput[], guesses: MatchResult[], printed?: (string | null)[]): Promise<MatchResult[]> {
  const at = (printed ?? []).flatMap((p, i) => (p && p.trim() && p.trim() !== inputs[i]?.name.trim() ? [i] : []));
  if (!at.length) return guesses;
  const whole = await matchProducts(
    db,
    at.map((i) => ({ ...inputs[i], name: printed?.[i] ?? '' })),
  );
  const out = [...guesses];
  at.forEach((i, j) => {
    if (longerPrinted(guesses[i], whole[j])) out[i] = whole[j];
  });
  return out;
}
