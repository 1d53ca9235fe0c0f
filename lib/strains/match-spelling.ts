/**
 * Is a trigram neighbour a spelling of the product's strain segment, or another name
 * (match-decide.ts's trigram pass)?
 */
import { editDistance } from '@/lib/strains/edit-distance';

/** A word's spelling-neutral form: 'mintz' = 'mints' = 'mint', 'fruits' = 'fruit'. */
const stem = (w: string) => w.replace(/'/g, '').replace(/(?<=\p{L}{3})[sz]$/u, '');
const wordsOf = (s: string) => s.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
const numbersOf = (ws: string[]) =>
  ws
    .filter((w) => /\d/.test(w))
    .map((w) => w.replace(/^#/, ''))
    .join(' ');

/** At most one edit in three letters: a slip of the keyboard, not another word. */
const MAX_EDIT_SHARE = 1 / 3;
/** Words this short are never misspelt into one another (one edit is a third of them). */
const SHORT_WORD = 3;

/**
 * Is the trigram neighbour a spelling of the product's strain segment, or another name? The same
 * name is the same words in the same order, each equal or misspelt ('Sunday Driver' ~ Sundae
 * Driver, 'Tropicanna Cookies', 'Forbidden Fruits', 'Star Dawg Guava' ~ Stardawg Guava). Another
 * name: one holds a word the other lacks ('Mango Lemonade' ~ Lemonade, 'Skywalker' ~ Skywalker
 * OG), a number differs ('Gelato 33' ~ Gelato 41), the order differs ('Blueberry Sours' ~ Sour
 * Blueberry), a differing word is itself a word strain names use ('Jelly Cake' ~ Jellie Cake,
 * 'Truffle Cake' ~ Tropic Truffle, 'Rainbow Sorbet' ~ Rainbow Sherbet), or a differing word is
 * more than a misspelling ('Golden Poppy' ~ Golden Panda).
 */
export function sameNameSpelling(product: string, catalog: string, wordUse: (w: string) => number): boolean {
  const pw = wordsOf(product);
  const cw = wordsOf(catalog);
  if (pw.join('') === cw.join('')) return true;
  if (numbersOf(pw) !== numbersOf(cw) || pw.length !== cw.length) return false;
  for (let i = 0; i < pw.length; i++) {
    const [p, c] = [stem(pw[i]), stem(cw[i])];
    if (p === c) continue;
    if (wordUse(pw[i]) >= 2 || wordUse(pw[i].replace(/'/g, '')) >= 2) return false;
    // A short word that differs is another word, not a slip: an abbreviation ('Cherry OGK' = Cherry
    // OG Kush, not Cherry OG; blind-8) or a code.
    if (Math.max(p.length, c.length) <= SHORT_WORD) return false;
    if (editDistance(p, c) > MAX_EDIT_SHARE * Math.max(p.length, c.length)) return false;
  }
  return true;
}

/** A word as it sounds: c = k, z = s, ph = f, every vowel alike, doubled letters once ('Ekto' = Ecto, 'Zkitlles' = Zkittlez, 'Bobba' = Bubba). */
const soundKey = (w: string) =>
  stem(w)
    .replace(/ph/g, 'f')
    .replace(/c/g, 'k')
    .replace(/z/g, 's')
    .replace(/[aeiouy]/g, 'a')
    .replace(/(.)\1+/g, '$1');

/**
 * The product differs from the catalog name in exactly one word, and that word does not sound the
 * same ('Greezy' ~ Geezy, 'Gorilla Treats' ~ Gorilla Breath, 'White Cuntz' ~ White Runtz): at a
 * `low` similarity that near-miss is more often another strain than a misspelling, so it is no
 * answer; a word that sounds the same ('Ekto Cooler', 'Kandyland') still is (issue #13, blind-6
 * follow-up; docs/matching.md). Names that differ only in spacing never count.
 */
export function oneWordNearMiss(product: string, catalog: string): boolean {
  const pw = wordsOf(product);
  const cw = wordsOf(catalog);
  if (pw.join('') === cw.join('') || pw.length !== cw.length) return false;
  const differ = pw.map((w, i) => [w, cw[i]] as const).filter(([p, c]) => stem(p) !== stem(c));
  if (differ.length !== 1) return false;
  const [p, c] = [stem(differ[0][0]), stem(differ[0][1])];
  // A word written out further or cut short ('Zorblaxy' ~ Zorbla) keeps the catalog's word whole.
  return !p.startsWith(c) && !c.startsWith(p) && soundKey(p) !== soundKey(c);
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const LAST_NUMBER_WORD_RE = new RegExp(`(?<=\\S) (${NUMBER_WORDS.join('|')})$`);

/** A name ending in a number written as a word, with the digit instead ('mac one' → 'mac 1'); null otherwise. */
export function numberWordAsDigit(name: string): string | null {
  const m = LAST_NUMBER_WORD_RE.exec(name);
  return m ? `${name.slice(0, m.index)} ${NUMBER_WORDS.indexOf(m[1])}` : null;
}
